package reservoir

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round34/montecarlo/rng"
	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var d *spmd.DivergenceError
	if !errors.As(err, &d) {
		t.Fatalf("%s: got %v, want a *spmd.DivergenceError", name, err)
	}
	t.Logf("%s: %v", name, err)
}

func iota(n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = float64(i)
	}
	return s
}

func pickOneRef(stream []float64, lanes int, seed uint64) float64 {
	n := len(stream)
	rs := make([]rng.XorShift, lanes)
	for i := range rs {
		rs[i] = rng.ForLane(seed, i)
	}
	var cur float64
	for base := 0; base < n; base += lanes {
		for i := range lanes {
			if j := base + i; j < n && rs[i].Float64()*float64(j+1) < 1 {
				cur = stream[j]
			}
		}
	}
	return cur
}

func TestPickOne(t *testing.T) {
	stream := iota(10)
	counts := make([]int, len(stream))
	for seed := range uint64(1000) {
		var pick float64
		if err := PickOne(stream, 4, seed, &pick); err != nil {
			t.Fatal(err)
		}
		if want := pickOneRef(stream, 4, seed); pick != want {
			t.Fatalf("seed %d: pick %v, want %v", seed, pick, want)
		}
		counts[int(pick)]++
	}
	for j, c := range counts {
		if c < 60 || c > 140 {
			t.Errorf("item %d picked %d times of 1000, want about 100", j, c)
		}
	}
}

func TestPickOneGridStride(t *testing.T) {
	var pick float64
	wantDivergence(t, "PickOneGridStride", PickOneGridStride(iota(10), 4, 1, &pick))
}

var weights = []float64{1, 0, 3, 2, 0, 0.5, 4, 1, 0, 2, 1.5}

func TestWeightedPick(t *testing.T) {
	const lanes = 4
	n := len(weights)
	for seed := range uint64(50) {
		var pick int
		if err := WeightedPick(weights, lanes, seed, &pick); err != nil {
			t.Fatal(err)
		}
		rs := make([]rng.XorShift, lanes)
		for i := range rs {
			rs[i] = rng.ForLane(seed, i)
		}
		best, want := -1.0, -1
		for base := 0; base < n; base += lanes {
			for i := range lanes {
				if j := base + i; j < n && weights[j] > 0 {
					if key := math.Pow(rs[i].Float64(), 1/weights[j]); key > best {
						best, want = key, j
					}
				}
			}
		}
		if pick != want || weights[pick] == 0 {
			t.Errorf("seed %d: pick %d, want %d (weight > 0)", seed, pick, want)
		}
	}
}

func TestWeightedPickSkipZero(t *testing.T) {
	var pick int
	wantDivergence(t, "WeightedPickSkipZero", WeightedPickSkipZero(weights, 4, 1, &pick))
}

var laneKeys = [][]float64{
	{0.99, 0.7, 0.4, 0.2},
	{0.95, 0.9, 0.85, 0.1},
	{0.98},
	{0.8, 0.75, 0.5, 0.45},
}

func TestMergeKeys(t *testing.T) {
	const k = 6
	var out []float64
	if err := MergeKeys(laneKeys, k, &out); err != nil {
		t.Fatal(err)
	}
	all := slices.Concat(laneKeys...)
	slices.Sort(all)
	slices.Reverse(all)
	if !slices.Equal(out, all[:k]) {
		t.Errorf("got %v, want %v", out, all[:k])
	}
	// Asking for more keys than there are stops at the end.
	out = nil
	if err := MergeKeys(laneKeys, 20, &out); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(out, all) {
		t.Errorf("got %v, want %v", out, all)
	}
}

func TestMergeKeysUntilEmpty(t *testing.T) {
	var out []float64
	wantDivergence(t, "MergeKeysUntilEmpty", MergeKeysUntilEmpty(laneKeys, 6, &out))
}

func TestBernoulliSample(t *testing.T) {
	const lanes, p, seed = 8, 0.4, 3
	stream := iota(29)
	out := make([]float64, len(stream))
	var kept int
	if err := BernoulliSample(stream, lanes, p, seed, out, &kept); err != nil {
		t.Fatal(err)
	}
	rs := make([]rng.XorShift, lanes)
	for i := range rs {
		rs[i] = rng.ForLane(seed, i)
	}
	var want []float64
	for base := 0; base < len(stream); base += lanes {
		for i := range lanes {
			if j := base + i; j < len(stream) && rs[i].Bernoulli(p) {
				want = append(want, stream[j])
			}
		}
	}
	if kept != len(want) || !slices.Equal(out[:kept], want) {
		t.Errorf("got %v, want %v", out[:kept], want)
	}
}

func TestBernoulliSampleStrided(t *testing.T) {
	var kept int
	wantDivergence(t, "BernoulliSampleStrided", BernoulliSampleStrided(iota(29), 8, 0.4, 3, make([]float64, 29), &kept))
}

var (
	shardItems   = []float64{10, 20, 30, 40, 50, 60, 70, 80}
	shardWeights = []float64{5, 1, 0, 2, 8, 3, 1, 4}
)

func TestButterflyMerge(t *testing.T) {
	n := len(shardItems)
	counts := map[float64]int{}
	const runs = 2000
	for seed := range uint64(runs) {
		var pick float64
		if err := ButterflyMerge(shardItems, shardWeights, seed, &pick); err != nil {
			t.Fatal(err)
		}
		// Reference: the same butterfly, lane by lane.
		items, ws := slices.Clone(shardItems), slices.Clone(shardWeights)
		gs := make([]rng.XorShift, n)
		for i := range gs {
			gs[i] = rng.ForLane(seed, i)
		}
		for off := 1; off < n; off <<= 1 {
			var u float64
			for i := range gs {
				if v := gs[i].Float64(); i == 0 {
					u = v
				}
			}
			ni, nw := slices.Clone(items), slices.Clone(ws)
			for i := range n {
				lo, hi := i&^off, i|off
				ni[i], nw[i] = items[lo], ws[lo]+ws[hi]
				if u*(ws[lo]+ws[hi]) >= ws[lo] {
					ni[i] = items[hi]
				}
			}
			items, ws = ni, nw
		}
		if pick != items[0] {
			t.Fatalf("seed %d: pick %v, want %v", seed, pick, items[0])
		}
		counts[pick]++
	}
	total := 0.0
	for _, w := range shardWeights {
		total += w
	}
	for j, it := range shardItems {
		want := runs * shardWeights[j] / total
		if math.Abs(float64(counts[it])-want) > 4*math.Sqrt(want)+1 {
			t.Errorf("item %v picked %d times, want about %.0f", it, counts[it], want)
		}
	}
}

func TestTreeMerge(t *testing.T) {
	var pick float64
	wantDivergence(t, "TreeMerge", TreeMerge(shardItems, shardWeights, 1, &pick))
}

var shards = [][]float64{
	iota(12),
	{100, 101, 102},
	iota(7),
	{},
	{5, 6},
	iota(20),
}

func TestShardSamples(t *testing.T) {
	const k, seed = 4, 9
	n := len(shards)
	items, seen := make([][]float64, n), make([]int, n)
	var total int
	if err := ShardSamples(shards, k, seed, items, seen, &total); err != nil {
		t.Fatal(err)
	}
	wantTotal := 0
	for i, sh := range shards {
		r := rng.ForLane(seed, i)
		var rs Reservoir
		for _, x := range sh {
			rs.Offer(x, &r, k)
		}
		if !slices.Equal(items[i], rs.Items) || seen[i] != len(sh) {
			t.Errorf("lane %d: %v (%d seen), want %v (%d)", i, items[i], seen[i], rs.Items, len(sh))
		}
		for _, x := range items[i] {
			if !slices.Contains(sh, x) {
				t.Errorf("lane %d: %v is not in its shard", i, x)
			}
		}
		wantTotal += len(sh)
	}
	if total != wantTotal {
		t.Errorf("total = %d, want %d", total, wantTotal)
	}
}

func TestShardSamplesSkipEmpty(t *testing.T) {
	n := len(shards)
	var total int
	wantDivergence(t, "ShardSamplesSkipEmpty", ShardSamplesSkipEmpty(shards, 4, 9, make([][]float64, n), make([]int, n), &total))
}

func TestSkipPick(t *testing.T) {
	stream := iota(13)
	counts := make([]int, len(stream))
	for seed := range uint64(1300) {
		var pick float64
		if err := SkipPick(stream, 4, seed, &pick); err != nil {
			t.Fatal(err)
		}
		g := rng.New(seed)
		want := stream[0]
		w := g.Float64()
		for next := skip(&g, w); next < len(stream); next += skip(&g, w) {
			want = stream[next]
			w *= g.Float64()
		}
		if pick != want {
			t.Fatalf("seed %d: pick %v, want %v", seed, pick, want)
		}
		counts[int(pick)]++
	}
	for j, c := range counts {
		if c < 60 || c > 140 {
			t.Errorf("item %d picked %d times of 1300, want about 100", j, c)
		}
	}
}

func TestSkipPickLaneStream(t *testing.T) {
	var pick float64
	wantDivergence(t, "SkipPickLaneStream", SkipPickLaneStream(iota(13), 4, 2, &pick))
}
