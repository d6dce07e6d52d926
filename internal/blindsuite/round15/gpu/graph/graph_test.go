package graph

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
		t.Fatalf("want a *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence as expected: %v", err)
}

// fromEdges builds an undirected CSR graph.
func fromEdges(n int, edges [][2]int) Graph {
	adj := make([][]int, n)
	for _, e := range edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	g := Graph{Off: []int{0}}
	for _, a := range adj {
		g.Adj = append(g.Adj, a...)
		g.Off = append(g.Off, len(g.Adj))
	}
	return g
}

// tree: 0-1, 0-2, 1-3, 1-4, 2-5, 5-6, 6-7
var tree = fromEdges(8, [][2]int{{0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5}, {5, 6}, {6, 7}})
var treeDist = []int32{0, 1, 1, 2, 2, 2, 3, 4}

func TestBFSLevelSync(t *testing.T) {
	got, err := BFSLevelSync(tree, 0)
	if err != nil || !slices.Equal(got, treeDist) {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestBFSBarrierInFrontier(t *testing.T) {
	_, err := BFSBarrierInFrontier(tree, 0)
	wantDivergence(t, err)
}

func TestBFSWaitForOwnVertex(t *testing.T) {
	_, err := BFSWaitForOwnVertex(tree, 0)
	wantDivergence(t, err)
}

func TestBFSPull(t *testing.T) {
	got, err := BFSPull(tree, 0)
	if err != nil || !slices.Equal(got, treeDist) {
		t.Fatalf("got %v, %v", got, err)
	}
	// with an unreachable vertex (8)
	g := fromEdges(9, [][2]int{{0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5}, {5, 6}, {6, 7}})
	got, err = BFSPull(g, 0)
	if err != nil || !slices.Equal(got, append(slices.Clone(treeDist), -1)) {
		t.Fatalf("got %v, %v", got, err)
	}
}

var hdata = []uint32{1, 5, 2, 2, 7, 0, 3, 9, 4, 4, 4, 1, 6}

func TestHistogramShared(t *testing.T) {
	got, err := HistogramShared(hdata, 5, 4)
	want := make([]uint32, 5)
	for _, x := range hdata {
		want[x%5]++
	}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("got %v, %v; want %v", got, err, want)
	}
}

func TestHistogramLastArrival(t *testing.T) {
	_, err := HistogramLastArrival(hdata, 5, 4)
	wantDivergence(t, err)
}

func TestWorkQueueAtomic(t *testing.T) {
	_, err := WorkQueueAtomic([]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 4)
	wantDivergence(t, err)
}

func TestWorkQueueLeaderBatch(t *testing.T) {
	d := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	got, err := WorkQueueLeaderBatch(d, 4)
	want := []int{2, 4, 6, 8, 10, 12, 14, 16, 18, 20}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestStateMachineGoto(t *testing.T) {
	_, err := StateMachineGoto([]int{1, 2, 3, 4})
	wantDivergence(t, err)
}

func TestEdgeWeightClasses(t *testing.T) {
	w := map[int]float64{}
	for i := range 16 {
		w[i] = float64(i%2)*2 + 0.5 // 0.5 (light) and 2.5 (heavy)
	}
	// Map order is random per lane; retry until the lanes disagree.
	for range 200 {
		if _, err := EdgeWeightClasses(w, 4); err != nil {
			wantDivergence(t, err)
			return
		}
	}
	t.Fatal("no divergence in 200 runs")
}

func TestQuadLeaderBad(t *testing.T) {
	_, err := QuadLeaderBad([]int{1, 0, 0, 0, 0, 1, 1, 1})
	wantDivergence(t, err)
}

func TestQuadLeaderGood(t *testing.T) {
	got, err := QuadLeaderGood([]int{5, 0, 0, 0, 0, 1, 1, 1})
	if err != nil || !slices.Equal(got, []int{5, 5, 5, 5, 5, 5, 5, 5}) {
		t.Fatalf("got %v, %v", got, err)
	}
	got, err = QuadLeaderGood([]int{0, 1, 1, 1, 1, 1, 1, 1})
	if err != nil || !slices.Equal(got, make([]int, 8)) {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestLabelPropShortCircuit(t *testing.T) {
	// vertex 3 is isolated
	g := fromEdges(5, [][2]int{{0, 1}, {1, 2}, {2, 4}})
	_, err := LabelPropShortCircuit(g, 10)
	wantDivergence(t, err)
}

// prGraph is the directed graph 0->1, 0->2, 1->2, 2->0, 3->2, 3->4, given by
// in-edges; vertex 4 is dangling (no out-edges).
func prGraph() (Graph, []int) {
	edges := [][2]int{{0, 1}, {0, 2}, {1, 2}, {2, 0}, {3, 2}, {3, 4}}
	n := 5
	in := make([][]int, n)
	outDeg := make([]int, n)
	for _, e := range edges {
		in[e[1]] = append(in[e[1]], e[0])
		outDeg[e[0]]++
	}
	g := Graph{Off: []int{0}}
	for _, a := range in {
		g.Adj = append(g.Adj, a...)
		g.Off = append(g.Off, len(g.Adj))
	}
	return g, outDeg
}

func refPageRank(in Graph, outDeg []int, iters int) []float64 {
	const d = 0.85
	n := in.N()
	rank := make([]float64, n)
	for i := range rank {
		rank[i] = 1 / float64(n)
	}
	for range iters {
		dangling := 0.0
		for v := range n {
			if outDeg[v] == 0 {
				dangling += rank[v]
			}
		}
		next := make([]float64, n)
		for v := range n {
			c := 0.0
			for e := in.Off[v]; e < in.Off[v+1]; e++ {
				if u := in.Adj[e]; outDeg[u] > 0 {
					c += rank[u] / float64(outDeg[u])
				}
			}
			next[v] = (1-d)/float64(n) + d*(c+dangling/float64(n))
		}
		rank = next
	}
	return rank
}

func TestPageRank(t *testing.T) {
	g, od := prGraph()
	got, err := PageRank(g, od, 20)
	want := refPageRank(g, od, 20)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

func TestPageRankContinueOuter(t *testing.T) {
	// dangling source: vertex 4 has out-degree 0; give vertex 1 an in-edge
	// from it so that lane 1 hits `continue iter`.
	g := Graph{
		Off: []int{0, 1, 3, 5, 5, 6},
		Adj: []int{2, 0, 4, 0, 1, 3},
	}
	od := []int{2, 1, 1, 1, 0}
	_, err := PageRankContinueOuter(g, od, 5)
	wantDivergence(t, err)
}
