package iter

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round11/syntax/internal/kt"
	"github.com/spmdvet/spmdvet/spmd"
)

func run(t *testing.T, n int, k func(spmd.Lane)) []int {
	t.Helper()
	return kt.Runs(t, n, Out[:], k)
}

func TestRangeString(t *testing.T) {
	kt.Diverges(t, 3, RangeStringBug)
	kt.Diverges(t, 2, RangeStringOffsetBug)
	kt.Same(t, run(t, 4, RangeStringUniform), 52, 1052, 52, 52)
}

func TestRangeInt(t *testing.T) {
	kt.Diverges(t, 2, RangeIntBug)
	kt.Same(t, run(t, 4, RangeIntUniform), kt.All(4, 6)...)
	kt.Diverges(t, 2, RangeIntBreakBug)
}

func TestRangeArray(t *testing.T) {
	kt.Diverges(t, 2, RangeArrayBug)
	kt.Same(t, run(t, 4, RangeArrayUniform), kt.All(4, 16)...)
	kt.Same(t, run(t, 4, RangePtrArrayKeys), kt.All(4, 24)...)
	kt.Diverges(t, 2, RangePtrArrayValuesBug)
}

func TestRangeMap(t *testing.T) {
	kt.DivergesSometimes(t, 16, 50, nil, RangeMapBug)
	kt.Same(t, run(t, 4, RangeMapAfter), kt.All(4, 16)...)
}

func TestGenerics(t *testing.T) {
	kt.Diverges(t, 2, GenericFuncBug)
	kt.Same(t, run(t, 4, GenericFuncUniform), kt.All(4, 12)...)
	kt.Diverges(t, 3, GenericMethodBug)
	kt.Same(t, run(t, 4, GenericMethodUniform), kt.All(4, 12)...)
	kt.Diverges(t, 2, GenericDirectiveConvergentBug)
	kt.Diverges(t, 2, GenericDirectiveLaneIDBug)
	kt.Same(t, run(t, 4, GenericDirectiveUniform), kt.All(4, 44)...)
	kt.Diverges(t, 2, GenericPickSrcBug)
}
