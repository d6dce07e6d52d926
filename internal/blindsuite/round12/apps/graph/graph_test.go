package graph

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/apps/gpu"
	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("diverged as expected: %v", err)
}

func testGraph() *Graph {
	edges := [][2]int32{{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}, {4, 5}, {2, 6}, {6, 7}, {7, 5}, {8, 9}}
	adj := make([][]int32, 10)
	for _, e := range edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	g := &Graph{N: 10, RowPtr: []int32{0}}
	for _, a := range adj {
		g.Adj = append(g.Adj, a...)
		g.RowPtr = append(g.RowPtr, int32(len(g.Adj)))
	}
	return g
}

func (g *Graph) bfsRef(src int32) []int32 {
	dist := make([]int32, g.N)
	for i := range dist {
		dist[i] = -1
	}
	dist[src] = 0
	q := []int32{src}
	for len(q) > 0 {
		u := q[0]
		q = q[1:]
		for _, v := range g.Adj[g.RowPtr[u]:g.RowPtr[u+1]] {
			if dist[v] < 0 {
				dist[v] = dist[u] + 1
				q = append(q, v)
			}
		}
	}
	return dist
}

func newState(n int) *BFSState {
	return &BFSState{Frontier: make([]int32, n), Next: make([]int32, n)}
}

func TestBFS(t *testing.T) {
	g := testGraph()
	dist := make([]int32, g.N)
	st := newState(g.N)
	if err := spmd.Run(4, func(l spmd.Lane) { g.BFS(l, 0, dist, st) }); err != nil {
		t.Fatal(err)
	}
	if want := g.bfsRef(0); !slices.Equal(dist, want) {
		t.Fatalf("dist %v, want %v", dist, want)
	}
}

func TestBFSSyncEdges(t *testing.T) {
	g := testGraph()
	dist := make([]int32, g.N)
	st := newState(g.N)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { g.BFSSyncEdges(l, 0, dist, st) }))
}

func TestLeaderCluster(t *testing.T) {
	pts := []Point{{0, 0}, {10, 10}, {0.5, 0}, {20, 0}, {0, 0.2}, {10, 10.5}, {30, 30}, {0, 0}}
	leaders := []Point{{0, 0}, {10, 10}}
	member := make([]int, 8)
	newLeaders := make([]Point, 8)
	var added int
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { LeaderCluster(l, pts, leaders, 1, member, newLeaders, &added) }))
}

func kmeansPoints() []Point {
	var pts []Point
	for i := range 30 {
		c := Point{float64(i%3) * 10, float64(i%3%2) * 7}
		pts = append(pts, Point{c.X + math.Sin(float64(i)), c.Y + math.Cos(float64(i))})
	}
	return pts
}

func TestKMeansStep(t *testing.T) {
	pts := kmeansPoints()
	cent := []Point{{1, 1}, {9, 6}, {21, -1}, {100, 100}}
	smem := make([]float64, 2*len(cent))
	assign := make([]int, len(pts))
	newCent := make([]Point, len(cent))
	if err := spmd.Run(8, func(l spmd.Lane) { KMeansStep(l, pts, cent, smem, assign, newCent) }); err != nil {
		t.Fatal(err)
	}
	var sx, sy [4]float64
	var n [4]int
	for i, p := range pts {
		best, bd := 0, math.Inf(1)
		for c, q := range cent {
			if d := p.dist2(q); d < bd {
				best, bd = c, d
			}
		}
		if assign[i] != best {
			t.Fatalf("assign[%d] = %d, want %d", i, assign[i], best)
		}
		sx[best] += p.X
		sy[best] += p.Y
		n[best]++
	}
	for c := range cent {
		want := cent[c]
		if n[c] > 0 {
			want = Point{sx[c] / float64(n[c]), sy[c] / float64(n[c])}
		}
		if math.Abs(newCent[c].X-want.X) > 1e-9 || math.Abs(newCent[c].Y-want.Y) > 1e-9 {
			t.Fatalf("centroid %d = %v, want %v", c, newCent[c], want)
		}
	}
}

func TestKMeansSkipEmpty(t *testing.T) {
	// Two lanes: lane 0 gets points 0 and 2 (clusters 0 and 1), lane 1 gets point 1
	// (cluster 0) only.
	pts := []Point{{0, 0}, {0.5, 0}, {10, 10}}
	cent := []Point{{0, 0}, {10, 10}}
	assign := make([]int, len(pts))
	newCent := make([]Point, len(cent))
	wantDivergence(t, spmd.Run(2, func(l spmd.Lane) { KMeansSkipEmpty(l, pts, cent, assign, newCent) }))
}

func TestProcessQueue(t *testing.T) {
	items := make([]float64, 23)
	for i := range items {
		items[i] = float64(i)
	}
	out := make([]float64, len(items))
	var q gpu.Queue
	if err := spmd.Run(4, func(l spmd.Lane) { ProcessQueue(l, &q, items, out, 5) }); err != nil {
		t.Fatal(err)
	}
	for i, v := range out {
		if v != float64(i*i) {
			t.Fatalf("out[%d] = %v", i, v)
		}
	}
}

func TestProcessQueueEach(t *testing.T) {
	items := make([]float64, 10)
	out := make([]float64, len(items))
	var q gpu.Queue
	var rounds int
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { ProcessQueueEach(l, &q, items, out, &rounds) }))
}

func TestDrainPool(t *testing.T) {
	tasks := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	out := make([]int, len(tasks))
	var done int
	pool := gpu.NewTaskPool(tasks)
	if err := spmd.Run(4, func(l spmd.Lane) { DrainPool(l, pool, out, &done) }); err != nil {
		t.Fatal(err)
	}
	for i, v := range out {
		if v != 2*i+1 {
			t.Fatalf("out[%d] = %d", i, v)
		}
	}
	if done != len(tasks) {
		t.Fatalf("done %d", done)
	}
}

func TestDrainPoolSynced(t *testing.T) {
	tasks := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	out := make([]int, len(tasks))
	pool := gpu.NewTaskPool(tasks)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { DrainPoolSynced(l, pool, out) }))
}

func TestFindFirst(t *testing.T) {
	data := make([]int, 40)
	for i := range data {
		data[i] = i % 17
	}
	data[19], data[21] = 99, 99
	var pos, hits int
	if err := spmd.Run(16, func(l spmd.Lane) { FindFirst(l, data, 99, &pos, &hits) }); err != nil {
		t.Fatal(err)
	}
	if pos != 19 || hits != 2 {
		t.Fatalf("pos %d hits %d", pos, hits)
	}
	if err := spmd.Run(16, func(l spmd.Lane) { FindFirst(l, data, 1000, &pos, &hits) }); err != nil {
		t.Fatal(err)
	}
	if pos != -1 || hits != 0 {
		t.Fatalf("pos %d hits %d", pos, hits)
	}
}

func TestQuantize(t *testing.T) {
	data := []float64{2, 4, -6, 1, 0, 5, 5, 5, 4, -8, 2}
	orig := slices.Clone(data)
	peak := make([]float64, 3)
	if err := gpu.LaunchGrid(3, 4, func(th gpu.Thread) { Quantize(th, data, peak) }); err != nil {
		t.Fatal(err)
	}
	want := []float64{1, 2, -3, 0.5, 0, 5, 5, 5, 1, -2, 0.5}
	if !slices.Equal(data, want) || peak[0] != 3 || peak[1] != 0 || peak[2] != 2 {
		t.Fatalf("data %v (from %v) peak %v", data, orig, peak)
	}
}

func TestRingBalance(t *testing.T) {
	load := []int{100, 1, 1, 1}
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { RingBalance(l, load, 3) }))
}
