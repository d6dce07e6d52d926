package ambig

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// A1: Run cannot tell the iterations apart, so it does not report.
func TestLeaveOneOut(t *testing.T) {
	others := make([]int, 4)
	err := LeaveOneOut([]int{1, 2, 3, 4}, others)
	if err != nil {
		t.Fatalf("Run = %v", err)
	}
	// Each lane makes 3 reductions; reduction j sums the lanes' j-th
	// non-skipped steps, not one step, so the result is not "sum of others".
	t.Log("others =", others, "(a lane-wise leave-one-out sum would be [9 8 7 6])")
	for _, v := range others {
		if v != others[0] {
			t.Errorf("reductions are uniform: %v", others)
		}
	}
}

// A2: the counter is uniform at run time; Run does not report.
func TestTally(t *testing.T) {
	tab := []int{1, -2, 3, 4, 5, -6}
	cols, rs := make([]int, 2), make([]int, 3)
	if err := Tally(tab, 3, cols, rs); err != nil {
		t.Fatalf("Run = %v", err)
	}
	if !slices.Equal(cols, []int{9, 4}) || !slices.Equal(rs, []int{-1, 7, -1}) {
		t.Errorf("cols %v rows %v", cols, rs)
	}
}

// A3: every lane sees as many entries; Run does not report.
func TestMapRounds(t *testing.T) {
	m := map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9}
	total := make([]int, 8)
	if err := MapRounds(m, total); err != nil {
		t.Fatalf("Run = %v", err)
	}
	for _, v := range total {
		if v != 8*45 {
			t.Errorf("total = %v", total)
		}
	}
}

// A4: every lane's queue holds as many values; Run does not report.
func TestPrivateQueue(t *testing.T) {
	out := make([]int, 4)
	if err := PrivateQueue([]int{1, 2, 3}, out); err != nil {
		t.Fatalf("Run = %v", err)
	}
	for _, v := range out {
		if v != 6*10 {
			t.Errorf("out = %v", out)
		}
	}
}

// A5: a real divergence at run time: the lanes that broke return while
// the others wait at the iterator's barrier.
func TestScanChunks(t *testing.T) {
	err := ScanChunks([]float64{1, 2, 3, 4, 5, 6}, []float64{10, 2, 10, 10}, make([]float64, 4))
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("Run = %v, want a *spmd.DivergenceError", err)
	}
	t.Log(err)
	if err := ScanChunks([]float64{1, 2, 3, 4, 5, 6}, []float64{10, 10, 10, 10}, make([]float64, 4)); err != nil {
		t.Fatalf("no lane breaks: Run = %v", err)
	}
}

// A6: a real divergence at run time: the lane that recovers returns.
func TestSafeSteps(t *testing.T) {
	x := []float64{1, 2, 3, 4, -5, 6}
	err := SafeSteps(x, 3, make([]float64, 3), make([]bool, 2))
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("Run = %v, want a *spmd.DivergenceError", err)
	}
	t.Log(err)
	sums := make([]float64, 3)
	if err := SafeSteps([]float64{1, 2, 3, 4, 5, 6}, 3, sums, make([]bool, 2)); err != nil || !slices.Equal(sums, []float64{5, 7, 9}) {
		t.Fatalf("all good: Run = %v, sums %v", err, sums)
	}
}
