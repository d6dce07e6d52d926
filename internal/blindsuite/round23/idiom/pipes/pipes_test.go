package pipes

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
		{"ClosureBarrierDivergent", ClosureBarrierDivergent, true, nil},
		{"ClosureBarrierUniform", ClosureBarrierUniform, false, all4(1)},
		{"ClosureStoreOnly", ClosureStoreOnly, false, all4(7)},
		{"ClosureStoreAndReduce", ClosureStoreAndReduce, true, nil},
		{"CounterLaneValue", CounterLaneValue, true, nil},
		{"CounterUniformValue", CounterUniformValue, false, all4(5)},
		{"CounterCalledInLaneLoop", CounterCalledInLaneLoop, true, nil},
		{"CounterCalledInFixedLoop", CounterCalledInFixedLoop, false, all4(12)},
		{"FlagFromForEach", FlagFromForEach, true, nil},
		{"FlagFromForEachAny", FlagFromForEachAny, false, all4(4)},
		{"AccumulateTimesLane", AccumulateTimesLane, true, nil},
		{"AccumulateTimesCount", AccumulateTimesCount, false, all4(3)},
		{"PerLaneCounter", PerLaneCounter, true, nil},
		{"PerLaneCounterAll", PerLaneCounterAll, false, []int{1, 2, 3, 4}},
		{"LaneDataNeverControls", LaneDataNeverControls, false, all4(42)},
		{"LaneDataControls", LaneDataControls, true, nil},
		{"Reconverged", Reconverged, false, all4(17)},
		{"NotReconverged", NotReconverged, true, nil},
		{"SwitchDivergentCases", SwitchDivergentCases, true, nil},
		{"SwitchUniformCases", SwitchUniformCases, false, all4(1)},
		{"OptionRoundsLane", OptionRoundsLane, true, nil},
		{"OptionRoundsCount", OptionRoundsCount, false, all4(4)},
		{"HookStoresOnly", HookStoresOnly, false, all4(26)},
		{"HookSumDecides", HookSumDecides, true, nil},
		{"PipelineEveryLane", PipelineEveryLane, false, all4(14)},
		{"PipelineResultDecides", PipelineResultDecides, true, nil},
		{"PipelineWide", PipelineWide, false, all4(11)},
		{"PipelineLeaderStoreOnly", PipelineLeaderStoreOnly, false, []int{6, 5, 5, 5}},
		{"PipelineHandoff", PipelineHandoff, false, all4(12)},
		{"PipelineHandoffDecides", PipelineHandoffDecides, true, nil},
		{"HandlerConstantKey", HandlerConstantKey, false, all4(14)},
		{"HandlerResultDecides", HandlerResultDecides, true, nil},
		{"StageSliceUniformKey", StageSliceUniformKey, false, all4(10)},
		{"StageSliceLaneKeyStoreOnly", StageSliceLaneKeyStoreOnly, false, all4(10)},
		{"RangeUptoLane", RangeUptoLane, true, nil},
		{"RangeUptoCount", RangeUptoCount, false, all4(24)},
		{"RangeBreakLane", RangeBreakLane, true, nil},
		{"RangeBreakUniform", RangeBreakUniform, false, all4(2)},
		{"RangeReturnLane", RangeReturnLane, true, nil},
		{"RangeBreakThenBarrier", RangeBreakThenBarrier, false, []int{3, -1, -1, 1}},
		{"EnumerateLaneSlice", EnumerateLaneSlice, true, nil},
		{"EnumerateSharedSlice", EnumerateSharedSlice, false, all4(10)},
		{"EnumerateCountDecides", EnumerateCountDecides, true, nil},
		{"EnumerateCountAny", EnumerateCountAny, false, all4(18)},
		{"RangeDeferLaneReturn", RangeDeferLaneReturn, true, nil},
		{"RangeDeferOneExit", RangeDeferOneExit, false, []int{1, 0, 1, 1}},
		{"RangeReturnUniform", RangeReturnUniform, false, all4(4)},
		{"RangeNestedBreakLane", RangeNestedBreakLane, true, nil},
		{"RangeNestedBreakUniform", RangeNestedBreakUniform, false, all4(28)},
		{"ErrCheckLane", ErrCheckLane, true, nil},
		{"ErrCheckCount", ErrCheckCount, false, all4(32)},
		{"ErrAnyDecides", ErrAnyDecides, false, all4(-1)},
		{"ErrAnyComputedRawDecides", ErrAnyComputedRawDecides, true, nil},
		{"ErrIsLane", ErrIsLane, true, nil},
		{"ErrIsUniform", ErrIsUniform, false, all4(1)},
		{"ErrWrappedLane", ErrWrappedLane, true, nil},
		{"ErrWrappedUniform", ErrWrappedUniform, false, all4(820)},
		{"ErrStackEmptyAll", ErrStackEmptyAll, false, all4(4)},
		{"ErrStackEmptyRaw", ErrStackEmptyRaw, true, nil},
		{"DeferBarrierLaneReturn", DeferBarrierLaneReturn, true, nil},
		{"DeferBarrierUniformReturn", DeferBarrierUniformReturn, false, []int{1, -1, 1, 1}},
		{"DeferReduceLaneReturn", DeferReduceLaneReturn, true, nil},
		{"DeferReduceOneExit", DeferReduceOneExit, false, all4(103)},
		{"DeferRegisteredLate", DeferRegisteredLate, true, nil},
		{"DeferRegisteredLateUniform", DeferRegisteredLateUniform, false, all4(1)},
		{"DeferMethodLaneReturn", DeferMethodLaneReturn, true, nil},
		{"DeferMethodUniformReturn", DeferMethodUniformReturn, false, []int{3, -1, 4, 1}},
	})
}
