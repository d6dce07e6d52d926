// Package scan has the prefix-sum, compaction and stencil kernels of the
// signal pipeline.
package scan

import "github.com/spmdvet/spmdvet/spmd"

// Stencil is a box blur over a shared tile, one element per lane.
type Stencil struct {
	Radius int
	Iters  int
	Tile   []float64
}

// Blur runs Iters rounds of the box blur on a ring.
// kernel(ok): uniform trip count, barriers between read and write phases.
//
//spmd:kernel
func (s Stencil) Blur(l spmd.Lane) {
	i, n := l.Index(), l.Count()
	for it := 0; it < s.Iters; it++ {
		acc := 0.0
		for d := -s.Radius; d <= s.Radius; d++ {
			acc += s.Tile[(i+d+n)%n]
		}
		l.Barrier()
		s.Tile[i] = acc / float64(2*s.Radius+1)
		l.Barrier()
	}
}

// BlurSkipEdges does not blur the edges of the tile.
// kernel(bug): edge lanes return before the barriers.
//
//spmd:kernel
func (s Stencil) BlurSkipEdges(l spmd.Lane) {
	i, n := l.Index(), l.Count()
	if i < s.Radius || i >= n-s.Radius {
		return
	}
	for it := 0; it < s.Iters; it++ {
		acc := 0.0
		for d := -s.Radius; d <= s.Radius; d++ {
			acc += s.Tile[i+d]
		}
		l.Barrier() // EXPECT
		s.Tile[i] = acc / float64(2*s.Radius+1)
		l.Barrier() // EXPECT
	}
}

// BlurClampEdges is BlurSkipEdges done right: edge lanes keep their value
// but still take part in the barriers.
// kernel(ok): the edge test only guards the store.
//
//spmd:kernel
func (s Stencil) BlurClampEdges(l spmd.Lane) {
	i, n := l.Index(), l.Count()
	edge := i < s.Radius || i >= n-s.Radius
	for it := 0; it < s.Iters; it++ {
		acc := 0.0
		if !edge {
			for d := -s.Radius; d <= s.Radius; d++ {
				acc += s.Tile[i+d]
			}
		}
		l.Barrier()
		if !edge {
			s.Tile[i] = acc / float64(2*s.Radius+1)
		}
		l.Barrier()
	}
}

// Compact copies the positive elements of in (one per lane) to the front
// of out and stores their number in *n.
// kernel(ok): both scans run in every lane.
//
//spmd:kernel
func Compact(l spmd.Lane, in, out []int, n *int) {
	v := in[l.Index()]
	keep := 0
	if v > 0 {
		keep = 1
	}
	off := spmd.ExclusiveAdd(l, keep)
	total := spmd.ReduceAdd(l, keep)
	if keep == 1 {
		out[off] = v
	}
	if l.Index() == 0 {
		*n = total
	}
}

// CompactKept only computes offsets for the kept elements.
// kernel(bug): ExclusiveAdd under the per-lane keep test.
//
//spmd:kernel
func CompactKept(l spmd.Lane, in, out []int, n *int) {
	v := in[l.Index()]
	keep := 0
	if v > 0 {
		keep = 1
		off := spmd.ExclusiveAdd(l, 1) // EXPECT
		out[off] = v
	}
	total := spmd.ReduceAdd(l, keep)
	if l.Index() == 0 {
		*n = total
	}
}

// ScanShuffle replaces xs (one per lane) by its inclusive prefix sums.
// kernel(ok): Hillis-Steele with a uniform number of steps.
//
//spmd:kernel
func ScanShuffle(l spmd.Lane, xs []int) {
	i := l.Index()
	x := xs[i]
	for off := 1; off < l.Count(); off <<= 1 {
		y := spmd.Shuffle(l, x, max(i-off, 0))
		if i >= off {
			x += y
		}
	}
	xs[i] = x
}

// ScanShuffleShort stops each lane once no lower lane is left to add.
// kernel(bug): the loop bound depends on the lane.
//
//spmd:kernel
func ScanShuffleShort(l spmd.Lane, xs []int) {
	i := l.Index()
	x := xs[i]
	for off := 1; off <= i; off <<= 1 {
		x += spmd.Shuffle(l, x, i-off) // EXPECT
	}
	xs[i] = x
}

// Reserve gives each lane counts[i] slots of buf; the lane at offset 0
// clears the buffer first.
// kernel(ok): the barrier follows the per-lane branch.
//
//spmd:kernel
func Reserve(l spmd.Lane, counts []int, buf []int, base []int) {
	c := counts[l.Index()]
	off := spmd.ExclusiveAdd(l, c)
	if off == 0 {
		clear(buf)
	}
	l.Barrier()
	base[l.Index()] = off
}

// ReserveInside waits for the clear inside the branch.
// kernel(bug): ExclusiveAdd's result is divergent.
//
//spmd:kernel
func ReserveInside(l spmd.Lane, counts []int, buf []int, base []int) {
	c := counts[l.Index()]
	off := spmd.ExclusiveAdd(l, c)
	if off == 0 {
		clear(buf)
		l.Barrier() // EXPECT
	}
	base[l.Index()] = off
}

// Butterfly leaves the group's sum of xs in *out (Count a power of two).
// kernel(ok): ShuffleXor in every lane, then BroadcastFirst makes it uniform.
//
//spmd:kernel
func Butterfly(l spmd.Lane, xs []int, out *int) {
	x := xs[l.Index()]
	for m := l.Count() / 2; m > 0; m >>= 1 {
		x += spmd.ShuffleXor(l, x, m)
	}
	total := spmd.BroadcastFirst(l, x)
	if total != 0 {
		l.Barrier()
	}
	if l.Index() == 0 {
		*out = total
	}
}

// ButterflyHalf retires the upper half of the lanes at each step.
// kernel(bug): per-lane break out of the butterfly loop.
//
//spmd:kernel
func ButterflyHalf(l spmd.Lane, xs []int, out *int) {
	i := l.Index()
	x := xs[i]
	for m := l.Count() / 2; m > 0; m >>= 1 {
		if i >= m {
			break
		}
		x += spmd.ShuffleXor(l, x, m) // EXPECT
	}
	if i == 0 {
		*out = x
	}
}

// TreeSum sums buf (len Count, a power of two) into buf[0] in shared memory.
// kernel(ok): the classic tree with the barrier outside the guard.
//
//spmd:kernel
func TreeSum(l spmd.Lane, buf []int) {
	i := l.Index()
	for s := l.Count() / 2; s > 0; s >>= 1 {
		if i < s {
			buf[i] += buf[i+s]
		}
		l.Barrier()
	}
}

// TreeSumEarly retires lanes as soon as they have nothing to add.
// kernel(bug): return inside the loop, before the barrier.
//
//spmd:kernel
func TreeSumEarly(l spmd.Lane, buf []int) {
	i := l.Index()
	for s := l.Count() / 2; s > 0; s >>= 1 {
		if i >= s {
			return
		}
		buf[i] += buf[i+s]
		l.Barrier() // EXPECT
	}
}

// Exclusive replaces xs (one per lane) by its exclusive prefix sums.
// kernel(ok): generic.
//
//spmd:kernel
func Exclusive[T spmd.Number](l spmd.Lane, xs []T) {
	v := spmd.ExclusiveAdd(l, xs[l.Index()])
	l.Barrier()
	xs[l.Index()] = v
}
