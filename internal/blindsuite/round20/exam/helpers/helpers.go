// Package helpers is a second package of the module: convergent helpers whose
// convergence must travel as facts, and user declarations carrying //spmd:
// directives (lane IDs, uniform and divergent results, convergent operations,
// kernel parameters), some on generic origins.
package helpers

import (
	"bytes"
	"runtime"
	"strconv"
	"sync"

	"github.com/spmdvet/spmdvet/spmd"
)

// Function values the checker cannot resolve: calls through them hide what
// the body really does, so only directives can tell.
var (
	barrierFn = func(l spmd.Lane) { l.Barrier() }
	indexFn   = func(l spmd.Lane) int { return l.Index() }
	countFn   = func(l spmd.Lane) int { return l.Count() }
)

// Sync is convergent by fact: its body performs a barrier.
func Sync(l spmd.Lane) { l.Barrier() }

// Sum is convergent by fact: its body calls ReduceAdd.
func Sum(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }

// LaneOf returns the lane index; its result is divergent by its body.
func LaneOf(l spmd.Lane) int { return l.Index() }

// OpaqueSync is convergent only by its directive.
//
//spmd:convergent barrier
func OpaqueSync(l spmd.Lane) { barrierFn(l) }

// OpaqueID is a lane ID only by its directive.
//
//spmd:laneid
func OpaqueID(l spmd.Lane) int { return indexFn(l) }

// OpaqueCount is uniform by its directive.
//
//spmd:uniform
func OpaqueCount(l spmd.Lane) int { return countFn(l) }

// Zero is uniform by its directive, although its body looks divergent when x is.
//
//spmd:uniform
func Zero(x int) int { return x - x }

// Mix is uniform when a is uniform, whatever b.
//
//spmd:uniform a
func Mix(a, b int) int { return a + b*0 }

// Who is divergent by its directive (its body looks uniform).
//
//spmd:divergent
func Who(l spmd.Lane) int { return indexFn(l) }

// LaunchWith runs k as a kernel in n lanes, passing it x; k is a kernel entry.
//
//spmd:kernel k
func LaunchWith(n, x int, k func(l spmd.Lane, x int)) error {
	return spmd.Run(n, func(l spmd.Lane) { k(l, x) })
}

// Goroutine-bound lanes: functions without a Lane parameter that still run
// in SPMD fashion because they call a lane-ID function.

var bound sync.Map // goroutine id -> spmd.Lane

func goid() uint64 {
	var buf [64]byte
	n := runtime.Stack(buf[:], false)
	b := bytes.TrimPrefix(buf[:n], []byte("goroutine "))
	if i := bytes.IndexByte(b, ' '); i >= 0 {
		b = b[:i]
	}
	id, _ := strconv.ParseUint(string(b), 10, 64)
	return id
}

// Bind associates l with the calling goroutine (the lane's own goroutine).
func Bind(l spmd.Lane) { bound.Store(goid(), l) }

// Unbind undoes Bind.
func Unbind() { bound.Delete(goid()) }

func cur() spmd.Lane {
	v, _ := bound.Load(goid())
	return v.(spmd.Lane)
}

// GID is the lane index of the calling goroutine's lane.
//
//spmd:laneid
func GID() int { return cur().Index() }

// GSync is a barrier for the calling goroutine's lane.
//
//spmd:convergent barrier
func GSync() { cur().Barrier() }

// Generic origins.

// GSum is a generic helper, convergent by fact of its generic body.
func GSum[T spmd.Number](l spmd.Lane, v T) T { return spmd.ReduceAdd(l, v) }

// GOpaque is convergent by the directive of its generic origin.
//
//spmd:convergent
func GOpaque[T any](l spmd.Lane, v T) T {
	barrierFn(l)
	return v
}

// GLaneID is a lane ID by the directive of its generic origin.
//
//spmd:laneid
func GLaneID[T any](l spmd.Lane, _ T) int { return indexFn(l) }

// GZero is uniform by the directive of its generic origin.
//
//spmd:uniform
func GZero[T spmd.Number](v T) T { return v - v }

// GMix is uniform when a is uniform, by the directive of its generic origin.
//
//spmd:uniform a
func GMix[T spmd.Number](a, b T) T { return a + b*0 }

// Acc is a generic type whose method carries a directive.
type Acc[T spmd.Number] struct{ Total T }

// Flush is convergent by the directive of the generic method's origin.
//
//spmd:convergent
func (a *Acc[T]) Flush(l spmd.Lane) {
	barrierFn(l)
}
