package apps

import (
	"math"
	"math/bits"
	"strings"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round26/funcs/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

// TotalLetters counts the letters of the words of lines, one line per
// lane.
//
// kernel(ok)
func TotalLetters(lines []string) (int, error) {
	var total int
	err := spmd.Run(len(lines), func(l spmd.Lane) {
		idx := l.Index()
		words := func() []string { return strings.Fields(lines[idx]) }
		n := 0
		kit.Each(words(), func(w string) { n += len(w) })
		t := spmd.ReduceAdd(l, n)
		if idx == 0 {
			total = t
		}
	})
	return total, err
}

// TotalLettersEach reduces once per word.
//
// kernel(bug)
func TotalLettersEach(lines []string) (int, error) {
	var total int
	err := spmd.Run(len(lines), func(l spmd.Lane) {
		idx := l.Index()
		words := func() []string { return strings.Fields(lines[idx]) }
		t := 0
		kit.Each(words(), func(w string) { t += spmd.ReduceAdd(l, len(w)) }) // EXPECT
		if idx == 0 {
			total = t
		}
	})
	return total, err
}

// newRand returns a small xorshift generator in [0, 1) with its own state.
func newRand(seed uint64) func() float64 {
	s := seed*0x9E3779B97F4A7C15 + 1
	return func() float64 {
		s ^= s << 13
		s ^= s >> 7
		s ^= s << 17
		return float64(s>>11) / (1 << 53)
	}
}

// EstimatePi throws trials darts per lane.
//
// kernel(ok)
func EstimatePi(lanes, trials int, seed uint64) (float64, error) {
	var pi float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		rnd := newRand(seed + uint64(l.Index()))
		hits := 0
		for range trials {
			x, y := rnd(), rnd()
			if x*x+y*y <= 1 {
				hits++
			}
		}
		total := spmd.ReduceAdd(l, hits)
		if l.Index() == 0 {
			pi = 4 * float64(total) / float64(trials*l.Count())
		}
	})
	return pi, err
}

// Retries simulates lanes retrying a flaky operation that fails with
// probability pFail; every round is logged group-wide, and rounds go on
// while some lane still fails, at most limit times. It returns the number
// of rounds.
//
// kernel(ok)
func Retries(lanes int, pFail float64, limit int, seed uint64) (int, error) {
	var rounds int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		rnd := newRand(seed + uint64(l.Index()))
		logged := 0
		for spmd.Any(l, rnd() < pFail) && logged < limit {
			logged += spmd.ReduceMax(l, 1)
		}
		if l.Index() == 0 {
			rounds = logged
		}
	})
	return rounds, err
}

// RetriesLocal lets every lane retry on its own.
//
// kernel(bug)
func RetriesLocal(lanes int, pFail float64, limit int, seed uint64) (int, error) {
	var rounds int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		rnd := newRand(seed + uint64(l.Index()))
		logged := 0
		for rnd() < pFail && logged < limit {
			logged += spmd.ReduceMax(l, 1) // EXPECT
		}
		if l.Index() == 0 {
			rounds = logged
		}
	})
	return rounds, err
}

// TopK returns the k largest scores, one score per lane, by repeated
// selection of the maximum.
//
// kernel(ok)
func TopK(scores []float64, k int) ([]float64, error) {
	out := make([]float64, k)
	err := spmd.Run(len(scores), func(l spmd.Lane) {
		idx := l.Index()
		v := scores[idx]
		taken := false
		pick := func() float64 {
			cand := math.Inf(-1)
			if !taken {
				cand = v
			}
			best := spmd.ReduceMax(l, cand)
			winner := bits.TrailingZeros64(spmd.Ballot(l, !taken && cand == best))
			if idx == winner {
				taken = true
			}
			return best
		}
		for r := range k {
			b := pick()
			if idx == 0 {
				out[r] = b
			}
		}
	})
	return out, err
}

// TopKLeave lets a lane stop once its score has been picked.
//
// kernel(bug)
func TopKLeave(scores []float64, k int) ([]float64, error) {
	out := make([]float64, k)
	err := spmd.Run(len(scores), func(l spmd.Lane) {
		idx := l.Index()
		v := scores[idx]
		taken := false
		pick := func() float64 {
			cand := math.Inf(-1)
			if !taken {
				cand = v
			}
			best := spmd.ReduceMax(l, cand)
			winner := bits.TrailingZeros64(spmd.Ballot(l, !taken && cand == best))
			if idx == winner {
				taken = true
			}
			return best
		}
		for r := range k {
			if taken {
				break
			}
			b := pick() // EXPECT
			if idx == 0 {
				out[r] = b
			}
		}
	})
	return out, err
}

// Dashboard reduces one sample per lane with the metric named metric
// ("sum", "min" or "max"), through a method value of kit.Reducer.
//
// kernel(ok)
func Dashboard(samples []float64, metric string) (float64, error) {
	var res float64
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		reduce := kit.Reducer{Op: metric}.Reduce
		v := reduce(l, samples[l.Index()])
		if l.Index() == 0 {
			res = v
		}
	})
	return res, err
}

// DashboardPanels gives lane i the metric of panel i % len(metrics).
//
// kernel(bug)
func DashboardPanels(samples []float64, metrics []string) ([]float64, error) {
	out := make([]float64, len(samples))
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		reduce := kit.Reducer{Op: metrics[l.Index()%len(metrics)]}.Reduce
		out[l.Index()] = reduce(l, samples[l.Index()]) // EXPECT
	})
	return out, err
}
