package graph

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

func text(n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = byte((i*i*31 + i*7) % 251)
	}
	return out
}

func TestByteHistogram(t *testing.T) {
	for _, n := range []int{0, 1, 1024, 2500} {
		data := text(n)
		var want [histBins]int32
		for _, c := range data {
			want[c]++
		}
		got, err := ByteHistogram(data)
		if err != nil || got != want {
			t.Errorf("ByteHistogram(%d) = %v, %v, want %v", n, got, err, want)
		}
	}
	_, err := ByteHistogramBug(text(100))
	wantDivergence(t, "ByteHistogramBug", err)
}

func TestAggregatedHistogram(t *testing.T) {
	for _, n := range []int{0, 1, 64, 200} {
		vals := make([]uint8, n)
		want := make([]int32, 10)
		for i := range vals {
			vals[i] = uint8((i * i) % 10)
			want[vals[i]]++
		}
		got, err := AggregatedHistogram(vals, 10)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("AggregatedHistogram(%d) = %v, %v, want %v", n, got, err, want)
		}
	}
	vals := make([]uint8, 64)
	for i := range vals {
		vals[i] = uint8(i % 3)
	}
	_, err := AggregatedHistogramBug(vals, 10)
	wantDivergence(t, "AggregatedHistogramBug", err)
}

// csr returns an undirected graph on nv vertices: a path 0-1-2-...-(nv/2-1)
// with chords, plus the vertices from nv/2 on in a separate ring
// (unreachable from 0).
func csr(nv int) (rowPtr, col []int) {
	adj := make([][]int, nv)
	add := func(u, v int) {
		adj[u] = append(adj[u], v)
		adj[v] = append(adj[v], u)
	}
	h := nv / 2
	for v := 1; v < h; v++ {
		add(v-1, v)
		if v%7 == 0 {
			add(v, v/7)
		}
	}
	for v := h; v < nv; v++ {
		add(v, h+(v-h+1)%(nv-h))
	}
	rowPtr = []int{0}
	for _, a := range adj {
		col = append(col, a...)
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
	rowPtr, col := csr(300)
	for _, src := range []int{0, 10, 149, 200} {
		want := bfsRef(rowPtr, col, src)
		got, err := BFS(rowPtr, col, src)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("BFS(%d) = %v, %v, want %v", src, got, err, want)
		}
		got, err = CooperativeBFS(rowPtr, col, src)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("CooperativeBFS(%d) = %v, %v, want %v", src, got, err, want)
		}
	}
	_, err := BFSBug(rowPtr, col, 0)
	wantDivergence(t, "BFSBug", err)
	_, err = CooperativeBFSBug(rowPtr, col, 0)
	wantDivergence(t, "CooperativeBFSBug", err)
}

func TestComponents(t *testing.T) {
	// Three components: 0..9 in a path, 10..29 as a star around 29, 30
	// alone.
	var src, dst []int
	for v := 9; v > 0; v-- {
		src, dst = append(src, v), append(dst, v-1)
	}
	for v := 10; v < 29; v++ {
		src, dst = append(src, 29), append(dst, v)
	}
	got, err := Components(31, src, dst)
	want := make([]int32, 31)
	for v := range want {
		switch {
		case v < 10:
			want[v] = 0
		case v < 30:
			want[v] = 10
		default:
			want[v] = 30
		}
	}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("Components = %v, %v, want %v", got, err, want)
	}
	_, err = ComponentsBug(31, src, dst)
	wantDivergence(t, "ComponentsBug", err)
}

// matrix returns a CSR matrix of nrows rows where row r has r%6 nonzeros
// (so some rows are empty) and up to 70 in every tenth row.
func matrix(nrows, ncols int) (rowPtr, col []int, val []float64) {
	rowPtr = []int{0}
	for r := range nrows {
		nnz := r % 6
		if r%10 == 0 {
			nnz = min(70, ncols)
		}
		for k := range nnz {
			col = append(col, (r+k*5)%ncols)
			val = append(val, float64((r*k)%7)-3)
		}
		rowPtr = append(rowPtr, len(col))
	}
	return rowPtr, col, val
}

func spmvRef(rowPtr, col []int, val, x []float64) []float64 {
	y := make([]float64, len(rowPtr)-1)
	for r := range y {
		for e := rowPtr[r]; e < rowPtr[r+1]; e++ {
			y[r] += val[e] * x[col[e]]
		}
	}
	return y
}

func close(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-9 {
			return false
		}
	}
	return true
}

func TestSpMV(t *testing.T) {
	for _, nrows := range []int{1, 63, 100, 129} {
		rowPtr, col, val := matrix(nrows, 80)
		x := make([]float64, 80)
		for i := range x {
			x[i] = float64(i%9) / 2
		}
		b := make([]float64, nrows)
		for i := range b {
			b[i] = float64(i)
		}
		y := spmvRef(rowPtr, col, val, x)
		wantR := make([]float64, nrows)
		want2 := 0.0
		for i := range y {
			wantR[i] = b[i] - y[i]
			want2 += wantR[i] * wantR[i]
		}
		r, n2, err := SpMVResidual(rowPtr, col, val, x, b)
		if err != nil || !close(r, wantR) || math.Abs(n2-want2) > 1e-6 {
			t.Errorf("SpMVResidual(%d) = %v, %g, %v, want %v, %g", nrows, r, n2, err, wantR, want2)
		}
		got, err := SpMVVector(rowPtr, col, val, x)
		if err != nil || !close(got, y) {
			t.Errorf("SpMVVector(%d) = %v, %v, want %v", nrows, got, err, y)
		}
	}
	rowPtr, col, val := matrix(101, 80)
	x := make([]float64, 80)
	_, _, err := SpMVResidualBug(rowPtr, col, val, x, make([]float64, 101))
	wantDivergence(t, "SpMVResidualBug", err)
	_, err = SpMVVectorBug(rowPtr, col, val, x)
	wantDivergence(t, "SpMVVectorBug", err)
}

func TestTiledHistogram(t *testing.T) {
	for _, n := range []int{0, 1, 512, 1000, 3000} {
		data := text(n)
		want := make([]int32, 16)
		for _, c := range data {
			want[c%16]++
		}
		got, err := TiledHistogram(data, 16)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("TiledHistogram(%d) = %v, %v, want %v", n, got, err, want)
		}
	}
	_, err := TiledHistogramBug(text(1000), 16)
	wantDivergence(t, "TiledHistogramBug", err)
}
