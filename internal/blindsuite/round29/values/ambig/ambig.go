// Package ambig holds kernels where the right answer of a static checker is
// not clear from the documentation. None of them is marked as a bug line; REPORT.md
// gives a guess for each. Each kernel's doc comment says what spmd.Run does
// with it (kernel(ok) or kernel(bug)).
package ambig

import (
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// A Shape is a stamp with an area.
type Shape interface{ Area() float64 }

// Circle is a disc of radius R.
type Circle struct{ R float64 }

// Square is a square of side S.
type Square struct{ S float64 }

func (c Circle) Area() float64 { return math.Pi * c.R * c.R }
func (s Square) Area() float64 { return s.S * s.S }

// A1 RoundArea stamps a circle or a square, as round says, of the lane's
// own size, and adds up the area when the stamps are circles.
//
// kernel(ok) at run time: the dynamic type of sh is chosen by a kernel
// parameter; only the payload (the size) is per lane. Whether the type
// switch is divergent depends on whether a checker separates an interface's
// dynamic type from its payload.
func RoundArea(size []float64, round bool) (float64, error) {
	var total float64
	err := spmd.Run(len(size), func(l spmd.Lane) {
		i := l.Index()
		var sh Shape
		if round {
			sh = Circle{R: size[i]}
		} else {
			sh = Square{S: size[i]}
		}
		switch s := sh.(type) {
		case Circle:
			a := spmd.ReduceAdd(l, s.Area())
			if i == 0 {
				total = a
			}
		case Square:
		}
	})
	return total, err
}

// blockEnergy returns the group total of x*x: the named result first holds
// the lane's own square, and the deferred closure replaces it with the
// reduction.
func blockEnergy(l spmd.Lane, x float64) (e float64) {
	defer func() { e = spmd.ReduceAdd(l, e) }()
	e = x * x
	return e
}

// A2 NormalizeIfLoud scales the samples to unit energy when their energy
// passes limit, and returns the scaled energy (or -1).
//
// kernel(ok) at run time: what blockEnergy returns is the reduction, the
// same in every lane; but the variable holding it also held the lane's own
// square before the deferred closure overwrote it.
func NormalizeIfLoud(samples []float64, limit float64) (float64, error) {
	out := -1.0
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		i := l.Index()
		e := blockEnergy(l, samples[i])
		if e > limit {
			y := samples[i] / math.Sqrt(e)
			s := spmd.ReduceAdd(l, y*y)
			if i == 0 {
				out = s
			}
		}
	})
	return out, err
}

// A task is a lane's work descriptor: its own slot and the group's phase.
type task struct {
	slot  int
	phase int
}

// needsSync reports whether the task's phase exchanges data between lanes.
func (t task) needsSync() bool { return t.phase%2 == 1 }

// A3 PhasedCopyField runs phases over a shared buffer, passing a copied
// task descriptor around and testing its uniform phase field directly.
//
// kernel(ok) at run time: the phase is the loop counter, uniform; the slot
// in the same struct is the lane index.
func PhasedCopyField(vals []int, phases int) ([]int, error) {
	n := len(vals)
	buf := append([]int(nil), vals...)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for p := range phases {
			t := task{slot: i, phase: p}
			c := t
			v := buf[c.slot]
			if c.phase%2 == 1 {
				l.Barrier()
				v += buf[(c.slot+1)%n]
				l.Barrier()
			}
			buf[c.slot] = v
		}
	})
	return buf, err
}

// A4 PhasedMethod is PhasedCopyField with the phase test made through a
// value-receiver method of the descriptor.
//
// kernel(ok) at run time, as PhasedCopyField; here the whole struct is
// passed by value to needsSync.
func PhasedMethod(vals []int, phases int) ([]int, error) {
	n := len(vals)
	buf := append([]int(nil), vals...)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for p := range phases {
			t := task{slot: i, phase: p}
			v := buf[t.slot]
			if t.needsSync() {
				l.Barrier()
				v += buf[(t.slot+1)%n]
				l.Barrier()
			}
			buf[t.slot] = v
		}
	})
	return buf, err
}

// A5 SpanCopy keeps a lane's [start, length) span in a two-element array,
// copies it, and tests the uniform length element of the copy.
//
// kernel(ok) at run time: element 1 is the chunk length, a kernel
// parameter; element 0 is per lane.
func SpanCopy(data []float64, chunk int) (float64, error) {
	var total float64
	err := spmd.Run(len(data)/max(chunk, 1), func(l spmd.Lane) {
		i := l.Index()
		span := [2]int{i * chunk, chunk}
		cp := span
		if cp[1] > 0 {
			part := 0.0
			for _, x := range data[cp[0] : cp[0]+cp[1]] {
				part += x
			}
			s := spmd.ReduceAdd(l, part)
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// A6 ChunkSteps splits data into equal chunks, one per lane, with
// three-index slices, and reduces them step by step over the segment.
//
// kernel(ok) at run time: every segment has length chunk, but its bounds
// are computed from the lane index.
func ChunkSteps(data []float64, chunk int) ([]float64, error) {
	out := make([]float64, chunk)
	err := spmd.Run(len(data)/chunk, func(l spmd.Lane) {
		i := l.Index()
		lo := i * chunk
		seg := data[lo : lo+chunk : lo+chunk]
		for k := range seg {
			m := spmd.ReduceMax(l, seg[k])
			if i == 0 {
				out[k] = m
			}
		}
	})
	return out, err
}

// A7 ReuseScratch uses a lane-local scratch buffer for the lane's own data,
// clears it, refills it with the shared header, and tests the header.
//
// kernel(ok) at run time: after clear and refill, scratch holds the same
// values in every lane; earlier it held per-lane values.
func ReuseScratch(data []int, header []int) (int, error) {
	total := -1
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		scratch := make([]int, len(header))
		for k := range scratch {
			scratch[k] = data[i] * k
		}
		own := scratch[len(scratch)-1]
		clear(scratch)
		copy(scratch, header)
		if scratch[0] > 0 {
			s := spmd.ReduceAdd(l, own)
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// A8 SignalLocal posts a token on the lane's own channel when the group is
// large, then polls it with a select with default.
//
// kernel(ok) at run time: the channel is made and kept by the lane and the
// send is under a uniform condition, so every lane takes the same case.
func SignalLocal(vals []int) (int, error) {
	total := -1
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		ready := make(chan struct{}, 1)
		if l.Count() > 2 {
			ready <- struct{}{}
		}
		select {
		case <-ready:
			s := spmd.ReduceAdd(l, vals[i])
			if i == 0 {
				total = s
			}
		default:
		}
	})
	return total, err
}

// A9 LocalMapLookup keeps the lane's statistics in a local map with fixed
// keys and per-lane values, and looks up a key given as a parameter.
//
// kernel(ok) at run time: every lane's map has the same keys, so ok is the
// same everywhere; the values differ.
func LocalMapLookup(vals []int, key string) (int, error) {
	total := -1
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		stats := map[string]int{"min": vals[i] - 1, "max": vals[i] + 1}
		if v, ok := stats[key]; ok {
			s := spmd.ReduceAdd(l, v)
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// settle returns the group total of x, with negative inputs clamped to 0 on
// an early return; the deferred closure runs the reduction on either path.
func settle(l spmd.Lane, x int) (total int) {
	defer func() { total = spmd.ReduceAdd(l, x) }()
	if x < 0 {
		x = 0
		return
	}
	return
}

// A10 SettleClamped adds up the values, negatives clamped to 0, through
// settle.
//
// kernel(bug) at run time: the deferred reduction is reached from two
// return statements, and spmd.Run sees the lanes that took the early return
// at a different call site (the compiler emits the deferred call at each
// return).
func SettleClamped(vals []int) (int, error) {
	var total int
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		s := settle(l, vals[i])
		if i == 0 {
			total = s
		}
	})
	return total, err
}

// A11 BarrierPerSetting runs one barrier-separated phase per entry of a
// shared settings map, each lane adding up the settings.
//
// kernel(ok) at run time: every lane ranges over the same map, so the
// number of iterations is the same; only the order (and so the key in each
// iteration) differs.
func BarrierPerSetting(settings map[string]int, lanes int) (int, error) {
	var total int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		acc := 0
		for _, v := range settings {
			acc += v
			l.Barrier()
		}
		if l.Index() == 0 {
			total = acc
		}
	})
	return total, err
}

// A Stage is one step of a pipeline: scale, then optionally normalize by
// the group's total magnitude.
type Stage struct {
	Scale     float64
	Normalize bool
}

// Apply runs the stage on the lane's value x.
func (s Stage) Apply(l spmd.Lane, x float64) float64 {
	y := x * s.Scale
	if s.Normalize {
		y /= spmd.ReduceAdd(l, math.Abs(y))
	}
	return y
}

// A12 StageMethodValue runs one stage per lane, round robin, through a
// method value bound to the lane's stage.
//
// kernel(bug) at run time: the bound receiver decides whether Apply
// reaches its reduction, and it is per lane. Unclear is where (and whether)
// a checker reports it: at the call of the method value, whose receiver is
// bound rather than passed.
func StageMethodValue(vals []float64, stages []Stage) ([]float64, error) {
	out := make([]float64, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		apply := stages[i%len(stages)].Apply
		out[i] = apply(l, vals[i])
	})
	return out, err
}
