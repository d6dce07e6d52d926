package cfggen

import (
	"fmt"
	"math/rand/v2"

	"github.com/spmdvet/spmdvet/uniformity"
)

// Shape selects how the control flow of a generated function is built.
type Shape uint8

const (
	// Mixed picks Random or Structured per function.
	Mixed Shape = iota
	// Random scatters edges between nearby blocks: tangled, often
	// irreducible cycles and joins everywhere.
	Random
	// Structured nests regions: ifs, loops with breaks, self loops,
	// irreducible cycles, switches. It scales to large functions.
	Structured
)

// Options control the size and mix of a generated function. The zero
// value is usable: small mixed functions.
type Options struct {
	// Blocks is the approximate number of blocks (default 12).
	Blocks int
	// MaxInstrs is the most instructions a block gets besides phis and
	// its terminator (default 3).
	MaxInstrs int
	Shape     Shape
	// Divergent is the probability that a branch condition is computed
	// from the thread id; the others use uniform parameters or whatever
	// values are at hand (default 0.4; negative for never).
	Divergent float64
	// NoSwitch leaves out switch terminators.
	NoSwitch bool
}

func (o Options) withDefaults() Options {
	if o.Blocks <= 0 {
		o.Blocks = 12
	}
	if o.MaxInstrs <= 0 {
		o.MaxInstrs = 3
	}
	if o.Divergent == 0 {
		o.Divergent = 0.4
	}
	return o
}

// Generate returns a random function named name. The same seed and
// options always give the same function.
func Generate(seed uint64, name string, opt Options) *Func {
	return GenerateRand(rand.New(rand.NewPCG(seed, 0x5eed)), name, opt)
}

// GenerateRand is Generate drawing its choices from r, for example from a
// ByteSource under a fuzzer.
func GenerateRand(r *rand.Rand, name string, opt Options) *Func {
	opt = opt.withDefaults()
	shapeKind := opt.Shape
	if shapeKind == Mixed {
		shapeKind = Random + Shape(r.IntN(2))
	}
	var s shape
	if shapeKind == Random {
		s = randomShape(r, opt.Blocks, !opt.NoSwitch)
	} else {
		s = structuredShape(r, opt.Blocks, !opt.NoSwitch)
	}
	return fill(r, name, s, opt)
}

// filler puts instructions into the blocks of a shape. Every operand is
// defined in a block that dominates the use (or, for a phi, dominates the
// incoming edge's source), so the result passes LLVM's verifier.
type filler struct {
	r   *rand.Rand
	opt Options
	f   *Func

	idom    []int
	ints    [][]int     // i32 values defined so far in each block, in order
	bools   [][]int     // i1 values defined so far in each block
	tainted []bool      // data-dependent on a thread id or divergent parameter
	next    map[int]int // loop header phi -> its update, fed back from latches
	tid     int         // the thread id of the entry block
	phiKind map[int]phiKind
}

type phiKind uint8

const (
	phiValues        phiKind = iota // values at hand in each predecessor
	phiSameConst                    // one constant on every edge
	phiDistinctConst                // a constant per edge, not all equal
)

func fill(r *rand.Rand, name string, s shape, opt Options) *Func {
	x := &filler{
		r:       r,
		opt:     opt,
		f:       newFunc(name, r.IntN(2) == 0),
		idom:    dominators(s),
		ints:    make([][]int, len(s)),
		bools:   make([][]int, len(s)),
		next:    map[int]int{},
		phiKind: map[int]phiKind{},
	}
	f := x.f
	for b := range s {
		f.addBlock()
		f.Blocks[b].Succs = s[b]
	}
	preds := make([][]int, len(s))
	for b, succs := range s {
		for _, t := range succs {
			preds[t] = append(preds[t], b)
		}
	}
	x.tainted = make([]bool, len(f.Values))
	x.tainted[f.param("%a0")] = !f.Kernel

	// Blocks in reverse post-order, so that a block's dominators are
	// filled before it and their values are there to be used.
	var phis []int
	for _, b := range reversePostOrder(s) {
		phis = append(phis, x.fillBlock(b, preds[b])...)
	}
	for _, p := range phis {
		x.fillPhi(p, preds[f.Values[p].Block])
	}
	return f.finish()
}

// def records instruction v as available in its block.
func (x *filler) def(v int) int {
	for len(x.tainted) < len(x.f.Values) {
		x.tainted = append(x.tainted, false)
	}
	val := x.f.Values[v]
	for _, a := range val.Args {
		if a >= 0 && x.tainted[a] {
			x.tainted[v] = true
		}
	}
	if val.Op == OpThreadID {
		x.tainted[v] = true
	}
	switch val.Type {
	case "i32":
		x.ints[val.Block] = append(x.ints[val.Block], v)
	case "i1":
		x.bools[val.Block] = append(x.bools[val.Block], v)
	}
	return v
}

func (x *filler) chance(percent int) bool { return x.r.IntN(100) < percent }

func (x *filler) fillBlock(b int, preds []int) (phis []int) {
	f := x.f
	nphi := 0
	switch {
	case len(preds) >= 2 && x.chance(85):
		nphi = 1 + x.r.IntN(2)
	case len(preds) == 1 && x.chance(10):
		nphi = 1
	}
	isHeader := false
	for _, p := range preds {
		if x.dominates(b, p) {
			isHeader = true
		}
	}
	for range nphi {
		typ := "i32"
		if x.chance(15) {
			typ = "i1"
		}
		p := x.def(f.add(b, Value{Op: OpPhi, Type: typ}))
		phis = append(phis, p)
		switch k := x.r.IntN(100); {
		case k < 20:
			x.phiKind[p] = phiSameConst
		case k < 40:
			x.phiKind[p] = phiDistinctConst
		}
	}
	for _, p := range phis {
		if isHeader && f.Values[p].Type == "i32" {
			// The loop-carried update, fed back from the latches.
			x.next[p] = x.def(f.add(b, Value{Op: OpBinary, Sub: "add", Type: "i32", Args: []int{p, f.constant("i32", "1")}}))
		}
	}
	if b == 0 {
		x.tid = x.def(f.add(b, Value{Op: OpThreadID, Sub: "x", Type: "i32", Name: "%tid"}))
	}
	for range x.r.IntN(x.opt.MaxInstrs + 1) {
		x.addInstr(b)
	}
	x.terminate(b)
	return phis
}

var binaryOps = []string{"add", "sub", "mul", "and", "or", "xor", "shl"}
var predicates = []string{"eq", "ne", "slt", "ult", "sgt"}

func (x *filler) addInstr(b int) {
	f := x.f
	switch k := x.r.IntN(100); {
	case k < 45:
		op := binaryOps[x.r.IntN(len(binaryOps))]
		x.def(f.add(b, Value{Op: OpBinary, Sub: op, Type: "i32", Args: []int{x.pickInt(b, x.want()), x.pickInt(b, x.want())}}))
	case k < 55:
		x.def(x.icmp(b, x.want()))
	case k < 63:
		x.def(f.add(b, Value{Op: OpSelect, Type: "i32", Args: []int{x.pickBool(b, x.want()), x.pickInt(b, x.want()), x.pickInt(b, x.want())}}))
	case k < 68:
		x.def(f.add(b, Value{Op: OpReadFirstLane, Type: "i32", Args: []int{x.pickInt(b, x.want())}}))
	case k < 74:
		gep := f.add(b, Value{Op: OpGEP, Type: "ptr addrspace(1)", Args: []int{f.param("%out"), x.pickInt(b, x.want())}})
		x.def(gep)
		x.def(f.add(b, Value{Op: OpLoad, Type: "i32", Args: []int{gep}}))
	case k < 76:
		x.def(f.add(b, Value{Op: OpThreadID, Sub: "y", Type: "i32"}))
	default:
		v := x.pickInt(b, x.want())
		if x.chance(15) {
			v = x.pickBool(b, x.want())
		}
		f.add(b, Value{Op: OpStore, Type: "void", Args: []int{v, f.param("%out")}})
	}
}

// taint says what kind of value an operand should preferably be.
type taint uint8

const (
	anyTaint taint = iota
	uniformTaint
	divergentTaint
)

func (x *filler) want() taint {
	switch k := x.r.IntN(100); {
	case k < 20:
		return uniformTaint
	case k < 35:
		return divergentTaint
	}
	return anyTaint
}

func (x *filler) icmp(b int, t taint) int {
	pred := predicates[x.r.IntN(len(predicates))]
	rhs := x.pickInt(b, uniformTaint)
	if x.chance(30) {
		rhs = x.f.constant("i32", fmt.Sprint(x.r.IntN(4)))
	}
	return x.f.add(b, Value{Op: OpICmp, Sub: pred, Type: "i1", Args: []int{x.pickInt(b, t), rhs}})
}

func (x *filler) terminate(b int) {
	f := x.f
	succs := f.Blocks[b].Succs
	t := uniformTaint
	if x.r.Float64() < x.opt.Divergent {
		t = divergentTaint
	} else if x.chance(30) {
		t = anyTaint
	}
	switch len(succs) {
	case 0:
		if x.chance(15) {
			f.add(b, Value{Op: OpUnreachable, Type: "void"})
		} else {
			f.add(b, Value{Op: OpRet, Type: "void"})
		}
	case 1:
		f.add(b, Value{Op: OpBr, Type: "void"})
	case 2:
		var c int
		if x.chance(35) {
			c = x.pickBool(b, t) // maybe defined in a loop this block is outside of
		} else {
			c = x.def(x.icmp(b, t))
		}
		f.add(b, Value{Op: OpBr, Type: "void", Args: []int{c}})
	default:
		f.add(b, Value{Op: OpSwitch, Type: "void", Args: []int{x.pickInt(b, t)}})
	}
}

// fillPhi chooses the incoming values of phi p once every block has its
// instructions, since values flowing around a back edge are defined later.
func (x *filler) fillPhi(p int, preds []int) {
	f := x.f
	val := f.Values[p] // a copy: picking may append constants to f.Values
	b := val.Block
	consts := []string{"0", "1"}
	if val.Type == "i1" {
		consts = []string{"false", "true"}
	}
	same := f.constant(val.Type, consts[x.r.IntN(2)])
	chosen := map[int]int{} // an edge from the same block twice carries one value
	for i, pred := range preds {
		v, ok := chosen[pred]
		switch {
		case ok:
		case x.chance(4):
			v = uniformity.Undef
		case x.phiKind[p] == phiSameConst:
			v = same
		case x.phiKind[p] == phiDistinctConst:
			v = f.constant(val.Type, consts[i%2])
		case x.next[p] != 0 && x.dominates(b, pred) && x.chance(75):
			v = x.next[p]
		case val.Type == "i1":
			v = x.pickBoolAtEnd(pred)
		default:
			v = x.pickIntAtEnd(pred)
		}
		chosen[pred] = v
		val.Args = append(val.Args, v)
		val.From = append(val.From, pred)
	}
	f.Values[p] = val
}

// pickInt returns an i32 value that can be used at the current end of
// block b, preferably of taint t. It looks in b and a few dominators
// above it, nearer ones more likely, so that values defined in loops are
// used after them.
func (x *filler) pickInt(b int, t taint) int {
	return x.pick(b, t, x.ints, func() int {
		switch t {
		case divergentTaint:
			if !x.f.Kernel && x.chance(30) {
				return x.f.param("%a0")
			}
			return x.tid
		case uniformTaint:
			if x.chance(40) {
				return x.f.constant("i32", fmt.Sprint(x.r.IntN(4)))
			}
			return x.f.param([]string{"%u0", "%u1"}[x.r.IntN(2)])
		}
		return x.f.Params[x.r.IntN(3)]
	})
}

func (x *filler) pickBool(b int, t taint) int {
	return x.pick(b, t, x.bools, func() int {
		if x.chance(10) {
			return x.f.constant("i1", "true")
		}
		return x.def(x.icmp(b, t))
	})
}

// pickIntAtEnd and pickBoolAtEnd pick for a phi's incoming edge from b,
// after b is complete; they must not add instructions to b.
func (x *filler) pickIntAtEnd(b int) int { return x.pickInt(b, x.want()) }

func (x *filler) pickBoolAtEnd(b int) int {
	return x.pick(b, x.want(), x.bools, func() int { return x.f.constant("i1", "false") })
}

func (x *filler) pick(b int, t taint, defs [][]int, fallback func() int) int {
	if x.chance(15) {
		return fallback()
	}
	for range 4 {
		blk := b
		for blk != 0 && x.chance(45) {
			blk = x.idom[blk]
		}
		list := defs[blk]
		if len(list) == 0 {
			continue
		}
		v := list[x.r.IntN(len(list))]
		if t == anyTaint || x.tainted[v] == (t == divergentTaint) {
			return v
		}
	}
	return fallback()
}

// dominates reports whether block a dominates block b.
func (x *filler) dominates(a, b int) bool {
	for {
		if a == b {
			return true
		}
		if b == 0 {
			return false
		}
		b = x.idom[b]
	}
}

// reversePostOrder lists the blocks of s in reverse post-order of a
// depth-first walk from the entry that follows successors in order.
func reversePostOrder(s shape) []int {
	order := make([]int, 0, len(s))
	seen := make([]bool, len(s))
	type frame struct{ b, next int }
	stack := []frame{{0, 0}}
	seen[0] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next < len(s[top.b]) {
			t := s[top.b][top.next]
			top.next++
			if !seen[t] {
				seen[t] = true
				stack = append(stack, frame{t, 0})
			}
			continue
		}
		order = append(order, top.b)
		stack = stack[:len(stack)-1]
	}
	for i, j := 0, len(order)-1; i < j; i, j = i+1, j-1 {
		order[i], order[j] = order[j], order[i]
	}
	return order
}

// dominators returns the immediate dominator of every block (the entry's
// is itself), by the iterative algorithm of Cooper, Harvey and Kennedy.
func dominators(s shape) []int {
	rpo := reversePostOrder(s)
	index := make([]int, len(s))
	for i, b := range rpo {
		index[b] = i
	}
	preds := make([][]int, len(s))
	for b, succs := range s {
		for _, t := range succs {
			preds[t] = append(preds[t], b)
		}
	}
	idom := make([]int, len(s))
	for b := range idom {
		idom[b] = -1
	}
	idom[0] = 0
	intersect := func(a, b int) int {
		for a != b {
			for index[a] > index[b] {
				a = idom[a]
			}
			for index[b] > index[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, b := range rpo[1:] {
			d := -1
			for _, p := range preds[b] {
				if idom[p] < 0 {
					continue
				}
				if d < 0 {
					d = p
				} else {
					d = intersect(d, p)
				}
			}
			if d != idom[b] {
				idom[b] = d
				changed = true
			}
		}
	}
	return idom
}

// Reducible reports whether every cycle of f has a single entry: whether
// each edge that closes a cycle in a depth-first walk goes to a block
// that dominates its source.
func (f *Func) Reducible() bool {
	s := make(shape, len(f.Blocks))
	for b, blk := range f.Blocks {
		s[b] = blk.Succs
	}
	idom := dominators(s)
	dominates := func(a, b int) bool {
		for a != b {
			if b == 0 {
				return false
			}
			b = idom[b]
		}
		return true
	}
	onStack := make([]bool, len(s))
	seen := make([]bool, len(s))
	type frame struct{ b, next int }
	stack := []frame{{0, 0}}
	seen[0], onStack[0] = true, true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next == len(s[top.b]) {
			onStack[top.b] = false
			stack = stack[:len(stack)-1]
			continue
		}
		t := s[top.b][top.next]
		top.next++
		switch {
		case onStack[t]:
			if !dominates(t, top.b) {
				return false
			}
		case !seen[t]:
			seen[t], onStack[t] = true, true
			stack = append(stack, frame{t, 0})
		}
	}
	return true
}
