// Package methods calls the convergent methods of package gpu directly:
// value and pointer receivers, promoted methods of embedded structs, method
// values held in variables and struct fields, method expressions, and the
// vocabulary that gpu.Thread declares with directives.
package methods

import (
	"math"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round29/dispatch/gpu"
	"github.com/spmdvet/spmdvet/spmd"
)

// TotalMassBug adds up the masses of the particles, one per lane.
// kernel(bug): massless particles return before the warp sum.
func TotalMassBug(mass []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(mass), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		m := mass[l.Index()]
		if m <= 0 {
			return // nothing to add
		}
		t := w.Sum(m) // EXPECT
		if w.IsLeader() {
			total = t
		}
	})
	return total, err
}

// TotalMass adds up the masses of the particles, one per lane; massless
// particles add zero.
// kernel(ok)
func TotalMass(mass []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(mass), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		m := mass[l.Index()]
		if m <= 0 {
			m = 0 // nothing to add
		}
		t := w.Sum(m)
		if w.IsLeader() {
			total = t
		}
	})
	return total, err
}

// SmoothBug averages each interior element with its neighbours through
// shared memory. kernel(bug): only the interior lanes reach the barrier.
func SmoothBug(in []float64) ([]float64, error) {
	n := len(in)
	out := make([]float64, n)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := gpu.Of(l)
		i := b.Tid()
		shared[i] = in[i]
		if i > 0 && i < n-1 {
			b.Sync() // EXPECT
			out[i] = (shared[i-1] + shared[i] + shared[i+1]) / 3
		} else {
			out[i] = in[i]
		}
	})
	return out, err
}

// Smooth averages each interior element with its neighbours through shared
// memory; every lane syncs before the interior lanes read.
// kernel(ok)
func Smooth(in []float64) ([]float64, error) {
	n := len(in)
	out := make([]float64, n)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := gpu.Of(l)
		i := b.Tid()
		shared[i] = in[i]
		b.Sync()
		if i > 0 && i < n-1 {
			out[i] = (shared[i-1] + shared[i] + shared[i+1]) / 3
		} else {
			out[i] = in[i]
		}
	})
	return out, err
}

// JobCostBug adds up the cost of every lane's jobs. A lane that meets a
// negative cost (a cancelled job) mutes its accumulator through the pointer
// receiver. kernel(bug): the muted lanes skip the reduction in Flush.
func JobCostBug(costs [][]float64) (float64, error) {
	var total float64
	err := spmd.Run(len(costs), func(l spmd.Lane) {
		acc := gpu.Acc{W: gpu.Warp{L: l}}
		for _, c := range costs[l.Index()] {
			if c < 0 {
				acc.Mute()
				break
			}
			acc.Add(c)
		}
		t := acc.Flush() // EXPECT
		if l.Index() == 0 {
			total = t
		}
	})
	return total, err
}

// JobCost adds up the cost of every lane's jobs, skipping cancelled
// (negative) ones; a dry run mutes every accumulator and reports 0.
// kernel(ok)
func JobCost(costs [][]float64, dryRun bool) (float64, error) {
	var total float64
	err := spmd.Run(len(costs), func(l spmd.Lane) {
		acc := gpu.Acc{W: gpu.Warp{L: l}}
		if dryRun {
			acc.Mute()
		}
		for _, c := range costs[l.Index()] {
			if c < 0 {
				continue
			}
			acc.Add(c)
		}
		t := acc.Flush()
		if l.Index() == 0 {
			total = t
		}
	})
	return total, err
}

// RelaxBug runs Jacobi sweeps of the 1-D Laplace equation until the lane's
// own update is below tol. The barrier is a method value kept in a
// variable. kernel(bug): lanes stop sweeping at different iterations.
func RelaxBug(u0 []float64, tol float64) ([]float64, error) {
	n := len(u0)
	u := append([]float64(nil), u0...)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := gpu.Of(l)
		sync := b.Sync
		i := b.Tid()
		x := u[i]
		resid := math.Inf(1)
		for it := 0; it < 500 && resid > tol; it++ {
			shared[i] = x
			sync() // EXPECT
			resid = 0
			if i > 0 && i < n-1 {
				nx := (shared[i-1] + shared[i+1]) / 2
				resid = math.Abs(nx - x)
				x = nx
			}
			sync() // EXPECT
		}
		u[i] = x
	})
	return u, err
}

// Relax runs Jacobi sweeps of the 1-D Laplace equation until no lane's
// update is above tol: the warp maximum decides for all lanes.
// kernel(ok)
func Relax(u0 []float64, tol float64) ([]float64, error) {
	n := len(u0)
	u := append([]float64(nil), u0...)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := gpu.Of(l)
		w := gpu.Warp{L: l}
		sync := b.Sync
		i := b.Tid()
		x := u[i]
		resid := math.Inf(1)
		for it := 0; it < 500 && w.Max(resid) > tol; it++ {
			shared[i] = x
			sync()
			resid = 0
			if i > 0 && i < n-1 {
				nx := (shared[i-1] + shared[i+1]) / 2
				resid = math.Abs(nx - x)
				x = nx
			}
			sync()
		}
		u[i] = x
	})
	return u, err
}

// reduction is a named reduction chosen when the kernel starts, held as a
// method value in a struct field.
type reduction struct {
	name string
	op   func(float64) float64
}

// NormalizePeaksBug divides the samples above thresh by the peak of the
// signal. kernel(bug): only the lanes above the threshold take part in the
// maximum.
func NormalizePeaksBug(sig []float64, thresh float64) ([]float64, error) {
	out := make([]float64, len(sig))
	err := spmd.Run(len(sig), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		peak := reduction{name: "max", op: w.Max}
		x := sig[l.Index()]
		if x > thresh {
			p := peak.op(x) // EXPECT
			x /= p
		}
		out[l.Index()] = x
	})
	return out, err
}

// NormalizePeaks divides the samples above thresh by the peak of the
// signal; every lane takes part in the maximum.
// kernel(ok)
func NormalizePeaks(sig []float64, thresh float64) ([]float64, error) {
	out := make([]float64, len(sig))
	err := spmd.Run(len(sig), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		peak := reduction{name: "max", op: w.Max}
		x := sig[l.Index()]
		p := peak.op(x)
		if x > thresh {
			x /= p
		}
		out[l.Index()] = x
	})
	return out, err
}

// ClassStatsBug reduces each sample with the statistic of its own class
// ("sum" or "max"), through method expressions of gpu.Warp.
// kernel(bug): the switch is on the lane's class, so the lanes of each
// class reduce apart.
func ClassStatsBug(class []string, x []float64) ([]float64, error) {
	out := make([]float64, len(x))
	sum, peak := gpu.Warp.Sum, gpu.Warp.Max
	err := spmd.Run(len(x), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		i := l.Index()
		var r float64
		switch class[i] {
		case "sum":
			r = sum(w, x[i]) // EXPECT
		case "max":
			r = peak(w, x[i]) // EXPECT
		}
		out[i] = r
	})
	return out, err
}

// ClassStats reduces every sample with the statistic the caller asks for
// ("sum" or "max"), through method expressions of gpu.Warp.
// kernel(ok)
func ClassStats(stat string, x []float64) ([]float64, error) {
	out := make([]float64, len(x))
	sum, peak := gpu.Warp.Sum, gpu.Warp.Max
	err := spmd.Run(len(x), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		i := l.Index()
		var r float64
		switch stat {
		case "sum":
			r = sum(w, x[i])
		case "max":
			r = peak(w, x[i])
		}
		out[i] = r
	})
	return out, err
}

// blur is a box filter over a tile of shared memory: Tid, Sync and Load are
// promoted from the embedded gpu.Tile (and Tid and Sync, through it, from
// gpu.Block).
type blur struct {
	gpu.Tile
	radius int
}

func (c blur) at(k int) float64 {
	if k < 0 || k >= len(c.Shared) {
		return 0
	}
	return c.Shared[k]
}

func (c blur) apply() float64 {
	s := 0.0
	for d := -c.radius; d <= c.radius; d++ {
		s += c.at(c.Tid() + d)
	}
	return s / float64(2*c.radius+1)
}

// BlurTwiceBug applies a box filter twice to a signal of at most one block
// of lanes. kernel(bug): the lanes past the end of the signal return before
// the tile is loaded.
func BlurTwiceBug(sig []float64, lanes, radius int) ([]float64, error) {
	out := make([]float64, len(sig))
	shared := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		c := blur{Tile: gpu.Tile{Block: gpu.Of(l), Shared: shared}, radius: radius}
		j := c.Tid()
		if j >= len(sig) {
			return
		}
		c.Load(sig, 0) // EXPECT
		v := c.apply()
		c.Sync() // EXPECT
		c.Shared[j] = v
		c.Sync() // EXPECT
		out[j] = c.apply()
	})
	return out, err
}

// BlurTwice applies a box filter twice to a signal of at most one block of
// lanes. The lanes past the end load zeros and take part in every barrier.
// kernel(ok)
func BlurTwice(sig []float64, lanes, radius int) ([]float64, error) {
	out := make([]float64, len(sig))
	shared := make([]float64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		c := blur{Tile: gpu.Tile{Block: gpu.Of(l), Shared: shared}, radius: radius}
		j := c.Tid()
		c.Load(sig, 0)
		v := c.apply()
		if j >= len(sig) {
			v = 0
		}
		c.Sync()
		c.Shared[j] = v
		c.Sync()
		if j < len(sig) {
			out[j] = c.apply()
		}
	})
	return out, err
}

// meter counts events through an embedded *gpu.Acc: Add, Flush and the
// fields are promoted through the pointer.
type meter struct {
	*gpu.Acc
	label string
}

// EventRateBug adds up the weights of each lane's events and flushes the
// block total, but only when the lane saw events.
// kernel(bug): whether the lane saw events is its own business.
func EventRateBug(events [][]float64) (float64, error) {
	var total float64
	err := spmd.Run(len(events), func(l spmd.Lane) {
		m := meter{Acc: &gpu.Acc{W: gpu.Warp{L: l}}, label: "events"}
		for _, e := range events[l.Index()] {
			m.Add(e)
		}
		if m.N > 0 {
			t := m.Flush() // EXPECT
			if l.Index() == 0 {
				total = t
			}
		}
	})
	return total, err
}

// EventRate adds up the weights of each lane's events and flushes the block
// total when some lane saw events: the warp-wide count decides.
// kernel(ok)
func EventRate(events [][]float64) (float64, error) {
	var total float64
	err := spmd.Run(len(events), func(l spmd.Lane) {
		m := meter{Acc: &gpu.Acc{W: gpu.Warp{L: l}}, label: "events"}
		for _, e := range events[l.Index()] {
			m.Add(e)
		}
		if m.W.Count(m.N) > 0 {
			t := m.Flush()
			if l.Index() == 0 {
				total = t
			}
		}
	})
	return total, err
}

// ScatterBug scatters data to out in blocks of lanes, each block at its own
// base, and fences after the write. kernel(bug): the fence is inside the
// bounds check on the lane's global ID (gpu.Thread.GlobalID is a lane-ID
// method by directive, and Fence a barrier by directive).
func ScatterBug(data []float64, idx []int, lanes, base int) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(lanes, func(l spmd.Lane) {
		t := gpu.Begin(l, base)
		if g := t.GlobalID(); g < len(data) {
			out[idx[g]] = data[g]
			t.Fence() // EXPECT
		}
	})
	return out, err
}

// Scatter scatters data to out in blocks of lanes, each block at its own
// base, and fences after the write in every lane.
// kernel(ok)
func Scatter(data []float64, idx []int, lanes, base int) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(lanes, func(l spmd.Lane) {
		t := gpu.Begin(l, base)
		if g := t.GlobalID(); g < len(data) {
			out[idx[g]] = data[g]
		}
		t.Fence()
	})
	return out, err
}

// BatchRoundsBug runs as many rounds as the lane's batch header says, with
// a block-wide sum per round. kernel(bug): each lane reads its own header.
func BatchRoundsBug(headers []int, vals []float64) ([]float64, error) {
	sums := make([]float64, len(vals))
	err := spmd.Run(len(headers), func(l spmd.Lane) {
		t := gpu.Begin(l, 0)
		rounds := headers[t.Rank()]
		for r := range rounds {
			s := t.Total(vals[r] * float64(t.Rank()+1)) // EXPECT
			if t.Rank() == 0 {
				sums[r] = s
			}
		}
	})
	return sums, err
}

// BatchRounds runs as many rounds as the batch header of the block's first
// lane says, which Agree gives to every lane, with a block-wide sum per
// round.
// kernel(ok)
func BatchRounds(headers []int, vals []float64) ([]float64, error) {
	sums := make([]float64, len(vals))
	err := spmd.Run(len(headers), func(l spmd.Lane) {
		t := gpu.Begin(l, 0)
		rounds := t.Agree(headers[t.Rank()])
		for r := range rounds {
			s := t.Total(vals[r] * float64(t.Rank()+1))
			if t.Rank() == 0 {
				sums[r] = s
			}
		}
	})
	return sums, err
}

// PivotSumBug compares each value to a pivot and adds up the values when
// the pivot is positive. kernel(bug): each lane takes its neighbour's value
// as the pivot, so the pivot, and the branch, differ between lanes.
func PivotSumBug(x []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(x), func(l spmd.Lane) {
		t := gpu.Begin(l, 0)
		v := x[t.Rank()]
		pivot := t.From(v, (t.Rank()+1)%t.Width())
		if pivot > 0 {
			s := t.Total(v) // EXPECT
			if t.Rank() == 0 {
				total = s
			}
		}
	})
	return total, err
}

// PivotSum takes the value of lane 0 as the pivot, the same in every lane,
// and adds up the values when it is positive.
// kernel(ok)
func PivotSum(x []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(x), func(l spmd.Lane) {
		t := gpu.Begin(l, 0)
		v := x[t.Rank()]
		pivot := t.From(v, 0)
		if pivot > 0 {
			s := t.Total(v)
			if t.Rank() == 0 {
				total = s
			}
		}
	})
	return total, err
}

// GatherItemsBug compacts the items of all lanes into out and then copies
// out to dst in rounds of a block, syncing after each round. The lanes'
// item counts differ. kernel(bug): the number of rounds comes from the
// lane's own end offset (ExclusiveAdd + its count), which differs from lane
// to lane.
func GatherItemsBug(items [][]float64, dst []float64) error {
	out := make([]float64, len(dst))
	return spmd.Run(len(items), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		b := gpu.Of(l)
		mine := items[l.Index()]
		off := w.Offset(len(mine))
		copy(out[off:], mine)
		end := off + len(mine)
		for start := 0; start < end; start += b.Dim() {
			b.Sync() // EXPECT
			if j := start + b.Tid(); j < end {
				dst[j] = out[j]
			}
		}
	})
}

// GatherItems compacts the items of all lanes into out and then copies out
// to dst in rounds of a block, syncing at the start of each round. The
// number of rounds comes from the warp-wide count of items.
// kernel(ok)
func GatherItems(items [][]float64, dst []float64) error {
	out := make([]float64, len(dst))
	return spmd.Run(len(items), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		b := gpu.Of(l)
		mine := items[l.Index()]
		off := w.Offset(len(mine))
		copy(out[off:], mine)
		end := w.Count(len(mine))
		for start := 0; start < end; start += b.Dim() {
			b.Sync()
			if j := start + b.Tid(); j < end {
				dst[j] = out[j]
			}
		}
	})
}

// PairSwapBug swaps neighbouring values (0 with 1, 2 with 3, ...) through
// a shared gpu.Exchange, whose Pair method has a pointer receiver.
// kernel(bug): with an odd count the last lane has no partner and skips
// the exchange.
func PairSwapBug(x []float64) ([]float64, error) {
	n := len(x)
	out := make([]float64, n)
	ex := &gpu.Exchange{Slots: make([]float64, n+1)}
	err := spmd.Run(n, func(l spmd.Lane) {
		b := gpu.Of(l)
		i := b.Tid()
		v := x[i]
		if i^1 < n {
			v = ex.Pair(b, v) // EXPECT
		}
		out[i] = v
	})
	return out, err
}

// PairSwap swaps neighbouring values through a shared gpu.Exchange; with an
// odd count the last lane exchanges with an empty slot and keeps its value.
// kernel(ok)
func PairSwap(x []float64) ([]float64, error) {
	n := len(x)
	out := make([]float64, n)
	ex := &gpu.Exchange{Slots: make([]float64, n+1)}
	err := spmd.Run(n, func(l spmd.Lane) {
		b := gpu.Of(l)
		i := b.Tid()
		v := x[i]
		p := ex.Pair(b, v)
		if i^1 < n {
			v = p
		}
		out[i] = v
	})
	return out, err
}
