package values

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round11/syntax/internal/kt"
	"github.com/spmdvet/spmdvet/spmd"
)

func run(t *testing.T, n int, k func(spmd.Lane)) []int {
	t.Helper()
	return kt.Runs(t, n, Out[:], k)
}

func TestIIFE(t *testing.T) {
	kt.Diverges(t, 2, IIFEBug)
	kt.Diverges(t, 2, IIFEMultiLineBug)
	kt.Diverges(t, 2, IIFEInnerBug)
	kt.Diverges(t, 2, IIFEResultBug)
	kt.Same(t, run(t, 4, IIFEUniform), kt.All(4, 6)...)
}

func TestMethods(t *testing.T) {
	kt.Diverges(t, 2, MethodValueBug)
	kt.Diverges(t, 2, MethodExprBug)
	kt.Same(t, run(t, 4, MethodUniform), kt.All(4, 128)...)
}

func TestClosures(t *testing.T) {
	kt.Diverges(t, 2, ClosureCaptureBug)
	kt.Same(t, run(t, 4, ClosureCaptureUniform), kt.All(4, 32)...)
	kt.Diverges(t, 2, ClosureDivergentCallBug)
}

func TestLiterals(t *testing.T) {
	kt.Diverges(t, 4, StructLitBug)
	kt.Same(t, run(t, 4, StructLitUniform), kt.All(4, 6)...)
	kt.Diverges(t, 4, ArrayLitBug)
	kt.Same(t, run(t, 4, ArrayLitUniform), kt.All(4, 3)...)
}

func TestAssign(t *testing.T) {
	kt.Diverges(t, 2, SwapBug)
	kt.Same(t, run(t, 4, SwapUniform), 0, 1, 3, 6)
	kt.Diverges(t, 2, TupleAssignBug)
	kt.Same(t, run(t, 4, TupleAssignUniform), kt.All(4, 2)...)
	kt.Diverges(t, 3, CompoundBug)
	kt.Same(t, run(t, 3, CompoundUniform), kt.All(3, 2)...)
	kt.Same(t, run(t, 4, CompoundUniform), kt.All(4, 0)...)
}

func TestShadow(t *testing.T) {
	kt.Diverges(t, 2, ShadowBug)
	kt.Same(t, run(t, 4, ShadowUniform), 44, 45, 45, 45)
}

func TestAtomics(t *testing.T) {
	ResetAtomics()
	kt.Diverges(t, 2, AtomicBug)
	ResetAtomics()
	kt.Diverges(t, 2, AtomicMethodBug)
}

func TestCommaOk(t *testing.T) {
	kt.Diverges(t, 3, CommaOkMapBug)
	kt.Same(t, run(t, 4, CommaOkMapUniform), kt.All(4, 12)...)
	kt.Diverges(t, 3, CommaOkAssertBug)
	kt.Same(t, run(t, 4, CommaOkAssertUniform), kt.All(4, 16)...)
	kt.Diverges(t, 2, CommaOkRecvBug)
}

func TestConvert(t *testing.T) {
	kt.Diverges(t, 3, ConvertBug)
	kt.Same(t, run(t, 4, ConvertUniform), 1, 0, 3, 2)
}

func TestNamedResult(t *testing.T) {
	kt.Diverges(t, 2, NamedResultBug)
	kt.Same(t, run(t, 4, NamedResultUniform), kt.All(4, 1)...)
}

func TestVariadic(t *testing.T) {
	kt.Diverges(t, 2, VariadicConvergentBug)
	kt.Same(t, run(t, 4, VariadicUniform), kt.All(4, 30)...)
	kt.Diverges(t, 3, VariadicResultBug)
}

func TestIota(t *testing.T) {
	kt.Diverges(t, 2, IotaBug)
	kt.Same(t, run(t, 4, IotaUniform), kt.All(4, 12)...)
	kt.Same(t, run(t, 3, IotaUniform), kt.All(3, 9)...)
}

func TestCollectiveResults(t *testing.T) {
	kt.Same(t, run(t, 4, UniformResults), kt.All(4, 124)...)
	kt.Diverges(t, 2, ShuffleBug)
	kt.Diverges(t, 2, ShuffleXorBug)
	kt.Diverges(t, 2, InclusiveBug)
	kt.Diverges(t, 2, ExclusiveBug)
	kt.Diverges(t, 2, BroadcastSrcBug)
	kt.Diverges(t, 2, ForCondBug)
}
