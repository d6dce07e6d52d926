package directives

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
	if want != nil && !slices.Equal(Out, want) {
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

func TestConvergentWrapperDivergent(t *testing.T) {
	wantDivergence(t, run(t, 4, ConvergentWrapperDivergent))
}

func TestKernelParams(t *testing.T) {
	err := run(t, 4, func(l spmd.Lane) { KernelParams(l, 5) })
	wantOut(t, err, fill(4, 30*1024))
}

func TestUniformOverride(t *testing.T) {
	wantOut(t, run(t, 4, UniformOverride), nil)
}

func TestUniformParamUniform(t *testing.T) {
	wantOut(t, run(t, 4, UniformParamUniform), nil)
}

func TestUniformParamDivergent(t *testing.T) {
	wantDivergence(t, run(t, 4, UniformParamDivergent))
}

func TestLaneIDDirective(t *testing.T) {
	ResetTickets()
	wantDivergence(t, run(t, 4, LaneIDDirective))
}

func TestDivergentDirective(t *testing.T) {
	Inbox = make(chan int, 4)
	for i := range 4 {
		Inbox <- i
	}
	wantDivergence(t, run(t, 4, DivergentDirective))
}

func TestLaneTypeDirective(t *testing.T) {
	wantDivergence(t, run(t, 4, LaneTypeDirective))
}

func TestUniformResultConditions(t *testing.T) {
	wantOut(t, run(t, 4, UniformResultConditions), []int{-5, -11, -2, -9})
}

func TestShuffleResultCondition(t *testing.T) {
	wantDivergence(t, run(t, 4, ShuffleResultCondition))
}

func TestScanResultCondition(t *testing.T) {
	wantDivergence(t, run(t, 4, ScanResultCondition))
}

func TestXorExclusiveConditions(t *testing.T) {
	// Default data: pairs (4,-2) and (7,0) give maxima 4 and 7.
	wantDivergence(t, run(t, 4, XorExclusiveConditions))
	// With all maxima <= 5 the first branch is skipped by every lane and the
	// ExclusiveAdd-bounded loop shows its own bug.
	saved := Data
	Data = []int{1, 1, 1, 1}
	defer func() { Data = saved }()
	wantDivergence(t, run(t, 4, XorExclusiveConditions))
}

func TestLoopHeaderScan(t *testing.T) {
	wantDivergence(t, run(t, 3, LoopHeaderScan))
}

func TestXorTreeReduce(t *testing.T) {
	wantOut(t, run(t, 4, XorTreeReduce), fill(4, 9))
}

func TestGenericDirectiveDivergent(t *testing.T) {
	wantDivergence(t, run(t, 4, GenericDirectiveDivergent))
}
