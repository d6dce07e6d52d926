package funcvalues

import "github.com/spmdvet/spmdvet/spmd"

// Which function a phi of literals holds is decided by the paths that met
// there, not by what the literals captured.

// Lanes pick between two literals by a uniform test: every lane runs the
// same one, whatever each captured.
func literalsChosenUniformly(l spmd.Lane, data []int, n int) {
	i := l.Index()
	up := func() { data[i]++; l.Barrier() }
	down := func() { data[i]--; l.Barrier() }
	f := up
	if n > 2 {
		f = down
	}
	f()
}

// The same test on the lane: lanes run different literals.
func literalsChosenByLane(l spmd.Lane, data []int) {
	i := l.Index()
	up := func() { data[i]++; l.Barrier() }
	down := func() { data[i]--; l.Barrier() }
	f := up
	if i > 2 {
		f = down
	}
	f() // want `barrier f called through a lane-dependent function value`
}

// Lanes leave the loop in different iterations, each with the literal its
// last iteration chose.
func literalChosenInLoop(l spmd.Lane, data []int) {
	up := func() { l.Barrier() }
	down := func() { l.Barrier() }
	f := up
	for k := 0; k < l.Index(); k++ {
		if k == 1 {
			f = down
		}
	}
	f() // want `barrier f called through a lane-dependent function value`
}

// The same loop with a uniform trip count.
func literalChosenInUniformLoop(l spmd.Lane, data []int, n int) {
	i := l.Index()
	up := func() { data[i]++; l.Barrier() }
	down := func() { data[i]--; l.Barrier() }
	f := up
	for k := 0; k < n; k++ {
		if k == 1 {
			f = down
		}
	}
	f()
}

// One literal on both sides of a lane-dependent branch, or nothing yet.
func oneLiteralEitherWay(l spmd.Lane, data []int) {
	i := l.Index()
	var f func()
	for k := 0; k < 2; k++ {
		g := func() { data[k+i]++; l.Barrier() }
		if i > k {
			f = g
		} else {
			f = g
		}
	}
	f()
}

// A recursive literal over lane-dependent variables is one function: the
// lanes recurse together as long as the depth they stop at is uniform.
func recursiveLiteral(l spmd.Lane, data []int, need []int) {
	i := l.Index()
	depth := spmd.ReduceMax(l, need[i])
	var descend func(d int)
	descend = func(d int) {
		if d >= depth {
			return
		}
		data[i] += d
		l.Barrier()
		descend(d + 1)
	}
	descend(0)
}

// Each lane stops at its own depth.
func recursiveLiteralOwnDepth(l spmd.Lane, data []int, need []int) {
	i := l.Index()
	depth := need[i]
	var descend func(d int)
	descend = func(d int) {
		if d >= depth {
			return
		}
		data[i] += d
		l.Barrier()    // want `barrier l.Barrier under divergent control`
		descend(d + 1) // want `barrier l.Barrier \(reached through descend\) under divergent control`
	}
	descend(0)
}

// A function variable that a literal may set: both functions are possible
// at the call, and the literal runs under divergent control.
func variableSetByLiteral(l spmd.Lane) {
	f := func() {}
	set := func() { f = l.Barrier }
	if l.Index() > 1 {
		set()
	}
	f() // want `barrier f called through a lane-dependent function value`
}

// A slice the kernel builds, by append or a composite literal, holds the
// functions stored in it: with one literal in every element, any lane's
// pick is the same code, whatever each lane's closure captured.
func sliceOfOneLiteral(l spmd.Lane, data []float64) {
	x := data[l.Index()]
	var parts []func() float64
	for k := 1; k <= 3; k++ {
		parts = append(parts, func() float64 { return spmd.ReduceAdd(l, x*float64(k)) })
	}
	for _, p := range parts {
		data[l.Index()] += p()
	}
}

func arrayOfOneLiteral(l spmd.Lane) {
	sync := func() { l.Barrier() }
	steps := [2]func(){sync, sync}
	steps[l.Index()%2]()
}

// Two literals in the elements, picked by the lane: lanes run different
// code.
func arrayOfTwoLiterals(l spmd.Lane) {
	steps := [2]func(){func() { l.Barrier() }, func() { l.Barrier() }}
	steps[l.Index()%2]() // want `barrier steps\[l.Index\(\)%2\] called through a lane-dependent function value`
}

func sliceOfTwoLiterals(l spmd.Lane) {
	steps := []func(){func() { l.Barrier() }}
	steps = append(steps, func() { l.Barrier() })
	steps[l.Index()%2]() // want `barrier steps\[l.Index\(\)%2\] called through a lane-dependent function value`
}

// An element written through another name of the slice counts too.
func sliceWrittenThroughAlias(l spmd.Lane) {
	sync := func() { l.Barrier() }
	steps := []func(){sync, sync}
	alias := steps[:1]
	alias[0] = func() { l.Barrier() }
	steps[l.Index()%2]() // want `barrier steps\[l.Index\(\)%2\] called through a lane-dependent function value`
}

// A slice given to a function may be written there.
func sliceGivenAway(l spmd.Lane, fill func([]func())) {
	sync := func() { l.Barrier() }
	steps := []func(){sync, sync}
	fill(steps)
	steps[l.Index()%2]() // want `barrier steps\[l.Index\(\)%2\] called through a lane-dependent function value`
}

// A range over a local map of functions gives each lane its entries in its
// own order: with different literals, lanes call different ones together.
func mapOfTwoLiterals(l spmd.Lane, v []float64) {
	ops := map[string]func(float64) float64{
		"sum": func(x float64) float64 { return spmd.ReduceAdd(l, x) },
		"max": func(x float64) float64 { return spmd.ReduceMax(l, x) },
	}
	for _, op := range ops {
		v[l.Index()] = op(v[l.Index()]) // want `collective op called through a lane-dependent function value`
	}
}

// One literal in every entry: the same code whatever the order.
func mapOfOneLiteral(l spmd.Lane, v []float64) {
	sum := func(x float64) float64 { return spmd.ReduceAdd(l, x) }
	ops := map[string]func(float64) float64{"a": sum, "b": sum}
	for _, op := range ops {
		v[l.Index()] = op(v[l.Index()])
	}
}

type reducer interface {
	Reduce(l spmd.Lane, x float64) float64
}

type sumReducer struct{}

func (sumReducer) Reduce(l spmd.Lane, x float64) float64 { return spmd.ReduceAdd(l, x) }

type maxReducer struct{}

func (maxReducer) Reduce(l spmd.Lane, x float64) float64 { return spmd.ReduceMax(l, x) }

// A method value of an interface holds the method of its dynamic type:
// picked by the lane, lanes run different methods.
func methodValueByLane(l spmd.Lane, v []float64) {
	var r reducer = sumReducer{}
	if v[l.Index()] < 0 {
		r = maxReducer{}
	}
	reduce := r.Reduce
	v[l.Index()] = reduce(l, v[l.Index()]) // want `collective reduce called through a lane-dependent function value`
}

// Picked by a uniform test: every lane runs the same method.
func methodValueUniform(l spmd.Lane, v []float64, n int) {
	var r reducer = sumReducer{}
	if n < 0 {
		r = maxReducer{}
	}
	reduce := r.Reduce
	v[l.Index()] = reduce(l, v[l.Index()])
}
