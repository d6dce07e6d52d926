package stored

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

func rep(v, n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func TestStored(t *testing.T) {
	o := func(n int) []int { return make([]int, n) }
	runCases(t, []kcase{
		bad("BadStepStrided", func(l spmd.Lane) { BadStepStrided(l, 10) }),
		ok("OkStepStridedStore", func() (func(spmd.Lane), func() error) {
			out := o(10)
			return func(l spmd.Lane) { OkStepStridedStore(l, 10, out) },
				func() error { return eq("out", out, []int{0, -1, -2, -3, -4, -5, -6, -7, -8, -9}) }
		}),
		ok("OkStepOnceBarrier", func() (func(spmd.Lane), func() error) {
			out := o(16)
			return func(l spmd.Lane) { OkStepOnceBarrier(l, out) },
				func() error { return eq("out", out[8:], []int{7, 6, 5, 4, 3, 2, 1, 0}) }
		}),
		bad("BadStepMethodStrided", func(l spmd.Lane) { BadStepMethodStrided(l, 10, o(10)) }),
		ok("OkStepMethodStridedStore", func() (func(spmd.Lane), func() error) {
			out := o(10)
			return func(l spmd.Lane) { OkStepMethodStridedStore(l, 10, out) },
				func() error { return eq("out", out, []int{0, 3, 6, 9, 12, 15, 18, 21, 24, 27}) }
		}),
		bad("BadStepOnceUnderIf", func(l spmd.Lane) { BadStepOnceUnderIf(l) }),
		ok("OkStepOnceUnderIfStore", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkStepOnceUnderIfStore(l, out) },
				func() error { return eq("out", out, []int{9, 9, 0, 0, 0, 0, 0, 0}) }
		}),
		bad("BadStepFieldCallUnderIf", func(l spmd.Lane) { BadStepFieldCallUnderIf(l) }),
		ok("OkStepFieldCallAfterIf", func() (func(spmd.Lane), func() error) {
			out := o(16)
			return func(l spmd.Lane) { OkStepFieldCallAfterIf(l, out) },
				func() error { return eq("out", out[8:], rep(1, 8)) }
		}),
		ok("OkPipelineRun", func() (func(spmd.Lane), func() error) {
			out, acc := o(8), o(1)
			return func(l spmd.Lane) { OkPipelineRun(l, out, acc) },
				func() error {
					if err := eq("out", out, rep(1, 8)); err != nil {
						return err
					}
					return eq("acc", acc, []int{16})
				}
		}),
		bad("BadPipelineFromLane", func(l spmd.Lane) { BadPipelineFromLane(l) }),
		ok("OkPipelineFromLaneStore", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkPipelineFromLaneStore(l, out) },
				func() error { return eq("out", out, []int{11, 10, 11, 10, 11, 10, 11, 10}) }
		}),
		ok("OkRunAllConvergent", func() (func(spmd.Lane), func() error) {
			acc := o(1)
			return func(l spmd.Lane) { OkRunAllConvergent(l, acc) },
				func() error { return eq("acc", acc, []int{8}) }
		}),
		bad("BadRunMine", func(l spmd.Lane) { BadRunMine(l) }),
		ok("OkRunMineStore", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkRunMineStore(l, out) },
				func() error { return eq("out", out, []int{1, 1, 0, 0, 0, 0, 0, 0}) }
		}),
		bad("BadSliceElemUnderIf", func(l spmd.Lane) { BadSliceElemUnderIf(l, o(1)) }),
		ok("OkSliceElemUniform", func() (func(spmd.Lane), func() error) {
			acc := o(1)
			return func(l spmd.Lane) { OkSliceElemUniform(l, acc) },
				func() error { return eq("acc", acc, []int{8}) }
		}),
		bad("BadMapDispatchUnderIf", func(l spmd.Lane) { BadMapDispatchUnderIf(l, o(8)) }),
		ok("OkMapDispatchUnderIfMark", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkMapDispatchUnderIfMark(l, out) },
				func() error { return eq("out", out, []int{1, 0, 1, 0, 1, 0, 1, 0}) }
		}),
		ok("OkMapDispatchSync", func() (func(spmd.Lane), func() error) {
			out := o(16)
			return func(l spmd.Lane) { OkMapDispatchSync(l, out) },
				func() error { return eq("out", out, rep(1, 16)) }
		}),
		bad("BadMapStrided", func(l spmd.Lane) { BadMapStrided(l, 10, o(10)) }),
		ok("OkMapStridedStore", func() (func(spmd.Lane), func() error) {
			out := o(10)
			return func(l spmd.Lane) { OkMapStridedStore(l, 10, out) },
				func() error { return eq("out", out, rep(1, 10)) }
		}),
		bad("BadSyncerUnderIf", func(l spmd.Lane) { BadSyncerUnderIf(l) }),
		ok("OkStorerUnderIf", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkStorerUnderIf(l, out) },
				func() error { return eq("out", out, []int{1, 2, 0, 0, 0, 0, 0, 0}) }
		}),
		bad("BadSyncerAtStrided", func(l spmd.Lane) { BadSyncerAtStrided(l, 10) }),
		ok("OkStorerStrided", func() (func(spmd.Lane), func() error) {
			out := o(10)
			return func(l spmd.Lane) { OkStorerStrided(l, 10, out) },
				func() error { return eq("out", out, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}) }
		}),
		bad("BadGuardedSync", func(l spmd.Lane) { BadGuardedSync(l) }),
		ok("OkGuardedMarker", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkGuardedMarker(l, out) },
				func() error { return eq("out", out, []int{1, 1, 0, 0, 0, 0, 0, 0}) }
		}),
		ok("OkChainUniform", func() (func(spmd.Lane), func() error) {
			acc := o(1)
			return func(l spmd.Lane) { OkChainUniform(l, acc) },
				func() error { return eq("acc", acc, []int{16}) }
		}),
		bad("BadChainUnderLaneIf", func(l spmd.Lane) { BadChainUnderLaneIf(l, o(8), o(1)) }),
		ok("OkChainUnderLaneIfStores", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkChainUnderLaneIfStores(l, out) },
				func() error { return eq("out", out, []int{0, 0, 0, 0, 5, 5, 5, 5}) }
		}),
		ok("OkTotalerUniformLoop", func() (func(spmd.Lane), func() error) {
			acc := o(1)
			return func(l spmd.Lane) { OkTotalerUniformLoop(l, acc) },
				func() error { return eq("acc", acc, []int{24}) }
		}),
		bad("BadStridedViaMin", func(l spmd.Lane) { BadStridedViaMin(l, 10, o(10)) }),
		ok("OkStridedViaStore", func() (func(spmd.Lane), func() error) {
			out := o(10)
			return func(l spmd.Lane) { OkStridedViaStore(l, 10, out) },
				func() error { return eq("out", out, []int{7, 8, 9, 10, 11, 12, 13, 14, 15, 16}) }
		}),
		ok("OkOnceViaSync", func() (func(spmd.Lane), func() error) {
			out := o(16)
			return func(l spmd.Lane) { OkOnceViaSync(l, out) },
				func() error { return eq("out", out[8:], rep(5, 8)) }
		}),
		bad("BadFirstViaSync", func(l spmd.Lane) { BadFirstViaSync(l) }),
		ok("OkFirstViaMarker", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkFirstViaMarker(l, out) },
				func() error { return eq("out", out, []int{1, 0, 0, 0, 0, 0, 0, 0}) }
		}),
		ok("OkIfWideViaSyncer", func() (func(spmd.Lane), func() error) {
			out := o(16)
			return func(l spmd.Lane) { OkIfWideViaSyncer(l, out) },
				func() error { return eq("out", out[8:], rep(2, 8)) }
		}),
		bad("BadGroupSyncStrided", func(l spmd.Lane) { BadGroupSyncStrided(l, 10) }),
		ok("OkGroupLogStrided", func() (func(spmd.Lane), func() error) {
			out := o(8)
			return func(l spmd.Lane) { OkGroupLogStrided(l, 10, out) },
				func() error { return eq("out", out, []int{2, 2, 1, 1, 1, 1, 1, 1}) }
		}),
		ok("OkGroupSyncDo", func() (func(spmd.Lane), func() error) {
			out := o(16)
			return func(l spmd.Lane) { OkGroupSyncDo(l, out) },
				func() error { return eq("out", out[8:], rep(3, 8)) }
		}),
	})
}
