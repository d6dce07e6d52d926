package ambig

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
		{"InterfaceSumDivergent", InterfaceSumDivergent, true, nil},
		{"InterfaceLoopDivergent", InterfaceLoopDivergent, true, nil},
		{"StructFieldCallback", StructFieldCallback, true, nil},
		{"StructFieldCallbackUniform", StructFieldCallbackUniform, false, all4(4)},
		{"OnceDivergent", OnceDivergent, true, nil},
		{"OnceUniform", OnceUniform, false, all4(1)},
		{"LeaderConvergentStage", LeaderConvergentStage, true, nil},
		{"NotifyConvergentHook", NotifyConvergentHook, true, nil},
		{"HandoffDivergent", HandoffDivergent, true, nil},
		{"HandlerLaneKey", HandlerLaneKey, true, nil},
		{"HandlerUniformKey", HandlerUniformKey, false, all4(7)},
		{"StageConstIndexDivergent", StageConstIndexDivergent, true, nil},
		{"LaneStepsRange", LaneStepsRange, true, nil},
		{"OptionsMixedFields", OptionsMixedFields, false, all4(14)},
		{"PipelineReduceResult", PipelineReduceResult, false, all4(14)},
		{"GenericConstraintDivergent", GenericConstraintDivergent, true, nil},
		{"GenericConstraintQuiet", GenericConstraintQuiet, false, []int{1, 0, 1, 0}},
	})
}
