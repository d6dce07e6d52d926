// Package blockops holds small cooperative building blocks that kernels of
// other packages call with their lane handle.
package blockops

import "github.com/spmdvet/spmdvet/spmd"

// Publish stores v in the lane's slot of sh and waits for every lane to
// have published, unless skip is set.
func Publish(l spmd.Lane, sh []float64, v float64, skip bool) {
	if skip {
		return
	}
	sh[l.Index()] = v
	l.Barrier()
}

// Stage copies the tile of src starting at base into tile, one element per
// lane, zero past the end of src, and waits until the tile is complete.
func Stage(l spmd.Lane, tile, src []float64, base int) {
	i := l.Index()
	if base+i < len(src) {
		tile[i] = src[base+i]
	} else {
		tile[i] = 0
	}
	l.Barrier()
}

// StageFast is Stage without the zero fill: lanes past the end of src have
// nothing to copy and leave at once.
func StageFast(l spmd.Lane, tile, src []float64, base int) {
	i := l.Index()
	if base+i >= len(src) {
		return
	}
	tile[i] = src[base+i]
	l.Barrier() // EXPECT
}

// Total returns the sum of v over the lanes, or 0 when the caller says
// there is nothing to add.
func Total(l spmd.Lane, v float64, active bool) float64 {
	if !active {
		return 0
	}
	return spmd.ReduceAdd(l, v)
}

// MaxInto stores the greatest *v over the lanes in *dst (from lane 0). It
// takes pointers so that it can be deferred before v is final.
func MaxInto(l spmd.Lane, dst *float64, v *float64) {
	m := spmd.ReduceMax(l, *v)
	if l.Index() == 0 {
		*dst = m
	}
}

// IndexOf returns the position of key in keys, or -1 after a barrier that
// lets lanes that found nothing wait for the shared fallback table.
func IndexOf(l spmd.Lane, keys []int, key int) int {
	for j, k := range keys {
		if k == key {
			return j
		}
	}
	l.Barrier()
	return -1
}
