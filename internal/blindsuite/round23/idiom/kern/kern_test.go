package kern

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

type kcase struct {
	name string
	k    func(spmd.Lane, []int)
	bug  bool
	want []int
}

func all4(v int) []int { return []int{v, v, v, v} }

func runCases(t *testing.T, cases []kcase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := make([]int, 4)
			err := spmd.Run(4, func(l spmd.Lane) { c.k(l, out) })
			if c.bug {
				var de *spmd.DivergenceError
				if !errors.As(err, &de) {
					t.Fatalf("want a DivergenceError, got %v", err)
				}
				t.Log(err)
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if !slices.Equal(out, c.want) {
				t.Fatalf("out = %v, want %v", out, c.want)
			}
		})
	}
}

func TestKernels(t *testing.T) {
	runCases(t, []kcase{
		{"SyncOddLanes", SyncOddLanes, true, nil},
		{"SyncEvenGroup", SyncEvenGroup, false, []int{3, -1, 4, 1}},
		{"TotalIfPositive", TotalIfPositive, true, nil},
		{"TotalThenPositive", TotalThenPositive, false, []int{7, 0, 7, 7}},
		{"SyncIfPositive", SyncIfPositive, true, nil},
		{"SyncIfAnyNeg", SyncIfAnyNeg, false, []int{3, -1, 4, 1}},
		{"StepUntilVal", StepUntilVal, true, nil},
		{"StepUntilRounds", StepUntilRounds, false, []int{9, 5, 10, 7}},
		{"MaxAfterDivergentReturn", MaxAfterDivergentReturn, true, nil},
		{"MaxBeforeReturn", MaxBeforeReturn, false, []int{4, 0, 4, 4}},
		{"LeaderSyncs", LeaderSyncs, true, nil},
		{"WideSyncs", WideSyncs, false, all4(1)},
		{"LeadIfLeader", LeadIfLeader, true, nil},
		{"LeadThenLeader", LeadThenLeader, false, []int{-1, 3, 3, 3}},
		{"ShortCircuitLeft", ShortCircuitLeft, true, nil},
		{"ShortCircuitRight", ShortCircuitRight, false, []int{1, 0, 1, 1}},
		{"TileSyncDivergent", TileSyncDivergent, true, nil},
		{"TileSyncUniform", TileSyncUniform, false, []int{3, -1, 4, 1}},
		{"AreaInLoop", AreaInLoop, true, nil},
		{"AreaUniformLoop", AreaUniformLoop, false, all4(48)},
		{"QuietShadow", QuietShadow, false, []int{1, 0, 1, 1}},
		{"QuietExplicit", QuietExplicit, true, nil},
		{"MethodValueDivergent", MethodValueDivergent, true, nil},
		{"MethodValueUniform", MethodValueUniform, false, []int{3, -1, 4, 1}},
		{"MethodValueGetter", MethodValueGetter, false, []int{3, 0, 4, 1}},
		{"MethodValueTotal", MethodValueTotal, true, nil},
		{"MethodExprDivergent", MethodExprDivergent, true, nil},
		{"MethodExprUniform", MethodExprUniform, false, all4(1)},
		{"MethodExprValueLoop", MethodExprValueLoop, true, nil},
		{"MethodExprValueFixed", MethodExprValueFixed, false, all4(6)},
		{"InterfacePlainDivergent", InterfacePlainDivergent, false, []int{9, -1, 12, 3}},
		{"InterfaceCounterDivergent", InterfaceCounterDivergent, false, []int{0, 1, 2, 3}},
		{"InterfaceSumUniform", InterfaceSumUniform, false, all4(7)},
		{"InterfaceSliceUniform", InterfaceSliceUniform, false, all4(9)},
		{"StackPopEarlyReturn", StackPopEarlyReturn, true, nil},
		{"StackPopAllOK", StackPopAllOK, false, all4(-1)},
		{"StackFloatDrain", StackFloatDrain, true, nil},
		{"StackFloatDrainMax", StackFloatDrainMax, false, all4(10)},
		{"RingRotateDivergent", RingRotateDivergent, true, nil},
		{"RingRotateUniform", RingRotateUniform, false, []int{1, 2, 3, 0}},
		{"TrackedDivergent", TrackedDivergent, true, nil},
		{"TrackedUniform", TrackedUniform, false, []int{3, -3, 3, -3}},
		{"GenericSumDivergent", GenericSumDivergent, true, nil},
		{"GenericSumUniform", GenericSumUniform, false, all4(18)},
		{"PairSharedDecides", PairSharedDecides, false, all4(7)},
		{"PairMineDecides", PairMineDecides, true, nil},
		{"PairPointerShared", PairPointerShared, false, all4(16)},
		{"PairPointerMine", PairPointerMine, true, nil},
	})
}
