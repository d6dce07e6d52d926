// Package helpers holds a staged pipeline built from small helpers: helpers
// that synchronize (so their calls are convergent), generic helpers and
// types, and calls through function values and interfaces.
package helpers

import "github.com/spmdvet/spmdvet/spmd"

// Scorer scores a value.
type Scorer interface{ Score(v int) int }

// Doubler scores a value by doubling it.
type Doubler struct{}

// Score implements Scorer.
func (Doubler) Score(v int) int { return 2 * v }

// Pipeline is the state of a staged pipeline.
type Pipeline struct {
	Vals   []int
	Items  []int
	Floats []float64
	Out    []int
	FOut   []float64
	Cut    int
	Stages int
	Op     func(int) int
	Metric Scorer
}

func (p *Pipeline) n() int { return len(p.Vals) }

// syncAll waits for the whole group.
func syncAll(l spmd.Lane) { l.Barrier() }

// stage syncs, then sums v over the group.
func (p *Pipeline) stage(l spmd.Lane, v int) int {
	syncAll(l)
	return spmd.ReduceAdd(l, v)
}

// maybeSync syncs when asked to.
func maybeSync(l spmd.Lane, do bool) {
	if do {
		l.Barrier()
	}
}

// repeatSum sums v over the group, times times.
func repeatSum(l spmd.Lane, v, times int) int {
	acc := 0
	for k := 0; k < times; k++ {
		acc += spmd.ReduceAdd(l, v)
	}
	return acc
}

// headSum sums v over the group in the first two lanes only.
func headSum(l spmd.Lane, v int) int {
	if l.Index() < 2 {
		return spmd.ReduceAdd(l, v) // EXPECT
	}
	return v
}

// groupSum sums v over the group unless the group is tiny.
func groupSum(l spmd.Lane, v int) int {
	if l.Count() < 2 {
		return v
	}
	return spmd.ReduceAdd(l, v)
}

// SegmentSum sums xs over the group in the lanes that start a segment.
func SegmentSum[T spmd.Number](l spmd.Lane, xs []T, seg int) T {
	i := l.Index()
	if i%seg == 0 {
		return spmd.ReduceAdd(l, xs[i]) // EXPECT
	}
	return xs[i]
}

// EvenSum sums xs over the group when the group splits into whole segments.
func EvenSum[T spmd.Number](l spmd.Lane, xs []T, seg int) T {
	i := l.Index()
	if l.Count()%seg == 0 {
		return spmd.ReduceAdd(l, xs[i])
	}
	return xs[i]
}

// Acc accumulates values in a lane before a group flush.
type Acc[T spmd.Number] struct{ sum T }

// Add adds v to the lane's accumulator.
func (a *Acc[T]) Add(v T) { a.sum += v }

// Flush sums the accumulators of the group.
func (a *Acc[T]) Flush(l spmd.Lane) T { return spmd.ReduceAdd(l, a.sum) }

// Mean is the group's mean of v.
func Mean[T spmd.Number](l spmd.Lane, v T) T {
	return spmd.ReduceAdd(l, v) / T(l.Count())
}

// forOwned calls f on every item this lane owns, striding by the group.
func forOwned(l spmd.Lane, items []int, f func(int)) {
	for k := l.Index(); k < len(items); k += l.Count() {
		f(items[k])
	}
}

// forEach calls f on every item.
func forEach(items []int, f func(int)) {
	for _, x := range items {
		f(x)
	}
}

// kernel(bug): a syncing helper called above the cut only.
func (p *Pipeline) SyncAboveCut() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		if p.Vals[i] > p.Cut {
			syncAll(l) // EXPECT
		}
		p.Out[i] = p.Vals[i]
	})
}

// kernel(ok): a syncing helper called when there are stages.
func (p *Pipeline) SyncIfStaged() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		if p.Stages > 0 {
			syncAll(l)
		}
		p.Out[i] = p.Vals[i]
	})
}

// kernel(bug): each lane runs its own number of stages.
func (p *Pipeline) RunOwnStages() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		v := p.Vals[i]
		for s := 0; s < p.Vals[i]%3; s++ {
			v = p.stage(l, v) // EXPECT
		}
		p.Out[i] = v
	})
}

// kernel(ok): every lane runs all stages.
func (p *Pipeline) RunStages() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		v := p.Vals[i]
		for s := 0; s < p.Stages; s++ {
			v = p.stage(l, v)
		}
		p.Out[i] = v
	})
}

// kernel(bug): the helper's flag comes from the lane's value.
func (p *Pipeline) FlagFromValue() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		maybeSync(l, p.Vals[i] > p.Cut) // EXPECT
		p.Out[i] = p.Vals[i]
	})
}

// kernel(ok): the helper's flag comes from the stage count.
func (p *Pipeline) FlagFromStages() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		maybeSync(l, p.Stages > 1)
		p.Out[i] = p.Vals[i]
	})
}

// kernel(bug): the helper's repeat count comes from the lane's value.
func (p *Pipeline) RepeatByValue() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		p.Out[i] = repeatSum(l, 1, p.Vals[i]%3) // EXPECT
	})
}

// kernel(ok): the helper's repeat count is the stage count.
func (p *Pipeline) RepeatByStages() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		p.Out[i] = repeatSum(l, 1, p.Stages)
	})
}

// kernel(bug): the helper decides on its own lane index (reported inside).
func (p *Pipeline) HeadSums() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		p.Out[i] = headSum(l, p.Vals[i])
	})
}

// kernel(ok): the helper decides on the group size.
func (p *Pipeline) GroupSums() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		p.Out[i] = groupSum(l, p.Vals[i])
	})
}

// kernel(bug): a generic helper that decides on its lane index.
func (p *Pipeline) SegmentSums() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		p.FOut[i] = SegmentSum(l, p.Floats, 2)
	})
}

// kernel(ok): a generic helper that decides on the group size.
func (p *Pipeline) EvenSums() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		p.FOut[i] = EvenSum(l, p.Floats, 2)
	})
}

// kernel(bug): a generic accumulator flushed above the cut only.
func (p *Pipeline) FlushAboveCut() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		var a Acc[float64]
		a.Add(p.Floats[i])
		total := 0.0
		if p.Vals[i] > p.Cut {
			total = a.Flush(l) // EXPECT
		}
		p.FOut[i] = total
	})
}

// kernel(ok): a generic accumulator flushed when the cut is positive.
func (p *Pipeline) FlushIfCut() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		var a Acc[float64]
		a.Add(p.Floats[i])
		total := 0.0
		if p.Cut > 0 {
			total = a.Flush(l)
		}
		p.FOut[i] = total
	})
}

// kernel(bug): a generic mean taken by even lanes only.
func (p *Pipeline) EvenLaneMean() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		m := p.Floats[i]
		if i%2 == 0 {
			m = Mean(l, m) // EXPECT
		}
		p.FOut[i] = m
	})
}

// kernel(ok): a generic mean taken by every lane.
func (p *Pipeline) GroupMean() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		m := p.Floats[i]
		if l.Count()%2 == 0 {
			m = Mean(l, m)
		}
		p.FOut[i] = m
	})
}

// kernel(bug): a function value applied to the lane index.
func (p *Pipeline) OpOnLane() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		r := p.Op(i)
		out := 0
		if r == 0 {
			out = spmd.ReduceAdd(l, p.Vals[i]) // EXPECT
		}
		p.Out[i] = out
	})
}

// kernel(ok): a function value applied to the group size.
func (p *Pipeline) OpOnGroup() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		r := p.Op(l.Count())
		out := 0
		if r == 0 {
			out = spmd.ReduceAdd(l, p.Vals[i])
		}
		p.Out[i] = out
	})
}

// kernel(bug): an interface method scores the lane's value.
func (p *Pipeline) ScoreOwn() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		score := p.Metric.Score(p.Vals[i])
		if score > p.Cut {
			syncAll(l) // EXPECT
		}
		p.Out[i] = score
	})
}

// kernel(ok): an interface method scores the cut.
func (p *Pipeline) ScoreCut() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		i := l.Index()
		score := p.Metric.Score(p.Cut)
		if score > p.Cut {
			syncAll(l)
		}
		p.Out[i] = score
	})
}

// kernel(bug): a reducing callback given to a per-lane striding helper.
func (p *Pipeline) SumOwned() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		acc := 0
		forOwned(l, p.Items, func(x int) { acc += spmd.ReduceAdd(l, x) }) // EXPECT
		p.Out[l.Index()] = acc
	})
}

// kernel(ok): a reducing callback given to a helper that visits every item.
func (p *Pipeline) SumEach() error {
	return spmd.Run(p.n(), func(l spmd.Lane) {
		acc := 0
		forEach(p.Items, func(x int) { acc += spmd.ReduceAdd(l, x) })
		p.Out[l.Index()] = acc
	})
}
