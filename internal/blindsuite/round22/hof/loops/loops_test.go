package loops

import (
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func bad(name string, k func(spmd.Lane)) kcase {
	return kcase{name, 8, func() (func(spmd.Lane), func() error) { return k, nil }}
}

func ok(name string, setup func() (func(spmd.Lane), func() error)) kcase {
	return kcase{name, 8, setup}
}

func TestLoops(t *testing.T) {
	o := func(n int) []int { return make([]int, n) }
	runCases(t, []kcase{
		bad("BadStridedBarrier", func(l spmd.Lane) { BadStridedBarrier(l, 10, o(10)) }),
		ok("OkStridedStore", func() (func(spmd.Lane), func() error) {
			out := o(10)
			return func(l spmd.Lane) { OkStridedStore(l, 10, out) },
				func() error { return eq("out", out, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) }
		}),
		ok("OkStridedStoreThenBarrier", func() (func(spmd.Lane), func() error) {
			out := o(10)
			return func(l spmd.Lane) { OkStridedStoreThenBarrier(l, 10, out) },
				func() error { return eq("out", out, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}) }
		}),
		bad("BadStridedNamedReduce", func(l spmd.Lane) { BadStridedNamedReduce(l, 10) }),
		ok("OkStridedNamedSquare", func() (func(spmd.Lane), func() error) {
			return func(l spmd.Lane) { OkStridedNamedSquare(l, 10) },
				func() error { return eq("scratch", scratch[:10], []int{0, 1, 4, 9, 16, 25, 36, 49, 64, 81}) }
		}),
		bad("BadStridedBallot", func(l spmd.Lane) { BadStridedBallot(l, 10, o(10)) }),
		ok("OkStridedBranchStore", func() (func(spmd.Lane), func() error) {
			out := o(10)
			return func(l spmd.Lane) { OkStridedBranchStore(l, 10, out) },
				func() error { return eq("out", out, []int{1, -1, 1, -1, 1, -1, 1, -1, 1, -1}) }
		}),
		bad("BadStridedShuffle", func(l spmd.Lane) { BadStridedShuffle(l, 10, o(10)) }),
		bad("BadStridedMethodValue", func(l spmd.Lane) { BadStridedMethodValue(l, 10) }),
		ok("OkStridedCounter", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkStridedCounter(l, 10, out) },
				func() error { return eq("out", out, []int{2, 2, 1, 1, 1, 1, 1, 1}) }
		}),
		bad("BadStridedViaConvergentHelper", func(l spmd.Lane) { BadStridedViaConvergentHelper(l, 10, o(10)) }),
		ok("OkStridedViaPlainHelper", func() (func(spmd.Lane), func() error) {
			out := o(10)
			return func(l spmd.Lane) { OkStridedViaPlainHelper(l, 10, out) },
				func() error {
					if err := eq("scratch", scratch[:8], []int{100, 101, 102, 103, 104, 105, 106, 107}); err != nil {
						return err
					}
					return eq("out", out, []int{0, 1, 4, 9, 16, 25, 36, 49, 64, 81})
				}
		}),
		bad("BadStridedCallbackRunsOnce", func(l spmd.Lane) { BadStridedCallbackRunsOnce(l, 10) }),
		ok("OkStridedCallbackRunsOnceStore", func() (func(spmd.Lane), func() error) {
			out := o(10)
			return func(l spmd.Lane) { OkStridedCallbackRunsOnceStore(l, 10, out) },
				func() error { return eq("out", out, []int{5, 5, 5, 5, 5, 5, 5, 5, 5, 5}) }
		}),
		bad("BadStridedHelperAsCallback", func(l spmd.Lane) { BadStridedHelperAsCallback(l, 10) }),
		ok("OkStridedThenBarrier", func() (func(spmd.Lane), func() error) {
			out := o(10)
			return func(l spmd.Lane) { OkStridedThenBarrier(l, 10, out) },
				func() error { return eq("out", out, []int{0, 2, 4, 6, 8, 10, 12, 14, 16, 18}) }
		}),
		bad("BadIfLaneBarrier", func(l spmd.Lane) { BadIfLaneBarrier(l, o(8)) }),
		ok("OkIfLaneStore", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkIfLaneStore(l, out) },
				func() error { return eq("out", out, []int{1, 1, 0, 0, 0, 0, 0, 0}) }
		}),
		bad("BadIfLaneAny", func(l spmd.Lane) { BadIfLaneAny(l, o(8)) }),
		ok("OkWhenUniformAny", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkWhenUniformAny(l, 2, out) },
				func() error { return eq("out", out, []int{1, 1, 1, 1, 1, 1, 1, 1}) }
		}),
		bad("BadIfLaneMethodValue", func(l spmd.Lane) { BadIfLaneMethodValue(l) }),
		ok("OkIfLaneDoCounter", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkIfLaneDoCounter(l, out) },
				func() error { return eq("out", out, []int{3, 0, 0, 0, 0, 0, 0, 0}) }
		}),
		bad("BadEvenOddSync", func(l spmd.Lane) { BadEvenOddSync(l) }),
		ok("OkEvenOddStore", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkEvenOddStore(l, out) },
				func() error { return eq("out", out, []int{2, 3, 2, 3, 2, 3, 2, 3}) }
		}),
		bad("BadMarkElseReduce", func(l spmd.Lane) { BadMarkElseReduce(l, o(8)) }),
		ok("OkMarkThenReduce", func() (func(spmd.Lane), func() error) {
			marks, out := o(8), o(8)
			return func(l spmd.Lane) { OkMarkThenReduce(l, marks, out) },
				func() error {
					if err := eq("marks", marks, []int{1, 0, 1, 0, 1, 0, 1, 0}); err != nil {
						return err
					}
					return eq("out", out, []int{8, 8, 8, 8, 8, 8, 8, 8})
				}
		}),
		bad("BadFirstOnlySum", func(l spmd.Lane) { BadFirstOnlySum(l, o(8)) }),
		ok("OkFirstOnlyPlain", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkFirstOnlyPlain(l, out) },
				func() error { return eq("out", out, []int{64, 0, 0, 0, 0, 0, 0, 0}) }
		}),
		ok("OkCallThenUseSum", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkCallThenUseSum(l, out) },
				func() error { return eq("out", out, []int{8, 8, 8, 8, 8, 8, 8, 8}) }
		}),
		ok("OkIfWideBarrier", func() (func(spmd.Lane), func() error) {
			out := o(16)
			return func(l spmd.Lane) { OkIfWideBarrier(l, out) },
				func() error { return eq("out", out[8:], []int{1, 2, 3, 4, 5, 6, 7, 0}) }
		}),
		bad("BadIfWideUnderLaneIf", func(l spmd.Lane) { BadIfWideUnderLaneIf(l, o(8)) }),
		ok("OkIfWideUnderLaneIfStore", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkIfWideUnderLaneIfStore(l, out) },
				func() error { return eq("out", out, []int{1, 0, 0, 0, 1, 0, 0, 0}) }
		}),
		ok("OkRepeatReduce", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkRepeatReduce(l, out) },
				func() error { return eq("out", out, []int{108, 108, 108, 108, 108, 108, 108, 108}) }
		}),
		bad("BadRepeatLaneCount", func(l spmd.Lane) { BadRepeatLaneCount(l, o(8)) }),
		ok("OkRepeatLaneCountStore", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkRepeatLaneCountStore(l, out) },
				func() error { return eq("out", out, []int{0, 1, 3, 0, 1, 3, 0, 1}) }
		}),
		ok("OkRoundsButterfly", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkRoundsButterfly(l, out) },
				func() error { return eq("out", out, []int{36, 36, 36, 36, 36, 36, 36, 36}) }
		}),
		bad("BadRoundsUnderLaneIf", func(l spmd.Lane) { BadRoundsUnderLaneIf(l, o(8)) }),
		bad("BadExceptLastBarrier", func(l spmd.Lane) { BadExceptLastBarrier(l, o(8)) }),
		ok("OkExceptLastStore", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkExceptLastStore(l, out) },
				func() error { return eq("out", out, []int{1, 1, 1, 1, 1, 1, 1, 0}) }
		}),
		ok("OkThenExceptLastBarrier", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkThenExceptLastBarrier(l, out) },
				func() error { return eq("out", out, []int{1, 1, 1, 1, 1, 1, 1, 0}) }
		}),
		bad("BadKernelReturnThenOnce", func(l spmd.Lane) { BadKernelReturnThenOnce(l, 3, o(8)) }),
		ok("OkKernelOnceThenReturn", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkKernelOnceThenReturn(l, 3, out) },
				func() error { return eq("out", out, []int{1, 1, 1, 0, 0, 0, 0, 0}) }
		}),
		ok("OkKernelReturnThenOnceStore", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkKernelReturnThenOnceStore(l, 3, out) },
				func() error { return eq("out", out, []int{1, 1, 1, 0, 0, 0, 0, 0}) }
		}),
		ok("OkOnceBarrier", func() (func(spmd.Lane), func() error) {
			out := o(16)
			return func(l spmd.Lane) { OkOnceBarrier(l, out) },
				func() error { return eq("out", out, []int{1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2}) }
		}),
		bad("BadOnceUnderLaneIf", func(l spmd.Lane) { BadOnceUnderLaneIf(l, o(8)) }),
		ok("OkOnceUnderLaneIfStore", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkOnceUnderLaneIfStore(l, out) },
				func() error { return eq("out", out, []int{3, 0, 0, 0, 0, 0, 0, 0}) }
		}),
		ok("OkOnceBranchInside", func() (func(spmd.Lane), func() error) {
			out := o(16)
			return func(l spmd.Lane) { OkOnceBranchInside(l, out) },
				func() error { return eq("out", out[8:], []int{42, 42, 42, 42, 42, 42, 42, 42}) }
		}),
		bad("BadOnceBranchGuards", func(l spmd.Lane) { BadOnceBranchGuards(l, o(8)) }),
		bad("BadDoMethodValueUnderIf", func(l spmd.Lane) { BadDoMethodValueUnderIf(l, o(8)) }),
		ok("OkDoMethodValue", func() (func(spmd.Lane), func() error) {
			out := o(16)
			return func(l spmd.Lane) { OkDoMethodValue(l, out) },
				func() error { return eq("out", out[8:], []int{1, 1, 1, 1, 1, 1, 1, 1}) }
		}),
		bad("BadBreakThenOnce", func(l spmd.Lane) { BadBreakThenOnce(l, 4, o(8)) }),
		ok("OkBreakThenOnceStore", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkBreakThenOnceStore(l, 4, out) },
				func() error { return eq("out", out, []int{0, 1, 2, 3, 4, 4, 4, 4}) }
		}),
		ok("OkDivergentAfterCall", func() (func(spmd.Lane), func() error) {
			out := o(16)
			return func(l spmd.Lane) { OkDivergentAfterCall(l, out) },
				func() error {
					return eq("out", out, []int{10, 11, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8})
				}
		}),
	})
}
