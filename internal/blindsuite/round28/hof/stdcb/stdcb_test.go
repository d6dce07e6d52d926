package stdcb

import (
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round28/hof/internal/check"
)

func TestFirstHot(t *testing.T) {
	counts := [][]int{{0, 1, 3, 0, 5}, {1, 0, 2, 4, 0}, {0, 2, 0, 1, 1}}
	out := make([]int, 3)
	check.OK(t, FirstHotOK(counts, 5, out))
	if out[0] != 2 { // totals 1 3 5 5 6
		t.Fatalf("out = %v", out[0])
	}
	check.Div(t, FirstHotBug(counts, []int{2, 5, 6}, out))
}

func TestShout(t *testing.T) {
	out := make([]string, 3)
	letters := make([]int, 3)
	check.OK(t, ShoutOK("ab-c", out, letters))
	for i := range out {
		if out[i] != "AB-C" || letters[i] != 12 {
			t.Fatalf("lane %d: %q %d", i, out[i], letters[i])
		}
	}
	check.Div(t, ShoutBug([]string{"go", "spmd", "x"}, out, letters))
}

func TestQuantile(t *testing.T) {
	hist := [][]int{
		{1, 0, 0, 2, 0, 1, 0, 0, 1, 0},
		{0, 1, 0, 0, 2, 0, 0, 1, 0, 1},
	}
	out := make([]int, 2)
	// global: 1 1 0 2 2 1 0 1 1 1; prefix 1 2 2 4 6 7 7 8 9 10
	check.OK(t, QuantileOK(hist, 5, out))
	if out[0] != 4 || out[1] != 4 {
		t.Fatalf("out = %v", out)
	}
	check.Div(t, QuantileBug(hist, []int{1, 11}, out))
}

func TestRank(t *testing.T) {
	score := [][]float64{{3, 1, 2, 0}, {0, 1, 2, 9}}
	out := make([][]int, 2)
	check.OK(t, RankOK([]int{0, 1, 2, 3}, score, out))
	// totals: 3 2 4 9
	for i := range out {
		if !slices.Equal(out[i], []int{1, 0, 2, 3}) {
			t.Fatalf("lane %d: %v", i, out[i])
		}
	}
	check.Div(t, RankBug([][]int{{0, 1, 2, 3}, {3, 2}}, score, out))
}

func TestProbe(t *testing.T) {
	tile := make([]int, 4)
	out := make([]int, 4)
	check.OK(t, ProbeOK([]int{0, 1, 1, 2, 9, 3}, 9, tile, out))
	for i := range out {
		if out[i] != 4 {
			t.Fatalf("out = %v", out)
		}
	}
	check.Div(t, ProbeBug([]int{0, 1, 1, 2, 9, 3}, 9, tile, out))
}

func TestSortEvens(t *testing.T) {
	out := make([][]int, 4)
	check.OK(t, SortEvensOK([]int{3, 1, 2}, out))
	if !slices.Equal(out[0], []int{1, 2, 3}) || !slices.Equal(out[2], []int{1, 2, 3}) || out[1] != nil {
		t.Fatalf("out = %v", out)
	}
	check.Div(t, SortEvensBug([]int{3, 1, 2}, make([][]int, 4)))
}

func TestSplit(t *testing.T) {
	out := make([]int, 3)
	check.OK(t, SplitOK("ab,cd;ef", []rune{';', 'x', ','}, out))
	if !slices.Equal(out, []int{2, 2, 2}) {
		t.Fatalf("out = %v", out)
	}
	check.Div(t, SplitBug("ab,cd;ef", []rune{',', 'x', 'b'}, out))
}
