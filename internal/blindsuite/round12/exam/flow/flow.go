// Package flow tests spec section 2: sources of divergence, uniform inputs,
// and propagation of divergence through each SSA instruction kind listed
// (BinOp, UnOp, Convert, ChangeType, MakeInterface, Extract, Index/Field and
// their Addr forms, Slice, Lookup, TypeAssert, Range/Next, Select, Phi, Call,
// MakeClosure). Each buggy kernel makes a divergent value reach a branch that
// guards a convergent call through one instruction kind; its twin feeds the
// same instruction with uniform values only.
package flow

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/exam/lib"
	"github.com/spmdvet/spmdvet/spmd"
)

// ---- Sources ----

// SrcIndex: "Sources: results of //spmd:laneid calls" (Lane.Index).
//
//spmd:kernel
func SrcIndex(l spmd.Lane) {
	if l.Index() == 0 {
		l.Barrier() // EXPECT
	}
}

// SrcCount: twin; "Lane.Count ... uniform".
//
//spmd:kernel
func SrcCount(l spmd.Lane, out []int) {
	if l.Count() > 1 {
		l.Barrier()
	}
	out[l.Index()] = l.Count()
}

// SrcUserLaneID: Sources: a //spmd:laneid function of another package
// (lib.Slot), whose body hides the lane index.
//
//spmd:kernel
func SrcUserLaneID(l spmd.Lane) {
	if lib.Slot(l) == 1 {
		_ = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// SrcUserUniform: twin; //spmd:uniform result of another package (lib.Width)
// even with a divergent argument.
//
//spmd:kernel
func SrcUserUniform(l spmd.Lane, out []int) {
	if lib.Width(l, l.Index()) > 1 {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// ---- Uniform inputs ----

// InParam: "Uniform inputs: the parameters of a kernel entry".
//
//spmd:kernel
func InParam(l spmd.Lane, n int, out []int) {
	if n > 2 {
		l.Barrier()
	}
	out[l.Index()] = n
}

// InParamVsLane: buggy twin: a kernel parameter compared with the lane index.
//
//spmd:kernel
func InParamVsLane(l spmd.Lane, n int) {
	if l.Index() < n {
		l.Barrier() // EXPECT
	}
}

const rounds = 3

// InConst: "Uniform inputs: ... constants": a constant loop bound.
//
//spmd:kernel
func InConst(l spmd.Lane, out []int) {
	s := 0
	for i := 0; i < rounds; i++ {
		s += spmd.ReduceAdd(l, i)
	}
	out[l.Index()] = s
}

// InConstVsLane: buggy twin: a constant compared with the lane index.
//
//spmd:kernel
func InConstVsLane(l spmd.Lane) {
	for i := 0; i < rounds-l.Index(); i++ {
		l.Barrier() // EXPECT
	}
}

var gLimit = 2

// InGlobal: "Uniform inputs: ... globals".
//
//spmd:kernel
func InGlobal(l spmd.Lane, out []int) {
	if gLimit > 1 {
		out[l.Index()] = spmd.ReduceMax(l, l.Index())
	}
}

// InGlobalVsLane: buggy twin: a global compared with the lane index.
//
//spmd:kernel
func InGlobalVsLane(l spmd.Lane) {
	if l.Index() >= gLimit {
		l.Barrier() // EXPECT
	}
}

// ---- BinOp / UnOp / Convert / ChangeType / MakeInterface ----

// BinOpDiv: propagation through BinOp (& and ==).
//
//spmd:kernel
func BinOpDiv(l spmd.Lane) {
	if (l.Index() & 1) == 0 {
		l.Barrier() // EXPECT
	}
}

// BinOpUni: twin: BinOp on uniform operands (Count, parameter).
//
//spmd:kernel
func BinOpUni(l spmd.Lane, n int, out []int) {
	if (l.Count()<<1)%n == 0 {
		l.Barrier()
	}
	out[l.Index()] = 1
}

// UnOpDiv: propagation through UnOp (unary minus and logical not).
//
//spmd:kernel
func UnOpDiv(l spmd.Lane) {
	neg := -l.Index()
	p := neg < -1
	q := !p
	if q {
		l.Barrier() // EXPECT
	}
}

// UnOpUni: twin: UnOp on uniform values (^ and !).
//
//spmd:kernel
func UnOpUni(l spmd.Lane, out []int) {
	x := ^l.Count()
	p := x < 0
	q := !p
	if !q {
		out[l.Index()] = spmd.ReduceAdd(l, 2)
	}
}

// ConvertDiv: propagation through Convert (int -> float64).
//
//spmd:kernel
func ConvertDiv(l spmd.Lane) {
	f := float64(l.Index()) / 2
	if f > 0.7 {
		l.Barrier() // EXPECT
	}
}

// ConvertUni: twin: Convert of a uniform value.
//
//spmd:kernel
func ConvertUni(l spmd.Lane, out []int) {
	f := float64(l.Count()) / 2
	if f > 0.7 {
		l.Barrier()
	}
	out[l.Index()] = int(f * 2)
}

// Rank is a named integer type, so Rank(int) is a ChangeType.
type Rank int

// ChangeTypeDiv: propagation through ChangeType (int -> Rank).
//
//spmd:kernel
func ChangeTypeDiv(l spmd.Lane) {
	r := Rank(l.Index())
	if r > 1 {
		l.Barrier() // EXPECT
	}
}

// ChangeTypeUni: twin: ChangeType of a uniform value.
//
//spmd:kernel
func ChangeTypeUni(l spmd.Lane, out []int) {
	r := Rank(l.Count())
	if r > 1 {
		l.Barrier()
	}
	out[l.Index()] = int(r)
}

// MakeIfaceDiv: propagation through MakeInterface and interface ==.
//
//spmd:kernel
func MakeIfaceDiv(l spmd.Lane) {
	var v any = l.Index()
	if v == any(2) {
		l.Barrier() // EXPECT
	}
}

// MakeIfaceUni: twin: MakeInterface of a uniform value.
//
//spmd:kernel
func MakeIfaceUni(l spmd.Lane, out []int) {
	var v any = l.Count()
	if v == any(4) {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// ---- Extract / Index / Field / Addr forms / Slice / Lookup ----

func divmod(a, b int) (int, int) { return a / b, a % b }

// ExtractDiv: propagation through Call and Extract (second result of a tuple).
//
//spmd:kernel
func ExtractDiv(l spmd.Lane) {
	_, r := divmod(l.Index(), 2)
	if r == 0 {
		l.Barrier() // EXPECT
	}
}

// ExtractUni: twin: Extract from a tuple computed from uniform values.
//
//spmd:kernel
func ExtractUni(l spmd.Lane, out []int) {
	q, r := divmod(l.Count(), 3)
	if r == 1 {
		l.Barrier()
	}
	out[l.Index()] = q
}

func arr4() [4]int { return [4]int{1, 0, 1, 0} }

// IndexDiv: propagation through Index (array value indexed by the lane).
//
//spmd:kernel
func IndexDiv(l spmd.Lane) {
	if arr4()[l.Index()%4] == 1 {
		l.Barrier() // EXPECT
	}
}

// IndexUni: twin: Index of an array value at a uniform index.
//
//spmd:kernel
func IndexUni(l spmd.Lane, out []int) {
	if arr4()[2] == 1 {
		l.Barrier()
	}
	out[l.Index()] = arr4()[l.Index()%4]
}

// IndexStringDiv: Index of a string at a divergent index.
//
//spmd:kernel
func IndexStringDiv(l spmd.Lane, s string) {
	if s[l.Index()] == 'a' {
		_ = spmd.Any(l, true) // EXPECT
	}
}

// IndexStringUni: twin: Index of a uniform string at a uniform index.
//
//spmd:kernel
func IndexStringUni(l spmd.Lane, s string, out []int) {
	if s[1] == 'b' {
		out[l.Index()] = int(spmd.Ballot(l, true))
	}
}

type pair struct{ a, b int }

func pairOf(x int) pair { return pair{a: x, b: x + 1} }

// FieldDiv: propagation through Field (struct value returned by a call).
//
//spmd:kernel
func FieldDiv(l spmd.Lane) {
	if pairOf(l.Index()).b > 2 {
		l.Barrier() // EXPECT
	}
}

// FieldUni: twin: Field of a struct value built from uniform values.
//
//spmd:kernel
func FieldUni(l spmd.Lane, out []int) {
	if pairOf(l.Count()).b > 2 {
		l.Barrier()
	}
	out[l.Index()] = pairOf(l.Count()).a
}

// Item is an element of a shared slice.
type Item struct {
	W    int
	Next *Item
}

// AddrDiv: propagation through IndexAddr then FieldAddr at a divergent index.
//
//spmd:kernel
func AddrDiv(l spmd.Lane, items []Item) {
	if items[l.Index()].W > 0 {
		l.Barrier() // EXPECT
	}
}

// AddrUni: twin: IndexAddr/FieldAddr at uniform indices, and a pointer chase
// from a uniform pointer.
//
//spmd:kernel
func AddrUni(l spmd.Lane, items []Item, out []int) {
	if items[1].W > 0 && items[0].Next.W > 0 {
		l.Barrier()
	}
	out[l.Index()] = items[l.Index()].W
}

// SliceDiv: propagation through Slice (divergent low bound) and len.
//
//spmd:kernel
func SliceDiv(l spmd.Lane, data []int) {
	s := data[l.Index():]
	if len(s) > 2 {
		l.Barrier() // EXPECT
	}
}

// SliceUni: twin: Slice with uniform bounds.
//
//spmd:kernel
func SliceUni(l spmd.Lane, data []int, out []int) {
	s := data[1:]
	if len(s) > 2 {
		l.Barrier()
	}
	out[l.Index()] = len(s)
}

// LookupDiv: propagation through Lookup (map at a divergent key).
//
//spmd:kernel
func LookupDiv(l spmd.Lane, m map[int]int) {
	if m[l.Index()] > 0 {
		l.Barrier() // EXPECT
	}
}

// LookupCommaOkDiv: Lookup with comma-ok, then Extract of ok.
//
//spmd:kernel
func LookupCommaOkDiv(l spmd.Lane, m map[int]int) {
	_, ok := m[l.Index()]
	if ok {
		_ = spmd.BroadcastFirst(l, 1) // EXPECT
	}
}

// LookupUni: twin: Lookup (comma-ok) at a uniform key.
//
//spmd:kernel
func LookupUni(l spmd.Lane, m map[int]int, out []int) {
	v, ok := m[3]
	if ok && v > 0 {
		l.Barrier()
	}
	out[l.Index()] = v
}

// ---- TypeAssert / Range-Next / Select / Phi ----

func box(x int) any {
	if x%2 == 0 {
		return x
	}
	return "odd"
}

// TypeAssertDiv: propagation through TypeAssert (comma-ok form).
//
//spmd:kernel
func TypeAssertDiv(l spmd.Lane) {
	v := box(l.Index())
	if _, ok := v.(string); ok {
		l.Barrier() // EXPECT
	}
}

// TypeAssertPlainDiv: propagation through a plain TypeAssert.
//
//spmd:kernel
func TypeAssertPlainDiv(l spmd.Lane) {
	var v any = l.Index()
	if v.(int) > 1 {
		l.Barrier() // EXPECT
	}
}

// TypeAssertUni: twin: TypeAssert of a uniform interface value.
//
//spmd:kernel
func TypeAssertUni(l spmd.Lane, out []int) {
	v := box(l.Count())
	if n, ok := v.(int); ok && n > 0 {
		l.Barrier()
		out[l.Index()] = n
	}
}

// RangeNextDiv: propagation through Range/Next over a string with a
// divergent length: lanes run different numbers of iterations.
//
//spmd:kernel
func RangeNextDiv(l spmd.Lane, s string) {
	for range s[:l.Index()] {
		l.Barrier() // EXPECT
	}
}

// RangeNextUni: twin: Range/Next over a uniform string; the runes are uniform.
//
//spmd:kernel
func RangeNextUni(l spmd.Lane, s string, out []int) {
	n := 0
	for _, c := range s {
		if c > 'b' {
			n += spmd.ReduceAdd(l, 1)
		}
	}
	out[l.Index()] = n
}

// SelectDiv: propagation through Select: each lane selects on its own channel,
// and only some of those channels are ready.
//
//spmd:kernel
func SelectDiv(l spmd.Lane, chs []chan int) {
	got := false
	select {
	case <-chs[l.Index()]:
		got = true
	default:
	}
	if got {
		l.Barrier() // EXPECT
	}
}

// PhiDiv: propagation through Phi: x is merged after a divergent branch.
//
//spmd:kernel
func PhiDiv(l spmd.Lane) {
	x := 0
	if l.Index() > 1 {
		x = 1
	}
	if x == 1 {
		l.Barrier() // EXPECT
	}
}

// PhiUni: twin: Phi after a uniform branch.
//
//spmd:kernel
func PhiUni(l spmd.Lane, n int, out []int) {
	x := 0
	if n > 1 {
		x = 1
	}
	if x == 1 {
		l.Barrier()
	}
	out[l.Index()] = x
}

// ---- Call ----

func sq(x int) int { return x * x }

// CallDiv: propagation through a Call of a known function with a divergent argument.
//
//spmd:kernel
func CallDiv(l spmd.Lane) {
	if sq(l.Index()) > 3 {
		l.Barrier() // EXPECT
	}
}

// CallUni: twin: a Call with uniform arguments.
//
//spmd:kernel
func CallUni(l spmd.Lane, out []int) {
	if sq(l.Count()) > 3 {
		l.Barrier()
	}
	out[l.Index()] = sq(l.Count())
}

// CollUniform: twin: results of ReduceAdd, Any, All, Ballot, BroadcastFirst,
// and Broadcast with a uniform src are uniform ("uniform result").
//
//spmd:kernel
func CollUniform(l spmd.Lane, out []int) {
	s := spmd.ReduceAdd(l, l.Index())
	b := spmd.Ballot(l, l.Index()%2 == 0)
	f := spmd.BroadcastFirst(l, l.Index()+7)
	c := spmd.Broadcast(l, l.Index(), 1)
	if s > 3 && b&1 != 0 && f == 7 && c == 1 && spmd.All(l, l.Index() >= 0) {
		l.Barrier()
	}
	out[l.Index()] = s + f + c
}

// CollBroadcastDivSrc: Broadcast with a divergent src is divergent
// ("uniform when src is uniform").
//
//spmd:kernel
func CollBroadcastDivSrc(l spmd.Lane) {
	v := spmd.Broadcast(l, l.Index(), l.Index()^1)
	if v%2 == 0 {
		l.Barrier() // EXPECT
	}
}

// CollShuffleDiv: Shuffle's result is divergent.
//
//spmd:kernel
func CollShuffleDiv(l spmd.Lane) {
	v := spmd.ShuffleXor(l, l.Index(), 1)
	if v == 0 {
		l.Barrier() // EXPECT
	}
}

// CollScanDiv: InclusiveAdd's result is divergent even with a uniform argument.
//
//spmd:kernel
func CollScanDiv(l spmd.Lane) {
	v := spmd.InclusiveAdd(l, 1)
	if v > 2 {
		l.Barrier() // EXPECT
	}
}

// ---- MakeClosure free variables ----

// ClosureFreeVarDiv: a closure's free variable holds a divergent value; the
// closure's result is divergent.
//
//spmd:kernel
func ClosureFreeVarDiv(l spmd.Lane) {
	x := l.Index()
	f := func() int { return x * 2 }
	if f() > 2 {
		l.Barrier() // EXPECT
	}
}

// ClosureFreeVarUni: twin: the free variable is uniform.
//
//spmd:kernel
func ClosureFreeVarUni(l spmd.Lane, out []int) {
	x := l.Count()
	f := func() int { return x * 2 }
	if f() > 2 {
		l.Barrier()
	}
	out[l.Index()] = f()
}

// ClosureByRefDiv: a variable captured by reference (an Alloc of the kernel)
// gets a divergent store inside the closure; the kernel's later load is divergent.
//
//spmd:kernel
func ClosureByRefDiv(l spmd.Lane) {
	x := 0
	inc := func() { x += l.Index() }
	inc()
	if x > 1 {
		l.Barrier() // EXPECT
	}
}

// ClosureByRefUni: twin: the closure stores only uniform values.
//
//spmd:kernel
func ClosureByRefUni(l spmd.Lane, out []int) {
	x := 0
	inc := func() { x += l.Count() }
	inc()
	if x > 1 {
		l.Barrier()
	}
	out[l.Index()] = x
}
