package good

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round4/lib"

	"github.com/spmdvet/spmdvet/spmd"
)

type hooks struct {
	sync  func()
	score func(int) int
}

// GoodClosureInStruct stores a barrier closure in a struct field and calls
// it under uniform control; the pure closure runs under divergent control.
func GoodClosureInStruct(n, rounds int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		h := hooks{
			sync:  func() { l.Barrier() },
			score: func(v int) int { return v + 1 },
		}
		v := 0
		if l.Index() > 1 {
			v = h.score(l.Index())
		}
		for r := 0; r < rounds; r++ {
			h.sync()
		}
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodClosureInSlice runs every phase of a slice of closures in all lanes.
func GoodClosureInSlice(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := l.Index()
		phases := []func(){
			func() { v += 1 },
			func() { l.Barrier() },
			func() { v = spmd.ReduceAdd(l, v) },
		}
		for _, p := range phases {
			p()
		}
		if l.Index() == 0 {
			out[0] = v
		}
	})
}

// GoodClosureInMap looks up a closure in a map at a constant key and calls
// it in all lanes.
func GoodClosureInMap(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		ops := map[string]func(int) int{
			"sum": func(v int) int { return spmd.ReduceAdd(l, v) },
			"max": func(v int) int { return spmd.ReduceMax(l, v) },
		}
		s := ops["sum"](l.Index())
		m := ops["max"](l.Index())
		if l.Index() == 0 {
			out[0] = s + m
		}
	})
}

// GoodReturnedClosure calls closures returned by library functions, with
// uniform arguments.
func GoodReturnedClosure(n, rounds int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		p := lib.Phaser(l)
		p()
		c := lib.Counter(l)
		k := c(rounds)
		if k > 1 {
			p()
		}
	})
}

// GoodLocalClosureUniformArg calls a local closure whose argument decides
// the barriers with uniform values only; the lane-dependent value goes to
// a pure closure.
func GoodLocalClosureUniformArg(n, rounds int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		step := func(k int) {
			for i := 0; i < k; i++ {
				l.Barrier()
			}
		}
		sq := func(x int) int { return x * x }
		step(rounds)
		v := sq(l.Index())
		step(sq(rounds))
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodDeferBarrierUniformReturn defers a barrier, then returns early under
// a uniform condition: all lanes leave through the same return.
func GoodDeferBarrierUniformReturn(n, rounds int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		defer l.Barrier()
		if rounds == 0 {
			return
		}
		v := l.Index() * rounds
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodDeferAfterUniformReturn registers the deferred barrier after a
// uniform early return.
func GoodDeferAfterUniformReturn(n, rounds int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if rounds < 0 {
			return
		}
		defer func() { l.Barrier() }()
		lib.SyncN(l, rounds)
	})
}

// GoodPanicBranch panics in lanes with bad input: that is not divergence,
// the panic brings the kernel down.
func GoodPanicBranch(n int, data []int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := data[l.Index()]
		if v < 0 {
			panic("negative input")
		}
		l.Barrier()
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodRecoverUniformPanic defers a recover, but only a uniform condition
// decides whether to panic.
func GoodRecoverUniformPanic(n int, limit int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		defer func() {
			if r := recover(); r != nil && l.Index() == 0 {
				out[0] = -1
			}
		}()
		if l.Count() > limit {
			panic("too many lanes")
		}
		l.Barrier()
		s := spmd.ReduceAdd(l, l.Index())
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodHelperRecovers calls a helper that recovers its own lane-dependent
// panic and returns normally in every lane.
func GoodHelperRecovers(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		q := lib.SafeDiv(100, l.Index()%3)
		l.Barrier()
		s := spmd.ReduceAdd(l, q)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}
