// Package ambig holds kernels for which I am not sure what the spec demands.
// Each doc comment states the question and my lean. Convention: a line that
// carries the usual EXPECT marker is a real bug at run time (the test shows
// the DivergenceError) and my lean is that it must be reported there. Lines where
// the spec's letter seems to demand a finding although the kernel is correct
// at run time carry a "LEAN: finding" comment instead of EXPECT, and their
// tests assert that spmd.Run returns nil.
package ambig

import "github.com/spmdvet/spmdvet/spmd"

// keep takes the address of a variable and does nothing with it.
func keep(p *int) { _ = p }

// AddrTakenOverwritten (correct at run time): v's address is taken (passed to
// keep), so v lives in per-lane memory. A lane-dependent value is stored to
// it, then overwritten with l.Count() before the branch. The spec says a load
// from a kernel's own Alloc "is divergent if any store to that memory stores a
// divergent value" -- read literally (flow-insensitively) that makes the
// branch divergent, although the value loaded is always l.Count().
// Question: is the memory rule flow-insensitive (any store anywhere) or does
// it consider only stores that may reach the load?
// Lean: finding, by the letter of the spec (a false positive in fact).
//
//spmd:kernel
func AddrTakenOverwritten(l spmd.Lane, out []int) {
	i := l.Index()
	v := i * 2
	keep(&v)
	v = l.Count()
	if v > 2 {
		l.Barrier() // LEAN: finding
	}
	out[i] = v
}

type pair struct{ id, width int }

// StructOneLaneFieldMem (correct at run time): a local struct literal with a
// lane-dependent field id and a uniform field width; the branch reads only
// width. go/ssa builds the literal in an Alloc with a store per field.
// Question: is the per-lane memory rule field-sensitive? "any store to that
// memory" reads as per-Alloc, which makes p.width divergent.
// Lean: finding (per-Alloc granularity), a false positive in fact.
//
//spmd:kernel
func StructOneLaneFieldMem(l spmd.Lane, out []int) {
	i := l.Index()
	p := pair{id: i, width: l.Count()}
	if p.width > 2 {
		l.Barrier() // LEAN: finding
	}
	out[i] = p.id
}

func mkPair(id, width int) pair { return pair{id: id, width: width} }

// StructFromCallValue (correct at run time): the struct is the (single) result
// of a call with a lane-dependent argument, so the struct value is divergent
// as a whole; the branch reads only its uniform field through a Field
// instruction on that value.
// Question: is uniformity tracked per SSA value (then p.width is divergent)
// or per field?
// Lean: finding (per-value granularity), a false positive in fact.
//
//spmd:kernel
func StructFromCallValue(l spmd.Lane, out []int) {
	i := l.Index()
	p := mkPair(i, l.Count())
	if p.width > 2 {
		l.Barrier() // LEAN: finding
	}
	out[i] = p.id
}

// split returns a lane-independent second result when b is uniform.
func split(a, b int) (int, int) { return a * 2, b + 1 }

// TupleUniformResult (correct): split gets a lane-dependent a and a uniform b;
// its second result depends on b only. The spmd doc says the checker reads
// the body and "a result is divergent when lanes calling it with the arguments
// they pass may get different values", which is per result; but the spec's
// Call/Extract rules could also be applied to the tuple as a whole.
// Question: are call results summarized per result?
// Lean: no finding.
//
//spmd:kernel
func TupleUniformResult(l spmd.Lane, out []int) {
	i := l.Index()
	a, b := split(i, l.Count())
	if b > 2 {
		l.Barrier()
	}
	out[i] = a + b
}

// ShuffleUniformSrc (correct at run time): every lane passes src 0 to
// Shuffle, so every lane gets lane 0's value; but Shuffle is declared
// //spmd:divergent ("every result is divergent"), unlike Broadcast.
// Question: none about the letter (the result is divergent by directive), but
// the kernel is correct, so it cannot carry EXPECT under the rules.
// Lean: finding.
//
//spmd:kernel
func ShuffleUniformSrc(l spmd.Lane, out []int) {
	i := l.Index()
	v := spmd.Shuffle(l, i*2+1, 0)
	if v == 1 {
		l.Barrier() // LEAN: finding
	}
	out[i] = v
}

// SameUniformBothArms (correct): both arms of a lane-dependent if assign the
// same uniform value n; SSA has w = phi [n, n] at the divergent join.
// Question: must a phi at a divergent join be divergent even when every
// incoming value is the same uniform value? (LLVM's uniformity analysis keeps
// such a phi uniform.)
// Lean: no finding.
//
//spmd:kernel
func SameUniformBothArms(l spmd.Lane, n int, out []int) {
	i := l.Index()
	w := 0
	if i%2 == 0 {
		w = n
		out[i] = 1
	} else {
		w = n
		out[i] = 2
	}
	if w > 0 {
		l.Barrier()
	}
	out[i] += w
}

// ClosureIgnoresCapturedLane (correct): f captures i and n; it uses i only as
// a store address and returns n*k. Its result is uniform for a uniform k.
// Question: are a closure's captured variables treated like arguments in the
// conservative "divergent if any argument is divergent" rule, or does the
// checker read the closure body?
// Lean: no finding (the body is visible).
//
//spmd:kernel
func ClosureIgnoresCapturedLane(l spmd.Lane, out []int) {
	i := l.Index()
	n := l.Count()
	f := func(k int) int {
		out[i] = k
		return n * k
	}
	if f(1) > 2 {
		l.Barrier()
	}
	out[i] += n
}

// MapRangeIgnoringKeys (correct): a range over a map parameter that uses
// neither key nor value; every lane iterates len(m) times. The spec says keys
// and values of a map range are divergent, but says nothing of the loop's
// continuation (the ok of Next).
// Question: is the exit of a map range divergent?
// Lean: no finding.
//
//spmd:kernel
func MapRangeIgnoringKeys(l spmd.Lane, m map[string]int, out []int) {
	i := l.Index()
	for range m {
		l.Barrier()
		out[i]++
	}
}

// PanicGuard (correct at run time): lanes whose index is out of range would
// panic (they never are). The Barrier after the guard does not post-dominate
// the lane-dependent branch, since the panic path never reaches it.
// Question: does a lane-dependent branch to a panic count as lanes leaving
// ("returned early"), making everything after it divergent? A panicking lane
// stops the whole group with a PanicError, so other lanes never wait for it.
// Lean: no finding.
//
//spmd:kernel
func PanicGuard(l spmd.Lane, out []int) {
	i := l.Index()
	if i >= len(out) {
		panic("lane out of range")
	}
	l.Barrier()
	out[i] = spmd.ReduceAdd(l, i)
}

// maybeSyncU is an SPMD helper (it takes a Lane, it is not a kernel entry)
// that calls Barrier when its parameter doit is true. It is only called with a
// uniform argument.
func maybeSyncU(l spmd.Lane, doit bool) {
	if doit {
		l.Barrier() // LEAN: finding (helper parameters are not uniform inputs)
	}
}

// maybeSyncD has the same body as maybeSyncU but is called with a
// lane-dependent argument.
func maybeSyncD(l spmd.Lane, doit bool) {
	if doit {
		l.Barrier() // EXPECT
	}
}

// HelperParamUniform (correct): calls maybeSyncU with the uniform n > 0.
// Question: the spec lists "the parameters of a kernel entry" as uniform
// inputs; a plain helper's parameters are not in the list. Is the helper's
// Barrier under divergent control (then maybeSyncU gets a finding though the
// program is correct), or are helper parameters analysed from their call
// sites (then the finding belongs to maybeSyncD only, or at its call site)?
// Lean: a finding in both helpers, at the Barrier line, since the analysis is
// per function and helper parameters are not uniform inputs.
//
//spmd:kernel
func HelperParamUniform(l spmd.Lane, n int, out []int) {
	i := l.Index()
	maybeSyncU(l, n > 0)
	out[i] = spmd.ReduceAdd(l, i)
}

// HelperParamDivergent (bug): calls maybeSyncD with the lane-dependent i > 0;
// lane 0 skips the Barrier. Same question as HelperParamUniform; the EXPECT is
// on maybeSyncD's Barrier, and it could as well be reported here at the call.
//
//spmd:kernel
func HelperParamDivergent(l spmd.Lane, out []int) {
	i := l.Index()
	maybeSyncD(l, i > 0)
	out[i] = spmd.ReduceAdd(l, i)
}
