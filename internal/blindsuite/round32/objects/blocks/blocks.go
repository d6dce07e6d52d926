// Package blocks holds kernels that use the *handle.Block handle directly:
// pointer-receiver methods that run barriers and reductions, state kept in
// the handle (muted flag, counters, scratch), builders that return the
// receiver, and the value-typed handle.Group.
package blocks

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round32/objects/handle"
	"github.com/spmdvet/spmdvet/spmd"
)

// Rotate returns data rotated left by one: each lane publishes its element,
// syncs through its block handle, and reads its right neighbour's.
//
// kernel(ok)
func Rotate(data []float64) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := handle.NewBlock(l)
		i := b.ID()
		buf[i] = data[i]
		b.Sync()
		out[i] = buf[(i+1)%b.Size()]
	})
	return out, err
}

// RotateEven is Rotate where only the even lanes sync before reading.
//
// kernel(bug)
func RotateEven(data []float64) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := handle.NewBlock(l)
		i := b.ID()
		buf[i] = data[i]
		if i%2 == 0 {
			b.Sync() // EXPECT
		}
		out[i] = buf[(i+1)%b.Size()]
	})
	return out, err
}

// Totals writes into out[i] either the sum over all lanes or, when perLane
// is set, lane i's own value: the handle's muted flag comes from a kernel
// parameter.
//
// kernel(ok)
func Totals(data []float64, perLane bool) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l).Mute(perLane)
		out[i] = b.Sum(data[i])
	})
	return out, err
}

// TotalsSkipNegative mutes the handle of lanes whose value is negative, so
// those lanes skip the reduction inside Sum.
//
// kernel(bug)
func TotalsSkipNegative(data []float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l).Mute(data[i] < 0)
		out[i] = b.Sum(data[i]) // EXPECT
	})
	return out, err
}

// CountAndSum counts the positive elements per lane (a lane-dependent
// counter in the handle) and sums all elements; the muted flag is never
// touched by the counting.
//
// kernel(ok)
func CountAndSum(data []float64) (total float64, hits []int, err error) {
	hits = make([]int, len(data))
	err = spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l).Mute(false)
		b.Note(data[i])
		s := b.Sum(data[i])
		hits[i] = b.Hits()
		if i == 0 {
			total = s
		}
	})
	return total, hits, err
}

// CountAndSumHitsOnly mutes the handles whose lane noted nothing, so the
// per-lane counter decides whether Sum reduces.
//
// kernel(bug)
func CountAndSumHitsOnly(data []float64) (total float64, err error) {
	err = spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l)
		b.Note(data[i])
		b.Mute(b.Hits() == 0)
		s := b.Sum(data[i]) // EXPECT
		if i == 0 {
			total = s
		}
	})
	return total, err
}

// PositiveFlags publishes whether each element is positive, then flushes:
// Flush's barrier depends on the handle's sync count, which every lane
// advanced alike, not on the per-lane hit count.
//
// kernel(ok)
func PositiveFlags(data []float64) ([]int, error) {
	n := len(data)
	flags := make([]int, n)
	left := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l)
		b.Sync()
		b.Note(data[i])
		flags[i] = b.Hits()
		b.Flush()
		left[i] = flags[(i+n-1)%n]
	})
	return left, err
}

// PositiveFlagsDrain uses Drain, whose barrier runs only in lanes that
// noted something.
//
// kernel(bug)
func PositiveFlagsDrain(data []float64) ([]int, error) {
	n := len(data)
	flags := make([]int, n)
	left := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l)
		b.Note(data[i])
		flags[i] = b.Hits()
		b.Drain() // EXPECT
		left[i] = flags[(i+n-1)%n]
	})
	return left, err
}

// Interleave stages k values per lane through the handle's scratch area:
// lane i's j-th value is data[i*k+j], and it lands in shared[j*lanes+i].
//
// kernel(ok)
func Interleave(data []float64, lanes, k int) ([]float64, error) {
	shared := make([]float64, lanes*k)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l).WithScratch(k)
		s := b.Scratch()
		for j := range s {
			s[j] = data[i*k+j]
		}
		b.Stage(shared)
	})
	return shared, err
}

// InterleaveRagged sizes each lane's scratch by its own count, so Stage
// runs a different number of phases (and barriers) in each lane.
//
// kernel(bug)
func InterleaveRagged(data []float64, counts []int, k int) ([]float64, error) {
	lanes := len(counts)
	shared := make([]float64, lanes*k)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l).WithScratch(counts[i])
		s := b.Scratch()
		for j := range s {
			s[j] = data[i*k+j]
		}
		b.Stage(shared) // EXPECT
	})
	return shared, err
}

// Smooth replaces each element by the mean of itself and its neighbours;
// zero elements produce zero but still take part in the sync.
//
// kernel(ok)
func Smooth(data []float64) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := handle.NewBlock(l)
		i := b.ID()
		buf[i] = data[i]
		b.Sync()
		if data[i] != 0 {
			out[i] = (buf[(i+n-1)%n] + buf[i] + buf[(i+1)%n]) / 3
		}
	})
	return out, err
}

// SmoothSkipZero returns early for zero elements, before the sync.
//
// kernel(bug)
func SmoothSkipZero(data []float64) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := handle.NewBlock(l)
		i := b.ID()
		buf[i] = data[i]
		if data[i] == 0 {
			return
		}
		b.Sync() // EXPECT
		out[i] = (buf[(i+n-1)%n] + buf[i] + buf[(i+1)%n]) / 3
	})
	return out, err
}

// Accumulate has lane i add counts[i] rounds of its value into acc, one
// round per phase; the number of phases is the block-wide maximum, so every
// lane syncs equally often.
//
// kernel(ok)
func Accumulate(counts []int, step float64) ([]float64, error) {
	n := len(counts)
	acc := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := handle.NewBlock(l)
		i := b.ID()
		rounds := spmd.ReduceMax(l, counts[i])
		for k := 0; k < rounds; k++ {
			if k < counts[i] {
				acc[i] += step
			}
			b.Sync()
		}
	})
	return acc, err
}

// AccumulateOwn loops counts[i] times in lane i, syncing each round.
//
// kernel(bug)
func AccumulateOwn(counts []int, step float64) ([]float64, error) {
	n := len(counts)
	acc := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := handle.NewBlock(l)
		i := b.ID()
		for k := 0; k < counts[i]; k++ {
			acc[i] += step
			b.Sync() // EXPECT
		}
	})
	return acc, err
}

// SegmentSums sums each segment of w consecutive elements with a value
// handle.Group: the offset differs per lane, the width does not.
//
// kernel(ok)
func SegmentSums(data []float64, w int) ([]float64, error) {
	n := len(data)
	shared := append([]float64(nil), data...)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		handle.NewGroup(l, w).At(i / w * w).Tree(shared)
	})
	sums := make([]float64, n/w)
	for s := range sums {
		sums[s] = shared[s*w]
	}
	return sums, err
}

// SegmentSumsRagged takes each lane's segment width and offset from tables,
// so the group width (and the number of tree rounds) differs per lane.
//
// kernel(bug)
func SegmentSumsRagged(data []float64, widths, offs []int) ([]float64, error) {
	n := len(data)
	shared := append([]float64(nil), data...)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		handle.NewGroup(l, widths[i]).At(offs[i]).Tree(shared) // EXPECT
	})
	return shared, err
}
