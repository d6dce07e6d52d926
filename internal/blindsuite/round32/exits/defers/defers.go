// Package defers holds kernels with deferred convergent calls: a deferred
// barrier, a deferred helper that reduces, and deferred closures that
// rewrite named results. A deferred call runs at every exit of its
// function, so lanes that leave by different returns run it at different
// places.
package defers

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round32/exits/blockops"
	"github.com/spmdvet/spmdvet/spmd"
)

// addPhase adds src[i] into the lane's slot of acc and ends the phase with
// a deferred barrier. Lanes whose element is zero have nothing to add and
// return at once.
func addPhase(l spmd.Lane, acc, src []float64) {
	defer l.Barrier() // EXPECT
	i := l.Index()
	if src[i] == 0 {
		return
	}
	acc[i] += src[i]
}

// addPhaseOK returns early only when src is empty, for every lane at once.
func addPhaseOK(l spmd.Lane, acc, src []float64) {
	defer l.Barrier()
	i := l.Index()
	if len(src) == 0 {
		return
	}
	if src[i] != 0 {
		acc[i] += src[i]
	}
}

// Accumulate adds the rows of a matrix (one column per lane) in phases and
// then rotates the sums by one lane.
//
// kernel(bug)
func Accumulate(rows [][]float64) ([]float64, error) {
	n := len(rows[0])
	acc := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		for _, r := range rows {
			addPhase(l, acc, r)
		}
		out[l.Index()] = acc[(l.Index()+1)%n]
	})
	return out, err
}

// AccumulateOK is Accumulate through addPhaseOK.
//
// kernel(ok)
func AccumulateOK(rows [][]float64) ([]float64, error) {
	n := len(rows[0])
	acc := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		for _, r := range rows {
			addPhaseOK(l, acc, r)
		}
		out[l.Index()] = acc[(l.Index()+1)%n]
	})
	return out, err
}

// PeakAbove returns the largest element at or above floor (-Inf if none),
// reduced by blockops.MaxInto deferred at the top of the kernel. Lanes
// whose element is below floor return early.
//
// kernel(bug)
func PeakAbove(data []float64, floor float64) (float64, error) {
	var peak float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		best := math.Inf(-1)
		defer blockops.MaxInto(l, &peak, &best) // EXPECT
		i := l.Index()
		if data[i] < floor {
			return
		}
		best = data[i]
	})
	return peak, err
}

// PeakAboveOK has a single exit.
//
// kernel(ok)
func PeakAboveOK(data []float64, floor float64) (float64, error) {
	var peak float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		best := math.Inf(-1)
		defer blockops.MaxInto(l, &peak, &best)
		i := l.Index()
		if data[i] >= floor {
			best = data[i]
		}
	})
	return peak, err
}

// softmax returns the lane's softmax weight of logits; the deferred closure
// normalizes the named result by the group's sum. Padding lanes past the
// end of logits return 0 early.
func softmax(l spmd.Lane, logits []float64) (w float64) {
	defer func() { w /= spmd.ReduceAdd(l, w) }() // EXPECT
	i := l.Index()
	if i >= len(logits) {
		return 0
	}
	return math.Exp(logits[i])
}

// softmaxOK returns early only when there are no logits at all, the same
// in every lane, and otherwise leaves through one return.
func softmaxOK(l spmd.Lane, logits []float64) (w float64) {
	defer func() {
		if s := spmd.ReduceAdd(l, w); s > 0 {
			w /= s
		}
	}()
	if len(logits) == 0 {
		return 0
	}
	i := l.Index()
	if i < len(logits) {
		w = math.Exp(logits[i])
	}
	return w
}

// Softmax runs softmax on a group rounded up to a multiple of 8 lanes.
//
// kernel(bug)
func Softmax(logits []float64) ([]float64, error) {
	lanes := (len(logits) + 7) / 8 * 8
	out := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		out[l.Index()] = softmax(l, logits)
	})
	return out[:len(logits)], err
}

// SoftmaxOK is Softmax through softmaxOK.
//
// kernel(ok)
func SoftmaxOK(logits []float64) ([]float64, error) {
	lanes := (len(logits) + 7) / 8 * 8
	out := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		out[l.Index()] = softmaxOK(l, logits)
	})
	return out[:len(logits)], err
}

// share returns x, capped at limit, as a fraction of the group's total; the
// deferred closure divides the named result by the total. Which return a
// lane leaves by depends on x.
func share(l spmd.Lane, x, limit float64) (s float64) {
	defer func() { s /= spmd.ReduceAdd(l, s) }()
	if x > limit {
		return limit
	}
	return x
}

// shareOK caps x without a second return.
func shareOK(l spmd.Lane, x, limit float64) (s float64) {
	defer func() { s /= spmd.ReduceAdd(l, s) }()
	s = min(x, limit)
	return s
}

// Shares gives each lane its capped share of the total.
//
// kernel(bug)
func Shares(xs []float64, limit float64) ([]float64, error) {
	out := make([]float64, len(xs))
	err := spmd.Run(len(xs), func(l spmd.Lane) {
		i := l.Index()
		out[i] = share(l, xs[i], limit) // EXPECT
	})
	return out, err
}

// SharesOK is Shares through shareOK.
//
// kernel(ok)
func SharesOK(xs []float64, limit float64) ([]float64, error) {
	out := make([]float64, len(xs))
	err := spmd.Run(len(xs), func(l spmd.Lane) {
		i := l.Index()
		out[i] = shareOK(l, xs[i], limit)
	})
	return out, err
}

// Dedup marks duplicates of the previous element. A closure called in
// place does the marking and defers the barrier that ends the marking
// phase; the lanes of the first element return from it early.
//
// kernel(bug)
func Dedup(keys []int) ([]bool, int, error) {
	n := len(keys)
	dup := make([]bool, n)
	var unique int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		func() {
			defer l.Barrier() // EXPECT
			if i == 0 {
				return
			}
			dup[i] = keys[i] == keys[i-1]
		}()
		u := spmd.ReduceAdd(l, btoi(!dup[i]))
		if i == 0 {
			unique = u
		}
	})
	return dup, unique, err
}

// DedupOK returns early from the closure before the deferred barrier is
// set up, and waits after the closure instead.
//
// kernel(ok)
func DedupOK(keys []int) ([]bool, int, error) {
	n := len(keys)
	dup := make([]bool, n)
	var unique int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		func() {
			if i == 0 {
				return
			}
			dup[i] = keys[i] == keys[i-1]
		}()
		l.Barrier()
		u := spmd.ReduceAdd(l, btoi(!dup[i]))
		if i == 0 {
			unique = u
		}
	})
	return dup, unique, err
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
