// Package calls tests calls: unknown callees (function values, interface
// methods) with divergent and uniform arguments; closures, bound methods and
// method expressions that perform convergent operations; generics (generic
// functions and methods carrying //spmd: directives, generic helpers, a
// generic kernel); closures passed to spmd.Run; functions marked
// //spmd:kernel and parameters marked as kernels; convergent wrappers
// declared by directive and inferred from their bodies, in this package and
// in another one. The last group checks section 3's reporting rules
// (categories, Pos/End of the call expression).
package calls

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/exam/lib"
	"github.com/spmdvet/spmdvet/spmd"
)

// ---- unknown callees ----

// FuncValDiv: "A call whose callee is not known: its results are divergent if
// any argument is divergent" (function value).
//
//spmd:kernel
func FuncValDiv(l spmd.Lane, f func(int) int) {
	if f(l.Index()) > 1 {
		l.Barrier() // EXPECT
	}
}

// FuncValUni: twin: function value called with uniform arguments.
//
//spmd:kernel
func FuncValUni(l spmd.Lane, f func(int) int, out []int) {
	if f(l.Count()) > 1 {
		l.Barrier()
	}
	out[l.Index()] = f(l.Count())
}

// Scorer is called through interface method calls.
type Scorer interface{ Score(x int) int }

type addK struct{ k int }

func (a addK) Score(x int) int { return x + a.k }

// NewScorer returns a Scorer that adds k.
func NewScorer(k int) Scorer { return addK{k} }

// IfaceDiv: interface method with a divergent argument.
//
//spmd:kernel
func IfaceDiv(l spmd.Lane, s Scorer) {
	if s.Score(l.Index()) > 3 {
		_ = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// IfaceUni: twin: interface method with uniform arguments.
//
//spmd:kernel
func IfaceUni(l spmd.Lane, s Scorer, out []int) {
	if s.Score(3) > 3 {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// IfaceDivRecv: the receiver of an interface call is divergent.
//
//spmd:kernel
func IfaceDivRecv(l spmd.Lane, ss []Scorer) {
	s := ss[l.Index()%len(ss)]
	if s.Score(1) > 1 {
		l.Barrier() // EXPECT
	}
}

// ---- closures, bound methods, method expressions ----

// ClosureConvDiv: "a call of a function that itself performs one": a local
// closure that calls Barrier, called under divergent control.
//
//spmd:kernel
func ClosureConvDiv(l spmd.Lane) {
	sync := func() { l.Barrier() }
	if l.Index() == 0 {
		sync() // EXPECT
	}
}

// ClosureConvUni: twin: the same closure called under uniform control.
//
//spmd:kernel
func ClosureConvUni(l spmd.Lane, n int, out []int) {
	sum := func(v int) int { return spmd.ReduceAdd(l, v) }
	if n > 0 {
		out[l.Index()] = sum(n)
	}
}

// BoundMethodDiv: a bound method value l.Barrier called under divergent control.
//
//spmd:kernel
func BoundMethodDiv(l spmd.Lane) {
	b := l.Barrier
	if l.Index() == 1 {
		b() // EXPECT
	}
}

// MethodExprDiv: the method expression spmd.Lane.Barrier called under divergent control.
//
//spmd:kernel
func MethodExprDiv(l spmd.Lane) {
	if l.Index() == 1 {
		spmd.Lane.Barrier(l) // EXPECT
	}
}

// ---- generics ----

// GenDirConvDiv: "Instantiation wrappers must not hide the directives of the
// generic origin": lib.SyncVal is convergent by directive only.
//
//spmd:kernel
func GenDirConvDiv(l spmd.Lane) {
	if l.Index() == 0 {
		lib.SyncVal(l, 1.5) // EXPECT
	}
}

// GenDirConvUni: twin: the same generic under uniform control.
//
//spmd:kernel
func GenDirConvUni(l spmd.Lane, n int, out []int) {
	if n > 0 {
		out[l.Index()] = len(lib.SyncVal(l, "ab"))
	}
}

// GenUniformDir: twin: //spmd:uniform on a generic function: its result
// guards a barrier.
//
//spmd:kernel
func GenUniformDir(l spmd.Lane, out []int) {
	t := lib.Total(l, float64(l.Index()))
	if t > 3 {
		l.Barrier()
	}
	out[l.Index()] = int(t)
}

// GenDivergentDir: //spmd:divergent on a generic function, with a uniform argument.
//
//spmd:kernel
func GenDivergentDir(l spmd.Lane) {
	if lib.Scan(l, int32(1)) > 2 {
		l.Barrier() // EXPECT
	}
}

// GenFromUni: twin: //spmd:uniform src on a generic function with a uniform src.
//
//spmd:kernel
func GenFromUni(l spmd.Lane, out []int) {
	v := lib.From(l, l.Index(), 1)
	if v == 1 {
		l.Barrier()
	}
	out[l.Index()] = v
}

// GenFromDiv: //spmd:uniform src on a generic function with a divergent src.
//
//spmd:kernel
func GenFromDiv(l spmd.Lane) {
	v := lib.From(l, l.Index(), l.Index()^1)
	if v%2 == 1 {
		l.Barrier() // EXPECT
	}
}

// GenLaneID: //spmd:laneid on a generic function.
//
//spmd:kernel
func GenLaneID(l spmd.Lane) {
	if lib.LaneOf(l, "x") == 0 {
		l.Barrier() // EXPECT
	}
}

// GenMethodDirDiv: //spmd:convergent barrier on a method of a generic type.
//
//spmd:kernel
func GenMethodDirDiv(l spmd.Lane, t lib.Team[int]) {
	if l.Index() == 0 {
		t.Sync(l) // EXPECT
	}
}

// GenInferredDiv: a generic helper of another package, convergent by inference.
//
//spmd:kernel
func GenInferredDiv(l spmd.Lane) {
	if l.Index() > 1 {
		_ = lib.SyncGen(l, 'x') // EXPECT
	}
}

// localSync is a generic helper of this package, convergent by inference.
func localSync[T any](l spmd.Lane, v T) T {
	_ = spmd.Any(l, true)
	return v
}

// GenLocalInferredDiv: a generic helper of this package, convergent by inference.
//
//spmd:kernel
func GenLocalInferredDiv(l spmd.Lane) {
	if l.Index() == 2 {
		localSync(l, struct{}{}) // EXPECT
	}
}

// GenKernelBug: a generic //spmd:kernel: "analyze the generic body".
//
//spmd:kernel
func GenKernelBug[T spmd.Number](l spmd.Lane, data []T, thr T) {
	if data[l.Index()] > thr {
		l.Barrier() // EXPECT
	}
}

// GenKernelOK: twin: a generic kernel branching on its uniform parameters.
//
//spmd:kernel
func GenKernelOK[T spmd.Number](l spmd.Lane, data []T, thr T, out []T) {
	if data[0] > thr {
		out[l.Index()] = spmd.ReduceAdd(l, data[l.Index()])
	}
}

// ---- closures passed to spmd.Run ----

// RunClosureDiv: a function literal passed to spmd.Run is an SPMD function.
func RunClosureDiv(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index() == n-1 {
			l.Barrier() // EXPECT
		}
	})
}

// RunClosureUni: twin: the literal's captured variables are uniform.
func RunClosureUni(n int, data []int) ([]int, error) {
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		if n > 2 && data[0] > 0 {
			out[l.Index()] = spmd.ReduceAdd(l, data[0])
		}
	})
	return out, err
}

// ---- kernel parameters (//spmd:kernel NAME) ----

// LaunchUni: a literal passed to a parameter marked as a kernel (in another
// package) is a kernel entry, so its parameter arg is uniform.
func LaunchUni(n int, out []int) error {
	return lib.Launch(n, 3, func(l spmd.Lane, arg int) {
		if arg > 2 {
			l.Barrier()
		}
		out[l.Index()] = arg
	})
}

// LaunchDiv: the same, with a divergent condition.
func LaunchDiv(n int) error {
	return lib.Launch(n, 2, func(l spmd.Lane, arg int) {
		if l.Index() < arg {
			l.Barrier() // EXPECT
		}
	})
}

// launchPair marks its parameter k as a kernel entry (this package).
//
//spmd:kernel k
func launchPair(n, a, b int, k func(l spmd.Lane, a, b int)) error {
	return spmd.Run(n, func(l spmd.Lane) { k(l, a, b) })
}

// LaunchLocalUni: a literal passed to a local parameter marked as a kernel.
func LaunchLocalUni(n int, out []int) error {
	return launchPair(n, 2, 3, func(l spmd.Lane, a, b int) {
		if a < b {
			out[l.Index()] = spmd.ReduceAdd(l, a*b)
		}
	})
}

// LaunchLocalDiv: the same, with a divergent condition.
func LaunchLocalDiv(n int) error {
	return launchPair(n, 2, 3, func(l spmd.Lane, a, b int) {
		if l.Index()+a > b {
			l.Barrier() // EXPECT
		}
	})
}

// ---- convergent wrappers ----

// DirWrapDiv: lib.DirSync is a barrier by directive only (another package).
//
//spmd:kernel
func DirWrapDiv(l spmd.Lane) {
	if l.Index() == 0 {
		lib.DirSync(l) // EXPECT
	}
}

// DirWrapUni: twin: the directive wrapper under uniform control.
//
//spmd:kernel
func DirWrapUni(l spmd.Lane, n int, out []int) {
	if n > 1 {
		lib.DirSync(l)
		out[l.Index()] = lib.DirSum(l, 2)
	}
}

// DirSumDiv: lib.DirSum is a (non-barrier) collective by directive only.
//
//spmd:kernel
func DirSumDiv(l spmd.Lane) {
	if l.Index()%2 == 0 {
		_ = lib.DirSum(l, 1) // EXPECT
	}
}

// InfWrapDiv: lib.InfSync2 is convergent by inference, two calls deep.
//
//spmd:kernel
func InfWrapDiv(l spmd.Lane) {
	if l.Index() == 3 {
		lib.InfSync2(l) // EXPECT
	}
}

// InfAnyDiv: lib.InfAny is convergent by inference (a collective).
//
//spmd:kernel
func InfAnyDiv(l spmd.Lane) {
	if l.Index() != 1 {
		_ = lib.InfAny(l, true) // EXPECT
	}
}

var hiddenBarrier = func(l spmd.Lane) { l.Barrier() }

// fence is a barrier by directive only, in this package.
//
//spmd:convergent barrier
func fence(l spmd.Lane) { hiddenBarrier(l) }

// twoPhase is convergent by inference, in this package.
func twoPhase(l spmd.Lane) {
	l.Barrier()
	l.Barrier()
}

// LocalDirDiv: a wrapper of this package, convergent by directive.
//
//spmd:kernel
func LocalDirDiv(l spmd.Lane) {
	if l.Index() == 0 {
		fence(l) // EXPECT
	}
}

// LocalInfDiv: a wrapper of this package, convergent by inference.
//
//spmd:kernel
func LocalInfDiv(l spmd.Lane) {
	if l.Index() == 0 {
		twoPhase(l) // EXPECT
	}
}

// LocalWrapUni: twin: both local wrappers under uniform control.
//
//spmd:kernel
func LocalWrapUni(l spmd.Lane, n int, out []int) {
	for i := 0; i < n; i++ {
		fence(l)
		twoPhase(l)
	}
	out[l.Index()] = n
}

// ---- reporting rules: Pos/End, categories ----

// PosInExpr: the collective is an operand of a larger expression; Pos/End
// must cover only spmd.ReduceAdd(l, 2).
//
//spmd:kernel
func PosInExpr(l spmd.Lane, out []int) {
	if l.Index() == 0 {
		out[0] = 1 + spmd.ReduceAdd(l, 2) // EXPECT
	}
}

// PosMultiline: a call expression over several lines; Pos is on the first
// line, End after the closing parenthesis.
//
//spmd:kernel
func PosMultiline(l spmd.Lane) {
	if l.Index() == 0 {
		_ = spmd.ReduceMax( // EXPECT
			l,
			1,
		)
	}
}

// PosParen: a parenthesized callee: the call expression starts at "(".
//
//spmd:kernel
func PosParen(l spmd.Lane) {
	if l.Index() == 0 {
		(l.Barrier)() // EXPECT
	}
}

// PosExplicitInst: explicit instantiation: the call expression starts at "spmd".
//
//spmd:kernel
func PosExplicitInst(l spmd.Lane) {
	if l.Index() == 0 {
		_ = spmd.ReduceAdd[int64](l, 3) // EXPECT
	}
}

// DeferDiv: a deferred barrier registered under divergent control runs only
// in some lanes.
//
//spmd:kernel
func DeferDiv(l spmd.Lane) {
	if l.Index() == 0 {
		defer l.Barrier() // EXPECT
	}
}
