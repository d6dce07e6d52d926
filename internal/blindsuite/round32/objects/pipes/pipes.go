// Package pipes holds kernels that keep handle methods as values: method
// values in local structs and in a handle.Pipeline, method expressions,
// closures over a handle, and builder chains that return the receiver.
package pipes

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round32/objects/handle"
	"github.com/spmdvet/spmdvet/spmd"
)

// hooks holds the per-kernel callbacks: one that syncs, one that only
// counts.
type hooks struct {
	sync func()
	note func(float64)
}

// CountPositive notes positive elements through a stored non-convergent
// method value under the lane's own condition, then syncs through the
// stored Sync method value in every lane and reads a neighbour's count.
//
// kernel(ok)
func CountPositive(data []float64) ([]int, error) {
	n := len(data)
	cnt := make([]int, n)
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l)
		h := hooks{sync: b.Sync, note: b.Note}
		if data[i] > 0 {
			h.note(data[i])
		}
		cnt[i] = b.Hits()
		h.sync()
		out[i] = cnt[(i+1)%n]
	})
	return out, err
}

// CountPositiveSyncInside calls the stored Sync method value only in lanes
// with a positive element.
//
// kernel(bug)
func CountPositiveSyncInside(data []float64) ([]int, error) {
	n := len(data)
	cnt := make([]int, n)
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l)
		h := hooks{sync: b.Sync, note: b.Note}
		cnt[i] = 0
		if data[i] > 0 {
			h.note(data[i])
			cnt[i] = b.Hits()
			h.sync() // EXPECT
		}
		out[i] = cnt[(i+1)%n]
	})
	return out, err
}

// TwoPhase runs a two-phase pipeline (square into buf, then add the right
// neighbour's square) whose sync is the block handle's method value; lanes
// past active do no work in the phases but run the pipeline.
//
// kernel(ok)
func TwoPhase(data []float64, active int) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := handle.NewBlock(l)
		p := handle.NewPipeline(b.Sync).
			Then(func(i int) {
				if i < active {
					buf[i] = data[i] * data[i]
				}
			}).
			Then(func(i int) {
				if i < active {
					out[i] = buf[i] + buf[(i+1)%active]
				}
			})
		p.Run(b.ID())
	})
	return out, err
}

// TwoPhaseActiveOnly runs the pipeline only in the active lanes.
//
// kernel(bug)
func TwoPhaseActiveOnly(data []float64, active int) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := handle.NewBlock(l)
		p := handle.NewPipeline(b.Sync).
			Then(func(i int) { buf[i] = data[i] * data[i] }).
			Then(func(i int) { out[i] = buf[i] + buf[(i+1)%active] })
		if i := b.ID(); i < active {
			p.Run(i) // EXPECT
		}
	})
	return out, err
}

// Doubling builds a pipeline of depth stages, each doubling the lane's
// value in buf; depth is a kernel parameter, so every lane's pipeline has
// as many stages.
//
// kernel(ok)
func Doubling(data []float64, depth int) ([]float64, error) {
	n := len(data)
	buf := append([]float64(nil), data...)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := handle.NewBlock(l)
		p := handle.NewPipeline(b.Sync)
		for range depth {
			p.Then(func(i int) { buf[i] *= 2 })
		}
		p.Run(b.ID())
	})
	return buf, err
}

// DoublingOwn gives lane i a pipeline of depths[i] stages.
//
// kernel(bug)
func DoublingOwn(data []float64, depths []int) ([]float64, error) {
	n := len(data)
	buf := append([]float64(nil), data...)
	err := spmd.Run(n, func(l spmd.Lane) {
		b := handle.NewBlock(l)
		p := handle.NewPipeline(b.Sync)
		for range depths[b.ID()] {
			p.Then(func(i int) { buf[i] *= 2 })
		}
		p.Run(b.ID()) // EXPECT
	})
	return buf, err
}

// ActiveSum sums the first active elements with a chained builder; the
// inactive lanes contribute zero.
//
// kernel(ok)
func ActiveSum(data []float64, active int) (float64, error) {
	var total float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		v := 0.0
		if i < active {
			v = data[i]
		}
		s := handle.NewBlock(l).WithScratch(2).Mute(false).Sum(v)
		if i == 0 {
			total = s
		}
	})
	return total, err
}

// ActiveSumMuted mutes the handles of the inactive lanes in the chain
// instead, so they skip the reduction.
//
// kernel(bug)
func ActiveSumMuted(data []float64, active int) (float64, error) {
	var total float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		s := handle.NewBlock(l).WithScratch(2).Mute(i >= active).Sum(data[i]) // EXPECT
		if i == 0 {
			total = s
		}
	})
	return total, err
}

// Publish copies data to out through buf, syncing with a method
// expression applied to the lane's handle when the launch asks for it
// (single-lane launches need no sync).
//
// kernel(ok)
func Publish(data []float64, needSync bool) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l)
		sync := (*handle.Block).Sync
		buf[i] = data[i]
		if needSync {
			sync(b)
		}
		out[i] = buf[(i+1)%n]
	})
	return out, err
}

// PublishPositive applies the method expression only in lanes with a
// positive element.
//
// kernel(bug)
func PublishPositive(data []float64) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l)
		sync := (*handle.Block).Sync
		buf[i] = data[i]
		if data[i] > 0 {
			sync(b) // EXPECT
		}
		out[i] = buf[(i+1)%n]
	})
	return out, err
}

// Relax runs reps relaxation steps; a closure bundles the handle's sync
// with a step counter.
//
// kernel(ok)
func Relax(data []float64, reps int) (out []float64, steps int, err error) {
	n := len(data)
	cur := append([]float64(nil), data...)
	err = spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l)
		count := 0
		step := func() {
			b.Sync()
			count++
		}
		for range reps {
			v := (cur[(i+n-1)%n] + cur[(i+1)%n]) / 2
			step()
			cur[i] = v
			step()
		}
		if i == 0 {
			steps = count
		}
	})
	return cur, steps, err
}

// RelaxOwn runs reps[i] relaxation steps in lane i.
//
// kernel(bug)
func RelaxOwn(data []float64, reps []int) ([]float64, error) {
	n := len(data)
	cur := append([]float64(nil), data...)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l)
		count := 0
		step := func() {
			b.Sync()
			count++
		}
		for range reps[i] {
			v := (cur[(i+n-1)%n] + cur[(i+1)%n]) / 2
			step() // EXPECT
			cur[i] = v
			step() // EXPECT
		}
	})
	return cur, err
}

// StageLow stages one value per lane through the scratch area: lanes below
// half put in their element, the others leave zero; every lane stages.
//
// kernel(ok)
func StageLow(data []float64) ([]float64, error) {
	n := len(data)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l).WithScratch(1)
		if i < n/2 {
			b.Scratch()[0] = data[i]
		}
		b.Stage(shared)
	})
	return shared, err
}

// StageLowOnly stages only in the lower half of the lanes.
//
// kernel(bug)
func StageLowOnly(data []float64) ([]float64, error) {
	n := len(data)
	shared := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l).WithScratch(1)
		if i < n/2 {
			b.Scratch()[0] = data[i]
			b.Stage(shared) // EXPECT
		}
	})
	return shared, err
}

// PairSums sums pairs with a method value of a value-typed group handle
// whose offset is the lane's pair.
//
// kernel(ok)
func PairSums(data []float64) ([]float64, error) {
	shared := append([]float64(nil), data...)
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		tree := handle.NewGroup(l, 2).At(i &^ 1).Tree
		tree(shared)
	})
	sums := make([]float64, len(data)/2)
	for k := range sums {
		sums[k] = shared[2*k]
	}
	return sums, err
}

// PairSumsNonzero calls the stored tree method value only in lanes whose
// element is nonzero.
//
// kernel(bug)
func PairSumsNonzero(data []float64) ([]float64, error) {
	shared := append([]float64(nil), data...)
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		tree := handle.NewGroup(l, 2).At(i &^ 1).Tree
		if data[i] != 0 {
			tree(shared) // EXPECT
		}
	})
	return shared, err
}
