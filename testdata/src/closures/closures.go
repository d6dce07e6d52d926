// Package closures pins function literals and method values: a literal
// passed to spmd.Run is a kernel and its own code is checked; a closure made
// inside a kernel runs in the lane that made it, so the variables it
// captures are that lane's; a method value of a barrier is still a barrier.
// (A closure branching on a lane-dependent variable it captured is pinned in
// package helpers.)
package closures

import "github.com/spmdvet/spmdvet/spmd"

// A kernel literal given to Run by ordinary code.
func launch(data []int) error {
	return spmd.Run(8, func(l spmd.Lane) {
		if data[l.Index()] > 0 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
		l.Barrier() // fine: every lane
	})
}

// Fine: the variables a kernel literal captures from ordinary code are
// shared by all lanes, like parameters.
func launchUniform(n int) error {
	return spmd.Run(8, func(l spmd.Lane) {
		if n > 4 {
			l.Barrier()
		}
	})
}

// A kernel literal in a variable, passed to Run later.
func launchVariable() error {
	k := func(l spmd.Lane) {
		if l.Index() == 0 {
			_ = spmd.ReduceAdd(l, 1) // want `collective spmd.ReduceAdd under divergent control`
		}
	}
	return spmd.Run(4, k)
}

// A helper that gives its argument to Run (a test's "runs" helper) takes
// kernel entries too, as do helpers that give it on: the literals given to
// them are kernels, and the variables they capture are shared.
func runs(n int, k func(spmd.Lane)) error { return spmd.Run(n, k) }

func runsTwice(k func(spmd.Lane)) error {
	if err := runs(4, k); err != nil {
		return err
	}
	return runs(8, k)
}

func markThenSum(l spmd.Lane, data []int, flag []bool, out []int) {
	if data[l.Index()] < 0 {
		flag[0] = true
	}
	l.Barrier()
	if flag[0] {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// Fine: flag is one slice, made once, that every lane shares.
func launchThroughHelper(data, out []int) error {
	flag := make([]bool, 8)
	if err := runs(8, func(l spmd.Lane) { markThenSum(l, data, flag, out) }); err != nil {
		return err
	}
	flag = make([]bool, 8)
	return runsTwice(func(l spmd.Lane) { markThenSum(l, data, flag, out) })
}

func launchThroughHelperBug(data []int) error {
	return runsTwice(func(l spmd.Lane) {
		if data[l.Index()] > 0 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	})
}

// Fine: a closure that captures a uniform variable.
func captureUniform(l spmd.Lane, n int) {
	half := n / 2
	sync := func() {
		if half > 0 {
			l.Barrier()
		}
	}
	sync()
}

// A closure that writes a captured variable, called under divergent
// control: the variable is divergent afterwards.
func closureWrites(l spmd.Lane) {
	done := false
	mark := func() { done = true }
	if l.Index()%2 == 0 {
		mark()
	}
	if done {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A method value of Barrier is a barrier.
func methodValue(l spmd.Lane) {
	f := l.Barrier
	if l.Index() < 4 {
		f() // want `barrier f under divergent control`
	}
	f() // fine: every lane
}

// A method expression likewise.
func methodExpression(l spmd.Lane) {
	g := spmd.Lane.Barrier
	if l.Index() < 4 {
		g(l) // want `barrier g under divergent control`
	}
}

// A generic collective as a function value.
func funcValue(l spmd.Lane) {
	add := spmd.ReduceAdd[int]
	if l.Index() < 4 {
		_ = add(l, 1) // want `collective add under divergent control`
	}
}

// A deferred closure runs at each return, as its own call there: lanes
// that leave by different returns run different barriers.
func deferredClosure() error {
	return spmd.Run(8, func(l spmd.Lane) {
		defer func() { // want `barrier l.Barrier \(reached through func literal\) is deferred, and lanes reach the returns that run it under divergent control`
			l.Barrier()
		}()
		if l.Index() > 2 {
			return
		}
	})
}

// Fine: one return, reached by every lane.
func deferredClosureOneReturn() error {
	return spmd.Run(8, func(l spmd.Lane) {
		defer func() {
			l.Barrier()
		}()
		if l.Index() > 2 {
			l.Index()
		}
	})
}

// A kernel run by a lane of another group: the variables it captures from
// the outer lane are the same in every lane of the inner group.
func nestedRun(l spmd.Lane) {
	id := l.Index()
	_ = spmd.Run(4, func(m spmd.Lane) {
		if id < 2 {
			m.Barrier() // fine: id is uniform in the inner group
		}
		if m.Index() < 2 {
			m.Barrier() // want `barrier m.Barrier under divergent control`
		}
	})
}

type scaler struct{ n, norm int }

// A method value given to spmd.Run is a kernel entry: its receiver points to
// memory all lanes share, which lane 0 writing does not make per-lane.
func (s *scaler) kernel(l spmd.Lane) {
	if s.n == 0 {
		return
	}
	l.Barrier() // fine: s.n is shared, and uniform
	if l.Index() == 0 {
		s.norm = 5
	}
}

func methodValueKernel(s *scaler) error {
	return spmd.Run(4, s.kernel)
}

// A literal over a lane-dependent variable is reported where it runs as
// the kernel's code: in it, when it is called where it is made...
func calledLiteral(l spmd.Lane) {
	limit := l.Index() % 2
	step := func() {
		if limit > 0 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	}
	step()
}

// ... and so is a deferred literal, which the same lanes run when the
// function returns...
func deferredLiteral(l spmd.Lane) {
	limit := l.Index() % 2
	defer func() {
		if limit > 0 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	}()
}

// ... and one handed to a function that calls it: the literal's branch on
// what it captured is divergent wherever it is called.
func handedLiteral(l spmd.Lane, xs []int) {
	limit := l.Index() % 2
	forEach(xs, func(x int) {
		if x > limit {
			spmd.ReduceAdd(l, x) // want `collective spmd.ReduceAdd under divergent control`
		}
	})
	n := l.Count()
	forEach(xs, func(x int) { // fine: n is the same in every lane
		if x > n {
			spmd.ReduceAdd(l, x)
		}
	})
}

func forEach(xs []int, f func(int)) {
	for _, x := range xs {
		f(x)
	}
}

// A deferred literal reads the variables it captured when it runs: done is
// set under divergent control after the defer statement.
func deferredReadsLater(l spmd.Lane, data []int) {
	done := false
	defer func() {
		if !done {
			spmd.ReduceAdd(l, 1) // want `collective spmd.ReduceAdd under divergent control`
		}
	}()
	if data[l.Index()] > 0 {
		done = true
	}
}

// Fine: what the deferred literal reads is the same in every lane.
func deferredUniform(l spmd.Lane, n int) {
	done := false
	defer func() {
		if !done {
			l.Barrier()
		}
	}()
	if n > 0 {
		done = true
	}
}

// A closure branches on the lane's memory through a pointer it captured;
// the collective's result is stored back there, so lanes disagree about
// the memory whichever value it held before.
func pointerStoreBack(l spmd.Lane) int {
	v := l.Index()
	p := &v
	func() {
		if *p >= 2 {
			*p = spmd.InclusiveAdd(l, 1) // want `collective spmd.InclusiveAdd under divergent control`
		}
	}()
	return v
}

// A slice the kernel made is each lane's own, also in a closure.
func ownSliceInClosure(l spmd.Lane) {
	s := make([]int, 8)
	func() {
		s[l.Index()%8] = 1
		if s[0] > 0 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	}()
}

// Fine: a slice of memory all lanes share stays shared in a closure; a
// load at a uniform address is uniform.
func sharedSliceInClosure(l spmd.Lane, out []int) {
	s := out
	func() {
		s[l.Index()] = 1
		if s[0] > 0 {
			l.Barrier()
		}
	}()
}

// A literal kept in a slice, a map or a struct field writes the variables
// it captured when it is called from there. (Found by the runtime-oracle
// fuzzer.)
func closureInSlice(l spmd.Lane) {
	v := 0
	fs := []func(){func() { v = l.Index() }, func() {}}
	fs[0]()
	if v > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func closureInMap(l spmd.Lane) {
	v := 0
	fm := map[int]func(){0: func() { v = l.Index() }}
	fm[0]()
	if v > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func closureInField(l spmd.Lane) {
	v := 0
	var h struct{ f func() }
	h.f = func() { v = l.Index() }
	h.f()
	if v > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// One literal picks, through what another writes, which literal runs.
func closureChoosesClosure(l spmd.Lane, out []int) {
	var st struct{ u int }
	fs := []func(){
		func() { out[l.Index()] = spmd.ReduceAdd(l, 1) },
		func() { st.u = l.Index() },
	}
	st.u = 1
	for range 2 {
		fs[st.u%2]() // want `collective fs\[st.u%2\] called through a lane-dependent function value`
	}
}

// Fine: what the literals write is the same in every lane.
func closureInSliceUniform(l spmd.Lane, n int) {
	v := 0
	fs := []func(){func() { v = n }}
	fs[0]()
	if v > 0 {
		l.Barrier()
	}
}

type funcHolder struct{ f func() }

// A literal that sets a func field under divergent control and calls it
// through a pointer it captured. (Found by the runtime-oracle fuzzer.)
func fieldSetInClosure(l spmd.Lane, out []int) {
	var b funcHolder
	pb := &b
	func() {
		if l.Index()%2 == 1 {
			b.f = func() { l.Barrier() }
		} else {
			b.f = func() { out[l.Index()] = 1 }
		}
		pb.f() // want `barrier pb.f called through a lane-dependent function value`
	}()
}

// Fine: the same field set alike in every lane.
func fieldSetInClosureUniform(l spmd.Lane, out []int) {
	var b funcHolder
	pb := &b
	func() {
		b.f = func() { l.Barrier() }
		pb.f()
	}()
}

// A local map of literals looked up at a constant key calls the one
// stored there; the literals capture a lane-dependent variable, but the
// function is the same in every lane. (A false report found by the
// runtime-oracle fuzzer.)
func closureMapConstKey(l spmd.Lane, out []int) {
	v := l.Index()
	fm := map[int]func(){
		0: func() { out[v] = spmd.ReduceAdd(l, 1) },
		1: func() { out[v] = 2 },
	}
	fm[0]()
}

func closureMapLaneKey(l spmd.Lane, out []int) {
	fm := map[int]func(){
		0: func() { out[0] = spmd.ReduceAdd(l, 1) },
		1: func() { out[1] = 2 },
	}
	fm[l.Index()%2]() // want `collective fm\[l.Index\(\)%2\] called through a lane-dependent function value`
}
