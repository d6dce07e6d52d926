package gotoloops

import (
	"errors"
	"math"
	"slices"
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

var scanData = []int{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5}

func TestScanGoto(t *testing.T) {
	for _, n := range []int{1, 2, 5, len(scanData)} {
		got, err := ScanGoto(scanData[:n])
		if err != nil {
			t.Fatal(err)
		}
		want := make([]int, n)
		s := 0
		for i := range n {
			s += scanData[i]
			want[i] = s
		}
		if !slices.Equal(got, want) {
			t.Errorf("n=%d: got %v, want %v", n, got, want)
		}
	}
}

func TestScanGotoEarlyOut(t *testing.T) {
	_, err := ScanGotoEarlyOut(scanData)
	wantDivergence(t, err)
}

// graph: components {0,3,5}, {1,2,6,7} (a path 7-6-2-1), {4}.
var (
	adjPtr = []int{0, 2, 3, 5, 6, 6, 7, 9, 10}
	adj    = []int{3, 5, 2, 1, 6, 0, 0, 2, 7, 6}
)

func TestComponents(t *testing.T) {
	lab, count, err := Components(adjPtr, adj)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 1, 1, 0, 4, 0, 1, 1}; !slices.Equal(lab, want) || count != 3 {
		t.Errorf("got %v %d, want %v 3", lab, count, want)
	}
}

func TestComponentsLocal(t *testing.T) {
	_, _, err := ComponentsLocal(adjPtr, adj)
	wantDivergence(t, err)
}

func pipelined(src, first []float64, lanes, rounds int, warm bool) []float64 {
	sums := make([]float64, lanes)
	for i := range lanes {
		for r := range rounds {
			if r == 0 && warm {
				sums[i] += first[i]
			} else {
				sums[i] += src[r*lanes+(i+1)%lanes]
			}
		}
	}
	return sums
}

func TestPipelinedSum(t *testing.T) {
	lanes, rounds := 4, 3
	src := make([]float64, lanes*rounds)
	for k := range src {
		src[k] = float64(k*k%7) + 0.5
	}
	first := []float64{10, 20, 30, 40}
	for _, warm := range []bool{false, true} {
		sums, total, err := PipelinedSum(src, first, lanes, rounds, warm)
		if err != nil {
			t.Fatal(err)
		}
		want := pipelined(src, first, lanes, rounds, warm)
		wantTotal := 0.0
		for _, s := range want {
			wantTotal += s
		}
		if !near(sums, want) || math.Abs(total-wantTotal) > 1e-9 {
			t.Errorf("warm=%v: got %v %g, want %v %g", warm, sums, total, want, wantTotal)
		}
	}
}

func TestPipelinedSumPerLane(t *testing.T) {
	lanes, rounds := 4, 3
	src := make([]float64, lanes*rounds)
	first := []float64{0, 20, 0, 40}
	_, err := PipelinedSumPerLane(src, first, lanes, rounds)
	wantDivergence(t, err)
}

var grid = []int{
	7, 3, 19, 0, 12,
	5, 14, 1, 9, 16,
	2, 18, 11, 6, 4,
	13, 8, 17, 10, 15,
}

func TestFindKeys(t *testing.T) {
	for _, keys := range [][]int{
		{7, 4, 10, 21, 1, 13},
		{3, 7, 12, 0, 19, 5}, // all in the first two rows: early exit
	} {
		where, hits, err := FindKeys(grid, 4, 5, keys)
		if err != nil {
			t.Fatal(err)
		}
		var want []int
		wantHits := 0
		for _, k := range keys {
			p := slices.Index(grid, k)
			want = append(want, p)
			if p >= 0 {
				wantHits++
			}
		}
		if !slices.Equal(where, want) || hits != wantHits {
			t.Errorf("got %v %d, want %v %d", where, hits, want, wantHits)
		}
	}
}

func TestFindKeysGoto(t *testing.T) {
	_, _, err := FindKeysGoto(grid, 4, 5, []int{7, 4, 10, 21, 1, 13})
	wantDivergence(t, err)
}

// keys that collide modulo 11: 3, 14, 25 and 7, 18.
var hashKeys = []int64{3, 14, 7, 25, 18, 9}

func TestInsert(t *testing.T) {
	slots := make([]int64, 11)
	pos, err := Insert(slots, hashKeys)
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range hashKeys {
		if slots[pos[i]] != k {
			t.Errorf("key %d: slot %d holds %d", k, pos[i], slots[pos[i]])
		}
	}
	n := 0
	for _, s := range slots {
		if s != 0 {
			n++
		}
	}
	if n != len(hashKeys) {
		t.Errorf("%d slots used, want %d", n, len(hashKeys))
	}
}

func TestInsertRetry(t *testing.T) {
	slots := make([]int64, 11)
	_, err := InsertRetry(slots, hashKeys)
	wantDivergence(t, err)
}

var (
	rleRuns = []Run{{2, 1}, {1, 7}, {3, 4}, {1, 9}, {2, 5}, {4, 0}, {1, 8}}
	rleSeg  = []int{0, 3, 4, 4, 7} // lanes own 3, 1, 0 and 3 runs
)

func TestDecodeRLE(t *testing.T) {
	got, err := DecodeRLE(rleRuns, rleSeg)
	if err != nil {
		t.Fatal(err)
	}
	// Round-major order: the r-th run of every lane, lane by lane.
	var want []int
	for r := 0; ; r++ {
		any := false
		for i := 0; i+1 < len(rleSeg); i++ {
			if k := rleSeg[i] + r; k < rleSeg[i+1] {
				any = true
				for range rleRuns[k].N {
					want = append(want, rleRuns[k].V)
				}
			}
		}
		if !any {
			break
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestDecodeRLEOwnRuns(t *testing.T) {
	_, err := DecodeRLEOwnRuns(rleRuns, rleSeg)
	wantDivergence(t, err)
}

func relax(a []float64, steps int, startB bool) []float64 {
	n := len(a)
	a = slices.Clone(a)
	for range steps {
		next := make([]float64, n)
		for i := range n {
			next[i] = (a[(i+n-1)%n] + a[i] + a[(i+1)%n]) / 3
		}
		a = next
	}
	return a
}

func TestRelax(t *testing.T) {
	init := []float64{9, 0, 0, 3, 0, 0, 6, 0}
	for _, steps := range []int{0, 1, 4, 5} {
		for _, startB := range []bool{false, true} {
			a := slices.Clone(init)
			b := make([]float64, len(a))
			in, out := a, b // stage A reads a, B reads b
			if startB {
				in, out = b, a
				copy(b, init)
			}
			if err := Relax(a, b, steps, startB); err != nil {
				t.Fatal(err)
			}
			want := relax(init, steps, startB)
			got := out
			if steps%2 == 0 {
				got = in
			}
			if !near(got, want) {
				t.Errorf("steps=%d startB=%v: got %v, want %v", steps, startB, got, want)
			}
		}
	}
}

func TestRelaxParity(t *testing.T) {
	a := []float64{9, 0, 0, 3, 0, 0, 6, 0}
	wantDivergence(t, RelaxParity(a, make([]float64, len(a)), 4))
}

func TestParseSum(t *testing.T) {
	sum, ok, err := ParseSum([]string{"12", "3.25", "0.5", "7", "100.125"}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if !ok || sum != 12+3.25+0.5+7+100.125 {
		t.Errorf("got %g %v", sum, ok)
	}
	_, ok, err = ParseSum([]string{"12", "3.25", "12345", "7"}, 1000)
	if err != nil || ok {
		t.Errorf("overflow: got ok=%v err=%v", ok, err)
	}
}

func TestParseSumEarlyAbort(t *testing.T) {
	_, _, err := ParseSumEarlyAbort([]string{"12", "3.25", "0.5", "7", "100.125"}, 1000)
	wantDivergence(t, err)
}
