package ambig

import (
	"errors"
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

func TestDeferAtDivergentReturn(t *testing.T) {
	wantDivergence(t, run(t, 4, DeferAtDivergentReturn))
}

func TestDivergentPanic(t *testing.T) {
	err := run(t, 4, DivergentPanic)
	var pe *spmd.PanicError
	if !errors.As(err, &pe) {
		t.Fatalf("want *spmd.PanicError, got %v", err)
	}
	t.Logf("runtime: %v", err)
	// With non-negative inputs it runs fine.
	saved := Data
	Data = []int{1, 2, 3, 4}
	defer func() { Data = saved }()
	if err := run(t, 4, DivergentPanic); err != nil {
		t.Fatal(err)
	}
}

func TestInterfaceCallDivergent(t *testing.T) {
	wantDivergence(t, run(t, 4, InterfaceCallDivergent))
}

func TestFuncTableDivergentIndex(t *testing.T) {
	wantDivergence(t, run(t, 4, FuncTableDivergentIndex))
}

func TestStructFieldClosure(t *testing.T) {
	wantDivergence(t, run(t, 4, StructFieldClosure))
}

func TestRangeFuncDivergentIterator(t *testing.T) {
	wantDivergence(t, run(t, 3, RangeFuncDivergentIterator))
}

func TestHelperParamBranch(t *testing.T) {
	for _, n := range []int{2, 4} {
		if err := run(t, n, HelperParamBranch); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPerLaneChannel(t *testing.T) {
	wantDivergence(t, run(t, 4, PerLaneChannel))
}
