package funcs

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

func fill(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func TestDeferSingleExit(t *testing.T) {
	wantOut(t, run(t, 4, DeferSingleExit), []int{1, 0, 1, 0})
}

func TestDeferInDivergentBranch(t *testing.T) {
	wantDivergence(t, run(t, 4, DeferInDivergentBranch))
}

func TestRecoverThenBarrier(t *testing.T) {
	wantOut(t, run(t, 4, RecoverThenBarrier), []int{10, 11, 10, 11})
}

func TestPanicSkipsBarrier(t *testing.T) {
	wantDivergence(t, run(t, 4, PanicSkipsBarrier))
}

func TestRecoverResult(t *testing.T) {
	wantDivergence(t, run(t, 4, RecoverResult)) // Data[1] < 0
}

func TestFuncValuesUniform(t *testing.T) {
	wantOut(t, run(t, 4, FuncValuesUniform), fill(4, 144))
}

func TestMethodValueDivergent(t *testing.T) {
	wantDivergence(t, run(t, 4, MethodValueDivergent))
}

func TestMethodExprDivergent(t *testing.T) {
	wantDivergence(t, run(t, 3, MethodExprDivergent))
}

func TestClosureDivergent(t *testing.T) {
	wantDivergence(t, run(t, 4, ClosureDivergent))
}

func TestInterfaceUniformCall(t *testing.T) {
	Mode = "sum"
	wantOut(t, run(t, 4, InterfaceUniformCall), fill(4, 10))
	Mode = "max"
	wantOut(t, run(t, 4, InterfaceUniformCall), fill(4, 4))
	Mode = "sum"
}

func TestInterfaceImplBug(t *testing.T) {
	wantDivergence(t, run(t, 4, InterfaceImplBug))
}

func TestEmbeddedLaneBug(t *testing.T) {
	wantDivergence(t, run(t, 4, EmbeddedLaneBug))
}

func TestEmbeddedLaneUniform(t *testing.T) {
	wantOut(t, run(t, 4, EmbeddedLaneUniform), fill(4, 9))
}

func TestFuncTableUniform(t *testing.T) {
	wantOut(t, run(t, 4, FuncTableUniform), fill(4, 13))
}

func TestGenericDivergentCall(t *testing.T) {
	wantDivergence(t, run(t, 4, GenericDivergentCall))
}

func TestGenericBodyBug(t *testing.T) {
	wantDivergence(t, run(t, 4, GenericBodyBug))
}

func TestGenericUniform(t *testing.T) {
	wantOut(t, run(t, 4, GenericUniform), fill(4, 18))
}

func TestDeferClosureCollective(t *testing.T) {
	// lanes 0..3 sum prefixes of 4,-2,7: 0 + 4 + 2 + 9 = 15
	wantOut(t, run(t, 4, DeferClosureCollective), fill(4, 15))
}
