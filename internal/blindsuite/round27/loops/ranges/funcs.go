package ranges

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// SumJobs: lanes take jobs from a shared queue until it is drained, then
// add up what they did.
// kernel(ok)
func SumJobs(jobs chan int, total *int) error {
	return spmd.Run(4, func(l spmd.Lane) {
		mine := 0
		for j := range jobs {
			mine += j
		}
		s := spmd.ReduceAdd(l, mine)
		if l.Index() == 0 {
			*total = s
		}
	})
}

// SumJobsBug reduces per job: lanes take different numbers of jobs.
// kernel(bug)
func SumJobsBug(jobs chan int, total *int) error {
	return spmd.Run(4, func(l spmd.Lane) {
		s := 0
		for j := range jobs {
			s += spmd.ReduceAdd(l, j) // EXPECT
		}
		if l.Index() == 0 {
			*total = s
		}
	})
}

// tiles yields the start of each tile of size elements in [0, n).
func tiles(n, size int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for s := 0; s < n; s += size {
			if !yield(s) {
				return
			}
		}
	}
}

// ScaleTiles scales data tile by tile, a lane per element; lanes past the
// end of the last tile idle through its barrier.
// kernel(ok)
func ScaleTiles(data []float64, f float64) error {
	return spmd.Run(4, func(l spmd.Lane) {
		for s := range tiles(len(data), l.Count()) {
			if i := s + l.Index(); i < len(data) {
				data[i] *= f
			}
			l.Barrier()
		}
	})
}

// ScaleTilesBug breaks out of the tiles at the end of the data.
// kernel(bug)
func ScaleTilesBug(data []float64, f float64) error {
	return spmd.Run(4, func(l spmd.Lane) {
		for s := range tiles(len(data), l.Count()) {
			i := s + l.Index()
			if i >= len(data) {
				break
			}
			data[i] *= f
			l.Barrier() // EXPECT
		}
	})
}

// owned yields the indices below n that the lane owns, grid-stride: the
// iterator's own loop depends on the lane.
func owned(l spmd.Lane, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := l.Index(); i < n; i += l.Count() {
			if !yield(i) {
				return
			}
		}
	}
}

// steps yields, for each step of a grid-stride walk over n elements, the
// lane's index and whether it is in range; every lane sees every step.
func steps(l spmd.Lane, n int) iter.Seq2[int, bool] {
	return func(yield func(int, bool) bool) {
		for base := 0; base < n; base += l.Count() {
			i := base + l.Index()
			if !yield(i, i < n) {
				return
			}
		}
	}
}

// Square squares data in place over the steps of a grid-stride walk.
// kernel(ok)
func Square(data []float64) error {
	return spmd.Run(4, func(l spmd.Lane) {
		for i, in := range steps(l, len(data)) {
			if in {
				data[i] *= data[i]
			}
			l.Barrier()
		}
	})
}

// SquareBug squares over the lane's owned indices.
// kernel(bug)
func SquareBug(data []float64) error {
	return spmd.Run(4, func(l spmd.Lane) {
		for i := range owned(l, len(data)) {
			data[i] *= data[i]
			l.Barrier() // EXPECT
		}
	})
}

// Validate checks each lane's record field by field; a lane that finds a
// bad field stops checking, and the group syncs after the loop.
// kernel(ok)
func Validate(recs [][]int, fields int, bad []int) error {
	return spmd.Run(len(recs), func(l spmd.Lane) {
		bad[l.Index()] = -1
		for f := range tiles(fields, 1) {
			if recs[l.Index()][f] < 0 {
				bad[l.Index()] = f
				break
			}
		}
		l.Barrier()
	})
}

// ValidateBug returns from the kernel at a bad field, skipping the
// barrier after the loop.
// kernel(bug)
func ValidateBug(recs [][]int, fields int, bad []int) error {
	return spmd.Run(len(recs), func(l spmd.Lane) {
		bad[l.Index()] = -1
		for f := range tiles(fields, 1) {
			if recs[l.Index()][f] < 0 {
				bad[l.Index()] = f
				return
			}
		}
		l.Barrier() // EXPECT
	})
}
