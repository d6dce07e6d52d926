package ambig

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var div *spmd.DivergenceError
	if !errors.As(err, &div) {
		t.Fatalf("%s: got error %v, want a *spmd.DivergenceError", name, err)
	}
	t.Logf("%s: %v", name, err)
}

func TestTreeForCond(t *testing.T) {
	for _, n := range []int{0, 1, 64, 1000} {
		in := make([]int, n)
		want := 0
		for i := range in {
			in[i] = i%13 - 6
			want += in[i]
		}
		got, err := TreeForCond(in)
		if err != nil || got != want {
			t.Errorf("TreeForCond(%d) = %d, %v, want %d", n, got, err, want)
		}
	}
}

func chain(nv int) (rowPtr, col []int) {
	rowPtr = []int{0}
	for v := range nv {
		if v > 0 {
			col = append(col, v-1)
		}
		if v+1 < nv {
			col = append(col, v+1)
		}
		if v%10 == 0 && v+10 < nv {
			col = append(col, v+10)
		}
		if v%10 == 0 && v >= 10 {
			col = append(col, v-10)
		}
		rowPtr = append(rowPtr, len(col))
	}
	return rowPtr, col
}

func bfsRef(rowPtr, col []int, src int) []int32 {
	dist := make([]int32, len(rowPtr)-1)
	for i := range dist {
		dist[i] = -1
	}
	dist[src] = 0
	q := []int{src}
	for len(q) > 0 {
		v := q[0]
		q = q[1:]
		for _, w := range col[rowPtr[v]:rowPtr[v+1]] {
			if dist[w] < 0 {
				dist[w] = dist[v] + 1
				q = append(q, w)
			}
		}
	}
	return dist
}

func TestBFS(t *testing.T) {
	rowPtr, col := chain(150)
	want := bfsRef(rowPtr, col, 3)
	got, err := BFSShared(rowPtr, col, 3)
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("BFSShared = %v, %v, want %v", got, err, want)
	}
	got, err = BFSAtomicRead(rowPtr, col, 3)
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("BFSAtomicRead = %v, %v, want %v", got, err, want)
	}
}

func TestMatMulRangeUnderIf(t *testing.T) {
	a := make([]float64, 8*8)
	b := make([]float64, 8*8)
	for i := range a {
		a[i], b[i] = float64(i%3), float64(i%5)
	}
	got, err := MatMulRangeUnderIf(a, b, 8, 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 8 {
		for j := range 8 {
			want := 0.0
			for k := range 8 {
				want += a[i*8+k] * b[k*8+j]
			}
			if got[i*8+j] != want {
				t.Errorf("MatMulRangeUnderIf[%d][%d] = %g, want %g", i, j, got[i*8+j], want)
			}
		}
	}
	_, err = MatMulRangeUnderIf(make([]float64, 10*3), make([]float64, 3*7), 10, 3, 7)
	wantDivergence(t, "MatMulRangeUnderIf(10x7)", err)
}

func TestWarpAllReduceBranch(t *testing.T) {
	in := make([]int32, 100)
	total := int32(0)
	for i := range in {
		in[i] = int32(i % 7)
		total += in[i]
	}
	for _, thr := range []int32{0, total + 1} {
		got, err := WarpAllReduceBranch(in, thr)
		if err != nil {
			t.Fatalf("WarpAllReduceBranch(%d): %v", thr, err)
		}
		want := total
		if total > thr {
			want = 0
		}
		for i, v := range got {
			if v != want {
				t.Errorf("WarpAllReduceBranch(%d)[%d] = %d, want %d", thr, i, v, want)
			}
		}
	}
}

func TestGather(t *testing.T) {
	data := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	idx := make([]int, 100)
	for i := range idx {
		idx[i] = (i * 3) % len(data)
	}
	check := func(name string, got []float64) {
		for i := range idx {
			want := data[idx[i]]
			if j := i + 1; j%block != 0 && j < len(idx) {
				want += data[idx[j]]
			} else if j%block == 0 {
				// the neighbor wraps to lane 0 of the same chunk
				want += data[idx[i-block+1]]
			}
			if math.Abs(got[i]-want) > 0 {
				t.Errorf("%s[%d] = %g, want %g", name, i, got[i], want)
			}
		}
	}
	got, err := GatherPanicGuard(data, idx)
	if err != nil {
		t.Fatal(err)
	}
	check("GatherPanicGuard", got)
	got, failed, err := GatherPanicRecover(data, idx)
	if err != nil || slices.Contains(failed, true) {
		t.Fatalf("GatherPanicRecover: %v, failed %v", err, failed)
	}
	check("GatherPanicRecover", got)

	bad := slices.Clone(idx)
	bad[5] = 99
	_, err = GatherPanicGuard(data, bad)
	var pe *spmd.PanicError
	if !errors.As(err, &pe) {
		t.Errorf("GatherPanicGuard(bad) = %v, want a *spmd.PanicError", err)
	}
	_, _, err = GatherPanicRecover(data, bad)
	wantDivergence(t, "GatherPanicRecover(bad)", err)
}

func TestWindowFIR(t *testing.T) {
	w := []float64{0.5, -1, 2, -1, 0.5}
	x := make([]float64, 60)
	for i := range x {
		x[i] = float64(i%6) - 2.5
	}
	got, peak, err := WindowFIR(x, w)
	if err != nil {
		t.Fatal(err)
	}
	wantPeak := 0.0
	for o := range len(x) + 1 - len(w) {
		acc := 0.0
		for k := range w {
			acc += w[k] * x[o+k]
			wantPeak = max(wantPeak, math.Abs(acc))
		}
		if got[o] != acc {
			t.Errorf("WindowFIR[%d] = %g, want %g", o, got[o], acc)
		}
	}
	if peak < wantPeak {
		t.Errorf("WindowFIR peak = %g, want at least %g", peak, wantPeak)
	}
}
