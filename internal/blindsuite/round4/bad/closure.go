package bad

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round4/lib"

	"github.com/spmdvet/spmdvet/spmd"
)

type hooks struct {
	sync  func()
	score func(int) int
}

// BadClosureInStruct calls the barrier closure stored in a struct field
// under a lane-dependent condition.
func BadClosureInStruct(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		h := hooks{
			sync:  func() { l.Barrier() },
			score: func(v int) int { return v * 2 },
		}
		if h.score(l.Index()) > 4 {
			h.sync() // EXPECT
		}
	})
}

// BadClosureInSlice calls a collective closure from a slice in a loop
// whose trip count depends on the lane.
func BadClosureInSlice(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := l.Index()
		ops := []func(int) int{
			func(x int) int { return spmd.ReduceAdd(l, x) },
		}
		k := v % 2
		for i := 0; i <= k; i++ {
			v = ops[0](v) // EXPECT
		}
		out[l.Index()] = v
	})
}

// BadClosureInMap calls a barrier closure looked up in a map, after a
// lane-dependent early return.
func BadClosureInMap(n int, data []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		ops := map[string]func(){
			"sync": func() { l.Barrier() },
		}
		if data[l.Index()] < 0 {
			return
		}
		ops["sync"]() // EXPECT
	})
}

// BadReturnedClosure calls a barrier closure returned by a library
// function in some lanes.
func BadReturnedClosure(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		p := lib.Phaser(l)
		p()
		if l.Index() == 0 {
			p() // EXPECT
		}
	})
}

// BadLocalClosureArg passes a lane-dependent count to a local closure that
// runs that many barriers.
func BadLocalClosureArg(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		step := func(k int) {
			for i := 0; i < k; i++ {
				l.Barrier()
			}
		}
		step(2)
		step(l.Index() % 2) // EXPECT
	})
}

// BadReturnedClosureArg passes a lane-dependent count to a closure returned
// by a library function.
func BadReturnedClosureArg(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		c := lib.Counter(l)
		c(1)
		c(l.Index() % 2) // EXPECT
	})
}

// makeSyncer returns a closure over its argument's lane.
func makeSyncer(l spmd.Lane) func() int {
	return func() int {
		return spmd.ReduceMax(l, l.Index())
	}
}

// BadClosureFieldAfterLoop stores a returned closure in a struct and calls
// it after a loop that lanes leave at different iterations, under a
// condition on a value from that loop.
func BadClosureFieldAfterLoop(n int, data []int) error {
	type box struct{ f func() int }
	return spmd.Run(n, func(l spmd.Lane) {
		b := box{f: makeSyncer(l)}
		k := 0
		for data[l.Index()] > k {
			k++
		}
		if k > 1 {
			data[l.Index()] = b.f() // EXPECT
		}
	})
}

// BadDeferAfterDivergentReturn registers a deferred barrier only in lanes
// that did not return early.
func BadDeferAfterDivergentReturn(n int, data []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if data[l.Index()] < 0 {
			return
		}
		defer func() { l.Barrier() }() // EXPECT
		data[l.Index()]++
	})
}

// BadRecoverPanic defers a recover: lanes that panic return, so the
// branch deciding the panic is divergence.
func BadRecoverPanic(n int, data []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		defer func() {
			_ = recover()
		}()
		if data[l.Index()] < 0 {
			panic("negative")
		}
		l.Barrier() // EXPECT
	})
}

func swallow() {
	recover()
}

// BadDeferNamedRecover recovers through a named deferred function.
func BadDeferNamedRecover(n int, data []int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		defer swallow()
		d := data[l.Index()]
		if d == 0 {
			panic("division by zero")
		}
		out[l.Index()] = spmd.ReduceAdd(l, 100/d) // EXPECT
	})
}
