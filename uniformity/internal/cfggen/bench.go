package cfggen

import "fmt"

// Large returns a structured function of about n blocks with nested
// loops, irreducible regions and many divergent branches: the shape of a
// big kernel after inlining.
func Large(seed uint64, n int) *Func {
	return Generate(seed, fmt.Sprintf("large%d", n), Options{
		Blocks:    n,
		MaxInstrs: 3,
		Shape:     Structured,
		Divergent: 0.5,
	})
}

// DivergentChain returns the worst case of join computation: a chain of n
// divergent branches, each one leaving the chain for the same far away
// block. A branch's paths meet only there, so finding the join of each
// branch walks the rest of the chain, n²/2 steps in all.
//
//	entry -> c1 -> c2 -> ... -> cn -> end
//	          \     \            \
//	           `-----`---- ... ---`--> join -> end
func DivergentChain(n int) *Func {
	f := newFunc(fmt.Sprintf("chain%d", n), true)
	entry := f.addBlock()
	tid := f.add(entry, Value{Op: OpThreadID, Sub: "x", Type: "i32", Name: "%tid"})
	chain := make([]int, n)
	for i := range chain {
		chain[i] = f.addBlock()
	}
	end, join := f.addBlock(), f.addBlock()
	f.Blocks[entry].Succs = []int{chain[0]}
	f.add(entry, Value{Op: OpBr, Type: "void"})
	for i, b := range chain {
		next := end
		if i+1 < n {
			next = chain[i+1]
		}
		f.Blocks[b].Succs = []int{next, join}
		c := f.add(b, Value{Op: OpICmp, Sub: "eq", Type: "i1", Args: []int{tid, f.constant("i32", fmt.Sprint(i))}})
		f.add(b, Value{Op: OpBr, Type: "void", Args: []int{c}})
	}
	// The join's phi sees two values, so it is divergent once a branch is.
	bits := []int{f.constant("i32", "0"), f.constant("i32", "1")}
	phi := f.add(join, Value{Op: OpPhi, Type: "i32"})
	for i, b := range chain {
		f.Values[phi].Args = append(f.Values[phi].Args, bits[i%2])
		f.Values[phi].From = append(f.Values[phi].From, b)
	}
	f.add(join, Value{Op: OpStore, Type: "void", Args: []int{phi, f.param("%out")}})
	f.Blocks[join].Succs = []int{end}
	f.add(join, Value{Op: OpBr, Type: "void"})
	f.add(end, Value{Op: OpRet, Type: "void"})
	return f.finish()
}

// DivergentLoopNest returns depth nested loops whose headers all leave the
// whole nest on a divergent condition. Every loop has a divergent exit and
// every counter is used after the nest, so the work on cycle exits and
// temporal divergence grows with depth².
//
//	h1 -> h2 -> ... -> hd -> ld -> ... -> l1 -> exit
//	each hk also -> xk -> exit; each lk -> hk (back edge) or l(k-1)
func DivergentLoopNest(depth int) *Func {
	f := newFunc(fmt.Sprintf("loopnest%d", depth), true)
	entry := f.addBlock()
	tid := f.add(entry, Value{Op: OpThreadID, Sub: "x", Type: "i32", Name: "%tid"})
	u0, out := f.param("%u0"), f.param("%out")
	zero, one := f.constant("i32", "0"), f.constant("i32", "1")
	h := make([]int, depth)
	l := make([]int, depth)
	x := make([]int, depth)
	for k := range depth {
		h[k] = f.addBlock()
	}
	for k := range depth {
		l[k] = f.addBlock()
	}
	for k := range depth {
		x[k] = f.addBlock()
	}
	exit := f.addBlock()
	f.Blocks[entry].Succs = []int{h[0]}
	f.add(entry, Value{Op: OpBr, Type: "void"})

	exitPhi := f.add(exit, Value{Op: OpPhi, Type: "i32"})
	counters := make([]int, depth)
	for k := range depth {
		outside := entry
		if k > 0 {
			outside = h[k-1]
		}
		// hk counts its iterations, from zero whenever the enclosing loop
		// enters it again.
		i := f.add(h[k], Value{Op: OpPhi, Type: "i32", From: []int{outside, l[k]}})
		next := f.add(h[k], Value{Op: OpBinary, Sub: "add", Type: "i32", Args: []int{i, one}})
		f.Values[i].Args = []int{zero, next}
		counters[k] = next
		c := f.add(h[k], Value{Op: OpICmp, Sub: "eq", Type: "i1", Args: []int{next, tid}})
		inner := l[k]
		if k+1 < depth {
			inner = h[k+1]
		}
		f.Blocks[h[k]].Succs = []int{x[k], inner}
		f.add(h[k], Value{Op: OpBr, Type: "void", Args: []int{c}})

		// Outside every loop, hk's counter differs per lane.
		f.add(x[k], Value{Op: OpStore, Type: "void", Args: []int{next, out}})
		f.Blocks[x[k]].Succs = []int{exit}
		f.add(x[k], Value{Op: OpBr, Type: "void"})
		f.Values[exitPhi].Args = append(f.Values[exitPhi].Args, next)
		f.Values[exitPhi].From = append(f.Values[exitPhi].From, x[k])
	}
	for k := depth - 1; k >= 0; k-- {
		// The latch repeats its loop on a uniform condition.
		c := f.add(l[k], Value{Op: OpICmp, Sub: "slt", Type: "i1", Args: []int{counters[k], u0}})
		next := exit
		if k > 0 {
			next = l[k-1]
		}
		f.Blocks[l[k]].Succs = []int{h[k], next}
		f.add(l[k], Value{Op: OpBr, Type: "void", Args: []int{c}})
	}
	f.Values[exitPhi].Args = append(f.Values[exitPhi].Args, counters[0])
	f.Values[exitPhi].From = append(f.Values[exitPhi].From, l[0])
	f.add(exit, Value{Op: OpStore, Type: "void", Args: []int{exitPhi, out}})
	f.add(exit, Value{Op: OpRet, Type: "void"})
	return f.finish()
}

// IrreducibleTangle returns a chain of n blocks that each branch on the
// lane, to the next block or to one about 7 steps further around, with
// a uniform edge from the end back to the start and a divergent entry in
// the middle: a deep nest of irreducible cycles whose
// branches share most of their joins. Per branch, each join looks up the
// cycles around it, so that lookup must not walk the nest.
//
//	entry -> t0 or t(n/2); ti -> t(i+1) or t((7i+3) mod n); t(n-1) -> t0 or end
func IrreducibleTangle(n int) *Func {
	f := newFunc(fmt.Sprintf("tangle%d", n), true)
	entry := f.addBlock()
	tid := f.add(entry, Value{Op: OpThreadID, Sub: "x", Type: "i32", Name: "%tid"})
	u0, out := f.param("%u0"), f.param("%out")
	t := make([]int, n)
	for i := range t {
		t[i] = f.addBlock()
	}
	end := f.addBlock()
	c := f.add(entry, Value{Op: OpICmp, Sub: "sgt", Type: "i1", Args: []int{tid, f.constant("i32", "7")}})
	f.Blocks[entry].Succs = []int{t[n/2], t[0]}
	f.add(entry, Value{Op: OpBr, Type: "void", Args: []int{c}})
	for i, b := range t {
		if i == n-1 {
			c := f.add(b, Value{Op: OpICmp, Sub: "sgt", Type: "i1", Args: []int{u0, f.constant("i32", "0")}})
			f.Blocks[b].Succs = []int{t[0], end}
			f.add(b, Value{Op: OpBr, Type: "void", Args: []int{c}})
			continue
		}
		c := f.add(b, Value{Op: OpICmp, Sub: "sgt", Type: "i1", Args: []int{tid, f.constant("i32", fmt.Sprint(i))}})
		f.Blocks[b].Succs = []int{t[(i*7+3)%n], t[i+1]}
		f.add(b, Value{Op: OpBr, Type: "void", Args: []int{c}})
	}
	f.add(end, Value{Op: OpStore, Type: "void", Args: []int{tid, out}})
	f.add(end, Value{Op: OpRet, Type: "void"})
	return f.finish()
}

// BenchCase is one function of the benchmark suite.
type BenchCase struct {
	Name string
	Func func() *Func
}

// BenchCases returns the benchmark suite shared by BenchmarkAnalyze and
// scripts/bench-vs-llvm.sh, so that both measure the same functions.
func BenchCases() []BenchCase {
	return []BenchCase{
		{"1k", func() *Func { return Large(1, 1_000) }},
		{"10k", func() *Func { return Large(2, 10_000) }},
		{"100k", func() *Func { return Large(3, 100_000) }},
		{"adversarial-chain-1k", func() *Func { return DivergentChain(1_000) }},
		{"adversarial-chain-10k", func() *Func { return DivergentChain(10_000) }},
		{"adversarial-loopnest-1k", func() *Func { return DivergentLoopNest(1_000) }},
		{"adversarial-tangle-1k", func() *Func { return IrreducibleTangle(1_000) }},
		{"adversarial-tangle-10k", func() *Func { return IrreducibleTangle(10_000) }},
	}
}
