// Package apps holds kernels built on the coop helpers.
package apps

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round7/coop"
	"github.com/spmdvet/spmdvet/spmd"
)

// NormalizeRows divides every row of the rows×cols matrix m by its sum, the
// row sum coming from the cooperative BlockSum helper.
//
//spmd:kernel
func NormalizeRows(l spmd.Lane, m []float64, rows, cols int, sh []float64) {
	for r := 0; r < rows; r++ {
		var part float64
		for c := l.Index(); c < cols; c += l.Count() {
			part += m[r*cols+c]
		}
		s := coop.BlockSum(l, sh, part)
		for c := l.Index(); c < cols; c += l.Count() {
			m[r*cols+c] /= s
		}
	}
}

// Blur3 is a 3-point average over one tile with a one-element halo on each
// side, loaded by the two edge lanes, who then wait for the tile to be
// complete.
//
//spmd:kernel
func Blur3(l spmd.Lane, in, out, sh []float64) {
	tid, n := l.Index(), l.Count()
	sh[tid+1] = in[tid]
	if tid == 0 || tid == n-1 {
		if tid == 0 {
			sh[0] = in[0]
		} else {
			sh[n+1] = in[n-1]
		}
		coop.SyncTile(l) // EXPECT
	}
	out[tid] = (sh[tid] + sh[tid+1] + sh[tid+2]) / 3
}

// ChunkCenter subtracts from every element the mean of its Count-wide chunk,
// calling the block reduction from inside the grid-stride loop.
//
//spmd:kernel
func ChunkCenter(l spmd.Lane, in, out, sh []float64) {
	for i := l.Index(); i < len(in); i += l.Count() {
		s := coop.BlockSum(l, sh, in[i]) // EXPECT
		out[i] = in[i] - s/float64(l.Count())
	}
}

// FilterEven appends the even elements of in to out (in no particular order)
// through the warp-aggregated counter; every lane calls AggInc in every tile,
// passing whether it wants a slot.
//
//spmd:kernel
func FilterEven(l spmd.Lane, in, out []int, ctr *int32) {
	for base := 0; base < len(in); base += l.Count() {
		i := base + l.Index()
		want := i < len(in) && in[i]%2 == 0
		slot := coop.AggInc(l, ctr, want)
		if slot >= 0 {
			out[slot] = in[i]
		}
	}
}

// FilterEvenActive is the CUDA-style call site of a warp-aggregated atomic:
// only the lanes that have something to append call it (the CUDA version
// used __activemask to allow that).
//
//spmd:kernel
func FilterEvenActive(l spmd.Lane, in, out []int, ctr *int32) {
	for base := 0; base < len(in); base += l.Count() {
		i := base + l.Index()
		if i < len(in) && in[i]%2 == 0 {
			slot := coop.AggInc(l, ctr, true) // EXPECT
			out[slot] = in[i]
		}
	}
}

// CountEqual counts the elements of in equal to key with a warp all-reduce
// per tile; the per-tile counts are uniform and accumulate into total[0].
//
//spmd:kernel
func CountEqual(l spmd.Lane, in []int, key int, total []int) {
	count := 0
	for base := 0; base < len(in); base += l.Count() {
		i := base + l.Index()
		hit := 0
		if i < len(in) && in[i] == key {
			hit = 1
		}
		count += coop.WarpSum(l, hit)
	}
	if l.Index() == 0 {
		total[0] = count
	}
}

// ScaleIfNonzero divides in by its sum unless the sum is zero; the sum comes
// from a helper declared //spmd:uniform, so the early return is uniform.
//
//spmd:kernel
func ScaleIfNonzero(l spmd.Lane, in, out, sh []float64) {
	tid := l.Index()
	s := coop.BlockSumU(l, sh, in[tid])
	if s == 0 {
		return
	}
	l.Barrier()
	out[tid] = in[tid] / s
}
