package ctrl

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func run(t *testing.T, n int, k func(spmd.Lane)) error {
	t.Helper()
	Out = make([]int, n)
	return spmd.Run(n, k)
}

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("runtime: %v", err)
}

func wantOut(t *testing.T, err error, want []int) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if !slices.Equal(Out, want) {
		t.Fatalf("Out = %v, want %v", Out, want)
	}
}

func TestSwitchFallthroughAll(t *testing.T) {
	// lane%3: 0 -> 7, 1 -> 6, 2 -> 4; 4 lanes: 7+6+4+7 = 24
	err := run(t, 4, SwitchFallthroughAll)
	wantOut(t, err, []int{24, 24, 24, 24})
}

func TestSwitchFallthroughPartial(t *testing.T) {
	wantDivergence(t, run(t, 3, SwitchFallthroughPartial))
}

func TestSwitchTaglessMixed(t *testing.T) {
	wantDivergence(t, run(t, 4, SwitchTaglessMixed))
}

func TestTypeSwitchDivergent(t *testing.T) {
	wantDivergence(t, run(t, 3, TypeSwitchDivergent))
}

func TestTypeSwitchUniform(t *testing.T) {
	Setting = 5
	err := run(t, 4, TypeSwitchUniform)
	wantOut(t, err, []int{30, 30, 30, 30}) // 5*(0+1+2+3)
}

func TestBreakOuterThenBarrier(t *testing.T) {
	// lane 0 at (1,0)=10, lane 1 at (0,2)=2, lane 2 at (2,1)=21, lane 3 at (2,2)=22
	err := run(t, 5, BreakOuterThenBarrier)
	wantOut(t, err, []int{22, 22, 22, 22, 22})
}

func TestBreakOuterBarrierInOuter(t *testing.T) {
	wantDivergence(t, run(t, 4, BreakOuterBarrierInOuter))
}

func TestContinueOuterTopBarrier(t *testing.T) {
	// lanes 0..3 each found once, lane 4 never: 4 hits
	err := run(t, 5, ContinueOuterTopBarrier)
	wantOut(t, err, []int{4, 4, 4, 4, 4})
}

func TestGotoIrreducibleDivergent(t *testing.T) {
	wantDivergence(t, run(t, 2, GotoIrreducibleDivergent))
}

func TestGotoIrreducibleUniform(t *testing.T) {
	for _, n := range []int{3, 4} {
		err := run(t, n, GotoIrreducibleUniform)
		want := make([]int, n)
		for i := range want {
			want[i] = 3 * n
		}
		wantOut(t, err, want)
	}
}

func TestSelectBreakOnlySelect(t *testing.T) {
	err := run(t, 4, SelectBreakOnlySelect)
	wantOut(t, err, []int{2, 2, 2, 3})
}

func TestSelectBreakLoop(t *testing.T) {
	wantDivergence(t, run(t, 4, SelectBreakLoop))
}

func TestShortCircuitDivergent(t *testing.T) {
	wantDivergence(t, run(t, 4, ShortCircuitDivergent))
}

func TestSwitchBreakNotLoop(t *testing.T) {
	wantOut(t, run(t, 4, SwitchBreakNotLoop), []int{2, 30, 2, 30})
}
