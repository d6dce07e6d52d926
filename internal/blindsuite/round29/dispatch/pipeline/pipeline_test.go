package pipeline_test

import (
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round29/dispatch/gpu"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round29/dispatch/pipeline"
	"github.com/spmdvet/spmdvet/spmd"
)

// The package has no kernels; this test checks its correct helpers from
// uniform control only.

func TestPhaseAndStage(t *testing.T) {
	x := []float64{1, 2, 3, 4}
	shared := make([]float64, len(x))
	head := make([]float64, 1)
	sums := make([]float64, len(x))
	heads := make([]float64, len(x))
	err := spmd.Run(len(x), func(l spmd.Lane) {
		b, w := gpu.Of(l), gpu.Warp{L: l}
		st := pipeline.Stage{Name: "sum", Reduce: w.Sum, Sync: b.Sync}
		s := pipeline.Phase{B: b, Shared: shared}.End(x[b.Tid()])
		s2 := st.Run(x[b.Tid()])
		pipeline.Repeat(2, b.Sync)
		pipeline.Drain(b, pipeline.Pending(w, b.Tid()))
		heads[b.Tid()] = pipeline.LoadHead(b, head, x)
		sums[b.Tid()] = s + s2
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sums, []float64{20, 20, 20, 20}) || !slices.Equal(heads, []float64{1, 1, 1, 1}) {
		t.Errorf("sums %v heads %v", sums, heads)
	}
}
