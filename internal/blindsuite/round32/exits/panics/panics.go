// Package panics holds kernels whose lanes may panic: without recover (the
// kernel goes down, which is not divergence), with a recover that lets the
// panicking lanes return (which is), with recovers that do not recover, and
// with runtime.Goexit.
package panics

import (
	"fmt"
	"runtime"
	"strconv"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round32/exits/errs"
	"github.com/spmdvet/spmdvet/spmd"
)

// Gather stages src[idx[i]] into shared memory and returns the values
// rotated by one lane. An index out of range is a caller bug and panics.
//
// kernel(ok)
func Gather(src []float64, idx []int) ([]float64, error) {
	n := len(idx)
	sh := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		j := idx[i]
		if j < 0 || j >= len(src) {
			panic(fmt.Sprintf("gather: index %d out of range [0,%d)", j, len(src)))
		}
		sh[i] = src[j]
		l.Barrier()
		out[i] = sh[(i+1)%n]
	})
	return out, err
}

// GatherLogged is Gather with a deferred recover that records the message
// of a lane's panic: such lanes then return from the kernel while the
// others wait at the barrier.
//
// kernel(bug)
func GatherLogged(src []float64, idx []int) ([]float64, []string, error) {
	n := len(idx)
	sh := make([]float64, n)
	out := make([]float64, n)
	msgs := make([]string, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		defer func() {
			if r := recover(); r != nil {
				msgs[i] = fmt.Sprint(r)
			}
		}()
		j := idx[i]
		if j < 0 || j >= len(src) {
			panic(fmt.Sprintf("gather: index %d out of range [0,%d)", j, len(src)))
		}
		sh[i] = src[j]
		l.Barrier() // EXPECT
		out[i] = sh[(i+1)%n]
	})
	return out, msgs, err
}

// SumFields parses one decimal field per lane and adds them up. A malformed
// field raises an *errs.Error, which errs.Catch, deferred directly, turns
// into the lane's error: the lane returns before the reduction.
//
// kernel(bug)
func SumFields(fields []string) (int, []error, error) {
	n := len(fields)
	errsOut := make([]error, n)
	var total int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		defer errs.Catch(&errsOut[i])
		v, perr := strconv.Atoi(fields[i])
		if perr != nil {
			panic(errs.Errorf("field %d: %v", i, perr))
		}
		t := spmd.ReduceAdd(l, v) // EXPECT
		if i == 0 {
			total = t
		}
	})
	return total, errsOut, err
}

// SumFieldsOK decides with spmd.Any whether some field is malformed, and
// then every lane panics and is caught together.
//
// kernel(ok)
func SumFieldsOK(fields []string) (int, []error, error) {
	n := len(fields)
	errsOut := make([]error, n)
	var total int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		defer errs.Catch(&errsOut[i])
		v, perr := strconv.Atoi(fields[i])
		if spmd.Any(l, perr != nil) {
			panic(errs.Errorf("malformed input"))
		}
		t := spmd.ReduceAdd(l, v)
		if i == 0 {
			total = t
		}
	})
	return total, errsOut, err
}

// SumFieldsWrapped defers a closure that calls errs.Catch: recover is then
// one call too deep, returns nil, and a malformed field brings the kernel
// down like an unrecovered panic.
//
// kernel(ok)
func SumFieldsWrapped(fields []string) (int, []error, error) {
	n := len(fields)
	errsOut := make([]error, n)
	var total int
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		defer func() {
			errs.Catch(&errsOut[i])
		}()
		v, perr := strconv.Atoi(fields[i])
		if perr != nil {
			panic(errs.Errorf("field %d: %v", i, perr))
		}
		t := spmd.ReduceAdd(l, v)
		if i == 0 {
			total = t
		}
	})
	return total, errsOut, err
}

// Histogram counts values into bins with one ballot per bin. A value out of
// range panics; the deferred handler logs it and panics again, so the lane
// still brings the kernel down.
//
// kernel(ok)
func Histogram(vals []int, bins int) ([]int, []string, error) {
	n := len(vals)
	counts := make([]int, bins)
	logs := make([]string, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		defer func() {
			if r := recover(); r != nil {
				logs[i] = fmt.Sprintf("lane %d: %v", i, r)
				panic(r)
			}
		}()
		if vals[i] < 0 || vals[i] >= bins {
			panic(errs.Errorf("value %d outside [0,%d)", vals[i], bins))
		}
		for b := 0; b < bins; b++ {
			m := spmd.Ballot(l, vals[i] == b)
			if i == 0 {
				counts[b] = popcount(m)
			}
		}
	})
	return counts, logs, err
}

// HistogramFiltered recovers input errors with errs.CatchInput, which
// re-panics only other panics: the lanes with a value out of range return
// and the others wait at the ballot.
//
// kernel(bug)
func HistogramFiltered(vals []int, bins int) ([]int, []error, error) {
	n := len(vals)
	counts := make([]int, bins)
	errsOut := make([]error, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		defer errs.CatchInput(&errsOut[i])
		if vals[i] < 0 || vals[i] >= bins {
			panic(errs.Errorf("value %d outside [0,%d)", vals[i], bins))
		}
		for b := 0; b < bins; b++ {
			m := spmd.Ballot(l, vals[i] == b) // EXPECT
			if i == 0 {
				counts[b] = popcount(m)
			}
		}
	})
	return counts, errsOut, err
}

func popcount(m uint64) int {
	c := 0
	for ; m != 0; m &= m - 1 {
		c++
	}
	return c
}

// RowSums sums each lane's row and then the rows' sums across the group.
// A lane with an empty row ends its goroutine with runtime.Goexit, which
// counts as returning.
//
// kernel(bug)
func RowSums(rows [][]float64) ([]float64, float64, error) {
	n := len(rows)
	sums := make([]float64, n)
	var grand float64
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		if len(rows[i]) == 0 {
			runtime.Goexit()
		}
		s := 0.0
		for _, v := range rows[i] {
			s += v
		}
		sums[i] = s
		g := spmd.ReduceAdd(l, s) // EXPECT
		if i == 0 {
			grand = g
		}
	})
	return sums, grand, err
}

// RowSumsOK leaves with runtime.Goexit only after the last collective.
//
// kernel(ok)
func RowSumsOK(rows [][]float64) ([]float64, float64, error) {
	n := len(rows)
	sums := make([]float64, n)
	var grand float64
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		s := 0.0
		for _, v := range rows[i] {
			s += v
		}
		g := spmd.ReduceAdd(l, s)
		if len(rows[i]) == 0 {
			runtime.Goexit()
		}
		sums[i] = s
		if i == 0 {
			grand = g
		}
	})
	return sums, grand, err
}

// mustFloat parses s or panics with an *errs.Error.
func mustFloat(s string) float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		panic(errs.Errorf("bad number %q", s))
	}
	return v
}

// tryFloat parses s, recovering the panic of mustFloat in its own frame.
func tryFloat(s string) (v float64, err error) {
	defer errs.Catch(&err)
	return mustFloat(s), nil
}

// MeanOfFields parses a number per lane with mustFloat, which panics on a
// malformed one, under a deferred recover in the kernel: the panic comes
// from the callee, but the lane still returns before the reduction.
//
// kernel(bug)
func MeanOfFields(fields []string) (float64, []bool, error) {
	n := len(fields)
	bad := make([]bool, n)
	var mean float64
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		defer func() {
			if recover() != nil {
				bad[i] = true
			}
		}()
		v := mustFloat(fields[i])
		s := spmd.ReduceAdd(l, v) // EXPECT
		if i == 0 {
			mean = s / float64(n)
		}
	})
	return mean, bad, err
}

// MeanOfFieldsOK parses with tryFloat, whose recover stays in its own
// frame: every lane comes back to the kernel and reaches the reduction.
//
// kernel(ok)
func MeanOfFieldsOK(fields []string) (float64, []bool, error) {
	n := len(fields)
	bad := make([]bool, n)
	var mean float64
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		v, perr := tryFloat(fields[i])
		if perr != nil {
			bad[i] = true
			v = 0
		}
		s := spmd.ReduceAdd(l, v)
		c := spmd.ReduceAdd(l, btoi(perr == nil))
		if i == 0 && c > 0 {
			mean = s / float64(c)
		}
	})
	return mean, bad, err
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// stage validates v, publishes it in the lane's slot and waits for the
// group. It turns a NaN into an error with a deferred errs.Catch, so a lane
// given a NaN returns without reaching the barrier.
func stage(l spmd.Lane, sh []float64, v float64) (err error) {
	defer errs.Catch(&err)
	if v != v {
		panic(errs.Errorf("NaN input"))
	}
	sh[l.Index()] = v
	l.Barrier()
	return nil
}

// stageAll is stage with the NaN check made for the whole group at once.
func stageAll(l spmd.Lane, sh []float64, v float64) (err error) {
	defer errs.Catch(&err)
	if spmd.Any(l, v != v) {
		panic(errs.Errorf("NaN input"))
	}
	sh[l.Index()] = v
	l.Barrier()
	return nil
}

// Smooth averages each element with its right neighbour (on a ring),
// staging the data through stage, which is given each lane's own element.
//
// kernel(bug)
func Smooth(data []float64) ([]float64, []error, error) {
	n := len(data)
	sh := make([]float64, n)
	out := make([]float64, n)
	errsOut := make([]error, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		if errsOut[i] = stage(l, sh, data[i]); errsOut[i] != nil { // EXPECT
			return
		}
		out[i] = (sh[i] + sh[(i+1)%n]) / 2
	})
	return out, errsOut, err
}

// SmoothOK stages through stageAll, which panics in every lane or none.
//
// kernel(ok)
func SmoothOK(data []float64) ([]float64, []error, error) {
	n := len(data)
	sh := make([]float64, n)
	out := make([]float64, n)
	errsOut := make([]error, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		if errsOut[i] = stageAll(l, sh, data[i]); errsOut[i] != nil {
			return
		}
		out[i] = (sh[i] + sh[(i+1)%n]) / 2
	})
	return out, errsOut, err
}

// checkedLoad loads src[j] into the lane's slot of sh and waits; an index
// out of range is a bug of the caller and panics, with nothing to recover.
func checkedLoad(l spmd.Lane, sh, src []float64, j int) {
	if j < 0 || j >= len(src) {
		panic(fmt.Sprintf("checkedLoad: index %d out of range", j))
	}
	sh[l.Index()] = src[j]
	l.Barrier()
}

// Permute returns src permuted by perm, loading through checkedLoad with
// each lane's own index: the argument only decides whether a lane panics.
//
// kernel(ok)
func Permute(src []float64, perm []int) ([]float64, error) {
	n := len(perm)
	sh := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		checkedLoad(l, sh, src, perm[l.Index()])
	})
	return sh, err
}

// failf panics with a formatted input error; it never returns.
func failf(format string, args ...any) {
	panic(errs.Errorf(format, args...))
}

// quit ends the calling lane's goroutine; it never returns either, but the
// lane counts as having returned from the kernel.
func quit() {
	runtime.Goexit()
}

// Rescale divides each element by the group's largest. A non-positive
// element is a caller bug: failf panics, with nothing to recover it.
//
// kernel(ok)
func Rescale(data []float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		if data[i] <= 0 {
			failf("element %d is %g, want > 0", i, data[i])
		}
		m := spmd.ReduceMax(l, data[i])
		out[i] = data[i] / m
	})
	return out, err
}

// RescaleQuiet leaves the lanes with a non-positive element through quit,
// which ends them as if they had returned.
//
// kernel(bug)
func RescaleQuiet(data []float64) ([]float64, error) {
	out := make([]float64, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		if data[i] <= 0 {
			quit()
		}
		m := spmd.ReduceMax(l, data[i]) // EXPECT
		out[i] = data[i] / m
	})
	return out, err
}
