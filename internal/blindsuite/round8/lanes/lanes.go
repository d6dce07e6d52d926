// Package lanes is a small user library over package spmd. Its declarations
// carry their own //spmd: directives, and several of them hide the spmd call
// they make behind a function value, so that only the directive tells a
// checker what they are.
package lanes

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Warp is a lane handle that caches the lane's index.
//
//spmd:lane
type Warp struct {
	l  spmd.Lane
	id int
}

// Wrap returns the handle of lane l. Like spmd.Lane, the handle itself is
// uniform: it only gives access to the lane.
//
//spmd:uniform
func Wrap(l spmd.Lane) Warp { return Warp{l: l, id: l.Index()} }

// Lane returns the underlying spmd handle.
//
//spmd:uniform
func (w Warp) Lane() spmd.Lane { return w.l }

// ID returns the lane's index, read from the cached copy: only the directive
// says that it depends on the lane.
//
//spmd:laneid
func (w Warp) ID() int { return w.id }

// Jitter returns a per-lane pseudo-random value.
//
//spmd:divergent
func (w Warp) Jitter() int { return w.id * 7 % 5 }

// Size returns the number of lanes.
//
//spmd:uniform
func (w Warp) Size() int { return w.l.Count() }

// Hidden implementations: a checker cannot see through these function values.
var (
	barrierImpl   = spmd.Lane.Barrier
	anyImpl       = spmd.Any
	allImpl       = spmd.All
	broadcastImpl = spmd.Broadcast[int]
	fenceImpl     = func(l spmd.Lane) { spmd.ReduceAdd(l, 0) }
)

// Sync is a barrier over the group.
//
//spmd:convergent barrier
func (w Warp) Sync() { barrierImpl(w.l) }

// Vote reports whether p holds in some lane.
//
//spmd:convergent
//spmd:uniform
func (w Warp) Vote(p bool) bool { return anyImpl(w.l, p) }

// ReadFrom returns the v of lane src.
//
//spmd:convergent
//spmd:uniform src
func (w Warp) ReadFrom(v, src int) int { return broadcastImpl(w.l, v, src) }

// Fence is a convergent operation that is not a barrier.
//
//spmd:convergent
func Fence(w Warp) { fenceImpl(w.l) }

// SyncTwice has no directive: it is convergent because it calls Sync.
func SyncTwice(w Warp) {
	w.Sync()
	w.Sync()
}

// Agree reports whether v equals want in every lane. Generic, convergent and
// uniform by directive only.
//
//spmd:convergent
//spmd:uniform
func Agree[T comparable](w Warp, v, want T) bool { return allImpl(w.l, v == want) }

// Total sums v over all lanes: a generic function with no directive,
// convergent through its body.
func Total[T spmd.Number](w Warp, v T) T { return spmd.ReduceAdd(w.l, v) }

var config = map[string]int{"a": 1, "b": 2}

// Get returns the configuration value of key. hint is a cache hint that does
// not change the result, so the result is uniform when key is.
//
//spmd:uniform key
func Get(key string, hint int) int {
	_ = hint
	return config[key]
}

// Launch runs body as a kernel on a group of lanes, passing n to every lane.
//
//spmd:kernel body
func Launch(lanes, n int, body func(w Warp, n int)) error {
	return spmd.Run(lanes, func(l spmd.Lane) { body(Wrap(l), n) })
}
