// Package reservoir holds reservoir-sampling kernels: lanes read a stream
// (a lane's share of it, or Count items per round) and keep random samples
// of it, then merge their reservoirs with ballots, broadcasts, shuffles,
// reductions and barriers.
package reservoir

import (
	"iter"
	"math"
	"math/bits"
	"slices"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round34/montecarlo/rng"
	"github.com/spmdvet/spmdvet/spmd"
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// PickOne picks one item of stream uniformly at random with a group-wide
// reservoir of size one. The lanes look at Count items per round; item j
// replaces the current pick with probability 1/(j+1), and of the items of
// a round that replace it the last one wins, found with Ballot and fetched
// with Broadcast. The group must have at most 64 lanes.
//
// kernel(ok)
func PickOne(stream []float64, lanes int, seed uint64, pick *float64) error {
	n := len(stream)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		rounds := (n + l.Count() - 1) / l.Count()
		var cur float64
		for round := range rounds {
			j := round*l.Count() + i
			replace := j < n && r.Float64()*float64(j+1) < 1
			if mask := spmd.Ballot(l, replace); mask != 0 {
				cur = spmd.Broadcast(l, stream[min(j, n-1)], 63-bits.LeadingZeros64(mask))
			}
		}
		if i == 0 {
			*pick = cur
		}
	})
}

// PickOneGridStride walks the stream with the grid-stride loop.
//
// kernel(bug)
func PickOneGridStride(stream []float64, lanes int, seed uint64, pick *float64) error {
	n := len(stream)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		var cur float64
		for j := i; j < n; j += l.Count() {
			replace := r.Float64()*float64(j+1) < 1
			if mask := spmd.Ballot(l, replace); mask != 0 { // EXPECT
				cur = spmd.Broadcast(l, stream[j], 63-bits.LeadingZeros64(mask)) // EXPECT
			}
		}
		if i == 0 {
			*pick = cur
		}
	})
}

// WeightedPick picks the index of one item with probability proportional
// to its weight (Efraimidis-Spirakis: the largest key u^(1/w) wins), the
// lanes looking at Count items per round. Items of weight zero, and lanes
// past the end, bring the key -1 and never win.
//
// kernel(ok)
func WeightedPick(w []float64, lanes int, seed uint64, pick *int) error {
	n := len(w)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		rounds := (n + l.Count() - 1) / l.Count()
		best, cur := -1.0, -1
		for round := range rounds {
			j := round*l.Count() + i
			key := -1.0
			if j < n && w[j] > 0 {
				key = math.Pow(r.Float64(), 1/w[j])
			}
			top := spmd.ReduceMax(l, key)
			if top > best {
				winner := bits.TrailingZeros64(spmd.Ballot(l, key == top))
				cur = spmd.Broadcast(l, j, winner)
				best = top
			}
		}
		if i == 0 {
			*pick = cur
		}
	})
}

// WeightedPickSkipZero skips the rest of the round in lanes that have no
// item or an item of weight zero.
//
// kernel(bug)
func WeightedPickSkipZero(w []float64, lanes int, seed uint64, pick *int) error {
	n := len(w)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		rounds := (n + l.Count() - 1) / l.Count()
		best, cur := -1.0, -1
		for round := range rounds {
			j := round*l.Count() + i
			if j >= n || w[j] <= 0 {
				continue
			}
			key := math.Pow(r.Float64(), 1/w[j])
			top := spmd.ReduceMax(l, key) // EXPECT
			if top > best {
				winner := bits.TrailingZeros64(spmd.Ballot(l, key == top)) // EXPECT
				cur = spmd.Broadcast(l, j, winner)                         // EXPECT
				best = top
			}
		}
		if i == 0 {
			*pick = cur
		}
	})
}

// MergeKeys merges per-lane weighted reservoirs into the group's sample of
// size k: keys[i] holds lane i's reservoir keys in decreasing order, and the
// group's sample is the k largest keys of all lanes, found by k rounds of
// ReduceMax over the lanes' heads (the lowest lane holding the largest head
// pops it). A lane whose reservoir is used up brings -Inf.
//
// kernel(ok)
func MergeKeys(keys [][]float64, k int, out *[]float64) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		i := l.Index()
		mine, pos := keys[i], 0
		for range k {
			head := math.Inf(-1)
			if pos < len(mine) {
				head = mine[pos]
			}
			top := spmd.ReduceMax(l, head)
			if math.IsInf(top, -1) {
				break
			}
			if i == bits.TrailingZeros64(spmd.Ballot(l, pos < len(mine) && head == top)) {
				pos++
			}
			if i == 0 {
				*out = append(*out, top)
			}
		}
	})
}

// MergeKeysUntilEmpty lets a lane leave the merge when its own reservoir
// is used up.
//
// kernel(bug)
func MergeKeysUntilEmpty(keys [][]float64, k int, out *[]float64) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		i := l.Index()
		mine, pos := keys[i], 0
		for t := 0; t < k && pos < len(mine); t++ {
			head := mine[pos]
			top := spmd.ReduceMax(l, head)                              // EXPECT
			if i == bits.TrailingZeros64(spmd.Ballot(l, head == top)) { // EXPECT
				pos++
			}
			if i == 0 {
				*out = append(*out, top)
			}
		}
	})
}

// inRounds yields, for each of the rounds in which a group of count lanes
// goes through items, the index and item of lane i in that round, or -1
// and 0 when the lane is past the end.
func inRounds(items []float64, i, count int) iter.Seq2[int, float64] {
	return func(yield func(int, float64) bool) {
		for base := 0; base < len(items); base += count {
			j, v := base+i, 0.0
			if j < len(items) {
				v = items[j]
			} else {
				j = -1
			}
			if !yield(j, v) {
				return
			}
		}
	}
}

// strided yields lane i's share of items: the indices i, i+count, ... and
// their items.
func strided(items []float64, i, count int) iter.Seq2[int, float64] {
	return func(yield func(int, float64) bool) {
		for j := i; j < len(items); j += count {
			if !yield(j, items[j]) {
				return
			}
		}
	}
}

// BernoulliSample keeps each item of stream with probability p, in stream
// order: each round the kept items of the round are compacted into out
// with ExclusiveAdd and the round's count comes from Ballot. It returns the
// number of items kept in *kept. The group must have at most 64 lanes.
//
// kernel(ok)
func BernoulliSample(stream []float64, lanes int, p float64, seed uint64, out []float64, kept *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		base := 0
		for j, v := range inRounds(stream, l.Index(), l.Count()) {
			keep := j >= 0 && r.Bernoulli(p)
			pos := spmd.ExclusiveAdd(l, b2i(keep))
			if keep {
				out[base+pos] = v
			}
			base += bits.OnesCount64(spmd.Ballot(l, keep))
		}
		if l.Index() == 0 {
			*kept = base
		}
	})
}

// BernoulliSampleStrided ranges over the lane's strided share instead.
//
// kernel(bug)
func BernoulliSampleStrided(stream []float64, lanes int, p float64, seed uint64, out []float64, kept *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		r := rng.ForLane(seed, l.Index())
		base := 0
		for _, v := range strided(stream, l.Index(), l.Count()) {
			keep := r.Bernoulli(p)
			pos := spmd.ExclusiveAdd(l, b2i(keep)) // EXPECT
			if keep {
				out[base+pos] = v
			}
			base += bits.OnesCount64(spmd.Ballot(l, keep)) // EXPECT
		}
		if l.Index() == 0 {
			*kept = base
		}
	})
}

// ButterflyMerge merges single-item weighted reservoirs, one per lane
// (items[i] drawn from a shard of total weight weights[i]), into one item
// for the group, picked with probability proportional to its shard's
// weight. At each level of a butterfly, partners combine: the pair keeps
// the lower lane's item with probability wLow/(wLow+wHigh), decided by a
// number shared by the group so that both partners agree. The number of
// lanes must be a power of two.
//
// kernel(ok)
func ButterflyMerge(items, weights []float64, seed uint64, pick *float64) error {
	return spmd.Run(len(items), func(l spmd.Lane) {
		i := l.Index()
		g := rng.ForLane(seed, i)
		item, w := items[i], weights[i]
		for off := 1; off < l.Count(); off <<= 1 {
			u := spmd.BroadcastFirst(l, g.Float64())
			oItem, oW := spmd.ShuffleXor(l, item, off), spmd.ShuffleXor(l, w, off)
			loItem, loW, hiItem, hiW := item, w, oItem, oW
			if i&off != 0 {
				loItem, loW, hiItem, hiW = oItem, oW, item, w
			}
			item, w = loItem, loW+hiW
			if u*(loW+hiW) >= loW {
				item = hiItem
			}
		}
		if i == 0 {
			*pick = item
		}
	})
}

// TreeMerge merges the same reservoirs with a tree in which the upper lane
// of each pair drops out after handing its reservoir down.
//
// kernel(bug)
func TreeMerge(items, weights []float64, seed uint64, pick *float64) error {
	return spmd.Run(len(items), func(l spmd.Lane) {
		i := l.Index()
		g := rng.ForLane(seed, i)
		item, w := items[i], weights[i]
		for off := 1; off < l.Count(); off <<= 1 {
			if i%(2*off) != 0 {
				break
			}
			u := spmd.BroadcastFirst(l, g.Float64())                               // EXPECT
			hiItem, hiW := spmd.Shuffle(l, item, i+off), spmd.Shuffle(l, w, i+off) // EXPECT
			loW := w
			w = loW + hiW
			if u*(loW+hiW) >= loW {
				item = hiItem
			}
		}
		if i == 0 {
			*pick = item
		}
	})
}

// Reservoir is a lane's uniform reservoir (Algorithm R).
type Reservoir struct {
	Items []float64
	Seen  int
}

// Offer shows x to the reservoir, of capacity k.
func (rs *Reservoir) Offer(x float64, r *rng.XorShift, k int) {
	rs.Seen++
	if len(rs.Items) < k {
		rs.Items = append(rs.Items, x)
	} else if j := r.Intn(rs.Seen); j < k {
		rs.Items[j] = x
	}
}

// Publish writes the lane's reservoir into slot Index of the shared tables
// and waits until every lane has.
func (rs *Reservoir) Publish(l spmd.Lane, items [][]float64, seen []int) {
	items[l.Index()] = slices.Clone(rs.Items)
	seen[l.Index()] = rs.Seen
	l.Barrier()
}

// ShardSamples samples k items of each shard (one shard per lane, of any
// length), publishes the reservoirs, and lets lane 0 gather them, with the
// number of items seen per shard, into items and seen.
//
// kernel(ok)
func ShardSamples(shards [][]float64, k int, seed uint64, items [][]float64, seen []int, total *int) error {
	return spmd.Run(len(shards), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		var rs Reservoir
		for _, x := range shards[i] {
			rs.Offer(x, &r, k)
		}
		rs.Publish(l, items, seen)
		if i == 0 {
			t := 0
			for _, s := range seen {
				t += s
			}
			*total = t
		}
	})
}

// ShardSamplesSkipEmpty publishes only non-empty reservoirs.
//
// kernel(bug)
func ShardSamplesSkipEmpty(shards [][]float64, k int, seed uint64, items [][]float64, seen []int, total *int) error {
	return spmd.Run(len(shards), func(l spmd.Lane) {
		i := l.Index()
		r := rng.ForLane(seed, i)
		var rs Reservoir
		for _, x := range shards[i] {
			rs.Offer(x, &r, k)
		}
		if rs.Seen > 0 {
			rs.Publish(l, items, seen) // EXPECT
		}
		if i == 0 {
			t := 0
			for _, s := range seen {
				t += s
			}
			*total = t
		}
	})
}

// skip returns how many items Algorithm L passes over before the next
// replacement, for the current W.
func skip(g *rng.XorShift, w float64) int {
	return int(math.Floor(math.Log(1-g.Float64())/math.Log(1-w))) + 1
}

// SkipPick picks one item of stream uniformly at random with Algorithm L
// run by the whole group: the index of the next replacement comes from
// generator g, seeded alike in every lane, so every lane knows it; in the
// round that covers it, the lane holding that item broadcasts it.
//
// kernel(ok)
func SkipPick(stream []float64, lanes int, seed uint64, pick *float64) error {
	n := len(stream)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		g := rng.New(seed)
		cur := stream[0]
		w := g.Float64()
		next := skip(&g, w)
		for base := 0; base < n; base += l.Count() {
			v := stream[min(base+i, n-1)]
			for next < min(base+l.Count(), n) {
				cur = spmd.Broadcast(l, v, next-base)
				w *= g.Float64()
				next += skip(&g, w)
			}
		}
		if i == 0 {
			*pick = cur
		}
	})
}

// SkipPickLaneStream draws the skips from the lane's own stream.
//
// kernel(bug)
func SkipPickLaneStream(stream []float64, lanes int, seed uint64, pick *float64) error {
	n := len(stream)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		g := rng.ForLane(seed, i)
		cur := stream[0]
		w := g.Float64()
		next := skip(&g, w)
		for base := 0; base < n; base += l.Count() {
			v := stream[min(base+i, n-1)]
			for next < min(base+l.Count(), n) {
				cur = spmd.Broadcast(l, v, next-base) // EXPECT
				w *= g.Float64()
				next += skip(&g, w)
			}
		}
		if i == 0 {
			*pick = cur
		}
	})
}
