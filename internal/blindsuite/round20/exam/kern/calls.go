package kern

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round20/exam/helpers"
	"github.com/spmdvet/spmdvet/spmd"
)

// ---- Unknown callees ----

// Hook is a function value the checker cannot resolve.
var Hook = func(x int) int { return x % 2 }

func PosUnknownCallee(l spmd.Lane) {
	f := Hook
	if f(l.Index()) == 1 {
		l.Barrier() // EXPECT
	}
}

func NegUnknownCallee(l spmd.Lane) {
	f := Hook
	if f(l.Count()) == 0 {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// Shape is called through an interface (invoke mode).
type Shape interface{ Sides(extra int) int }

type tri struct{}

func (tri) Sides(extra int) int { return 3 + extra }

type sq struct{}

func (sq) Sides(extra int) int { return 4 + extra }

// Shapes is shared memory of interfaces.
var Shapes = []Shape{tri{}, sq{}, tri{}, sq{}, tri{}, sq{}, tri{}, sq{}}

// PosInterfaceReceiver: a divergent receiver.
func PosInterfaceReceiver(l spmd.Lane) {
	if Shapes[l.Index()].Sides(0) == 4 {
		l.Barrier() // EXPECT
	}
}

// PosInterfaceArg: a uniform receiver, a divergent argument.
func PosInterfaceArg(l spmd.Lane) {
	if Shapes[0].Sides(l.Index()) > 4 {
		l.Barrier() // EXPECT
	}
}

func NegInterfaceCall(l spmd.Lane) {
	if Shapes[1].Sides(l.Count()) == 8 {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// PosFuncParam / NegFuncParam: a function-valued kernel parameter.
//
//spmd:kernel
func PosFuncParam(l spmd.Lane, f func(int) int) {
	if f(l.Index()) == 1 {
		l.Barrier() // EXPECT
	}
}

//spmd:kernel
func NegFuncParam(l spmd.Lane, f func(int) int) {
	if f(3) == 1 {
		l.Barrier()
	}
	Out[l.Index()] = f(3)
}

// ---- Convergent calls through functions known to be convergent ----

func syncHelper(l spmd.Lane) { l.Barrier() }

func sumHelper(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }

func twoLevel(l spmd.Lane) int { return sumHelper(l, 1) }

func PosHelperSamePkg(l spmd.Lane) {
	if l.Index() < 2 {
		syncHelper(l) // EXPECT
	}
}

func NegHelperSamePkg(l spmd.Lane) {
	if l.Count() > 2 {
		syncHelper(l)
	}
	Out[l.Index()] = 1
}

func PosHelperTwoLevel(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = twoLevel(l) // EXPECT
	}
}

func NegHelperTwoLevel(l spmd.Lane) {
	n := 0
	if l.Count() > 2 {
		n = twoLevel(l)
	}
	Out[l.Index()] = n
}

func PosHelperOtherPkg(l spmd.Lane) {
	if l.Index() < 2 {
		helpers.Sync(l) // EXPECT
	}
}

func NegHelperOtherPkg(l spmd.Lane) {
	if l.Count() > 2 {
		helpers.Sync(l)
	}
	Out[l.Index()] = 1
}

func PosHelperOtherPkgSum(l spmd.Lane) {
	if l.Index() >= 2 {
		Out[l.Index()] = helpers.Sum(l, 1) // EXPECT
	}
}

func NegHelperOtherPkgSum(l spmd.Lane) {
	s := helpers.Sum(l, 1)
	if s > 2 {
		l.Barrier()
	}
	Out[l.Index()] = s
}

// PosOwnConvergentOtherPkg: convergent only by //spmd:convergent barrier.
func PosOwnConvergentOtherPkg(l spmd.Lane) {
	if l.Index() < 2 {
		helpers.OpaqueSync(l) // EXPECT
	}
}

func NegOwnConvergentOtherPkg(l spmd.Lane) {
	if l.Count() > 2 {
		helpers.OpaqueSync(l)
	}
	Out[l.Index()] = 1
}

var localBarrierFn = func(l spmd.Lane) { l.Barrier() }

// localOpaque is convergent only by its directive.
//
//spmd:convergent
func localOpaque(l spmd.Lane) { localBarrierFn(l) }

func PosOwnConvergentSamePkg(l spmd.Lane) {
	if l.Index() < 2 {
		localOpaque(l) // EXPECT
	}
}

func NegOwnConvergentSamePkg(l spmd.Lane) {
	if l.Count() > 2 {
		localOpaque(l)
	}
	Out[l.Index()] = 1
}

// Grid has a convergent method.
type Grid struct{ Rows int }

// Sync is convergent by fact.
func (g Grid) Sync(l spmd.Lane) { l.Barrier() }

func PosMethodHelper(l spmd.Lane) {
	g := Grid{Rows: 2}
	if l.Index() < g.Rows {
		g.Sync(l) // EXPECT
	}
}

func NegMethodHelper(l spmd.Lane) {
	g := Grid{Rows: 2}
	if l.Count() > g.Rows {
		g.Sync(l)
	}
	Out[l.Index()] = g.Rows
}

// PosClosureConvergent: a closure that performs a barrier is convergent.
func PosClosureConvergent(l spmd.Lane) {
	wait := func() { l.Barrier() }
	if l.Index() < 2 {
		wait() // EXPECT
	}
}

func NegClosureConvergent(l spmd.Lane) {
	wait := func() { l.Barrier() }
	if l.Count() > 2 {
		wait()
	}
	Out[l.Index()] = 1
}
