package graph

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDiv(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence: %v", err)
}

func TestHistogram(t *testing.T) {
	data := make([]byte, 1000)
	want := make([]int32, 10)
	for i := range data {
		data[i] = byte(i * i % 251)
		want[int(data[i])%10]++
	}
	hist, full, err := Histogram(16, data, 10)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(hist, want) || full != slices.Max(want) {
		t.Fatalf("hist %v full %d, want %v", hist, full, want)
	}
}

func ints(n int) []int64 {
	s := make([]int64, n)
	for i := range s {
		s[i] = int64(i)
	}
	return s
}

func TestSumLastArriver(t *testing.T) {
	in := ints(50)
	partial := make([]int64, 8)
	var ticket int32
	var out int64
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { SumLastArriver(l, in, partial, &ticket, &out) }))
}

func TestSumLastArriverShared(t *testing.T) {
	in := ints(50)
	partial := make([]int64, 8)
	isLast := make([]bool, 1)
	var ticket int32
	var out int64
	if err := spmd.Run(8, func(l spmd.Lane) { SumLastArriverShared(l, in, partial, isLast, &ticket, &out) }); err != nil {
		t.Fatal(err)
	}
	if out != 49*50/2 {
		t.Fatalf("sum = %d", out)
	}
}

// testGraph: a path 0-1-2-...-9 plus chords, and an isolated vertex 10.
func testGraph() (CSR, []int32) {
	adj := map[int][]int{}
	edge := func(a, b int) { adj[a] = append(adj[a], b); adj[b] = append(adj[b], a) }
	for i := 0; i < 9; i++ {
		edge(i, i+1)
	}
	edge(0, 5)
	edge(2, 8)
	var g CSR
	g.RowPtr = []int32{0}
	for v := 0; v < 11; v++ {
		nb := adj[v]
		slices.Sort(nb)
		for _, u := range nb {
			g.Col = append(g.Col, int32(u))
		}
		g.RowPtr = append(g.RowPtr, int32(len(g.Col)))
	}
	want := []int32{0, 1, 2, 3, 2, 1, 2, 3, 3, 4, -1}
	return g, want
}

func initDist(n int) []int32 {
	d := make([]int32, n)
	for i := range d {
		d[i] = -1
	}
	d[0] = 0
	return d
}

func TestBFSLevels(t *testing.T) {
	g, want := testGraph()
	for _, lanes := range []int{1, 3, 4, 16} {
		dist := initDist(g.N())
		if err := spmd.Run(lanes, func(l spmd.Lane) { BFSLevels(l, g, dist) }); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(dist, want) {
			t.Fatalf("lanes %d: %v want %v", lanes, dist, want)
		}
	}
}

func TestBFSLevelsLocalStop(t *testing.T) {
	g, _ := testGraph()
	dist := initDist(g.N())
	wantDiv(t, spmd.Run(4, func(l spmd.Lane) { BFSLevelsLocalStop(l, g, dist) }))
}

func TestBFSQueue(t *testing.T) {
	g, want := testGraph()
	for _, lanes := range []int{1, 2, 5, 8} {
		dist, err := BFSQueue(lanes, g, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(dist, want) {
			t.Fatalf("lanes %d: %v want %v", lanes, dist, want)
		}
	}
}
