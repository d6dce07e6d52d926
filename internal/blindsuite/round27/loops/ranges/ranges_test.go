package ranges

import (
	"slices"
	"testing"
)

func TestRankList(t *testing.T) {
	succ := []int{1, 2, 3, -1}
	rank := []int{1, 1, 1, 0}
	wantNil(t, RankList(succ, rank, 2))
	if !slices.Equal(rank, []int{3, 2, 1, 0}) {
		t.Errorf("rank = %v", rank)
	}
}

func TestRankListBug(t *testing.T) {
	wantDivergence(t, RankListBug([]int{1, 2, 3, -1}, []int{1, 1, 1, 0}, []int{2, 2, 1, 0}))
}

func TestConvolve(t *testing.T) {
	y := make([]float64, 4)
	wantNil(t, Convolve([]float64{1, 2, 3, 4}, []float64{0.5, 0.25}, y))
	if !slices.Equal(y, []float64{1, 1.75, 2.5, 2.25}) {
		t.Errorf("y = %v", y)
	}
}

func TestConvolveBug(t *testing.T) {
	taps := [][]float64{{1}, {0.5, 0.5}, {1}, {0.25, 0.5, 0.25}}
	wantDivergence(t, ConvolveBug([]float64{1, 2, 3, 4}, taps, make([]float64, 4)))
}

func TestMatchAt(t *testing.T) {
	hit := make([]bool, 4)
	wantNil(t, MatchAt("abéab", "bé", hit))
	if !slices.Equal(hit, []bool{false, true, false, false}) {
		t.Errorf("hit = %v", hit)
	}
}

func TestMatchAtBug(t *testing.T) {
	wantDivergence(t, MatchAtBug("abéab", []string{"b", "bé", "ab", "x"}, make([]bool, 4)))
}

var quotas = map[string]int{"a": 1, "b": 2, "c": 50, "d": 3, "e": 4, "f": 5, "g": 6, "h": 7}

func TestAdmit(t *testing.T) {
	adm := make([]int, 8)
	wantNil(t, Admit(quotas, 10, adm))
	for _, n := range adm {
		if n != 3 {
			t.Fatalf("admitted = %v", adm)
		}
	}
}

func TestAdmitBug(t *testing.T) {
	wantDivergence(t, AdmitBug(quotas, 10, make([]int, 8)))
}

func TestWindow(t *testing.T) {
	y := make([]float64, 4)
	wantNil(t, Window([]float64{1, 2, 3, 4}, y))
	want := []float64{7.0 / 3, 2, 3, 8.0 / 3}
	for i := range y {
		if !near(y[i], want[i]) {
			t.Errorf("y = %v", y)
		}
	}
}

func TestWindowBug(t *testing.T) {
	wantDivergence(t, WindowBug([]float64{1, 2, 3, 4}, make([]float64, 4)))
}

func jobs(n int) chan int {
	c := make(chan int, n)
	for i := 1; i <= n; i++ {
		c <- i
	}
	close(c)
	return c
}

func TestSumJobs(t *testing.T) {
	var total int
	wantNil(t, SumJobs(jobs(10), &total))
	if total != 55 {
		t.Errorf("total = %d", total)
	}
}

func TestSumJobsBug(t *testing.T) {
	var total int
	wantDivergence(t, SumJobsBug(jobs(10), &total))
}

func seq(n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = float64(i)
	}
	return s
}

func TestScaleTiles(t *testing.T) {
	d := seq(10)
	wantNil(t, ScaleTiles(d, 2))
	for i, v := range d {
		if v != float64(2*i) {
			t.Fatalf("d = %v", d)
		}
	}
}

func TestScaleTilesBug(t *testing.T) {
	wantDivergence(t, ScaleTilesBug(seq(10), 2))
}

func TestSquare(t *testing.T) {
	d := seq(10)
	wantNil(t, Square(d))
	for i, v := range d {
		if v != float64(i*i) {
			t.Fatalf("d = %v", d)
		}
	}
}

func TestSquareBug(t *testing.T) {
	wantDivergence(t, SquareBug(seq(10)))
}

var recs = [][]int{{1, 2, 3}, {1, -1, 2}, {-5, 0, 0}}

func TestValidate(t *testing.T) {
	bad := make([]int, 3)
	wantNil(t, Validate(recs, 3, bad))
	if !slices.Equal(bad, []int{-1, 1, 0}) {
		t.Errorf("bad = %v", bad)
	}
}

func TestValidateBug(t *testing.T) {
	wantDivergence(t, ValidateBug(recs, 3, make([]int, 3)))
}

var adj = [][]int{{1}, {0, 2}, {1, 3}, {2}, {}, {6}, {5}}

func TestComponents(t *testing.T) {
	label := make([]int, 7)
	var r int
	wantNil(t, Components(adj, label, &r))
	if r != 4 || !slices.Equal(label, []int{0, 0, 0, 0, 4, 5, 5}) {
		t.Errorf("rounds %d label %v", r, label)
	}
}

func TestComponentsBug(t *testing.T) {
	var r int
	wantDivergence(t, ComponentsBug(adj, make([]int, 7), &r))
}

var (
	table = []int{-1, -1, -1, 3, 11, 5, -1, -1}
	pkeys = []int{3, 11, 5, 19, 7}
)

func TestProbe(t *testing.T) {
	slots := make([]int, 5)
	var hits int
	wantNil(t, Probe(table, pkeys, slots, &hits))
	if hits != 3 || !slices.Equal(slots, []int{3, 4, 5, -1, -1}) {
		t.Errorf("hits %d slots %v", hits, slots)
	}
}

func TestProbeBug(t *testing.T) {
	var m int
	wantDivergence(t, ProbeBug(table, pkeys, make([]int, 5), &m))
}

var compactIn = []float64{1, -2, 3, -4, 5, 6}

func TestCompact(t *testing.T) {
	sums := make([]float64, 2)
	wantNil(t, Compact(compactIn, 2, sums))
	if !slices.Equal(sums, []float64{4, 11}) {
		t.Errorf("sums = %v", sums)
	}
}

func TestCompactBug(t *testing.T) {
	wantDivergence(t, CompactBug(compactIn, 2, make([]float64, 2)))
}
