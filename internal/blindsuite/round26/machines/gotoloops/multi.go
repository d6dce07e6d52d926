package gotoloops

import "github.com/spmdvet/spmdvet/spmd"

// Rotate runs rounds of a two-phase exchange: in the pass phase each lane
// takes its right neighbour's value, in the mix phase it adds the group's
// sum. A run restarted with resume set begins at the mix phase.
//
// kernel(ok)
func Rotate(vals []int, resume bool, rounds int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		me := l.Index()
		v, r := vals[me], 0
		if resume {
			goto mix
		}
	pass:
		v = spmd.Shuffle(l, v, (me+1)%l.Count())
	mix:
		v += spmd.ReduceAdd(l, v)
		r++
		if r < rounds {
			goto pass
		}
		out[me] = v
	})
}

// RotateEach is Rotate where each lane resumes at the phase it saved.
//
// kernel(bug)
func RotateEach(vals []int, resume []bool, rounds int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		me := l.Index()
		v, r := vals[me], 0
		if resume[me] {
			goto mix
		}
	pass:
		v = spmd.Shuffle(l, v, (me+1)%l.Count()) // EXPECT
	mix:
		v += spmd.ReduceAdd(l, v) // EXPECT
		r++
		if r < rounds {
			goto pass
		}
		out[me] = v
	})
}

// Smooth alternates smoothing (each value moves halfway to 100) with a
// group-wide normalisation to per-mille of the total. A warm start skips
// the first smoothing. rounds counts the smoothing steps.
//
// kernel(ok)
func Smooth(vals []int, warm bool, rounds int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		v, i := vals[l.Index()], 0
		if warm {
			goto normalise
		}
	smooth:
		i++
		v = (v + 100) / 2
	normalise:
		if t := spmd.ReduceAdd(l, v); t != 0 {
			v = v * 1000 / t
		}
		if i < rounds {
			goto smooth
		}
		out[l.Index()] = v
	})
}

// SmoothEach is Smooth where each lane decides on its own whether it is
// warm.
//
// kernel(bug)
func SmoothEach(vals []int, warm []bool, rounds int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		v, i := vals[l.Index()], 0
		if warm[l.Index()] {
			goto normalise
		}
	smooth:
		i++
		v = (v + 100) / 2
	normalise:
		if t := spmd.ReduceAdd(l, v); t != 0 { // EXPECT
			v = v * 1000 / t
		}
		if i < rounds {
			goto smooth
		}
		out[l.Index()] = v
	})
}

// Pipeline runs rounds of three stages: load (read the lane's input for the
// round), mix (add the group's sum) and store (publish behind a barrier). A
// restarted pipeline resumes at stage 1 or 2.
//
// kernel(ok)
func Pipeline(in [][]int, stage int, shared []int, out []int) error {
	return spmd.Run(len(shared), func(l spmd.Lane) {
		me := l.Index()
		v, round := 0, 0
		switch stage {
		case 1:
			goto mix
		case 2:
			goto store
		}
	load:
		v = in[round][me]
	mix:
		v += spmd.ReduceAdd(l, v)
	store:
		shared[me] = v
		l.Barrier()
		out[me] += shared[(me+1)%l.Count()]
		l.Barrier()
		round++
		if round < len(in) {
			goto load
		}
	})
}

// PipelineEach is Pipeline where each lane resumes at its own stage.
//
// kernel(bug)
func PipelineEach(in [][]int, stages []int, shared []int, out []int) error {
	return spmd.Run(len(shared), func(l spmd.Lane) {
		me := l.Index()
		v, round := 0, 0
		switch stages[me] {
		case 1:
			goto mix
		case 2:
			goto store
		}
	load:
		v = in[round][me]
	mix:
		v += spmd.ReduceAdd(l, v) // EXPECT
	store:
		shared[me] = v
		l.Barrier() // EXPECT
		out[me] += shared[(me+1)%l.Count()]
		l.Barrier() // EXPECT
		round++
		if round < len(in) {
			goto load
		}
	})
}

// Relax runs rounds of pass and mix like Rotate, with the group deciding
// together whether another round is due.
//
// kernel(ok)
func Relax(vals []int, resume bool, rounds int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		me := l.Index()
		v, r := vals[me], 0
		if resume {
			goto mix
		}
	pass:
		v = spmd.Shuffle(l, v, (me+1)%l.Count())
		r++
	mix:
		v = spmd.ReduceMax(l, v) - v
		if spmd.Any(l, r < rounds) {
			goto pass
		}
		out[me] = v
	})
}

// RelaxEach is Relax where each lane resumes as it saved.
//
// kernel(bug)
func RelaxEach(vals []int, resume []bool, rounds int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		me := l.Index()
		v, r := vals[me], 0
		if resume[me] {
			goto mix
		}
	pass:
		v = spmd.Shuffle(l, v, (me+1)%l.Count()) // EXPECT
		r++
	mix:
		v = spmd.ReduceMax(l, v) - v // EXPECT
		if spmd.Any(l, r < rounds) { // EXPECT
			goto pass
		}
		out[me] = v
	})
}
