package good

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// HistAtomic builds a histogram of in with atomic adds into a shared
// array, then rescales the bins cooperatively when the largest bin is
// above limit. The largest bin is found with ReduceMax: uniform.
func HistAtomic(lanes int, in []int, hist []int32, limit int32) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		for j := l.Index(); j < len(in); j += l.Count() {
			atomic.AddInt32(&hist[in[j]%len(hist)], 1)
		}
		l.Barrier()
		var local int32
		for b := l.Index(); b < len(hist); b += l.Count() {
			local = max(local, hist[b])
		}
		top := spmd.ReduceMax(l, local)
		if top > limit {
			for b := l.Index(); b < len(hist); b += l.Count() {
				hist[b] = hist[b] * limit / top
			}
			l.Barrier()
		}
	})
}

// HistPrivatized accumulates a private per-lane histogram, merges it into
// the shared one and then reads bin 0 of the shared histogram (a uniform
// address in shared memory) to decide on an extra pass.
func HistPrivatized(lanes int, in []int, hist []int32, extra *int) error {
	const bins = 8
	return spmd.Run(lanes, func(l spmd.Lane) {
		var local [bins]int32
		for j := l.Index(); j < len(in); j += l.Count() {
			local[in[j]%bins]++
		}
		for b := range bins {
			if local[b] != 0 {
				atomic.AddInt32(&hist[b], local[b])
			}
		}
		l.Barrier()
		if hist[0] == 0 { // shared, uniform address
			n := spmd.ReduceAdd(l, 1)
			if l.Index() == 0 {
				*extra = n
			}
		}
	})
}

// AppendAtomic appends the even elements of in to out in arbitrary order,
// claiming slots with an atomic counter, and after a barrier reads the
// shared counter (uniform) to decide whether to pad the output.
func AppendAtomic(lanes int, in, out []int, pad int) error {
	var cnt int32
	return spmd.Run(lanes, func(l spmd.Lane) {
		for j := l.Index(); j < len(in); j += l.Count() {
			if in[j]%2 == 0 {
				slot := atomic.AddInt32(&cnt, 1) - 1
				out[slot] = in[j]
			}
		}
		l.Barrier()
		n := int(cnt) // plain load of shared memory after the barrier
		if n < len(out) {
			for k := n + l.Index(); k < len(out); k += l.Count() {
				out[k] = pad
			}
			l.Barrier()
		}
	})
}
