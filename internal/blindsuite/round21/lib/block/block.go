// Package block holds the generic algorithms of the library: reductions,
// scans, tile loaders, per-lane accumulators and combiners.
package block

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round21/lib/warp"
	"github.com/spmdvet/spmdvet/spmd"
)

// Number is the element type of the arithmetic algorithms.
type Number interface {
	~int | ~int32 | ~int64 | ~float32 | ~float64
}

// Reduce is the sum over all lanes; uniform.
func Reduce[T Number](l spmd.Lane, v T) T { return warp.Sum(l, v) }

// TreeReduce sums v over the lanes through shared memory buf (one slot per
// lane). Count must be a power of two. The result is read at a uniform
// address.
func TreeReduce[T Number](l spmd.Lane, buf []T, v T) T {
	i := l.Index()
	buf[i] = v
	l.Barrier()
	for s := l.Count() / 2; s > 0; s /= 2 {
		if i < s {
			buf[i] += buf[i+s]
		}
		l.Barrier()
	}
	r := buf[0]
	l.Barrier()
	return r
}

// TreeReduceGuarded puts the barrier inside the guard of the active half.
func TreeReduceGuarded[T Number](l spmd.Lane, buf []T, v T) T {
	i := l.Index()
	buf[i] = v
	l.Barrier()
	for s := l.Count() / 2; s > 0; s /= 2 {
		if i < s {
			buf[i] += buf[i+s]
			l.Barrier() // EXPECT
		}
	}
	return buf[0]
}

// TreeReduceBreak lets the inactive half leave the loop.
func TreeReduceBreak[T Number](l spmd.Lane, buf []T, v T) T {
	i := l.Index()
	buf[i] = v
	l.Barrier()
	for s := l.Count() / 2; s > 0; s /= 2 {
		if i >= s {
			break
		}
		buf[i] += buf[i+s]
		l.Barrier() // EXPECT
	}
	return buf[0]
}

// InclusiveScan is a Hillis-Steele scan over shuffles: every lane shuffles in
// every step, and only the use of the value is guarded.
func InclusiveScan[T Number](l spmd.Lane, v T) T {
	i := l.Index()
	for d := 1; d < l.Count(); d <<= 1 {
		u := spmd.Shuffle(l, v, max(i-d, 0))
		if i >= d {
			v += u
		}
	}
	return v
}

// InclusiveScanGuarded shuffles only in the lanes that use the value.
func InclusiveScanGuarded[T Number](l spmd.Lane, v T) T {
	i := l.Index()
	for d := 1; d < l.Count(); d <<= 1 {
		if i >= d {
			v += spmd.Shuffle(l, v, i-d) // EXPECT
		}
	}
	return v
}

// SegScan is a segmented inclusive scan: head starts a new segment.
func SegScan[T Number](l spmd.Lane, v T, head bool) T {
	i := l.Index()
	f := head
	for d := 1; d < l.Count(); d <<= 1 {
		src := max(i-d, 0)
		uv := spmd.Shuffle(l, v, src)
		uf := spmd.Shuffle(l, f, src)
		if i >= d && !f {
			v += uv
			f = uf
		}
	}
	return v
}

// SegScanEarly returns at once in the lanes that start a segment: their
// value is already final, but the other lanes still need them in the
// shuffles.
func SegScanEarly[T Number](l spmd.Lane, v T, isHead func(lane int) bool) T {
	i := l.Index()
	if isHead(i) {
		return v
	}
	f := false
	for d := 1; d < l.Count(); d <<= 1 {
		src := max(i-d, 0)
		uv := spmd.Shuffle(l, v, src) // EXPECT
		uf := spmd.Shuffle(l, f, src) // EXPECT
		if i >= d && !f {
			v += uv
			f = uf || isHead(src)
		}
	}
	return v
}

// Group is the library's lane handle: a lane together with its scratch
// memory.
//
//spmd:lane
type Group struct {
	L       spmd.Lane
	Scratch []int
}

// Rank is the lane index, through the handle.
func (g Group) Rank() int { return g.L.Index() }

// Size is the number of lanes.
func (g Group) Size() int { return g.L.Count() }

// Sync is a barrier on the group (value receiver).
func (g Group) Sync() { warp.Sync(g.L) }

// Share publishes v in the scratch slot of the lane and returns the value
// of lane src after a barrier (pointer receiver).
func (g *Group) Share(v, src int) int {
	g.Scratch[g.L.Index()] = v
	g.L.Barrier()
	r := g.Scratch[src]
	g.L.Barrier()
	return r
}

// SyncOdd synchronizes only the odd lanes.
func (g Group) SyncOdd() {
	if g.Rank()%2 == 1 {
		g.Sync() // EXPECT
	}
}

// Acc is a per-lane accumulator.
type Acc[T Number] struct {
	l   spmd.Lane
	sum T
	n   int
}

// NewAcc returns an empty accumulator for the lane.
func NewAcc[T Number](l spmd.Lane) *Acc[T] { return &Acc[T]{l: l} }

// Add adds v to the lane's sum.
func (a *Acc[T]) Add(v T) { a.sum += v; a.n++ }

// Local is the lane's own sum.
func (a Acc[T]) Local() T { return a.sum }

// Total is the sum over all lanes: a collective.
func (a *Acc[T]) Total() T { return spmd.ReduceAdd(a.l, a.sum) }

// Combiner combines one value per lane.
type Combiner[T Number] interface {
	Combine(l spmd.Lane, v T) T
}

// SumOf combines with a sum over the lanes (convergent).
type SumOf[T Number] struct{}

func (SumOf[T]) Combine(l spmd.Lane, v T) T { return warp.Sum(l, v) }

// MaxOf combines with a max over the lanes (convergent).
type MaxOf[T Number] struct{}

func (MaxOf[T]) Combine(l spmd.Lane, v T) T { return spmd.ReduceMax(l, v) }

// PairOf adds the partner lane's value (convergent, divergent result).
type PairOf[T Number] struct{}

func (PairOf[T]) Combine(l spmd.Lane, v T) T { return v + spmd.ShuffleXor(l, v, 1) }

// Scaled multiplies by K without talking to other lanes.
type Scaled[T Number] struct{ K T }

func (s Scaled[T]) Combine(l spmd.Lane, v T) T { return v * s.K }

// LeaderOnly broadcasts lane 0's value, but asks only lane 0 to take part.
type LeaderOnly[T Number] struct{}

func (LeaderOnly[T]) Combine(l spmd.Lane, v T) T {
	if l.Index() == 0 {
		return spmd.BroadcastFirst(l, v) // EXPECT
	}
	return v
}

// Combine applies c in every lane.
func Combine[T Number](l spmd.Lane, c Combiner[T], v T) T { return c.Combine(l, v) }

// CombineAll applies the combiners in order. The count is made uniform.
func CombineAll[T Number](l spmd.Lane, cs []Combiner[T], v T) T {
	n := spmd.BroadcastFirst(l, len(cs))
	for k := 0; k < n; k++ {
		v = cs[k].Combine(l, v)
	}
	return v
}

// ForEach calls f for every item i < n that the lane owns (strided). f must
// not be convergent: lanes own different numbers of items.
func ForEach(l spmd.Lane, n int, f func(i int)) {
	for i := l.Index(); i < n; i += l.Count() {
		f(i)
	}
}

// Tiles calls body once per tile of Count items with a uniform base and
// synchronizes after each tile. The trip count is made uniform first.
func Tiles(l spmd.Lane, n int, body func(base int)) {
	n = spmd.BroadcastFirst(l, n)
	for base := 0; base < n; base += l.Count() {
		body(base)
		l.Barrier()
	}
}

// Phased runs the phases in order with a barrier after each.
func Phased(l spmd.Lane, phases ...func()) {
	k := spmd.BroadcastFirst(l, len(phases))
	for p := 0; p < k; p++ {
		phases[p]()
		l.Barrier()
	}
}

// Fold combines v across lanes with op in a butterfly (Count a power of
// two).
func Fold[T any](l spmd.Lane, v T, op func(a, b T) T) T {
	for m := 1; m < l.Count(); m <<= 1 {
		v = op(v, spmd.ShuffleXor(l, v, m))
	}
	return v
}

// Keyed is an item with an integer key.
type Keyed interface {
	comparable
	Key() int
}

// Owner reports whether this lane owns item k.
func Owner[K Keyed](l spmd.Lane, k K) bool { return k.Key()%l.Count() == l.Index() }

// LoadTile copies src[base+lane] into tile[lane] (the zero value past the
// end of src) and waits for the whole tile.
func LoadTile[T any](l spmd.Lane, tile, src []T, base int) {
	i := l.Index()
	var z T
	if base+i < len(src) {
		tile[i] = src[base+i]
	} else {
		tile[i] = z
	}
	l.Barrier()
}

// LoadTileEarly returns in the lanes past the end of src.
func LoadTileEarly[T any](l spmd.Lane, tile, src []T, base int) {
	i := l.Index()
	if base+i >= len(src) {
		return
	}
	tile[i] = src[base+i]
	l.Barrier() // EXPECT
}

// Exchange publishes v in shared[lane] and returns shared[partner].
func Exchange[T any](l spmd.Lane, shared []T, v T, partner int) T {
	shared[l.Index()] = v
	warp.Sync(l)
	r := shared[partner]
	warp.Fence(l)
	return r
}

// Elect returns v of the first lane where pred holds, and whether there is
// one. The source lane comes from a ballot, so the result is uniform.
func Elect[T any](l spmd.Lane, v T, pred func(lane int) bool) (T, bool) {
	b := spmd.Ballot(l, pred(l.Index()))
	if b == 0 {
		var z T
		return z, false
	}
	return spmd.Broadcast(l, v, bits.TrailingZeros64(b)), true
}

// ElectWhere lets the lanes where pred fails leave before the ballot.
func ElectWhere[T any](l spmd.Lane, v T, pred func(lane int) bool) (T, bool) {
	if !pred(l.Index()) {
		var z T
		return z, false
	}
	b := spmd.Ballot(l, true)                                  // EXPECT
	return spmd.Broadcast(l, v, bits.TrailingZeros64(b)), true // EXPECT
}
