// Package loops has kernels that hand callbacks directly to the runners of
// package hof. Where the runner calls the callback under divergent control
// and the callback is convergent, the finding is expected at the kernel's
// call of the runner (the first line of that call expression): that is the
// convergent call (a call of a function that, given this argument, performs
// a convergent operation) that the lanes do not reach together inside.
package loops

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round22/hof/hof"
	"github.com/spmdvet/spmdvet/spmd"
)

var scratch [64]int

// ---------------------------------------------------------------- per-lane loop

// BadStridedBarrier: a barrier closure in a per-lane loop.
//
//spmd:kernel
func BadStridedBarrier(l spmd.Lane, n int, out []int) {
	hof.Strided(l, n, func(l spmd.Lane, i int) { // EXPECT
		out[i] = i
		l.Barrier()
	})
}

// OkStridedStore: the same loop, the callback only stores.
//
//spmd:kernel
func OkStridedStore(l spmd.Lane, n int, out []int) {
	hof.Strided(l, n, func(l spmd.Lane, i int) {
		out[i] = i
	})
}

// OkStridedStoreThenBarrier: the barrier follows the loop, in the kernel.
//
//spmd:kernel
func OkStridedStoreThenBarrier(l spmd.Lane, n int, out []int) {
	hof.Strided(l, n, func(l spmd.Lane, i int) {
		out[i] = i + 1
	})
	l.Barrier()
}

func reduceStep(l spmd.Lane, i int) {
	scratch[i] = spmd.ReduceAdd(l, i)
}

func squareStep(l spmd.Lane, i int) {
	scratch[i] = hof.Square(i)
}

// BadStridedNamedReduce: a named function with a reduction as the callback.
//
//spmd:kernel
func BadStridedNamedReduce(l spmd.Lane, n int) {
	hof.Strided(l, n, reduceStep) // EXPECT
}

// OkStridedNamedSquare: a named function with arithmetic only.
//
//spmd:kernel
func OkStridedNamedSquare(l spmd.Lane, n int) {
	hof.Strided(l, n, squareStep)
}

// BadStridedBallot: a ballot in the callback.
//
//spmd:kernel
func BadStridedBallot(l spmd.Lane, n int, out []int) {
	hof.Strided(l, n, func(l spmd.Lane, i int) { out[i] = int(spmd.Ballot(l, i%2 == 0)) }) // EXPECT
}

// OkStridedBranchStore: a lane-dependent branch inside the callback, no collective.
//
//spmd:kernel
func OkStridedBranchStore(l spmd.Lane, n int, out []int) {
	hof.Strided(l, n, func(l spmd.Lane, i int) {
		if i%2 == 0 {
			out[i] = 1
		} else {
			out[i] = -1
		}
	})
}

// BadStridedShuffle: a shuffle in the callback.
//
//spmd:kernel
func BadStridedShuffle(l spmd.Lane, n int, out []int) {
	hof.Strided(l, n, func(l spmd.Lane, i int) { // EXPECT
		out[i] = spmd.ShuffleXor(l, i, 1)
	})
}

// BadStridedMethodValue: the bound method l.Barrier as the callback.
//
//spmd:kernel
func BadStridedMethodValue(l spmd.Lane, n int) {
	hof.StridedDo(l, n, l.Barrier) // EXPECT
}

// OkStridedCounter: a closure that counts, per lane.
//
//spmd:kernel
func OkStridedCounter(l spmd.Lane, n int, out []int) {
	cnt := 0
	hof.StridedDo(l, n, func() { cnt++ })
	out[l.Index()] = cnt
}

// BadStridedViaConvergentHelper: the callback calls a helper that runs a barrier.
//
//spmd:kernel
func BadStridedViaConvergentHelper(l spmd.Lane, n int, out []int) {
	hof.Strided(l, n, func(l spmd.Lane, i int) { // EXPECT
		hof.Put(out, i, i)
		hof.Sync(l)
	})
}

// OkStridedViaPlainHelper: the callback calls non-convergent helpers only.
//
//spmd:kernel
func OkStridedViaPlainHelper(l spmd.Lane, n int, out []int) {
	hof.Strided(l, n, func(l spmd.Lane, i int) {
		hof.Put(out, i, hof.Square(i))
		hof.Note(l, scratch[:])
	})
}

// BadStridedCallbackRunsOnce: the callback hands a convergent helper to Once.
//
//spmd:kernel
func BadStridedCallbackRunsOnce(l spmd.Lane, n int) {
	hof.Strided(l, n, func(l spmd.Lane, i int) { hof.Once(l, hof.Sync) }) // EXPECT
}

// OkStridedCallbackRunsOnceStore: the callback hands a storing closure to Once.
//
//spmd:kernel
func OkStridedCallbackRunsOnceStore(l spmd.Lane, n int, out []int) {
	hof.Strided(l, n, func(l spmd.Lane, i int) { hof.Once(l, func(spmd.Lane) { out[i] = 5 }) })
}

// BadStridedHelperAsCallback: the convergent helper SyncAt itself is the callback.
//
//spmd:kernel
func BadStridedHelperAsCallback(l spmd.Lane, n int) {
	hof.Strided(l, n, hof.SyncAt) // EXPECT
}

// OkStridedThenBarrier: StridedThen reconverges before calling the barrier callback.
//
//spmd:kernel
func OkStridedThenBarrier(l spmd.Lane, n int, out []int) {
	hof.StridedThen(l, n, out, hof.Sync)
}

// ---------------------------------------------------------------- lane-dependent if

// BadIfLaneBarrier: IfLane runs the barrier closure in the low lanes only.
//
//spmd:kernel
func BadIfLaneBarrier(l spmd.Lane, out []int) {
	hof.IfLane(l, 2, func(l spmd.Lane) { // EXPECT
		l.Barrier()
		out[l.Index()] = 1
	})
}

// OkIfLaneStore: IfLane with a storing closure.
//
//spmd:kernel
func OkIfLaneStore(l spmd.Lane, out []int) {
	hof.IfLane(l, 2, func(l spmd.Lane) {
		out[l.Index()] = 1
	})
}

// BadIfLaneAny: IfLane with a vote.
//
//spmd:kernel
func BadIfLaneAny(l spmd.Lane, out []int) {
	hof.IfLane(l, 3, func(l spmd.Lane) { // EXPECT
		if spmd.Any(l, l.Index() == 1) {
			out[l.Index()] = 1
		}
	})
}

// OkWhenUniformAny: the same vote behind When with a uniform condition.
//
//spmd:kernel
func OkWhenUniformAny(l spmd.Lane, k int, out []int) {
	hof.When(l, k < 3, func(l spmd.Lane) {
		if spmd.Any(l, l.Index() == 1) {
			out[l.Index()] = 1
		}
	})
}

// BadIfLaneMethodValue: IfLaneDo with l.Barrier.
//
//spmd:kernel
func BadIfLaneMethodValue(l spmd.Lane) {
	hof.IfLaneDo(l, 1, l.Barrier) // EXPECT
}

// OkIfLaneDoCounter: IfLaneDo with a counting closure.
//
//spmd:kernel
func OkIfLaneDoCounter(l spmd.Lane, out []int) {
	c := 0
	hof.IfLaneDo(l, 1, func() { c += 3 })
	out[l.Index()] = c
}

// BadEvenOddSync: both branches call the barrier helper, but at different sites.
//
//spmd:kernel
func BadEvenOddSync(l spmd.Lane) {
	hof.EvenOdd(l, hof.Sync, hof.Sync) // EXPECT
}

// OkEvenOddStore: both branches store.
//
//spmd:kernel
func OkEvenOddStore(l spmd.Lane, out []int) {
	hof.EvenOdd(l, func(l spmd.Lane) { out[l.Index()] = 2 }, func(l spmd.Lane) { out[l.Index()] = 3 })
}

// BadMarkElseReduce: MarkElse calls the reducing closure in odd lanes only.
//
//spmd:kernel
func BadMarkElseReduce(l spmd.Lane, marks []int) {
	hof.MarkElse(l, marks, func(l spmd.Lane) { marks[l.Index()] = spmd.ReduceAdd(l, 1) }) // EXPECT
}

// OkMarkThenReduce: MarkThen reconverges before calling it.
//
//spmd:kernel
func OkMarkThenReduce(l spmd.Lane, marks []int, out []int) {
	hof.MarkThen(l, marks, func(l spmd.Lane) { out[l.Index()] = spmd.ReduceAdd(l, 1) })
}

// BadFirstOnlySum: FirstOnly calls the summing callback in lane 0 only.
//
//spmd:kernel
func BadFirstOnlySum(l spmd.Lane, out []int) {
	hof.FirstOnly(l, out, func(l spmd.Lane) int { return hof.Sum(l, l.Index()) }) // EXPECT
}

// OkFirstOnlyPlain: FirstOnly with arithmetic only.
//
//spmd:kernel
func OkFirstOnlyPlain(l spmd.Lane, out []int) {
	hof.FirstOnly(l, out, func(l spmd.Lane) int { return hof.Square(l.Count()) })
}

// OkCallThenUseSum: the lane index is used only after the summing callback.
//
//spmd:kernel
func OkCallThenUseSum(l spmd.Lane, out []int) {
	hof.CallThenUse(l, out, func(l spmd.Lane) int { return hof.Sum(l, 1) })
}

// ---------------------------------------------------------------- uniform if, uniform loop

// OkIfWideBarrier: IfWide tests Count, which is uniform.
//
//spmd:kernel
func OkIfWideBarrier(l spmd.Lane, out []int) {
	out[l.Index()] = l.Index()
	hof.IfWide(l, hof.Sync)
	out[l.Count()+l.Index()] = out[(l.Index()+1)%l.Count()]
}

// BadIfWideUnderLaneIf: the kernel itself calls IfWide from a lane-dependent branch.
//
//spmd:kernel
func BadIfWideUnderLaneIf(l spmd.Lane, out []int) {
	if l.Index()%4 == 0 {
		hof.IfWide(l, hof.Sync) // EXPECT
	}
	out[l.Index()] = 1
}

// OkIfWideUnderLaneIfStore: the same branch, with a storing callback.
//
//spmd:kernel
func OkIfWideUnderLaneIfStore(l spmd.Lane, out []int) {
	if l.Index()%4 == 0 {
		hof.IfWide(l, hof.Marker(out))
	}
}

// OkRepeatReduce: a reduction in a uniform loop, with lane-dependent data.
//
//spmd:kernel
func OkRepeatReduce(l spmd.Lane, out []int) {
	acc := 0
	hof.Repeat(l, 3, func(l spmd.Lane, r int) {
		acc += spmd.ReduceAdd(l, r+l.Index())
	})
	out[l.Index()] = acc
}

// BadRepeatLaneCount: the trip count is lane-dependent.
//
//spmd:kernel
func BadRepeatLaneCount(l spmd.Lane, out []int) {
	acc := 0
	hof.Repeat(l, l.Index()%3, func(l spmd.Lane, r int) { // EXPECT
		acc += spmd.ReduceAdd(l, r)
	})
	out[l.Index()] = acc
}

// OkRepeatLaneCountStore: a lane-dependent trip count, the callback only stores.
//
//spmd:kernel
func OkRepeatLaneCountStore(l spmd.Lane, out []int) {
	acc := 0
	hof.Repeat(l, l.Index()%3, func(l spmd.Lane, r int) {
		acc += r + 1
	})
	out[l.Index()] = acc
}

// OkRoundsButterfly: a butterfly reduction with ShuffleXor in a uniform loop.
//
//spmd:kernel
func OkRoundsButterfly(l spmd.Lane, out []int) {
	v := l.Index() + 1
	hof.Rounds(l, func(l spmd.Lane, r int) {
		v += spmd.ShuffleXor(l, v, r)
	})
	out[l.Index()] = v
}

// BadRoundsUnderLaneIf: the butterfly run by half the lanes.
//
//spmd:kernel
func BadRoundsUnderLaneIf(l spmd.Lane, out []int) {
	v := l.Index() + 1
	if l.Index() < l.Count()/2 {
		hof.Rounds(l, func(l spmd.Lane, r int) { v += spmd.ShuffleXor(l, v, r) }) // EXPECT
	}
	out[l.Index()] = v
}

// ---------------------------------------------------------------- early return

// BadExceptLastBarrier: ExceptLast lets the last lane return before the callback.
//
//spmd:kernel
func BadExceptLastBarrier(l spmd.Lane, out []int) {
	hof.ExceptLast(l, func(l spmd.Lane) { // EXPECT
		out[l.Index()] = 1
		l.Barrier()
	})
}

// OkExceptLastStore: the same, storing only.
//
//spmd:kernel
func OkExceptLastStore(l spmd.Lane, out []int) {
	hof.ExceptLast(l, func(l spmd.Lane) {
		out[l.Index()] = 1
	})
}

// OkThenExceptLastBarrier: the callback runs before the early return.
//
//spmd:kernel
func OkThenExceptLastBarrier(l spmd.Lane, out []int) {
	hof.ThenExceptLast(l, out, func(l spmd.Lane) { l.Barrier() })
}

// BadKernelReturnThenOnce: the kernel returns early in some lanes, then calls Once.
//
//spmd:kernel
func BadKernelReturnThenOnce(l spmd.Lane, n int, out []int) {
	if l.Index() >= n {
		return
	}
	hof.Once(l, hof.Sync) // EXPECT
	out[l.Index()] = 1
}

// OkKernelOnceThenReturn: Once first, the early return after it.
//
//spmd:kernel
func OkKernelOnceThenReturn(l spmd.Lane, n int, out []int) {
	hof.Once(l, hof.Sync)
	if l.Index() >= n {
		return
	}
	out[l.Index()] = 1
}

// OkKernelReturnThenOnceStore: early return, then Once with a storing callback.
//
//spmd:kernel
func OkKernelReturnThenOnceStore(l spmd.Lane, n int, out []int) {
	if l.Index() >= n {
		return
	}
	hof.Once(l, hof.Marker(out))
}

// ---------------------------------------------------------------- once, unconditionally

// OkOnceBarrier: Once calls the barrier closure in every lane.
//
//spmd:kernel
func OkOnceBarrier(l spmd.Lane, out []int) {
	out[l.Index()] = 1
	hof.Once(l, func(l spmd.Lane) { l.Barrier() })
	out[l.Count()+l.Index()] = out[(l.Index()+1)%l.Count()] + 1
}

// BadOnceUnderLaneIf: the kernel calls Once from a lane-dependent branch.
//
//spmd:kernel
func BadOnceUnderLaneIf(l spmd.Lane, out []int) {
	if l.Index() == 0 {
		hof.Once(l, func(l spmd.Lane) { out[0] = spmd.ReduceMax(l, 3) }) // EXPECT
	}
}

// OkOnceUnderLaneIfStore: the same branch, the callback only stores.
//
//spmd:kernel
func OkOnceUnderLaneIfStore(l spmd.Lane, out []int) {
	if l.Index() == 0 {
		hof.Once(l, func(l spmd.Lane) { out[0] = 3 })
	}
}

// OkOnceBranchInside: the callback has a lane-dependent branch that does not
// guard its barrier.
//
//spmd:kernel
func OkOnceBranchInside(l spmd.Lane, out []int) {
	hof.Once(l, func(l spmd.Lane) {
		if l.Index() == 0 {
			out[0] = 42
		}
		l.Barrier()
		out[l.Count()+l.Index()] = out[0]
	})
}

// BadOnceBranchGuards: the callback's own lane-dependent branch guards the
// barrier; the finding is inside the callback.
//
//spmd:kernel
func BadOnceBranchGuards(l spmd.Lane, out []int) {
	hof.Once(l, func(l spmd.Lane) {
		if l.Index() == 0 {
			out[0] = 42
			l.Barrier() // EXPECT
		}
	})
}

// BadDoMethodValueUnderIf: Do knows nothing of lanes; it gets l.Barrier under a lane branch.
//
//spmd:kernel
func BadDoMethodValueUnderIf(l spmd.Lane, out []int) {
	if l.Index() < 3 {
		hof.Do(l.Barrier) // EXPECT
	}
	out[l.Index()] = 1
}

// OkDoMethodValue: the same call, unconditionally.
//
//spmd:kernel
func OkDoMethodValue(l spmd.Lane, out []int) {
	out[l.Index()] = 1
	hof.Do(l.Barrier)
	out[l.Count()+l.Index()] = out[(l.Index()+1)%l.Count()]
}

// BadBreakThenOnce: lanes leave the loop in different iterations; Once runs a barrier.
//
//spmd:kernel
func BadBreakThenOnce(l spmd.Lane, n int, out []int) {
	for i := 0; i < n; i++ {
		if i == l.Index() {
			break
		}
		hof.Once(l, hof.Sync) // EXPECT
		out[l.Index()]++
	}
}

// OkBreakThenOnceStore: the same loop, Once stores.
//
//spmd:kernel
func OkBreakThenOnceStore(l spmd.Lane, n int, out []int) {
	for i := 0; i < n; i++ {
		if i == l.Index() {
			break
		}
		hof.Once(l, func(l spmd.Lane) { out[l.Index()]++ })
	}
}

// OkDivergentAfterCall: the divergent value is used only after the convergent call.
//
//spmd:kernel
func OkDivergentAfterCall(l spmd.Lane, out []int) {
	id := l.Index()
	hof.Once(l, func(l spmd.Lane) { out[l.Count()+l.Index()] = spmd.ReduceAdd(l, 1) })
	if id < 2 {
		out[id] = id + 10
	}
}
