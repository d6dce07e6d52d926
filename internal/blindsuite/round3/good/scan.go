package good

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/helpers"
	"github.com/spmdvet/spmdvet/spmd"
)

// BlockScanKernel writes the exclusive prefix sum of in to out with the
// shared-memory Hillis-Steele scan. If the total overflows capacity, the
// block clamps its output in a second, barrier-separated phase.
func BlockScanKernel(lanes int, in, out []int, capacity int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		excl, total := helpers.BlockScan(l, sh, in[i])
		out[i] = excl
		if total > capacity { // total is read from shared memory: uniform
			l.Barrier()
			out[i] = min(out[i], capacity)
		}
	})
}

// WarpScan uses the register scan collectives.
func WarpScan(lanes int, in, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		off := spmd.ExclusiveAdd(l, in[i])
		total := spmd.ReduceAdd(l, in[i])
		out[i] = off
		if i == l.Count()-1 {
			out[l.Count()] = total
		}
	})
}

// ChunkedScan scans an array longer than the block in chunks of l.Count(),
// carrying the running total from chunk to chunk. The chunk count and the
// carry are uniform.
func ChunkedScan(lanes int, in, out []int) error {
	n := len(in)
	return spmd.Run(lanes, func(l spmd.Lane) {
		cnt := l.Count()
		carry := 0
		for base := 0; base < n; base += cnt {
			j := base + l.Index()
			v := 0
			if j < n {
				v = in[j]
			}
			incl := spmd.InclusiveAdd(l, v)
			if j < n {
				out[j] = carry + incl - v
			}
			carry += spmd.ReduceAdd(l, v)
			l.Barrier()
		}
	})
}

// PingPongScan is a double-buffered Hillis-Steele scan with one barrier per
// step; the step count depends only on the block size.
func PingPongScan(lanes int, in, out []int) error {
	a := make([]int, lanes)
	b := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		src, dst := a, b
		src[tid] = in[tid]
		l.Barrier()
		for off := 1; off < l.Count(); off <<= 1 {
			if tid >= off {
				dst[tid] = src[tid] + src[tid-off]
			} else {
				dst[tid] = src[tid]
			}
			l.Barrier()
			src, dst = dst, src
		}
		out[tid] = src[tid]
	})
}

// CompactBallot keeps the positive elements of in, in order, writing them to
// out and their number to *count. Each round handles one element per lane;
// the ballot mask and the running base are uniform.
func CompactBallot(lanes int, in, out []int, count *int) error {
	n := len(in)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		base := 0
		for r := 0; r < n; r += l.Count() {
			j := r + i
			keep := j < n && in[j] > 0
			mask := spmd.Ballot(l, keep)
			if keep {
				out[base+bits.OnesCount64(mask&(1<<uint(i)-1))] = in[j]
			}
			base += bits.OnesCount64(mask)
		}
		if i == 0 {
			*count = base
		}
	})
}

// CompactScan does the same with ExclusiveAdd offsets; each lane may keep
// several elements of its own contiguous segment.
func CompactScan(lanes int, in, out []int, count *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		seg := (len(in) + l.Count() - 1) / l.Count()
		lo := min(l.Index()*seg, len(in))
		hi := min(lo+seg, len(in))
		kept := 0
		for _, v := range in[lo:hi] {
			if v > 0 {
				kept++
			}
		}
		off := spmd.ExclusiveAdd(l, kept)
		total := spmd.ReduceAdd(l, kept)
		for _, v := range in[lo:hi] {
			if v > 0 {
				out[off] = v
				off++
			}
		}
		if total > 0 && l.Index() == 0 {
			*count = total
		}
	})
}

// Partition splits one element per lane into the elements below pivot and
// the others (a stable split, one step of radix sort), with two ballots.
func Partition(lanes int, in, out []int, pivot int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		v := in[i]
		lo := spmd.Ballot(l, v < pivot)
		hi := spmd.Ballot(l, v >= pivot)
		below := uint64(1)<<uint(i) - 1
		if v < pivot {
			out[bits.OnesCount64(lo&below)] = v
		} else {
			out[bits.OnesCount64(lo)+bits.OnesCount64(hi&below)] = v
		}
	})
}
