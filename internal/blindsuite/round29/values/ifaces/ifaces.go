// Package ifaces holds kernels whose control hangs on values that went
// through interfaces (type switches, any, fmt.Stringer), on method values and
// method expressions of value receivers, and on named results that a
// deferred closure sets.
package ifaces

import (
	"fmt"
	"math"

	"github.com/spmdvet/spmdvet/spmd"
)

// ---------------------------------------------------------------------------
// Type switches.

// SumByKind adds up a heterogeneous list, integers and floats separately.
//
// kernel(bug): the type switch is on the lane's own item, and each arm has
// its own reduction.
func SumByKind(items []any) (ints int, floats float64, err error) {
	err = spmd.Run(len(items), func(l spmd.Lane) {
		i := l.Index()
		switch v := items[i].(type) {
		case int:
			s := spmd.ReduceAdd(l, v) // EXPECT
			if i == 0 {
				ints = s
			}
		case float64:
			s := spmd.ReduceAdd(l, v) // EXPECT
			if i == 0 {
				floats = s
			}
		}
	})
	return ints, floats, err
}

// SumByMode combines vals according to mode: an int or float64 mode scales
// the sum, the string "max" takes the maximum instead.
//
// kernel(ok): the switch is on a kernel parameter, the same dynamic type in
// every lane.
func SumByMode(vals []float64, mode any) (float64, error) {
	var out float64
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		var s float64
		switch m := mode.(type) {
		case int:
			s = spmd.ReduceAdd(l, vals[i]*float64(m))
		case float64:
			s = spmd.ReduceAdd(l, vals[i]*m)
		case string:
			if m == "max" {
				s = spmd.ReduceMax(l, vals[i])
			}
		}
		if i == 0 {
			out = s
		}
	})
	return out, err
}

// A Shape is a stamp with an area.
type Shape interface{ Area() float64 }

// Circle is a disc of radius R.
type Circle struct{ R float64 }

// Square is a square of side S.
type Square struct{ S float64 }

func (c Circle) Area() float64 { return math.Pi * c.R * c.R }
func (s Square) Area() float64 { return s.S * s.S }

// CircleArea stamps a circle on even lanes and a square on odd lanes, of the
// lane's size, and adds up the area covered by circles.
//
// kernel(bug): the dynamic type of sh depends on the lane, so the switch
// sends lanes to different arms.
func CircleArea(size []float64) (float64, error) {
	var total float64
	err := spmd.Run(len(size), func(l spmd.Lane) {
		i := l.Index()
		var sh Shape
		if i%2 == 0 {
			sh = Circle{R: size[i]}
		} else {
			sh = Square{S: size[i]}
		}
		switch s := sh.(type) {
		case Circle:
			a := spmd.ReduceAdd(l, s.Area()) // EXPECT
			if i == 0 {
				total = a
			}
		case Square:
		}
	})
	return total, err
}

// StampArea stamps the same unit shape, a circle or a square as round says,
// weighted per lane, and adds up the weighted area when the stamp is round.
//
// kernel(ok): the shape is chosen by a kernel parameter and sized by one, so
// sh is the same value in every lane.
func StampArea(weight []float64, round bool, unit float64) (float64, error) {
	var total float64
	err := spmd.Run(len(weight), func(l spmd.Lane) {
		i := l.Index()
		var sh Shape
		if round {
			sh = Circle{R: unit}
		} else {
			sh = Square{S: unit}
		}
		switch s := sh.(type) {
		case Circle:
			a := spmd.ReduceAdd(l, s.Area()*weight[i])
			if i == 0 {
				total = a
			}
		case Square:
		}
	})
	return total, err
}

// ---------------------------------------------------------------------------
// Through any and back.

// ClampPerKey clamps each lane's value by the limit stored in opts under the
// lane's own key, and adds up the clamped values when the limit is positive.
//
// kernel(bug): the key, and so the limit unboxed from any, is per lane.
func ClampPerKey(vals []int, opts map[string]any, keys []string) (int, error) {
	var total int
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		lim := opts[keys[i]].(int)
		if lim > 0 {
			s := spmd.ReduceAdd(l, min(vals[i], lim)) // EXPECT
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// ClampShared clamps every value by opts["limit"] and adds up the clamped
// values when the limit is positive.
//
// kernel(ok): the limit is unboxed from a shared map at a constant key.
func ClampShared(vals []int, opts map[string]any) (int, error) {
	var total int
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		lim := opts["limit"].(int)
		if lim > 0 {
			s := spmd.ReduceAdd(l, min(vals[i], lim))
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// Level is a log level.
type Level int

func (v Level) String() string {
	switch v {
	case 0:
		return "error"
	case 1:
		return "info"
	}
	return "debug"
}

// DebugPeakPerLane reports the peak value over the lanes whose own log level
// formats as "debug".
//
// kernel(bug): the Stringer holds the lane's level, so the string differs
// between lanes.
func DebugPeakPerLane(vals []float64, levels []int) (float64, error) {
	peak := math.Inf(-1)
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		var s fmt.Stringer = Level(levels[i])
		if s.String() == "debug" {
			m := spmd.ReduceMax(l, vals[i]) // EXPECT
			if m > peak {
				peak = m
			}
		}
	})
	return peak, err
}

// DebugPeak reports the peak value over all lanes when the group's
// verbosity formats as "debug".
//
// kernel(ok): the Stringer holds the kernel's verbosity, a parameter.
func DebugPeak(vals []float64, verbosity int) (float64, error) {
	peak := math.Inf(-1)
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		var s fmt.Stringer = Level(verbosity)
		if s.String() == "debug" {
			m := spmd.ReduceMax(l, vals[i])
			if i == 0 {
				peak = m
			}
		}
	})
	return peak, err
}

// LabelWidthPerLane computes the widest label over the lanes whose item can
// describe itself.
//
// kernel(bug): the interface-to-interface assertion on the lane's item
// succeeds in some lanes only.
func LabelWidthPerLane(items []any) (int, error) {
	var width int
	err := spmd.Run(len(items), func(l spmd.Lane) {
		i := l.Index()
		if s, ok := items[i].(fmt.Stringer); ok {
			w := spmd.ReduceMax(l, len(s.String())) // EXPECT
			width = w
		}
	})
	return width, err
}

// LabelWidth computes the widest "value unit" label over the lanes when the
// unit can describe itself, and 0 otherwise.
//
// kernel(ok): the assertion is on the unit, a kernel parameter.
func LabelWidth(vals []int, unit any) (int, error) {
	var width int
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		if s, ok := unit.(fmt.Stringer); ok {
			w := spmd.ReduceMax(l, len(fmt.Sprint(vals[i]))+1+len(s.String()))
			if i == 0 {
				width = w
			}
		}
	})
	return width, err
}

// ---------------------------------------------------------------------------
// Method values and method expressions on value receivers.

// Vec is a 2D vector.
type Vec struct{ X, Y float64 }

// Dot returns the dot product of v and w.
func (v Vec) Dot(w Vec) float64 { return v.X*w.X + v.Y*w.Y }

// CountFacing counts the points on the positive side of axis.
//
// kernel(bug): the method value is bound to the lane's own point, so what it
// returns, and the branch, depend on the lane.
func CountFacing(pts []Vec, axis Vec) (int, error) {
	var n int
	err := spmd.Run(len(pts), func(l spmd.Lane) {
		i := l.Index()
		dot := pts[i].Dot
		if dot(axis) > 0 {
			c := spmd.ReduceAdd(l, 1) // EXPECT
			n = c
		}
	})
	return n, err
}

// ProjectedSum adds up the projections of the points onto axis, when the
// axis is not zero.
//
// kernel(ok): the method value is bound to axis, a kernel parameter, and
// called with it, so the norm is the same in every lane.
func ProjectedSum(pts []Vec, axis Vec) (float64, error) {
	var sum float64
	err := spmd.Run(len(pts), func(l spmd.Lane) {
		i := l.Index()
		norm2 := axis.Dot
		if n2 := norm2(axis); n2 > 0 {
			s := spmd.ReduceAdd(l, pts[i].Dot(axis)/math.Sqrt(n2))
			if i == 0 {
				sum = s
			}
		}
	})
	return sum, err
}

// A Stage is one step of a pipeline: scale and shift, then optionally
// normalize by the group's total magnitude.
type Stage struct {
	Scale, Shift float64
	Normalize    bool
}

// Apply runs the stage on the lane's value x.
func (s Stage) Apply(l spmd.Lane, x float64) float64 {
	y := x*s.Scale + s.Shift
	if s.Normalize {
		y /= spmd.ReduceAdd(l, math.Abs(y))
	}
	return y
}

// ApplyStages runs every stage of the pipeline on every lane's value.
//
// kernel(ok): the method expression is called with stages taken from a
// shared slice at a uniform index, so whether a stage normalizes is the same
// in every lane.
func ApplyStages(vals []float64, stages []Stage) ([]float64, error) {
	out := make([]float64, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		apply := Stage.Apply
		x := vals[i]
		for _, st := range stages {
			x = apply(st, l, x)
		}
		out[i] = x
	})
	return out, err
}

// ApplyStagePerLane runs one stage on each lane's value, lanes taking the
// stages round robin.
//
// kernel(bug): the receiver given to the method expression is per lane, and
// it decides whether Apply reaches its reduction.
func ApplyStagePerLane(vals []float64, stages []Stage) ([]float64, error) {
	out := make([]float64, len(vals))
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		apply := Stage.Apply
		st := stages[i%len(stages)]
		out[i] = apply(st, l, vals[i]) // EXPECT
	})
	return out, err
}

// ---------------------------------------------------------------------------
// Named results set by deferred closures.

// clampPasses returns n clamped to [1, hi]; the deferred closure clamps
// whatever the return statement set.
func clampPasses(n, hi int) (passes int) {
	defer func() {
		passes = max(1, min(passes, hi))
	}()
	if n <= 0 {
		return 1
	}
	return n
}

// SmoothPerLane smooths a ring of values with three-point averages, each
// lane asking for its own number of passes.
//
// kernel(bug): the pass count comes from the lane's request, so lanes leave
// the loop, and its barrier, at different times.
func SmoothPerLane(vals []float64, requests []int, maxPasses int) ([]float64, error) {
	n := len(vals)
	a := append([]float64(nil), vals...)
	b := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		cur, next := a, b
		for range clampPasses(requests[i], maxPasses) {
			next[i] = (cur[(i+n-1)%n] + cur[i] + cur[(i+1)%n]) / 3
			l.Barrier() // EXPECT
			cur, next = next, cur
		}
	})
	return a, err
}

// Smooth smooths a ring of values with three-point averages, running the
// requested number of passes, clamped to [1, maxPasses].
//
// kernel(ok): clampPasses is given kernel parameters, so its result, set by
// the deferred closure, is the same in every lane.
func Smooth(vals []float64, requested, maxPasses int) ([]float64, error) {
	n := len(vals)
	a := append([]float64(nil), vals...)
	b := make([]float64, n)
	passes := 0
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		cur, next := a, b
		p := clampPasses(requested, maxPasses)
		for range p {
			next[i] = (cur[(i+n-1)%n] + cur[i] + cur[(i+1)%n]) / 3
			l.Barrier()
			cur, next = next, cur
		}
		if i == 0 {
			passes = p
		}
	})
	if passes%2 == 1 {
		return b, err
	}
	return a, err
}

// runningCost returns the running total of x over lanes 0 to Index(); the
// deferred closure fills in the result after negative costs are dropped.
func runningCost(l spmd.Lane, x float64) (total float64) {
	defer func() { total = spmd.InclusiveAdd(l, x) }()
	x = max(x, 0)
	return
}

// groupCost returns the total of x over all lanes; the deferred closure
// fills in the result after negative costs are dropped.
func groupCost(l spmd.Lane, x float64) (total float64) {
	defer func() { total = spmd.ReduceAdd(l, x) }()
	x = max(x, 0)
	return
}

// ScaleRunningOverBudget scales costs down to fit the budget, deciding per
// lane from the running total.
//
// kernel(bug): the deferred InclusiveAdd makes the result of runningCost
// per lane, so only the lanes past the budget reach the reduction.
func ScaleRunningOverBudget(costs []float64, budget float64) (float64, error) {
	spent := -1.0
	err := spmd.Run(len(costs), func(l spmd.Lane) {
		i := l.Index()
		t := runningCost(l, costs[i])
		if t > budget {
			s := spmd.ReduceAdd(l, costs[i]*budget/t) // EXPECT
			spent = s
		}
	})
	return spent, err
}

// ScaleOverBudget scales all costs down to fit the budget when their total
// exceeds it, and returns the scaled total (or -1 if no scaling was needed).
//
// kernel(ok): the deferred ReduceAdd makes the result of groupCost the same
// in every lane.
func ScaleOverBudget(costs []float64, budget float64) (float64, error) {
	spent := -1.0
	err := spmd.Run(len(costs), func(l spmd.Lane) {
		i := l.Index()
		t := groupCost(l, costs[i])
		if t > budget {
			s := spmd.ReduceAdd(l, max(costs[i], 0)*budget/t)
			if i == 0 {
				spent = s
			}
		}
	})
	return spent, err
}
