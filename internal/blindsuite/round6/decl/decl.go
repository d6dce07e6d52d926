// Package decl has kernels about declarations: //spmd:kernel functions and
// kernel parameters, user lane types and lane-ID functions, the result
// directives (uniform, uniform p, divergent) of package spmd and of user
// wrappers, convergent wrappers (declared and inferred), helper parameters
// that decide whether a barrier runs, and generics.
package decl

import (
	"github.com/spmdvet/spmdvet/spmd"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round6/lib"
)

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// ---- //spmd:kernel functions: their parameters are uniform

//spmd:kernel
func kPosKernel(l spmd.Lane, data []int, limit int) {
	if data[l.Index()] > limit {
		l.Barrier() // EXPECT
	}
}

func PosKernel(n int) error {
	data := seq(n)
	return spmd.Run(n, func(l spmd.Lane) { kPosKernel(l, data, 1) })
}

//spmd:kernel
func kNegKernel(l spmd.Lane, data []int, limit int) {
	if len(data) > limit {
		l.Barrier()
	}
	for j := 0; j < limit; j++ {
		_ = spmd.ReduceAdd(l, data[l.Index()])
	}
}

func NegKernel(n int) error {
	data := seq(n)
	return spmd.Run(n, func(l spmd.Lane) { kNegKernel(l, data, 2) })
}

// A named kernel passed to Run directly.
func kPosNamed(l spmd.Lane) {
	if l.Index() >= 1 {
		_ = spmd.ReduceMin(l, l.Index()) // EXPECT
	}
}

func PosNamed(n int) error { return spmd.Run(n, kPosNamed) }

func kNegNamed(l spmd.Lane) {
	if l.Count() >= 1 {
		_ = spmd.ReduceMin(l, l.Index())
	}
}

func NegNamed(n int) error { return spmd.Run(n, kNegNamed) }

// A generic //spmd:kernel, instantiated at two types.

//spmd:kernel
func kPosGenKernel[T spmd.Number](l spmd.Lane, xs []T, lim T) {
	if xs[l.Index()] > lim {
		_ = spmd.ReduceAdd(l, xs[0]) // EXPECT
	}
}

func PosGenKernelInt(n int) error {
	xs := seq(n)
	return spmd.Run(n, func(l spmd.Lane) { kPosGenKernel(l, xs, 1) })
}

func PosGenKernelFloat(n int) error {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = float64(i) / 2
	}
	return spmd.Run(n, func(l spmd.Lane) { kPosGenKernel(l, xs, 0.75) })
}

//spmd:kernel
func kNegGenKernel[T spmd.Number](l spmd.Lane, xs []T, lim T) {
	if xs[0] < lim {
		_ = spmd.ReduceAdd(l, xs[l.Index()])
	}
}

func NegGenKernelInt(n int) error {
	xs := seq(n)
	return spmd.Run(n, func(l spmd.Lane) { kNegGenKernel(l, xs, 1) })
}

func NegGenKernelFloat(n int) error {
	xs := make([]float64, n)
	return spmd.Run(n, func(l spmd.Lane) { kNegGenKernel(l, xs, 0.5) })
}

// ---- a literal passed to a user function's //spmd:kernel parameter

func PosLaunch(n int) error {
	return lib.Launch(n, func(l spmd.Lane, base int) {
		if base+l.Index() > base+1 {
			l.Barrier() // EXPECT
		}
	})
}

func NegLaunch(n int) error {
	return lib.Launch(n, func(l spmd.Lane, base int) {
		if base > 5 {
			l.Barrier()
		}
		for j := 0; j < base%7; j++ {
			_ = spmd.ReduceAdd(l, j)
		}
	})
}

// ---- a user lane type with declared lane ID, barrier and vote

func PosWorker(n int) error {
	return lib.RunWorkers(n, func(w lib.Worker) {
		if w.ID() < 2 {
			w.Sync() // EXPECT
		}
	})
}

func NegWorker(n int) error {
	return lib.RunWorkers(n, func(w lib.Worker) {
		if w.Vote(w.ID() == 0) {
			w.Sync()
		}
	})
}

// ---- a lane-ID function without parameters: a function with no Lane that
// calls it runs in SPMD fashion

func workPos() {
	if lib.Tid()%2 == 0 {
		lib.SyncT() // EXPECT
	}
}

func PosTid(n int) error {
	return lib.RunTracked(n, func() { workPos() })
}

func workNeg() {
	if lib.AnyT(lib.Tid() == 1) {
		lib.SyncT()
	}
}

func NegTid(n int) error {
	return lib.RunTracked(n, func() { workNeg() })
}

// ---- a user-declared //spmd:laneid taking the lane

func PosMyID(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if lib.MyID(l) == 0 {
			l.Barrier() // EXPECT
		}
	})
}

func NegMyID(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		id := lib.MyID(l)
		if spmd.All(l, id >= 0) {
			l.Barrier()
		}
	})
}

// ---- //spmd:uniform on a user function, against its undeclared twin

func PosUniformPlain(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if lib.Half(l.Index()) == 0 {
			l.Barrier() // EXPECT
		}
	})
}

func NegUniformDir(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if lib.Bucket(l.Index()) == 0 {
			l.Barrier()
		}
	})
}

// ---- //spmd:uniform src on a user wrapper

func PosUniformParam(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := lib.Pick(l, l.Index(), (l.Index()+1)%l.Count())
		if v%2 == 0 {
			l.Barrier() // EXPECT
		}
	})
}

func NegUniformParam(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := lib.Pick(l, l.Index()*3, 1)
		if v == 3 {
			l.Barrier()
		}
	})
}

// ---- spmd.Broadcast: uniform when src is

func PosBroadcast(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		b := spmd.Broadcast(l, l.Index(), l.Index()^1)
		if b%2 == 0 {
			l.Barrier() // EXPECT
		}
	})
}

func NegBroadcast(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		b := spmd.Broadcast(l, l.Index(), 2)
		if b == 2 {
			l.Barrier()
		}
	})
}

// ---- //spmd:divergent on a user function

func PosDivergentDir(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if lib.Ticket()%2 == 0 {
			l.Barrier() // EXPECT
		}
	})
}

func NegDivergentDir(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		t := lib.Ticket()
		if spmd.ReduceMin(l, t) > 0 {
			l.Barrier()
		}
	})
}

// ---- results of package spmd's divergent collectives

func PosShuffle(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := spmd.Shuffle(l, l.Index(), (l.Index()+1)%l.Count())
		if v%2 == 0 {
			l.Barrier() // EXPECT
		}
	})
}

func PosShuffleXor(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := spmd.ShuffleXor(l, l.Index(), 1)
		if v < 2 {
			l.Barrier() // EXPECT
		}
	})
}

func PosInclusiveAdd(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := spmd.InclusiveAdd(l, 1)
		if v > 2 {
			l.Barrier() // EXPECT
		}
	})
}

func PosExclusiveAdd(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := spmd.ExclusiveAdd(l, 2)
		if v == 0 {
			_ = spmd.ReduceAdd(l, v) // EXPECT
		}
	})
}

// ---- results of package spmd's uniform collectives

func NegAny(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if spmd.Any(l, l.Index() == 1) {
			l.Barrier()
		}
	})
}

func NegAll(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if !spmd.All(l, l.Index() < 2) {
			l.Barrier()
		}
	})
}

func NegBallot(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		m := spmd.Ballot(l, l.Index()%2 == 0)
		if m&1 != 0 {
			l.Barrier()
		}
	})
}

func NegReduceMinMax(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if spmd.ReduceMax(l, l.Index())-spmd.ReduceMin(l, l.Index()) > 2 {
			l.Barrier()
		}
	})
}

func NegBroadcastFirst(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if spmd.BroadcastFirst(l, l.Index()+5) == 5 {
			l.Barrier()
		}
	})
}

func NegCount(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		for j := 0; j < l.Count()/4; j++ {
			l.Barrier()
		}
	})
}

// ---- //spmd:convergent wrappers whose bodies hide the operation

func PosSyncWrapper(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index()%2 == 1 {
			lib.Sync(l) // EXPECT
		}
	})
}

func NegSyncWrapper(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Count()%2 == 0 {
			lib.Sync(l)
		}
		lib.Sync(l)
	})
}

func PosVoteWrapper(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		ok := false
		if l.Index() < 2 {
			ok = lib.Vote(l, true) // EXPECT
		}
		_ = ok
	})
}

func NegVoteWrapper(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if lib.Vote(l, l.Index() == 0) {
			lib.Sync(l)
		}
	})
}

// ---- functions that reach a barrier, known from their bodies

func PosDeepHelper(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index() >= 2 {
			lib.DeepSync(l) // EXPECT
		}
	})
}

func NegDeepHelper(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		lib.DeepSync(l)
		if l.Count() >= 2 {
			lib.DeepSync(l)
		}
	})
}

func syncTwice(l spmd.Lane) {
	l.Barrier()
	l.Barrier()
}

func PosLocalHelper(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index() == 0 {
			syncTwice(l) // EXPECT
		}
	})
}

func NegLocalHelper(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		syncTwice(l)
	})
}

// A helper with its own bug, reported inside it.
func helperBug(l spmd.Lane) {
	if l.Index() < 2 {
		l.Barrier() // EXPECT
	}
}

func PosHelperInside(n int) error {
	return spmd.Run(n, func(l spmd.Lane) { helperBug(l) })
}

func helperOK(l spmd.Lane, rounds int) {
	for j := 0; j < rounds; j++ {
		l.Barrier()
	}
}

func NegHelperInside(n int) error {
	return spmd.Run(n, func(l spmd.Lane) { helperOK(l, 2) })
}

// A closure that reaches a barrier.
func PosConvergentClosure(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		sync := func() { l.Barrier() }
		if l.Index() < 2 {
			sync() // EXPECT
		}
	})
}

func NegConvergentClosure(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		sync := func() { l.Barrier() }
		sync()
		if l.Count() < 2 {
			sync()
		}
	})
}

// A method expression of Barrier.
func PosMethodExpr(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index()%2 == 0 {
			spmd.Lane.Barrier(l) // EXPECT
		}
	})
}

func NegMethodExpr(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		spmd.Lane.Barrier(l)
	})
}

// ---- helper parameters that decide whether a barrier runs

func PosParamDecides(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		lib.SyncIf(l, l.Index()%2 == 0) // EXPECT
	})
}

func NegParamDecides(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		lib.SyncIf(l, l.Count() > 2)
	})
}

func PosParamLoop(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		lib.SyncN(l, l.Index()%3+1) // EXPECT
	})
}

func NegParamLoop(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		lib.SyncN(l, 2)
	})
}

func PosParamNested(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		lib.SyncIfPos(l, l.Index()-1) // EXPECT
	})
}

// The parameter of SyncThen only feeds its result.
func NegParamNotDeciding(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := lib.SyncThen(l, l.Index())
		_ = v
	})
}

// ---- generic helpers that reach a barrier, at two types

func PosGenericInt(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index() < 2 {
			_ = lib.GReduce(l, 1) // EXPECT
		}
	})
}

func PosGenericFloat(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index()%2 == 0 {
			_ = lib.GReduce(l, 1.5) // EXPECT
		}
	})
}

func NegGeneric(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		_ = lib.GReduce(l, l.Index())
		_ = lib.GReduce(l, float64(l.Index()))
		if l.Count() > 2 {
			_ = lib.GReduce(l, 1)
		}
	})
}

// The result of GReduce comes from ReduceAdd: uniform.
func NegGenericResult(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if lib.GReduce(l, l.Index()) > 0 {
			l.Barrier()
		}
	})
}

func PosGenericParamInt(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		lib.GSyncEq(l, l.Index()%2, 0) // EXPECT
	})
}

func PosGenericParamString(n int) error {
	words := []string{"a", "b"}
	return spmd.Run(n, func(l spmd.Lane) {
		lib.GSyncEq(l, words[l.Index()%2], "a") // EXPECT
	})
}

func NegGenericParam(n int) error {
	words := []string{"a", "b"}
	return spmd.Run(n, func(l spmd.Lane) {
		lib.GSyncEq(l, l.Count(), 4)
		lib.GSyncEq(l, words[1], "b")
	})
}

// ---- a generic type whose method is a collective, at two types

func PosGenericTypeInt(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		a := &lib.Acc[int]{Sum: l.Index()}
		if l.Index() < 2 {
			_ = a.Flush(l) // EXPECT
		}
	})
}

func PosGenericTypeFloat(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		a := &lib.Acc[float32]{Sum: 0.5}
		if l.Index()%2 == 1 {
			_ = a.Flush(l) // EXPECT
		}
	})
}

func NegGenericType(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		a := &lib.Acc[int]{Sum: l.Index()}
		b := &lib.Acc[float32]{Sum: 0.5}
		if a.Flush(l) > 0 {
			_ = b.Flush(l)
		}
	})
}

// ---- directives on generic functions and methods must survive
// instantiation

func PosGenericDirInt(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index()%2 == 0 {
			_ = lib.GSync(l, 1) // EXPECT
		}
	})
}

func PosGenericDirString(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index() < 2 {
			_ = lib.GSync(l, "s") // EXPECT
		}
	})
}

func NegGenericDir(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		_ = lib.GSync(l, l.Index())
		_ = lib.GSync(l, "s")
	})
}

func PosGenericMethodDirInt(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		b := &lib.Bar[int]{V: 1}
		if l.Index()%2 == 0 {
			b.Wait(l) // EXPECT
		}
	})
}

func PosGenericMethodDirString(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		b := &lib.Bar[string]{V: "x"}
		if l.Index() >= 1 {
			b.Wait(l) // EXPECT
		}
	})
}

func NegGenericMethodDir(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		b := &lib.Bar[int]{V: 1}
		c := &lib.Bar[string]{V: "x"}
		b.Wait(l)
		c.Wait(l)
	})
}

func PosGenericLaneID(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if lib.GID(l, 0.5) < 2 {
			l.Barrier() // EXPECT
		}
	})
}

func NegGenericLaneID(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		id := lib.GID(l, "x")
		if spmd.Any(l, id == 0) {
			l.Barrier()
		}
	})
}

func PosGenericUniformPlain(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if lib.GHalf(float32(l.Index())) == 0 {
			l.Barrier() // EXPECT
		}
	})
}

func NegGenericUniformDir(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if lib.GBucket(l.Index()) == 0 {
			l.Barrier()
		}
		if lib.GBucket(float32(l.Index())) == 0 {
			l.Barrier()
		}
	})
}
