// Package earlyreturn pins how returns affect convergence: lanes that
// return early never reach a barrier after the return, unless every lane
// returns together. runtime.Goexit ends a lane as a return does.
package earlyreturn

import (
	"runtime"

	"github.com/spmdvet/spmdvet/spmd"
)

// The classic bounds check: lanes past n leave, the others wait for them.
func boundsCheck(l spmd.Lane, n int) {
	if l.Index() >= n {
		return
	}
	l.Barrier() // want `barrier l.Barrier under divergent control`
}

// The same with a collective: its result depends on which lanes are left.
func boundsCheckCollective(l spmd.Lane, n int, data []int) int {
	if l.Index() >= n {
		return 0
	}
	return spmd.ReduceAdd(l, data[l.Index()]) // want `collective spmd.ReduceAdd under divergent control`
}

// Every convergent call after the divergent return is reported, not only the
// first.
func twoBarriers(l spmd.Lane) {
	if l.Index()%2 == 0 {
		return
	}
	l.Barrier() // want `barrier l.Barrier under divergent control`
	l.Barrier() // want `barrier l.Barrier under divergent control`
}

// Fine: the barrier comes before the divergent return, so every lane gets
// there.
func barrierBeforeReturn(l spmd.Lane, n int) {
	l.Barrier()
	if l.Index() >= n {
		return
	}
}

// Fine: the condition is the same in every lane, so either all lanes return
// or none does.
func uniformReturn(l spmd.Lane, n int) {
	if l.Count() > n {
		return
	}
	l.Barrier()
}

// Fine: a return inside a uniform branch nested in a divergent one only
// leaves lanes that have already diverged; the barrier is outside both.
func returnInsideDivergentArm(l spmd.Lane, n int) int {
	l.Barrier()
	if l.Index() < n {
		if n > 4 {
			return 1
		}
	}
	return 0
}

// Fine, by design: a lane that panics brings the whole kernel down, so the
// lanes that go on are not left waiting for it at the barrier. A branch that
// only decides whether to panic (a check) does not put what follows under
// divergent control. (spmd.Run reports the panic, a *PanicError.)
func panicBeforeBarrier(l spmd.Lane, n int) {
	if l.Index() >= n {
		panic("out of range")
	}
	l.Barrier()
}

// A deferred recover turns the panic into a return: the lanes that panic
// leave, and the others wait for them at the barrier.
func recoverBeforeBarrier(l spmd.Lane, n int) {
	defer func() { _ = recover() }()
	if l.Index() >= n {
		panic("out of range")
	}
	l.Barrier() // want `barrier l.Barrier under divergent control`
}

func ignorePanic() { recover() }

// The same with a declared function that recovers.
func recoverByFunc(l spmd.Lane, n int) {
	defer ignorePanic()
	if l.Index() >= n {
		panic("out of range")
	}
	l.Barrier() // want `barrier l.Barrier under divergent control`
}

// Fine: a deferred literal that recovers only to panic again stops no
// panic: the lanes that panic bring the kernel down.
func recoverAndRepanic(l spmd.Lane, n int, log []string) {
	defer func() {
		if r := recover(); r != nil {
			log[0] = "panicked"
			panic(r)
		}
	}()
	if l.Index() >= n {
		panic("out of range")
	}
	l.Barrier()
}

// One that panics again on some panics stops the others.
func recoverSome(l spmd.Lane, n int) {
	defer func() {
		if r := recover(); r != nil {
			if r == "fatal" {
				panic(r)
			}
		}
	}()
	if l.Index() >= n {
		panic("out of range")
	}
	l.Barrier() // want `barrier l.Barrier under divergent control`
}

// Fine: a deferred function that does not recover leaves the panic to
// bring the kernel down.
func deferWithoutRecover(l spmd.Lane, n int, out []int) {
	defer func() { out[0] = 1 }()
	if l.Index() >= n {
		panic("out of range")
	}
	l.Barrier()
}

// leave returns early in some lanes, but only from itself: its caller
// continues in every lane.
func leave(l spmd.Lane, out []int) {
	if l.Index() >= len(out) {
		return
	}
	out[l.Index()] = 1
}

// Fine: the early return inside leave does not leak into the caller.
func returnInHelper(l spmd.Lane, out []int) {
	leave(l, out)
	l.Barrier()
}

// Go runs deferred calls at each return, each return with its own copy of
// the call, as if it were written out before every return. Lanes that leave
// by different returns therefore reach different barriers.
func deferredBarrier(l spmd.Lane, n int) {
	defer l.Barrier() // want `barrier l.Barrier is deferred, and lanes reach the returns that run it under divergent control`
	if l.Index() >= n {
		return
	}
}

// Fine: every lane leaves by the same return, whichever way it went before.
func deferredBarrierOneReturn(l spmd.Lane, out []int) {
	defer l.Barrier()
	if l.Index() >= 4 {
		out[l.Index()] = 1
	}
}

// Fine: the lanes agree on which return they take.
func deferredBarrierUniformReturn(l spmd.Lane, n int, out []int) {
	defer l.Barrier()
	if n > 4 {
		return
	}
	out[l.Index()] = n
}

func deferUnderDivergence(l spmd.Lane, n int) {
	if l.Index() >= n {
		defer l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A lane that calls runtime.Goexit is gone, as if it had returned.
func goexit(l spmd.Lane) {
	if l.Index() == 5 {
		runtime.Goexit()
	}
	l.Barrier() // want `barrier l.Barrier under divergent control`
}

// Fine: every lane or none calls it.
func goexitUniform(l spmd.Lane, n int) {
	if n == 5 {
		runtime.Goexit()
	}
	l.Barrier()
}

// quit never returns: it ends the lane, two calls deep.
func quit() { exitLane() }

func exitLane() {
	runtime.Goexit()
}

// mayQuit returns to lanes that do not ask to leave.
func mayQuit(stop bool) {
	if stop {
		runtime.Goexit()
	}
}

// A helper that always ends the lane is a return too.
func goexitHelper(l spmd.Lane) {
	if l.Index() == 5 {
		quit()
	}
	l.Barrier() // want `barrier l.Barrier under divergent control`
}

// Fine: the helper returns, to every lane.
func goexitHelperMay(l spmd.Lane) {
	if l.Index() == 5 {
		mayQuit(false)
	}
	l.Barrier()
}

// safeDiv recovers a division by zero: its results say whether the
// division panicked, which depends on b.
func safeDiv(a, b int) (q int, ok bool) {
	defer func() {
		if recover() != nil {
			q, ok = 0, false
		}
	}()
	return a / b, true
}

// Lane 0 divides by zero, recovers, and leaves.
func recoveredDivision(l spmd.Lane) int {
	q, ok := safeDiv(12, l.Index())
	if !ok {
		return 0
	}
	return spmd.ReduceAdd(l, q) // want `collective spmd.ReduceAdd under divergent control`
}

// Fine: every lane divides by the same number, and panics or not alike.
func recoveredDivisionUniform(l spmd.Lane) int {
	q, ok := safeDiv(12, l.Count())
	if !ok {
		return 0
	}
	return spmd.ReduceAdd(l, q)
}

// Fine: the recovering literal only reads n, so n is the same in every
// lane although whether a lane panics (out[l.Index()]) depends on it.
func recoverReadsOnly(l spmd.Lane, out []int, k int) {
	n := 0
	defer func() {
		if recover() != nil {
			out[0] = n
		}
	}()
	n = k
	out[l.Index()] = 1
	if n > 2 {
		l.Barrier()
	}
}
