// Package algo has kernels that call generic algorithms parameterized by
// constraints with methods (Combiner, Syncer, Accumulator) and by type sets
// (Real), each instantiated with a convergent implementation and with one
// that exchanges nothing between lanes.
package algo

import (
	"slices"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round30/generics/gen"
	"github.com/spmdvet/spmdvet/spmd"
)

// Celsius is a temperature.
type Celsius float64

// Hits counts events.
type Hits int

// Hist is a four-bin histogram.
type Hist [4]int

// HistMerge merges histograms, across the group too (convergent).
type HistMerge struct{}

func (HistMerge) Combine(a, b Hist) Hist {
	for k := range a {
		a[k] += b[k]
	}
	return a
}

func (HistMerge) Reduce(l spmd.Lane, v Hist) Hist {
	var out Hist
	for k := range v {
		out[k] = spmd.ReduceAdd(l, v[k])
	}
	return out
}

// HistLocal merges histograms within a lane only.
type HistLocal struct{}

func (HistLocal) Combine(a, b Hist) Hist {
	for k := range a {
		a[k] += b[k]
	}
	return a
}

func (HistLocal) Reduce(_ spmd.Lane, v Hist) Hist { return v }

// Weighted adds values and reduces them over the group scaled by W
// (convergent).
type Weighted[T spmd.Number] struct{ W T }

func (w Weighted[T]) Combine(a, b T) T          { return a + b }
func (w Weighted[T]) Reduce(l spmd.Lane, v T) T { return spmd.ReduceAdd(l, v*w.W) }

// LiveTotalBug returns the total of the live lanes' rows over the group.
// kernel(bug): Fold with AddAcross reduces across lanes, under a branch on
// the lane's own flag.
func LiveTotalBug(rows [][]float64, live []bool) (float64, error) {
	var total float64
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		if live[i] {
			t := gen.Fold(gen.AddAcross[float64]{}, l, 0, rows[i]) // EXPECT
			if i == 0 {
				total = t
			}
		}
	})
	return total, err
}

// LiveTotalOK returns the total of each live lane's row. kernel(ok): Fold
// with AddLocal exchanges nothing, so the branch on the lane's own flag is
// harmless.
func LiveTotalOK(rows [][]float64, live []bool) ([]float64, error) {
	parts := make([]float64, len(rows))
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		if live[i] {
			t := gen.Fold(gen.AddLocal[float64]{}, l, 0, rows[i])
			parts[i] = t
		}
	})
	return parts, err
}

// RunningPeakBug writes the running maximum of each lane's temperature
// series into out and returns the peak over the group; lanes with no
// readings stop early. kernel(bug)
func RunningPeakBug(series, out [][]Celsius) (Celsius, error) {
	var peak Celsius
	err := spmd.Run(len(series), func(l spmd.Lane) {
		i := l.Index()
		if len(series[i]) == 0 {
			return
		}
		p := gen.Scan(gen.MaxAcross[Celsius]{}, l, series[i], out[i]) // EXPECT
		if i == 0 {
			peak = p
		}
	})
	return peak, err
}

// RunningPeakOK writes the running maximum of each lane's temperature
// series into out and each lane's own peak into peaks; lanes with no
// readings stop early. kernel(ok): MaxLocal exchanges nothing.
func RunningPeakOK(series, out [][]Celsius) ([]Celsius, error) {
	peaks := make([]Celsius, len(series))
	err := spmd.Run(len(series), func(l spmd.Lane) {
		i := l.Index()
		if len(series[i]) == 0 {
			return
		}
		p := gen.Scan(gen.MaxLocal[Celsius]{}, l, series[i], out[i])
		peaks[i] = p
	})
	return peaks, err
}

// SmoothRowsBug smooths each lane's row in place passes[i] times, syncing
// the group with a barrier after every pass. kernel(bug): the number of
// passes, and so of barriers, is the lane's own.
func SmoothRowsBug(rows [][]float64, passes []int) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		row := rows[l.Index()]
		step := func(int) { smooth(row) }
		gen.Stages(gen.BarrierSync{L: l}, passes[l.Index()], step) // EXPECT
	})
}

// SmoothRowsOK smooths each lane's row in place passes[i] times; the rows
// are private to their lane, so the stages need no sync. kernel(ok)
func SmoothRowsOK(rows [][]float64, passes []int) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		row := rows[l.Index()]
		step := func(int) { smooth(row) }
		gen.Stages(gen.NoSync{}, passes[l.Index()], step)
	})
}

// smooth replaces each inner element of row by the mean of itself and its
// neighbours.
func smooth(row []float64) {
	prev := row[0]
	for j := 1; j < len(row)-1; j++ {
		cur := row[j]
		row[j] = (prev + cur + row[j+1]) / 3
		prev = cur
	}
}

// RotateNonZeroBug rotates the values one lane down through the group's
// shared slots (stage 0 writes, stage 1 reads), the group being a Syncer.
// kernel(bug): only the lanes with a non-zero value take part.
func RotateNonZeroBug(vals []int) ([]int, error) {
	n := len(vals)
	out := make([]int, n)
	shared := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		g := gen.NewGroup(l, shared)
		i := l.Index()
		v := vals[i]
		step := func(k int) {
			if k == 0 {
				shared[i] = v
			} else {
				v = shared[(i+1)%n]
			}
		}
		if v != 0 {
			gen.Stages(g, 2, step) // EXPECT
		}
		out[i] = v
	})
	return out, err
}

// RotateNonZeroOK rotates the values one lane down through the group's
// shared slots, when some value is non-zero. kernel(ok)
func RotateNonZeroOK(vals []int) ([]int, error) {
	n := len(vals)
	out := make([]int, n)
	shared := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		g := gen.NewGroup(l, shared)
		i := l.Index()
		v := vals[i]
		step := func(k int) {
			if k == 0 {
				shared[i] = v
			} else {
				v = shared[(i+1)%n]
			}
		}
		if gen.AnyOf(l, v, func(v int) bool { return v != 0 }) {
			gen.Stages(g, 2, step)
		}
		out[i] = v
	})
	return out, err
}

// Mode selects how a lane reports.
type Mode int

const (
	Quiet Mode = iota
	Report
)

// ReportTotalBug: lanes in Report mode flush their readings into a group
// sum. kernel(bug): the SumAcc flush reduces across lanes, under a switch
// on the lane's own mode.
func ReportTotalBug(rows [][]float64, mode []Mode) ([]float64, error) {
	out := make([]float64, len(rows))
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		switch mode[i] {
		case Report:
			out[i] = gen.Accumulate[gen.SumAcc](l, rows[i]) // EXPECT
		case Quiet:
		}
	})
	return out, err
}

// ReportTotalOK: lanes in Report mode flush their readings into their own
// total. kernel(ok): the LocalAcc flush exchanges nothing.
func ReportTotalOK(rows [][]float64, mode []Mode) ([]float64, error) {
	out := make([]float64, len(rows))
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		switch mode[i] {
		case Report:
			out[i] = gen.Accumulate[gen.LocalAcc](l, rows[i])
		case Quiet:
		}
	})
	return out, err
}

// MeanTempBug returns the mean of all readings of the group. kernel(bug):
// lanes without readings skip the mean, a group operation.
func MeanTempBug(rows [][]Celsius) (float64, error) {
	var mean float64
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		m := 0.0
		if len(rows[i]) > 0 {
			m = gen.Mean(l, rows[i]) // EXPECT
		}
		if i == 0 {
			mean = m
		}
	})
	return mean, err
}

// MeanTempOK returns the mean of all readings of the group; lanes without
// readings count for nothing. kernel(ok)
func MeanTempOK(rows [][]Celsius) (float64, error) {
	var mean float64
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		m := gen.Mean(l, rows[i])
		if i == 0 {
			mean = m
		}
	})
	return mean, err
}

// MeanHitsBug returns the mean count over the lanes' bins, after the lanes
// with an overflowing bin have dropped out. kernel(bug)
func MeanHitsBug(bins [][]Hits, limit Hits) (float64, error) {
	var mean float64
	err := spmd.Run(len(bins), func(l spmd.Lane) {
		i := l.Index()
		for _, b := range bins[i] {
			if b > limit {
				return
			}
		}
		m := gen.Mean(l, bins[i]) // EXPECT
		if i == 0 {
			mean = m
		}
	})
	return mean, err
}

// MeanHitsOK returns the mean count over the lanes' bins, the lanes with an
// overflowing bin contributing none. kernel(ok)
func MeanHitsOK(bins [][]Hits, limit Hits) (float64, error) {
	var mean float64
	err := spmd.Run(len(bins), func(l spmd.Lane) {
		i := l.Index()
		mine := bins[i]
		for _, b := range bins[i] {
			if b > limit {
				mine = nil
				break
			}
		}
		m := gen.Mean(l, mine)
		if i == 0 {
			mean = m
		}
	})
	return mean, err
}

// RaggedTotalBug returns the group total of the lanes' rows with
// FoldNonEmpty and AddAcross. kernel(bug): FoldNonEmpty skips the reduction
// in lanes whose row is empty.
func RaggedTotalBug(rows [][]int) (int, error) {
	var total int
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		t := gen.FoldNonEmpty(gen.AddAcross[int]{}, l, 0, rows[l.Index()]) // EXPECT
		if l.Index() == 0 {
			total = t
		}
	})
	return total, err
}

// RaggedTotalOK returns each lane's row total with FoldNonEmpty and
// AddLocal. kernel(ok)
func RaggedTotalOK(rows [][]int) ([]int, error) {
	parts := make([]int, len(rows))
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		t := gen.FoldNonEmpty(gen.AddLocal[int]{}, l, 0, rows[l.Index()])
		parts[l.Index()] = t
	})
	return parts, err
}

// PhasedBug runs two update phases over the lanes' own cells with a
// syncer held in an interface value; lanes whose cell is frozen skip the
// phases. kernel(bug): the barrier syncer waits for the frozen lanes.
func PhasedBug(cells []float64, frozen []bool) error {
	return spmd.Run(len(cells), func(l spmd.Lane) {
		i := l.Index()
		var s gen.Syncer = gen.BarrierSync{L: l}
		step := func(k int) { cells[i] = cells[i]*0.5 + float64(k) }
		if !frozen[i] {
			gen.StagesDyn(s, 2, step) // EXPECT
		}
	})
}

// PhasedOK runs two update phases over the lanes' own cells with a syncer
// held in an interface value; lanes whose cell is frozen skip the phases.
// kernel(ok): the cells are private, the syncer does nothing.
func PhasedOK(cells []float64, frozen []bool) error {
	return spmd.Run(len(cells), func(l spmd.Lane) {
		i := l.Index()
		var s gen.Syncer = gen.NoSync{}
		step := func(k int) { cells[i] = cells[i]*0.5 + float64(k) }
		if !frozen[i] {
			gen.StagesDyn(s, 2, step)
		}
	})
}

// BinsBug merges the lanes' histograms of their values into a group
// histogram. kernel(bug): the lanes without values take another arm of the
// switch, and HistMerge reduces across lanes.
func BinsBug(vals [][]int) (Hist, error) {
	var total Hist
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		var h Hist
		mine := vals[l.Index()]
		switch {
		case len(mine) == 0:
			h = Hist{}
		default:
			hs := make([]Hist, len(mine))
			for k, v := range mine {
				hs[k][v%4]++
			}
			h = gen.Fold(HistMerge{}, l, Hist{}, hs) // EXPECT
		}
		if l.Index() == 0 {
			total = h
		}
	})
	return total, err
}

// BinsOK computes each lane's histogram of its values. kernel(ok):
// HistLocal exchanges nothing.
func BinsOK(vals [][]int) ([]Hist, error) {
	out := make([]Hist, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		var h Hist
		mine := vals[l.Index()]
		switch {
		case len(mine) == 0:
			h = Hist{}
		default:
			hs := make([]Hist, len(mine))
			for k, v := range mine {
				hs[k][v%4]++
			}
			h = gen.Fold(HistLocal{}, l, Hist{}, hs)
		}
		out[l.Index()] = h
	})
	return out, err
}

// WeightedEpochsBug adds up each epoch's per-lane losses, weighted, over
// the group; a lane stops at its first epoch without a loss. kernel(bug)
func WeightedEpochsBug(losses [][]int, w int) ([]int, error) {
	var sums []int
	err := spmd.Run(len(losses), func(l spmd.Lane) {
		mine := losses[l.Index()]
		var out []int
		for e := 0; e < len(mine) && mine[e] != 0; e++ {
			out = append(out, gen.Fold(Weighted[int]{W: w}, l, 0, mine[e:e+1])) // EXPECT
		}
		if l.Index() == 0 {
			sums = out
		}
	})
	return sums, err
}

// WeightedEpochsOK adds up each of the epochs' per-lane losses, weighted,
// over the group. kernel(ok): every lane runs all epochs.
func WeightedEpochsOK(losses [][]int, w, epochs int) ([]int, error) {
	var sums []int
	err := spmd.Run(len(losses), func(l spmd.Lane) {
		mine := losses[l.Index()]
		var out []int
		for e := 0; e < epochs; e++ {
			out = append(out, gen.Fold(Weighted[int]{W: w}, l, 0, mine[e:e+1]))
		}
		if l.Index() == 0 {
			sums = out
		}
	})
	return sums, err
}

// ErodeBug erodes a mask, one cell per lane, double-buffered: in each
// round a cell stays set only if both neighbours are set. The lane handle
// itself is the Barrierer of gen.Rounds. kernel(bug): each lane runs the
// number of rounds it asked for.
func ErodeBug(mask []bool, want []int) ([]bool, error) {
	n := len(mask)
	buf := [2][]bool{slices.Clone(mask), make([]bool, n)}
	out := make([]bool, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		step := func(k int) {
			cur, next := buf[k%2], buf[(k+1)%2]
			next[i] = cur[i] && cur[max(i-1, 0)] && cur[min(i+1, n-1)]
		}
		rounds := want[i]
		gen.Rounds(l, rounds, step) // EXPECT
		out[i] = buf[rounds%2][i]
	})
	return out, err
}

// ErodeOK erodes a mask, one cell per lane, double-buffered, for the
// number of rounds lane 0 asked for. The lane handle itself is the
// Barrierer of gen.Rounds. kernel(ok)
func ErodeOK(mask []bool, want []int) ([]bool, error) {
	n := len(mask)
	buf := [2][]bool{slices.Clone(mask), make([]bool, n)}
	out := make([]bool, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		step := func(k int) {
			cur, next := buf[k%2], buf[(k+1)%2]
			next[i] = cur[i] && cur[max(i-1, 0)] && cur[min(i+1, n-1)]
		}
		rounds := want[0]
		gen.Rounds(l, rounds, step)
		out[i] = buf[rounds%2][i]
	})
	return out, err
}

// OwnErodeOK erodes each lane's own row of a mask want[i] times; the rows
// are private, so gen.Rounds runs with NoBarrier. kernel(ok)
func OwnErodeOK(rows [][]bool, want []int) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		i := l.Index()
		row := rows[i]
		step := func(int) {
			prev := row[0]
			for j := 1; j < len(row)-1; j++ {
				cur := row[j]
				row[j] = cur && prev && row[j+1]
				prev = cur
			}
		}
		gen.Rounds(gen.NoBarrier{}, want[i], step)
	})
}
