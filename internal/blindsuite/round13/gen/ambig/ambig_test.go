package ambig

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDiv(t *testing.T, name string, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Errorf("%s: want DivergenceError, got %v", name, err)
	}
}

func TestConstraint(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, "ConstraintBad", spmd.Run(4, func(l spmd.Lane) { ConstraintBad(l, Coll{}, out) }))
	if err := spmd.Run(4, func(l spmd.Lane) { ConstraintBad(l, Plain{}, out) }); err != nil {
		t.Errorf("ConstraintBad[Plain]: %v", err)
	}
	wantDiv(t, "ApplyBad", spmd.Run(4, func(l spmd.Lane) { ApplyBad(l, out) }))
}

func TestTypeSwitch(t *testing.T) {
	out := make([]int, 4)
	if err := spmd.Run(4, func(l spmd.Lane) { TypeSwitchOK(l, []int{1, 2, 3, 4}, out) }); err != nil || out[0] != 4 {
		t.Errorf("int: %v %v", err, out)
	}
	if err := spmd.Run(4, func(l spmd.Lane) { TypeSwitchOK(l, []float64{1, 2, 3, 4}, out) }); err != nil || out[0] != 8 {
		t.Errorf("float: %v %v", err, out)
	}
}

func TestIterBody(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, "IterBodyBad", spmd.Run(4, func(l spmd.Lane) { IterBodyBad(l, []int{1, 2, 3, 4, 5}, out) }))
	if err := spmd.Run(4, func(l spmd.Lane) { IterBodyOK(l, 4, out) }); err != nil || out[2] != 24 {
		t.Errorf("IterBodyOK: %v %v", err, out)
	}
}

func TestParamBranch(t *testing.T) {
	out := make([]int, 4)
	if err := spmd.Run(4, func(l spmd.Lane) { ParamBranchOK(l, true, []int{7, 2, 3, 4}, out) }); err != nil || out[3] != 7 {
		t.Errorf("on: %v %v", err, out)
	}
	if err := spmd.Run(4, func(l spmd.Lane) { ParamBranchOK(l, false, []int{7, 2, 3, 4}, out) }); err != nil || out[3] != 4 {
		t.Errorf("off: %v %v", err, out)
	}
}
