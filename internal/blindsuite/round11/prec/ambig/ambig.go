// Package ambig holds kernels where I am not sure what the spec demands
// from a static checker. Each is annotated with the ground truth that
// spmd.Run shows (EXPECT exactly where lanes really fail to reach a
// convergent call together), and its doc comment states the question.
package ambig

import (
	"runtime"

	"github.com/spmdvet/spmdvet/spmd"
)

// ShuffleConstSrc (truly correct): every lane names the same source lane 0,
// so this Shuffle is a broadcast and s is the same in every lane.
//
// Question: the spec declares Shuffle's result divergent (//spmd:divergent,
// "Every result is divergent"), so a checker that trusts the vocabulary
// reports the barrier. Must it? Runtime: no divergence.
//
//spmd:kernel
func ShuffleConstSrc(l spmd.Lane, out []int) {
	idx := l.Index()
	s := spmd.Shuffle(l, idx+3, 0)
	x := 0
	for range s {
		l.Barrier()
		x++
	}
	out[idx] = x
}

// CountInBothArms (truly correct): both arms of a lane-dependent if assign
// l.Count(), through two separate calls, i.e. two different SSA values
// that are both uniform and equal.
//
// Question: the phi at the join of a divergent branch merges two distinct
// (uniform) values; a sync-dependence analysis calls it divergent unless
// it proves the values equal. Does the spec require that precision?
//
//spmd:kernel
func CountInBothArms(l spmd.Lane, out []int) {
	idx := l.Index()
	w, x := 0, 0
	if idx%2 == 0 {
		w = l.Count()
		x = idx
	} else {
		w = l.Count()
		x = -idx
	}
	for i := 0; i < w; i++ {
		l.Barrier()
		x++
	}
	out[idx] = x
}

// SameStepBothArms (truly correct): the induction variable is advanced by
// 2 in both arms of a lane-dependent if (two separate i+2 computations), so
// the trip count is uniform.
//
// Question: as for CountInBothArms, the loop-carried phi merges two
// distinct SSA values at a divergent join.
//
//spmd:kernel
func SameStepBothArms(l spmd.Lane, data, out []int) {
	idx := l.Index()
	acc := 0
	for i := 0; i < len(data); {
		l.Barrier()
		if data[i] == idx {
			acc += 10
			i += 2
		} else {
			acc++
			i += 2
		}
	}
	out[idx] = acc
}

// AddrTakenSameValue (truly correct): bound is captured (and written) by a
// closure, so it lives in memory (an Alloc); both arms of a lane-dependent
// if store the uniform n into it.
//
// Question: the spec says "A load is divergent if any store to that memory
// stores a divergent value, or runs under divergent control"; these
// stores run under divergent control, so by that rule the load of bound
// is divergent and the barrier would be reported, although every lane
// stores the same value. Runtime: no divergence.
//
//spmd:kernel
func AddrTakenSameValue(l spmd.Lane, out []int, n int) {
	idx := l.Index()
	bound := 0
	grow := func() { bound++ }
	if idx%2 == 0 {
		bound = n
	} else {
		bound = n
	}
	grow()
	for i := 0; i < bound; i++ {
		l.Barrier()
	}
	out[idx] = bound
}

// fail never returns: it always panics.
func fail(msg string) {
	panic(msg)
}

// NoReturnHelper (truly correct): a lane without data calls fail, which
// always panics, so the group stops and no lane waits for it.
//
// Question: the checker has to know that fail does not return (an
// interprocedural fact); without it the reduction looks divergent. Is a
// finding here a false positive the spec forbids?
//
//spmd:kernel
func NoReturnHelper(l spmd.Lane, data, out []int) {
	idx := l.Index()
	if idx >= len(data) {
		fail("more lanes than data")
	}
	out[idx] = spmd.ReduceAdd(l, data[idx])
}

// RecoverInKernel (buggy): the kernel itself recovers a lane-dependent
// panic, so the panicking lanes return from the kernel normally and the
// others wait at the barrier.
//
// Question: in SSA the panic block has no successor, like in PanicThenReduce
// (values package), where the panic is fine; here the deferred recover
// turns it into an early return. Must the checker see that?
//
//spmd:kernel
func RecoverInKernel(l spmd.Lane, out []int) {
	defer func() { _ = recover() }()
	idx := l.Index()
	if idx%4 == 1 {
		panic("skip this lane")
	}
	l.Barrier() // EXPECT
	out[idx] = 1
}

// GoexitLane (buggy): runtime.Goexit ends the lane's goroutine, which Run
// counts as returning; the other lanes wait at the barrier.
//
// Question: runtime.Goexit is an ordinary call in SSA (the block goes on);
// is the checker required to treat it as leaving the kernel?
//
//spmd:kernel
func GoexitLane(l spmd.Lane, out []int) {
	idx := l.Index()
	out[idx] = 1
	if idx == 5 {
		runtime.Goexit()
	}
	l.Barrier() // EXPECT
	out[idx] = 2
}

// SharedChanRange (buggy): lanes range over one shared channel; they
// compete for its items, so each lane runs its own number of iterations.
//
// Question: the channel is a kernel parameter (uniform), and a receive is
// an UnOp of it; the spec's propagation rules would make the received
// value and the loop condition uniform. But a receive from a shared
// channel is not a load: every lane gets a different item.
//
//spmd:kernel
func SharedChanRange(l spmd.Lane, ch chan int, out []int) {
	idx := l.Index()
	sum := 0
	for v := range ch {
		l.Barrier() // EXPECT
		sum += v
	}
	out[idx] = sum
}

// LocalChanDivergentSends (buggy twin of loops.RangeLocalChanAfterBreak):
// each lane fills its own channel with idx%3+1 values, so the range over
// it runs a lane-dependent number of iterations.
//
// Question: the spec's memory rule speaks of Allocs; a kernel-local
// channel (MakeChan) written under divergent control is the same kind of
// per-lane memory, but is a checker required to track it?
//
//spmd:kernel
func LocalChanDivergentSends(l spmd.Lane, out []int) {
	idx := l.Index()
	ch := make(chan int, 4)
	for i := range idx%3 + 1 {
		ch <- i
	}
	close(ch)
	for v := range ch {
		out[idx] += spmd.ReduceAdd(l, v) // EXPECT
	}
}

// DeferredBarrierEarlyReturn (buggy at run time): a barrier deferred at the
// top, and a lane-dependent early return. Every lane runs the deferred
// barrier, but spmd.Run identifies a site by its call chain, and the
// kernel's frame is at a different exit in each group of lanes, so they
// are at different sites.
//
// Question: is the deferred call (the call expression in the defer
// statement) under divergent control? It runs at each exit, after lanes
// left through different returns. On a GPU, the exits would re-converge
// before a function-end barrier; spmd.Run says they do not.
//
//spmd:kernel
func DeferredBarrierEarlyReturn(l spmd.Lane, out []int) {
	defer l.Barrier() // EXPECT
	idx := l.Index()
	if idx < 2 {
		out[idx] = -1
		return
	}
	out[idx] = idx
}

// SelectSharedChan (buggy): a select with a default on one shared channel
// with fewer items than lanes: the lanes that get an item run the barrier,
// the others take the default.
//
// Question: every operand of the select is uniform (a kernel parameter);
// is the select's chosen case divergent anyway? It is, at run time.
//
//spmd:kernel
func SelectSharedChan(l spmd.Lane, ch chan int, out []int) {
	idx := l.Index()
	x := 0
	select {
	case v := <-ch:
		l.Barrier() // EXPECT
		x = v
	default:
		x = -1
	}
	out[idx] = x
}
