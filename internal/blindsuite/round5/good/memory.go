package good

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round5/dev"
	"github.com/spmdvet/spmdvet/spmd"
)

// accum is a per-lane accumulator: steps is loop control and only ever
// holds uniform values, sum holds the lane's data.
type accum struct {
	steps int
	sum   float64
	best  float64
}

// DampedAccum keeps loop control in a field of a per-lane struct whose
// other fields are lane-dependent.
func DampedAccum(lanes int, data []float64, out []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var a accum
		a.sum = data[l.Index()]
		a.best = a.sum
		a.steps = l.Count()/2 + 1
		for i := 0; i < a.steps; i++ {
			mean := spmd.ReduceAdd(l, a.sum) / float64(l.Count())
			a.sum = (a.sum + mean) / 2
			a.best = max(a.best, a.sum)
		}
		out[l.Index()] = a.sum + 0*a.best
	})
}

// PerLaneBounds keeps uniform phase bounds in a per-lane array.
func PerLaneBounds(lanes int, data []int) (int, error) {
	total := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var bounds [3]int
		bounds[0] = 1
		bounds[1] = l.Count()
		bounds[2] = len(data) / l.Count()
		acc := 0
		for p := 0; p < bounds[2]; p++ {
			acc += data[p*bounds[1]+l.Index()] * bounds[0]
			l.Barrier()
		}
		s := spmd.ReduceAdd(l, acc)
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// ConfigMap reads a kernel-made map, filled with uniform values, at
// constant keys.
func ConfigMap(lanes int, data []int) (int, error) {
	total := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		cfg := map[string]int{"passes": 3, "width": l.Count()}
		cfg["stride"] = cfg["width"] * 2
		x := data[l.Index()]
		for p := 0; p < cfg["passes"]; p++ {
			x += spmd.ReduceAdd(l, x) % cfg["stride"]
		}
		s := spmd.ReduceAdd(l, x)
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// PerLaneSliceSched keeps a per-lane schedule in a slice the kernel makes,
// written with uniform values under uniform control.
func PerLaneSliceSched(lanes int) (int, error) {
	count := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		sched := make([]int, 4)
		for i := range sched {
			sched[i] = i * l.Count() / 4
		}
		for i := 0; i < sched[3]; i++ {
			l.Barrier()
			if l.Index() == 0 {
				count++
			}
		}
	})
	return count, err
}

// Lane0Pivot: lane 0 writes a variable captured from outside Run (shared
// memory), everyone reads it after a barrier at a uniform address.
func Lane0Pivot(lanes int, data []int) (int, error) {
	var pivot, phases int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		if tid == 0 {
			pivot = data[tid] % 5
		}
		l.Barrier()
		for i := 0; i < pivot; i++ {
			l.Barrier()
			if tid == 0 {
				phases++
			}
		}
	})
	return phases, err
}

// PublishShared hands a lane-dependent value to dev.Publish with shared
// scratch: only lane 0's value is published, and the result is uniform.
func PublishShared(lanes int, data []int) (int, error) {
	st := make([]int, 1)
	done := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		r := dev.Publish(l, st, data[l.Index()])
		for i := 0; i < r; i++ {
			l.Barrier()
		}
		if l.Index() == 0 {
			done = r
		}
	})
	return done, err
}

// SharedFlag: the last lane sets a flag in shared scratch, the others read
// it after a barrier.
func SharedFlag(lanes int, data []int) (int, error) {
	sc := dev.NewScratch(lanes)
	n := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		if tid == l.Count()-1 {
			sc.Flag = data[tid]
		}
		l.Barrier()
		for i := 0; i < sc.Flag; i++ {
			s := spmd.ReduceAdd(l, 1)
			if tid == 0 {
				n += s
			}
		}
	})
	return n, err
}

// AtomicBins fills shared bins with atomic adds whose results are ignored
// or stored, then branches on a bin read at a constant index after a
// barrier.
func AtomicBins(lanes int, data []int) ([]int32, error) {
	bins := make([]int32, 4)
	slots := make([]int32, lanes)
	var ticket atomic.Int32
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		atomic.AddInt32(&bins[data[tid]%4], 1)
		slots[tid] = ticket.Add(1)
		l.Barrier()
		if bins[0] > 0 {
			l.Barrier()
		}
		s := spmd.ReduceAdd(l, slots[tid])
		if tid == 0 {
			slots[0] = s
		}
	})
	return bins, err
}

// GenericBufRounds pushes lane-dependent values into a per-lane generic
// buffer a uniform number of times; its length then bounds a loop of
// reductions.
func GenericBufRounds(lanes int, data []float64) ([]float64, error) {
	var sums []float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var b dev.Buf[float64]
		for i := 0; i < 4; i++ {
			b.Push(data[4*l.Index()+i])
		}
		for j := 0; j < b.Len(); j++ {
			s := spmd.ReduceAdd(l, b.At(j))
			if l.Index() == 0 {
				sums = append(sums, s)
			}
		}
	})
	return sums, err
}

// StatsRounds counts observations in a per-lane dev.Stats (pointer-receiver
// method); the count is uniform, the sum is not.
func StatsRounds(lanes int, data []float64) (float64, error) {
	var mean float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var st dev.Stats
		for k := 0; k < 3; k++ {
			st.Observe(data[3*l.Index()+k])
		}
		for i := 0; i < st.N; i++ {
			l.Barrier()
		}
		m := spmd.ReduceAdd(l, st.Mean()) / float64(l.Count())
		if l.Index() == 0 {
			mean = m
		}
	})
	return mean, err
}

// LocalPipeline gives a pointer to a per-lane Pipeline, holding a uniform
// stage count, to a method that decides barriers on it.
func LocalPipeline(lanes, stages int) (int, error) {
	done := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var p dev.Pipeline
		p.Stages = stages
		p.Run(l)
		if l.Index() == 0 {
			done = p.Done
		}
	})
	return done, err
}

// LocalScratchData lets each lane use its own array as scratch for purely
// per-lane work, then reduces the per-lane result.
func LocalScratchData(lanes int, data []int) (int, error) {
	total := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var window [4]int
		for k := range window {
			window[k] = data[(l.Index()+k)%len(data)]
		}
		best := window[0]
		for _, v := range window[1:] {
			best = max(best, v)
		}
		s := spmd.ReduceAdd(l, best)
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}
