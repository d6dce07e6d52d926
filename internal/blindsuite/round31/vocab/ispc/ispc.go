// Package ispc binds an ISPC-flavoured vocabulary to package spmd: a gang
// of program instances is one spmd group, and the functions take the
// spmd.Lane of the program instance that runs them.
//
// Some functions carry //spmd: directives, some stand for instructions and
// only call a hook (a checker relies on their directives), and some are
// plain wrappers without a directive, which a checker reads.
package ispc

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// ProgramIndex returns programIndex, the program instance's index in the
// gang. (No directive: it forwards to Lane.Index.)
func ProgramIndex(l spmd.Lane) int {
	return l.Index()
}

// ProgramCount returns programCount, the gang size. (No directive.)
func ProgramCount(l spmd.Lane) int {
	return l.Count()
}

// ReduceAdd is reduce_add: the sum of v over the gang. (No directive.)
func ReduceAdd[T spmd.Number](l spmd.Lane, v T) T {
	return spmd.ReduceAdd(l, v)
}

// ReduceMax is reduce_max over ints.
//
//spmd:convergent
//spmd:uniform
func ReduceMax(l spmd.Lane, v int) int {
	return spmd.ReduceMax(l, v)
}

// ReduceMin is reduce_min over float64, an instruction of the target.
//
//spmd:convergent
//spmd:uniform
func ReduceMin(l spmd.Lane, v float64) float64 {
	return hw.reduceMin(l, v)
}

// Any is any(): whether p holds in some program instance.
//
//spmd:convergent
//spmd:uniform
func Any(l spmd.Lane, p bool) bool {
	return hw.any(l, p)
}

// All is all(): whether p holds in every program instance.
//
//spmd:convergent
//spmd:uniform
func All(l spmd.Lane, p bool) bool {
	return spmd.All(l, p)
}

// Broadcast is broadcast(v, lane): the v of program instance lane. The
// result is uniform when lane is.
//
//spmd:convergent
//spmd:uniform lane
func Broadcast[T any](l spmd.Lane, v T, lane int) T {
	return spmd.Broadcast(l, v, lane)
}

// BroadcastFloat is Broadcast for float64, the target's vector permute
// instruction.
//
//spmd:convergent
//spmd:uniform lane
func BroadcastFloat(l spmd.Lane, v float64, lane int) float64 {
	return hw.broadcast(l, v, lane)
}

// Shuffle is shuffle(v, perm): the v of program instance perm, which each
// instance chooses.
//
//spmd:convergent
//spmd:divergent
func Shuffle(l spmd.Lane, v float64, perm int) float64 {
	return hw.shuffle(l, v, perm)
}

// Rotate is rotate(v, offset): the v of instance (programIndex+offset) mod
// programCount. (No directive.)
func Rotate(l spmd.Lane, v float64, offset int) float64 {
	n := l.Count()
	src := ((l.Index()+offset)%n + n) % n
	return spmd.Shuffle(l, v, src)
}

// ExclusiveScanAdd is exclusive_scan_add.
//
//spmd:convergent
//spmd:divergent
func ExclusiveScanAdd(l spmd.Lane, v int) int {
	return spmd.ExclusiveAdd(l, v)
}

// PackedStoreActive is packed_store_active: the instances for which active
// holds store their v contiguously at out[base:], in gang order. It returns
// base plus the number of values stored, the same in every instance.
// (No directive: a checker infers that it is convergent and that its
// result is uniform when base is.)
func PackedStoreActive(l spmd.Lane, out []int, base, v int, active bool) int {
	one := 0
	if active {
		one = 1
	}
	off := spmd.ExclusiveAdd(l, one)
	if active {
		out[base+off] = v
	}
	return base + bits.OnesCount64(spmd.Ballot(l, active))
}

// ForEach is the per-instance loop a C programmer writes first: body runs
// for the indices i < n that this program instance owns, i = programIndex,
// programIndex+programCount, ... The instances run it different numbers of
// times, so body must not use the gang. (No directive.)
func ForEach(l spmd.Lane, n int, body func(i int)) {
	for i := l.Index(); i < n; i += l.Count() {
		body(i)
	}
}

// ForEachTile is foreach (i = 0 ... n): the gang steps through [0, n) one
// tile of programCount indices at a time, and every instance runs body in
// every tile, with active false for the indices past n. body may use the
// gang. (No directive.)
func ForEachTile(l spmd.Lane, n int, body func(i int, active bool)) {
	for base := 0; base < n; base += l.Count() {
		i := base + l.Index()
		body(i, i < n)
	}
}

// LaunchTasks is launch[count]: it runs task count times, each on a gang of
// gang program instances, passing taskIndex and taskCount.
//
//spmd:kernel task
func LaunchTasks(count, gang int, task func(l spmd.Lane, taskIndex, taskCount int)) error {
	for ti := 0; ti < count; ti++ {
		err := spmd.Run(gang, func(l spmd.Lane) {
			task(l, ti, count)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

type hooks struct {
	reduceMin func(spmd.Lane, float64) float64
	any       func(spmd.Lane, bool) bool
	broadcast func(spmd.Lane, float64, int) float64
	shuffle   func(spmd.Lane, float64, int) float64
}

// hw holds the target's instructions, installed by the CPU emulator.
var hw hooks

func init() {
	hw.reduceMin = func(l spmd.Lane, v float64) float64 { return spmd.ReduceMin(l, v) }
	hw.any = func(l spmd.Lane, p bool) bool { return spmd.Any(l, p) }
	hw.broadcast = func(l spmd.Lane, v float64, lane int) float64 { return spmd.Broadcast(l, v, lane) }
	hw.shuffle = func(l spmd.Lane, v float64, perm int) float64 { return spmd.Shuffle(l, v, perm) }
}
