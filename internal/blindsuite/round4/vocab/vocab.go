// Package vocab declares its own SPMD vocabulary with //spmd: directives,
// on top of package spmd.
package vocab

import (
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/spmdvet/spmdvet/spmd"
)

// A Warp is a lane handle of this package's own.
//
//spmd:lane
type Warp struct {
	l spmd.Lane
}

// ID is the lane's number in its warp.
//
//spmd:laneid
func (w Warp) ID() int {
	return w.l.Index()
}

// Size is the number of lanes.
//
//spmd:uniform
func (w Warp) Size() int {
	return w.l.Count()
}

// Groups is the number of groups of four lanes. The body mentions ID, but
// the directive says (truthfully) that the result is uniform.
//
//spmd:uniform
func (w Warp) Groups() int {
	return w.l.Count()/4 + 0*w.ID()
}

// Sync is a barrier.
//
//spmd:convergent barrier
func (w Warp) Sync() {
	w.l.Barrier()
}

// Vote returns the ballot of p.
//
//spmd:convergent
//spmd:uniform
func (w Warp) Vote(p bool) uint64 {
	return spmd.Ballot(w.l, p)
}

// Pick returns v of lane src: uniform when src is.
//
//spmd:convergent
//spmd:uniform src
func Pick(w Warp, v int, src int) int {
	return spmd.Broadcast(w.l, v, src)
}

// Total adds up v over the lanes.
//
//spmd:convergent
//spmd:uniform
func Total(w Warp, v int) int {
	return spmd.ReduceAdd(w.l, v)
}

// Mix scrambles x in a way that differs between lanes.
//
//spmd:divergent
func (w Warp) Mix(x int) int {
	return x ^ (w.l.Index() * 0x9e37)
}

// Self returns the lane number of the calling goroutine, found through a
// registry that Launch fills: nothing in its body looks lane-dependent, the
// directive says it is.
//
//spmd:laneid
func Self() int {
	v, ok := registry.Load(goid())
	if !ok {
		panic("vocab: Self called outside Launch")
	}
	return v.(int)
}

var registry sync.Map

func goid() uint64 {
	var buf [64]byte
	n := runtime.Stack(buf[:], false)
	s := strings.TrimPrefix(string(buf[:n]), "goroutine ")
	if i := strings.IndexByte(s, ' '); i >= 0 {
		s = s[:i]
	}
	id, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		panic("vocab: cannot read goroutine id")
	}
	return id
}

// Launch runs k in a warp of n lanes.
//
//spmd:kernel k
func Launch(n int, k func(Warp)) error {
	return spmd.Run(n, func(l spmd.Lane) {
		id := goid()
		registry.Store(id, l.Index())
		defer registry.Delete(id)
		k(Warp{l: l})
	})
}
