package labels

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("err = %v, want a *spmd.DivergenceError", err)
	}
	t.Log(err)
}

func near(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-9*(1+math.Abs(b[i])) {
			return false
		}
	}
	return true
}

const text = "abracadabra cab abra"

var pats = []string{"abra", "cab", "a", "zz", "bra c"}

func TestPatternCounts(t *testing.T) {
	counts, cands, err := PatternCounts(text, pats)
	if err != nil {
		t.Fatal(err)
	}
	for p, pat := range pats {
		want := 0
		for i := range text {
			if strings.HasPrefix(text[i:], pat) {
				want++
			}
		}
		if counts[p] != want {
			t.Errorf("count of %q = %d, want %d", pat, counts[p], want)
		}
		if wantC := len(text) - len(pat) + 1; cands[p] != wantC {
			t.Errorf("candidates of %q = %d, want %d", pat, cands[p], wantC)
		}
	}
}

func TestPatternCountsContinue(t *testing.T) {
	_, _, err := PatternCountsContinue(text, pats)
	wantDivergence(t, err)
}

// grid is 4×5 and holds 0..19 in a shuffled order.
var grid = []int{
	7, 3, 19, 0, 12,
	5, 14, 1, 9, 16,
	2, 18, 11, 6, 4,
	13, 8, 17, 10, 15,
}

var searchKeys = []int{7, 4, 10, 21, 1, 13}

func TestSearchRows(t *testing.T) {
	got, err := SearchRows(grid, 4, 5, searchKeys)
	if err != nil {
		t.Fatal(err)
	}
	var want []int
	for _, k := range searchKeys {
		want = append(want, slices.Index(grid, k))
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	// All keys present: the lanes leave early together.
	got, err = SearchRows(grid, 4, 5, []int{7, 3, 19, 0, 12, 5})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 1, 2, 3, 4, 5}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestSearchRowsBreak(t *testing.T) {
	_, err := SearchRowsBreak(grid, 4, 5, searchKeys)
	wantDivergence(t, err)
}

func sharpenFrames(img []float64, mask []bool, nf, h, w int) (out, totals []float64) {
	out = make([]float64, len(img))
	totals = make([]float64, nf)
	for f := range nf {
		for y := range h {
			row := make([]float64, w)
			rowMax := 0.0
			for x := range w {
				p := (f*h+y)*w + x
				if mask[p] {
					continue
				}
				for k := -1; k <= 1; k++ {
					if x+k >= 0 && x+k < w {
						row[x] += sharpen[k+1] * img[p+k]
					}
				}
				rowMax = max(rowMax, math.Abs(row[x]))
			}
			for x := range w {
				if rowMax > 0 {
					out[(f*h+y)*w+x] = row[x] / rowMax
				}
				totals[f] += out[(f*h+y)*w+x]
			}
		}
	}
	return out, totals
}

func frames() (img []float64, mask []bool, nf, h, w int) {
	nf, h, w = 2, 3, 5
	img = make([]float64, nf*h*w)
	mask = make([]bool, len(img))
	for p := range img {
		img[p] = float64((p*7)%11) - 3
	}
	mask[3] = true
	mask[2*w+1] = true
	mask[h*w+4] = true
	return
}

func TestSharpenFrames(t *testing.T) {
	img, mask, nf, h, w := frames()
	out, totals, err := SharpenFrames(img, mask, nf, h, w)
	if err != nil {
		t.Fatal(err)
	}
	wantOut, wantTotals := sharpenFrames(img, mask, nf, h, w)
	if !near(out, wantOut) || !near(totals, wantTotals) {
		t.Errorf("got %v %v, want %v %v", out, totals, wantOut, wantTotals)
	}
}

func TestSharpenFramesSkipMasked(t *testing.T) {
	img, mask, nf, h, w := frames()
	_, _, err := SharpenFramesSkipMasked(img, mask, nf, h, w)
	wantDivergence(t, err)
}

func multiLevel(u []float64, coarsest, steps, maxCycles int, tol float64) (levelRes, norms []float64, total int, out []float64) {
	u = slices.Clone(u)
	n := len(u)
	for range maxCycles {
		for h := coarsest; h >= 1; h /= 2 {
			for range steps {
				total++
				next := slices.Clone(u)
				d := 0.0
				for i := range n {
					if i%h == 0 && i-h >= 0 && i+h < n {
						next[i] = 0.5 * (u[i-h] + u[i+h])
					}
					d = max(d, math.Abs(next[i]-u[i]))
				}
				u = next
				if d < tol {
					return levelRes, norms, total, u
				}
			}
			r := 0.0
			for i := 1; i < n-1; i++ {
				r = max(r, math.Abs(u[i-1]-2*u[i]+u[i+1]))
			}
			levelRes = append(levelRes, r)
		}
		s := 0.0
		for i := range n {
			s += math.Abs(u[i])
		}
		norms = append(norms, s)
	}
	return levelRes, norms, total, u
}

func smoothInput() []float64 {
	u := make([]float64, 17)
	u[0], u[16] = 4, 12
	u[5], u[11] = 3, -2
	return u
}

func TestMultiLevelSmooth(t *testing.T) {
	for _, maxCycles := range []int{1, 3, 200} {
		u := smoothInput()
		wl, wn, wt, wu := multiLevel(u, 8, 3, maxCycles, 1e-6)
		lr, norms, total, err := MultiLevelSmooth(u, 8, 3, maxCycles, 1e-6)
		if err != nil {
			t.Fatal(err)
		}
		if !near(lr, wl) || !near(norms, wn) || total != wt || !near(u, wu) {
			t.Errorf("maxCycles %d: got %v %v %d %v, want %v %v %d %v", maxCycles, lr, norms, total, u, wl, wn, wt, wu)
		}
	}
}

func TestMultiLevelSmoothLocal(t *testing.T) {
	_, _, _, err := MultiLevelSmoothLocal(smoothInput(), 8, 3, 200, 1e-6)
	wantDivergence(t, err)
}

var cubes = []float64{0.125, 8, 27, 0.5, 100, 1}

func TestCubeRoots(t *testing.T) {
	roots, trace, err := CubeRoots(cubes, 1e-9)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cubes {
		if math.Abs(roots[i]-math.Cbrt(c)) > 1e-8 {
			t.Errorf("cbrt(%g) = %g", c, roots[i])
		}
	}
	if trace[0] != 100 || trace[len(trace)-1] > 1e-9 || len(trace) < 30 {
		t.Errorf("trace = %v", trace)
	}
}

func TestCubeRootsWhile(t *testing.T) {
	_, _, err := CubeRootsWhile(cubes, 1e-9)
	wantDivergence(t, err)
}

var unsorted = []int{5, 1, 4, 2, 8, 0, 2, 9, 7, 3}

func TestOddEvenSort(t *testing.T) {
	got, rounds, err := OddEvenSort(unsorted)
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Sorted(slices.Values(unsorted))
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if rounds < 2 || rounds > len(unsorted) {
		t.Errorf("rounds = %d", rounds)
	}
}

func TestOddEvenSortLocal(t *testing.T) {
	_, _, err := OddEvenSortLocal(unsorted)
	wantDivergence(t, err)
}

func interpret(progs []Op, lanes, steps int) []int {
	regs := make([]int, lanes)
	halted := make([]bool, lanes)
	for pc := range steps {
		next := slices.Clone(regs)
		for i := range lanes {
			op := progs[i*steps+pc]
			switch {
			case op.Code == OpHalt:
				halted[i] = true
			case halted[i]:
			case op.Code == OpAdd:
				next[i] += op.Arg
			case op.Code == OpMul:
				next[i] *= op.Arg
			case op.Code == OpPull:
				next[i] += regs[(i+op.Arg)%lanes]
			}
		}
		regs = next
	}
	return regs
}

// programs for 3 lanes, 5 steps; lane 1 halts at step 2.
var programs = []Op{
	{OpAdd, 2}, {OpMul, 3}, {OpPull, 1}, {OpNop, 0}, {OpAdd, 1},
	{OpAdd, 5}, {OpPull, 2}, {OpHalt, 0}, {OpAdd, 100}, {OpMul, 0},
	{OpAdd, 1}, {OpAdd, 1}, {OpMul, 4}, {OpPull, 2}, {OpPull, 1},
}

func TestInterpret(t *testing.T) {
	got, err := Interpret(programs, 3, 5)
	if err != nil {
		t.Fatal(err)
	}
	if want := interpret(programs, 3, 5); !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestInterpretBreakLoop(t *testing.T) {
	_, err := InterpretBreakLoop(programs, 3, 5)
	wantDivergence(t, err)
}

var (
	sorted10 = []float64{1, 3, 3, 4, 6, 8, 9, 12, 15, 20}
	queries  = []float64{0, 3.5, 9, 7, 30, 2}
)

func TestFirstGreater(t *testing.T) {
	for _, tileLen := range []int{1, 3, 4, 6} {
		got, err := FirstGreater(sorted10, tileLen, queries)
		if err != nil {
			t.Fatal(err)
		}
		var want []int
		for _, q := range queries {
			want = append(want, slices.IndexFunc(sorted10, func(v float64) bool { return v > q }))
		}
		if !slices.Equal(got, want) {
			t.Errorf("tile %d: got %v, want %v", tileLen, got, want)
		}
	}
}

func TestFirstGreaterBreak(t *testing.T) {
	_, err := FirstGreaterBreak(sorted10, 3, queries)
	wantDivergence(t, err)
}

func TestCountGreaterFrom(t *testing.T) {
	from := []int{0, 4, 9, 2, 0, 7}
	for _, tileLen := range []int{2, 3, 6} {
		counts, total, err := CountGreaterFrom(sorted10, tileLen, queries, from)
		if err != nil {
			t.Fatal(err)
		}
		wantTotal := 0
		for i, q := range queries {
			want := 0
			for j := from[i]; j < len(sorted10); j++ {
				if sorted10[j] > q {
					want++
				}
			}
			wantTotal += want
			if counts[i] != want {
				t.Errorf("tile %d query %d: count %d, want %d", tileLen, i, counts[i], want)
			}
		}
		if total != wantTotal {
			t.Errorf("tile %d: total %d, want %d", tileLen, total, wantTotal)
		}
	}
}

var (
	queueItems = []int{5, 1, 2, 7, 3, 9, 4}
	queuePtr   = []int{0, 3, 3, 4, 7} // queues of 3, 0, 1 and 3 items
)

func TestDrainQueues(t *testing.T) {
	sums, backlog, err := DrainQueues(queueItems, queuePtr)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{5 + 2*1 + 3*2, 0, 7, 3 + 2*9 + 3*4}; !slices.Equal(sums, want) {
		t.Errorf("sums = %v, want %v", sums, want)
	}
	if want := []int{7, 4, 2}; !slices.Equal(backlog, want) {
		t.Errorf("backlog = %v, want %v", backlog, want)
	}
}

func TestDrainQueuesLate(t *testing.T) {
	_, _, err := DrainQueuesLate(queueItems, queuePtr)
	wantDivergence(t, err)
}
