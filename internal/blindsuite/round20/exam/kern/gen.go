package kern

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round20/exam/helpers"
	"github.com/spmdvet/spmdvet/spmd"
)

// ---- Generics ----

// PosGenericBody: the generic body itself is analyzed.
func PosGenericBody[T any](l spmd.Lane) {
	if l.Index() < 2 {
		l.Barrier() // EXPECT
	}
}

func NegGenericBody[T any](l spmd.Lane) {
	if l.Count() > 2 {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// PosGenericKernel / NegGenericKernel: a generic //spmd:kernel.
//
//spmd:kernel
func PosGenericKernel[T spmd.Number](l spmd.Lane, data []T) {
	if data[l.Index()] > 0 {
		l.Barrier() // EXPECT
	}
}

//spmd:kernel
func NegGenericKernel[T spmd.Number](l spmd.Lane, data []T, lim T) {
	if data[0] > lim {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// genSync is a generic helper, convergent by fact.
func genSync[T any](l spmd.Lane, v T) T {
	l.Barrier()
	return v
}

func PosGenericHelper(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = genSync(l, 1) // EXPECT
	}
}

func NegGenericHelper(l spmd.Lane) {
	if l.Count() > 2 {
		Out[l.Index()] = genSync(l, 1)
	}
}

func PosGenericHelperOtherPkg(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = helpers.GSum(l, 1) // EXPECT
	}
}

func NegGenericHelperOtherPkg(l spmd.Lane) {
	if l.Count() > 2 {
		Out[l.Index()] = helpers.GSum(l, 1)
	}
}

// PosGenericConvergentDirective: the directive of the generic origin.
func PosGenericConvergentDirective(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = helpers.GOpaque(l, 1) // EXPECT
	}
}

func NegGenericConvergentDirective(l spmd.Lane) {
	if l.Count() > 2 {
		Out[l.Index()] = helpers.GOpaque(l, 1)
	}
}

func PosGenericLaneID(l spmd.Lane) {
	if helpers.GLaneID(l, "x") < 2 {
		l.Barrier() // EXPECT
	}
}

func NegGenericUniform(l spmd.Lane) {
	if helpers.GZero(l.Index()) == 0 {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

func PosGenericUniformParam(l spmd.Lane) {
	if helpers.GMix(l.Index(), 0) < 2 {
		l.Barrier() // EXPECT
	}
}

func NegGenericUniformParam(l spmd.Lane) {
	if helpers.GMix(l.Count(), l.Index()) > 2 {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// PosGenericMethod: a directive on a method of a generic type.
func PosGenericMethod(l spmd.Lane) {
	var a helpers.Acc[int]
	if l.Index() < 2 {
		a.Flush(l) // EXPECT
	}
}

func NegGenericMethod(l spmd.Lane) {
	var a helpers.Acc[int]
	if l.Count() > 2 {
		a.Flush(l)
	}
	Out[l.Index()] = a.Total + 1
}

// PosSpmdGenericDivergent / NegSpmdGenericUniform: instantiations of spmd's
// own generic collectives keep their result directives.
func PosSpmdGenericDivergent(l spmd.Lane) {
	v := spmd.ExclusiveAdd(l, int64(1))
	if v >= 2 {
		l.Barrier() // EXPECT
	}
}

func NegSpmdGenericUniform(l spmd.Lane) {
	v := spmd.ReduceMax(l, float32(l.Index()))
	if v >= 2 {
		l.Barrier()
	}
	Out[l.Index()] = int(v)
}
