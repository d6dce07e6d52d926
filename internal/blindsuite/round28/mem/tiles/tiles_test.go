package tiles

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func wantDiv(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func TestShift(t *testing.T) {
	in := []float32{1, 0, 2, -1}
	out := make([]float32, 4)
	wantDiv(t, ShiftBug(in, out))
	wantOK(t, ShiftOK(in, out))
	if out[0] != 0 || out[3] != 1 {
		t.Fatalf("ShiftOK: %v", out)
	}
}

func TestWeighted(t *testing.T) {
	x := []float32{1, 1, 1, 1}
	out := make([]float32, 4)
	wantDiv(t, WeightedBug(x, out))
	wantOK(t, WeightedOK(x, 4, out))
	if out[2] != 8 {
		t.Fatalf("WeightedOK: %v", out)
	}
}

func TestPartition(t *testing.T) {
	data := []float32{5, 1, 3, 4}
	out := make([]int, 4)
	wantDiv(t, PartitionBug(data, out))
	wantOK(t, PartitionOK(data, out))
	// pivot 3: less = 0,1,0,0; exclusive sums 0,0,1,1
	if out[0] != 0 || out[2] != 1 || out[3] != 1 {
		t.Fatalf("PartitionOK: %v", out)
	}
}

func TestCountFlags(t *testing.T) {
	x := []int{0, 1, 0, 1}
	out := make([]int, 4)
	wantDiv(t, CountFlagsBug(x, out))
	wantOK(t, CountFlagsOK(x, out))
	if out[0] != 8 {
		t.Fatalf("CountFlagsOK: %v", out)
	}
}

func TestSweep(t *testing.T) {
	wantDiv(t, SweepBug(&Sweep{Budget: []int{1, 2, 1, 1}, Acc: make([]float32, 4)}))
	p := &Sweep{Iters: 3, Acc: make([]float32, 4)}
	wantOK(t, SweepOK(p))
	if p.Acc[3] != 3 {
		t.Fatalf("SweepOK: %v", p.Acc)
	}
}

func TestGather(t *testing.T) {
	vals := []float32{1, -2, 3, 0}
	out := make([]float32, 4)
	wantDiv(t, GatherBug([]int{0, 1, 2, 3}, vals, out))
	wantOK(t, GatherOK([]int{2, 1, 0, 3}, vals, out))
	if out[1] != 12 {
		t.Fatalf("GatherOK: %v", out)
	}
}

func TestRowGate(t *testing.T) {
	g := &Grid{W: 4, Cells: []int{1, 0, 2, 0, 3, 3, 3, 3}}
	out := make([]int, 4)
	wantDiv(t, RowGateBug(g, 0, out))
	wantOK(t, RowGateOK(g, 0, out))
	if out[2] != 2 {
		t.Fatalf("RowGateOK: %v", out)
	}
}

func TestColumn(t *testing.T) {
	m := [][]float32{{1, 1, 1}, {2, 0, 2}, {0, 3, 3}}
	out := make([]float32, 3)
	wantDiv(t, ColumnBug(m, out))
	wantOK(t, ColumnOK(m, out))
	if out[0] != 3 || out[1] != 1 || out[2] != 3 {
		t.Fatalf("ColumnOK: %v", out)
	}
}

func TestRepeat(t *testing.T) {
	cfg := map[string]int{"a": 1, "b": 2, "reps": 2}
	out := make([]int, 3)
	wantDiv(t, RepeatBug(cfg, []string{"a", "b", "a"}, out))
	out = make([]int, 3)
	wantOK(t, RepeatOK(cfg, []string{"a", "b", "a"}, out))
	if out[1] != 6 {
		t.Fatalf("RepeatOK: %v", out)
	}
}

func TestBlockSum(t *testing.T) {
	out := make([]int, 8)
	wantDiv(t, BlockSumBug([]int{1, 2, 3, 4, 5, 6, 7, 8}, out))
	buf := []int{1, 2, 3, 4, 5, 6, 7, 8}
	wantOK(t, BlockSumOK(buf, out))
	if buf[0] != 36 || out[5] != 8 {
		t.Fatalf("BlockSumOK: %v %v", buf, out)
	}
}
