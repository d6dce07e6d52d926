package iter

import "github.com/spmdvet/spmdvet/spmd"

func laneScaled[T spmd.Number](l spmd.Lane, v T) T { return v * T(l.Index()) }

func groupSum[T spmd.Number](l spmd.Lane, v T) T { return spmd.ReduceAdd(l, v) }

// GenericFuncBug tests a generic function with a lane-dependent result
// deciding a call of a convergent generic function (float64 instances).
//
//spmd:kernel
func GenericFuncBug(l spmd.Lane) {
	if laneScaled(l, 1.5) > 1 {
		Out[l.Index()] = int(groupSum(l, 2.0)) // EXPECT
	}
}

// GenericFuncUniform tests the convergent generic function, whose result is
// uniform even with a divergent argument, guarding another call of it.
//
//spmd:kernel
func GenericFuncUniform(l spmd.Lane) {
	if groupSum(l, int8(1)) > 0 {
		Out[l.Index()] = groupSum(l, laneScaled(l, 2))
	}
}

// Vec is a generic vector type with methods.
type Vec[T spmd.Number] struct{ Xs []T }

// Total is the group sum of the vector sums of all lanes; convergent.
func (v Vec[T]) Total(l spmd.Lane) T {
	var s T
	for _, x := range v.Xs {
		s += x
	}
	return spmd.ReduceAdd(l, s)
}

// At returns the element picked by the lane index; divergent.
func (v Vec[T]) At(l spmd.Lane) T { return v.Xs[l.Index()%len(v.Xs)] }

// GenericMethodBug tests a method of a generic type with a divergent result
// deciding a call of a convergent method of the same type.
//
//spmd:kernel
func GenericMethodBug(l spmd.Lane) {
	v := Vec[int]{Xs: []int{0, 5, 0}}
	if v.At(l) > 0 {
		Out[l.Index()] = v.Total(l) // EXPECT
	}
}

// GenericMethodUniform tests a convergent method of a generic type, called
// directly and through a method value, under uniform conditions.
//
//spmd:kernel
func GenericMethodUniform(l spmd.Lane) {
	v := Vec[float64]{Xs: []float64{1, 2}}
	t := v.Total
	if v.Total(l) > 2 {
		Out[l.Index()] = int(t(l))
	}
}

// hiddenSync and hiddenIndex are function values the checker cannot see
// through; only the directives below say what the wrappers do.
var (
	hiddenSync  = spmd.Lane.Barrier
	hiddenIndex = spmd.Lane.Index
)

// phase is a generic wrapper around a barrier that the checker knows only
// by its directive.
//
//spmd:convergent barrier
func phase[T any](l spmd.Lane, v T) T {
	hiddenSync(l)
	return v
}

// laneAs is a generic lane-ID function known only by its directive.
//
//spmd:laneid
func laneAs[T spmd.Number](l spmd.Lane) T { return T(hiddenIndex(l)) }

// width is declared uniform; its body computes Count in a roundabout way
// that involves the lane index.
//
//spmd:uniform
func width[T spmd.Number](l spmd.Lane) T { return T(l.Index()*0 + l.Count()) }

// pick is Broadcast under another name: uniform when src is uniform.
//
//spmd:uniform src
func pick[T any](l spmd.Lane, v T, src int) T { return spmd.Broadcast(l, v, src) }

// GenericDirectiveConvergentBug tests a call, in a divergent branch, of an
// instance of a generic function marked //spmd:convergent barrier.
//
//spmd:kernel
func GenericDirectiveConvergentBug(l spmd.Lane) {
	x := 0
	if l.Index() == 0 {
		x = phase(l, 7) // EXPECT
	}
	Out[l.Index()] = x
}

// GenericDirectiveLaneIDBug tests an instance of a generic function marked
// //spmd:laneid as the source of a divergent branch.
//
//spmd:kernel
func GenericDirectiveLaneIDBug(l spmd.Lane) {
	if laneAs[uint8](l) == 0 {
		Out[l.Index()] = int(spmd.Ballot(l, true)) // EXPECT
	}
}

// GenericDirectiveUniform tests instances of generic functions marked
// //spmd:uniform and //spmd:uniform src (with a constant src), and of the
// convergent wrapper, all under uniform control.
//
//spmd:kernel
func GenericDirectiveUniform(l spmd.Lane) {
	s := 0
	for i := int64(0); i < width[int64](l); i++ {
		s += phase(l, 1)
	}
	if pick(l, l.Index()+1, 0) == 1 {
		s += spmd.ReduceAdd(l, 10)
	}
	Out[l.Index()] = s
}

// GenericPickSrcBug tests pick with a lane-dependent src: the result is
// divergent.
//
//spmd:kernel
func GenericPickSrcBug(l spmd.Lane) {
	if pick(l, l.Index(), l.Index()%2) > 0 {
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = 1
}
