// want package:"spmd"

// Package sumtint translates the test patterns of Tint's WGSL uniformity
// analysis (src/tint/lang/wgsl/resolver/uniformity_test.cc, in Dawn) that
// are about function calls, parameter and return tags, pointer parameters
// and chains of calls. Each function says which Tint test it mirrors.
//
// The translation: WGSL's sources of non-uniformity (a read_write storage
// buffer, a non-uniform builtin) become l.Index(); uniform values (a
// read-only buffer, a uniform buffer, a constant) become l.Count() or a
// constant; workgroupBarrier() becomes l.Barrier(). Every function takes
// the lane handle, which WGSL functions do not need.
//
// Differences from WGSL that hold throughout:
//
//   - Tint reports a violation at the barrier inside the callee, with a
//     note "called by 'foo' from 'main'" or "parameter 'i' of 'foo' may be
//     non-uniform" pointing back to the caller. spmdvet reports it at the
//     call in the caller, where the divergent branch or the divergent
//     argument is: that is where the fix goes, and the callee may be in
//     another package. The barrier in the callee is reported only when the
//     callee's own code makes it divergent.
//   - Tint tracks what pointers point to flow-sensitively, so a uniform
//     store overwrites a non-uniform value. spmdvet does not: once a per-lane
//     variable may hold a lane-dependent value, loads from it are divergent
//     (as LLVM, which does not track memory at all, would say of any load
//     whose address is not known uniform). The cases where this changes the
//     verdict are marked "Go: conservative".
//   - WGSL's module-scope variables in the private, workgroup and storage
//     address spaces can be non-uniform. A Go package-level variable, and
//     the memory a kernel entry receives, is shared by all lanes: a load
//     from it is as uniform as its address. Lanes writing different values
//     there race, which spmdvet does not check.
//
// Not translated: the tests of builtins whose arguments must be uniform
// (WorkgroupUniformLoad_NonUniformPtr_ViaPtrArg, SubgroupShuffleUp_Delta
// and the like). The //spmd: vocabulary has no such requirement on an
// operand: //spmd:uniform src makes Broadcast's result depend on src, it
// does not require src to be uniform. Loops, switches and short-circuit
// operators without calls are covered by the other test packages.
package sumtint

import "github.com/spmdvet/spmdvet/spmd"

// Tint: ParameterNoRestriction_Pass. The argument decides a store, not the
// result: the result is uniform.
func paramNoRestriction_foo(i int, p *int) int { // want paramNoRestriction_foo:`spmd\(result0=never effect\(\*1\)=on\(0,1\)\)`
	if i == 0 {
		*p = 42
	}
	return 7
}

func ParameterNoRestriction_Pass(l spmd.Lane, p *int) { // want ParameterNoRestriction_Pass:`spmd\(barrier\ effect\(\*1\)=always\)`
	x := paramNoRestriction_foo(l.Index(), p)
	if x == 7 {
		l.Barrier() // fine
	}
}

// Tint: ParameterRequiredToBeUniform_Pass and _Fail.
func paramRequired_foo(l spmd.Lane, i int) { // want paramRequired_foo:`spmd\(barrier\ requires\(1\)\)`
	if i == 0 {
		l.Barrier()
	}
}

func ParameterRequiredToBeUniform_Pass(l spmd.Lane) { // want ParameterRequiredToBeUniform_Pass:`spmd\(barrier\)`
	paramRequired_foo(l, l.Count())
}

// Tint reports at the barrier in foo; spmdvet at the call.
func ParameterRequiredToBeUniform_Fail(l spmd.Lane) { // want ParameterRequiredToBeUniform_Fail:`spmd\(barrier\)`
	paramRequired_foo(l, l.Index()) // want `parameter i of paramRequired_foo must be uniform`
}

// Tint: ParameterRequiredToBeUniformForReturnValue_Pass and _Fail.
func paramForReturn_foo(i int) int { // want paramForReturn_foo:`spmd\(result0=on\(0\)\)`
	return 1 + i
}

func ParameterRequiredToBeUniformForReturnValue_Pass(l spmd.Lane) { // want ParameterRequiredToBeUniformForReturnValue_Pass:`spmd\(barrier\)`
	if paramForReturn_foo(l.Count()) == 7 {
		l.Barrier() // fine
	}
}

func ParameterRequiredToBeUniformForReturnValue_Fail(l spmd.Lane) { // want ParameterRequiredToBeUniformForReturnValue_Fail:`spmd\(barrier\)`
	if paramForReturn_foo(l.Index()) == 7 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: BasicTest ConditionalFunctionCall, with the user-defined functions
// (kUserNoRestriction, kUserRequiredToBeUniform) and the conditions that
// call a function (kFuncUniformRetVal, kFuncNonUniformRetVal).
func userNoRestriction(l spmd.Lane) {} // want userNoRestriction:`spmd\(\)`

func userRequiredToBeUniform(l spmd.Lane) { // want userRequiredToBeUniform:`spmd\(barrier\)`
	l.Barrier()
}

func funcUniformRetval(l spmd.Lane) int { return l.Count() } // want funcUniformRetval:`spmd\(result0=never\)`

func funcNonUniformRetval(l spmd.Lane) int { return l.Index() } // want funcNonUniformRetval:`spmd\(result0=always\)`

func ConditionalFunctionCall(l spmd.Lane) { // want ConditionalFunctionCall:`spmd\(barrier\)`
	if funcUniformRetval(l) == 0 {
		userNoRestriction(l)
		userRequiredToBeUniform(l) // fine
	}
	if funcNonUniformRetval(l) == 0 {
		userNoRestriction(l)       // fine
		userRequiredToBeUniform(l) // want `barrier l.Barrier \(reached through userRequiredToBeUniform\) under divergent control`
	}
}

// Tint: IfElse_NonUniformFunctionCall_Reconverge. The callee returns from
// both sides of a divergent branch; lanes reconverge after the call, and
// after the if that called it.
func reconverge_bar(l spmd.Lane) { // want reconverge_bar:`spmd\(\)`
	if l.Index() == 42 {
		return
	} else {
		return
	}
}

func IfElse_NonUniformFunctionCall_Reconverge(l spmd.Lane) { // want IfElse_NonUniformFunctionCall_Reconverge:`spmd\(barrier\)`
	if l.Index() == 42 {
		reconverge_bar(l)
	}
	l.Barrier() // fine
}

// Tint: FunctionReconvergesOnExit.
func reconvergesOnExit_foo(l spmd.Lane, p *int) { // want reconvergesOnExit_foo:`spmd\(effect\(\*1\)=always\)`
	if l.Index() == 0 {
		*p = 42
		return
	}
	*p = 5
}

func FunctionReconvergesOnExit(l spmd.Lane, p *int) { // want FunctionReconvergesOnExit:`spmd\(barrier\ effect\(\*1\)=always\)`
	reconvergesOnExit_foo(l, p)
	l.Barrier() // fine
}

// Pointer parameters.

// Tint: LoadNonUniformLocalThroughPointerParameter. Tint's notes say
// "parameter 'p' of 'bar' may point to a non-uniform value" and "possibly
// non-uniform value passed via pointer here"; spmdvet reports at the call.
func loadThroughPointer_bar(l spmd.Lane, p *int) { // want loadThroughPointer_bar:`spmd\(barrier\ requires\(1\)\ requires\(\*1\)\)`
	if *p == 0 {
		l.Barrier()
	}
}

func LoadNonUniformLocalThroughPointerParameter(l spmd.Lane) { // want LoadNonUniformLocalThroughPointerParameter:`spmd\(barrier\)`
	v := l.Index()
	loadThroughPointer_bar(l, &v) // want `what parameter p of loadThroughPointer_bar points to must be uniform`
}

// Tint: LoadUniformThroughPointerParameter.
func LoadUniformThroughPointerParameter(l spmd.Lane) { // want LoadUniformThroughPointerParameter:`spmd\(barrier\)`
	v := 42
	loadThroughPointer_bar(l, &v) // fine
}

// Tint: LoadNonUniformGlobalThroughPointerParameter. Go: the package-level
// variable is shared by all lanes, so what it holds is uniform; not
// reported. (Tint: fails, a read_write storage buffer is non-uniform.)
var global int

func LoadNonUniformGlobalThroughPointerParameter(l spmd.Lane) { // want LoadNonUniformGlobalThroughPointerParameter:`spmd\(barrier\)`
	loadThroughPointer_bar(l, &global) // fine in Go
}

// Tint: LoadNonUniformThroughPointerParameter_BecomesUniformAfterUse.
func becomesUniformAfterUse_bar(l spmd.Lane, p *int) { // want becomesUniformAfterUse_bar:`spmd\(barrier\ requires\(1\)\ requires\(\*1\)\ effect\(\*1\)=on\(1\)\)`
	if *p == 0 {
		l.Barrier()
	}
	*p = 0
}

func LoadNonUniformThroughPointerParameter_BecomesUniformAfterUse(l spmd.Lane) { // want LoadNonUniformThroughPointerParameter_BecomesUniformAfterUse:`spmd\(barrier\)`
	v := l.Index()
	becomesUniformAfterUse_bar(l, &v) // want `what parameter p of becomesUniformAfterUse_bar points to must be uniform`
}

// Tint: LoadNonUniformThroughPointerParameter_BecomesUniformAfterCall.
func LoadNonUniformThroughPointerParameter_BecomesUniformAfterCall(l spmd.Lane) { // want LoadNonUniformThroughPointerParameter_BecomesUniformAfterCall:`spmd\(barrier\)`
	v := l.Index()
	loadThroughPointer_bar(l, &v) // want `what parameter p of loadThroughPointer_bar points to must be uniform`
	v = 0
	_ = v
}

// Tint: LoadUniformThroughNonUniformPointer_ViaParameter. The pointer is
// made divergent inside the callee: reported there.
func uniformThroughNonUniformPtr_bar(l spmd.Lane, p *[4]int) { // want uniformThroughNonUniformPtr_bar:`spmd\(barrier\)`
	lp := &p[l.Index()%4]
	if *lp == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func LoadUniformThroughNonUniformPointer_ViaParameter(l spmd.Lane) { // want LoadUniformThroughNonUniformPointer_ViaParameter:`spmd\(barrier\)`
	var v [4]int
	uniformThroughNonUniformPtr_bar(l, &v)
}

// Tint: LoadUniformThroughNonUniformPointer_ViaParameterChain. The
// pointer itself is divergent: the parameter must be uniform.
func ptrChain_zoo(l spmd.Lane, p *int) { // want ptrChain_zoo:`spmd\(barrier\ requires\(1\)\ requires\(\*1\)\)`
	if *p == 0 {
		l.Barrier()
	}
}

func ptrChain_bar(l spmd.Lane, p *int) { // want ptrChain_bar:`spmd\(barrier\ requires\(1\)\ requires\(\*1\)\)`
	ptrChain_zoo(l, p)
}

// (v is initialized explicitly: see package sumbugcrash for what happens
// to a variable the caller never writes.)
func LoadUniformThroughNonUniformPointer_ViaParameterChain(l spmd.Lane) { // want LoadUniformThroughNonUniformPointer_ViaParameterChain:`spmd\(barrier\)`
	v := [4]int{1, 2, 3, 4}
	p := &v[l.Index()%4]
	ptrChain_bar(l, p) // want `parameter p of ptrChain_bar must be uniform`
}

// Tint: LoadNonUniformThroughUniformPointer_ViaParameter. The pointer is
// uniform, what it points to is not.
func LoadNonUniformThroughUniformPointer_ViaParameter(l spmd.Lane) { // want LoadNonUniformThroughUniformPointer_ViaParameter:`spmd\(barrier\)`
	v := [4]int{0, 0, 0, l.Index()}
	p := &v[l.Count()%4]
	ptrChain_bar(l, p) // want `what parameter p of ptrChain_bar points to must be uniform`
}

// Tint: UnmodifiedPointerParameterNonUniform and
// UnmodifiedPointerParameterUniform.
func unmodified_bar(p *int) {} // want unmodified_bar:`spmd\(\)`

func UnmodifiedPointerParameterNonUniform(l spmd.Lane) { // want UnmodifiedPointerParameterNonUniform:`spmd\(barrier\)`
	v := l.Index()
	unmodified_bar(&v)
	if v == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func UnmodifiedPointerParameterUniform(l spmd.Lane) { // want UnmodifiedPointerParameterUniform:`spmd\(barrier\)`
	v := 42
	unmodified_bar(&v)
	if v == 0 {
		l.Barrier() // fine
	}
}

// Tint: AssignNonUniformThroughPointerInFunctionCall and
// AssignUniformThroughPointerInFunctionCall.
func assignNonUniform_bar(l spmd.Lane, p *int) { // want assignNonUniform_bar:`spmd\(effect\(\*1\)=always\)`
	*p = l.Index()
}

func AssignNonUniformThroughPointerInFunctionCall(l spmd.Lane) { // want AssignNonUniformThroughPointerInFunctionCall:`spmd\(barrier\)`
	v := 0
	assignNonUniform_bar(l, &v)
	if v == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func assignUniform_bar(p *int) { // want assignUniform_bar:`spmd\(effect\(\*0\)=on\(0\)\)`
	*p = 42
}

// Go: conservative. Tint passes: the call overwrites the lane-dependent
// value with 42.
func AssignUniformThroughPointerInFunctionCall(l spmd.Lane) { // want AssignUniformThroughPointerInFunctionCall:`spmd\(barrier\)`
	v := l.Index()
	assignUniform_bar(&v)
	if v == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: AssignNonUniformThroughPointerInFunctionCallViaArg and
// AssignUniformThroughPointerInFunctionCallViaArg.
func viaArg_bar(p *int, a int) { // want viaArg_bar:`spmd\(effect\(\*0\)=on\(0,1\)\)`
	*p = a
}

func AssignNonUniformThroughPointerInFunctionCallViaArg(l spmd.Lane) { // want AssignNonUniformThroughPointerInFunctionCallViaArg:`spmd\(barrier\)`
	v := 0
	viaArg_bar(&v, l.Index())
	if v == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Go: conservative (Tint passes).
func AssignUniformThroughPointerInFunctionCallViaArg(l spmd.Lane) { // want AssignUniformThroughPointerInFunctionCallViaArg:`spmd\(barrier\)`
	v := l.Index()
	viaArg_bar(&v, 42)
	if v == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// The same with a variable that holds nothing lane-dependent before the
// call: here spmdvet and Tint agree.
func AssignUniformThroughPointerInFunctionCallViaArg_Fresh(l spmd.Lane) { // want AssignUniformThroughPointerInFunctionCallViaArg_Fresh:`spmd\(barrier\)`
	v := 0
	viaArg_bar(&v, 42)
	if v == 0 {
		l.Barrier() // fine
	}
}

// Tint: AssignNonUniformThroughPointerInFunctionCallViaPointerArg and
// AssignUniformThroughPointerInFunctionCallViaPointerArg.
func viaPointerArg_bar(p, a *int) { // want viaPointerArg_bar:`spmd\(effect\(\*0\)=on\(0,1,\*1\)\)`
	*p = *a
}

func AssignNonUniformThroughPointerInFunctionCallViaPointerArg(l spmd.Lane) { // want AssignNonUniformThroughPointerInFunctionCallViaPointerArg:`spmd\(barrier\)`
	v := 0
	a := l.Index()
	viaPointerArg_bar(&v, &a)
	if v == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Go: conservative (Tint passes).
func AssignUniformThroughPointerInFunctionCallViaPointerArg(l spmd.Lane) { // want AssignUniformThroughPointerInFunctionCallViaPointerArg:`spmd\(barrier\)`
	v := l.Index()
	a := 42
	viaPointerArg_bar(&v, &a)
	if v == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: AssignNonUniformThroughPointerInFunctionCallChain and
// AssignUniformThroughPointerInFunctionCallChain.
func chain_f3(p, a *int) { *p = *a } // want chain_f3:`spmd\(effect\(\*0\)=on\(0,1,\*1\)\)`

func chain_f2(p, a *int) { chain_f3(p, a) } // want chain_f2:`spmd\(effect\(\*0\)=on\(0,1,\*1\)\)`

func chain_f1(p, a *int) { chain_f2(p, a) } // want chain_f1:`spmd\(effect\(\*0\)=on\(0,1,\*1\)\)`

func AssignNonUniformThroughPointerInFunctionCallChain(l spmd.Lane) { // want AssignNonUniformThroughPointerInFunctionCallChain:`spmd\(barrier\)`
	v := 0
	a := l.Index()
	chain_f1(&v, &a)
	if v == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Go: conservative (Tint passes).
func AssignUniformThroughPointerInFunctionCallChain(l spmd.Lane) { // want AssignUniformThroughPointerInFunctionCallChain:`spmd\(barrier\)`
	v := l.Index()
	a := 42
	chain_f1(&v, &a)
	if v == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: MakePointerParamUniformInReturnExpression. Go: conservative (Tint
// passes): bar's own store of a lane-dependent value counts, though zoo
// overwrites it before bar returns.
func uniformInReturn_zoo(p *int) int { // want uniformInReturn_zoo:`spmd\(result0=never\ effect\(\*0\)=on\(0\)\)`
	*p = 5
	return 6
}

func uniformInReturn_bar(l spmd.Lane, p *int) int { // want uniformInReturn_bar:`spmd\(result0=never\ effect\(\*1\)=always\)`
	*p = l.Index()
	return uniformInReturn_zoo(p)
}

func MakePointerParamUniformInReturnExpression(l spmd.Lane) { // want MakePointerParamUniformInReturnExpression:`spmd\(barrier\)`
	v := 0
	uniformInReturn_bar(l, &v)
	if v == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: MakePointerParamNonUniformInReturnExpression.
func nonUniformInReturn_zoo(l spmd.Lane, p *int) int { // want nonUniformInReturn_zoo:`spmd\(result0=never\ effect\(\*1\)=always\)`
	*p = l.Index()
	return 6
}

func nonUniformInReturn_bar(l spmd.Lane, p *int) int { // want nonUniformInReturn_bar:`spmd\(result0=never\ effect\(\*1\)=always\)`
	*p = 5
	return nonUniformInReturn_zoo(l, p)
}

func MakePointerParamNonUniformInReturnExpression(l spmd.Lane) { // want MakePointerParamNonUniformInReturnExpression:`spmd\(barrier\)`
	v := 0
	nonUniformInReturn_bar(l, &v)
	if v == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: PointerParamAssignNonUniformInTrueAndUniformInFalse.
func trueAndFalse_bar(l spmd.Lane, p *int, c bool) { // want trueAndFalse_bar:`spmd\(effect\(\*1\)=always\)`
	if c {
		*p = l.Index()
	} else {
		*p = 5
	}
}

func PointerParamAssignNonUniformInTrueAndUniformInFalse(l spmd.Lane) { // want PointerParamAssignNonUniformInTrueAndUniformInFalse:`spmd\(barrier\)`
	v := 0
	trueAndFalse_bar(l, &v, true)
	if v == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: ConditionalAssignNonUniformToPointerParamAndReturn.
func assignAndReturn_bar(l spmd.Lane, p *int, c bool) { // want assignAndReturn_bar:`spmd\(effect\(\*1\)=always\)`
	if c {
		*p = l.Index()
		return
	}
	*p = 5
}

func ConditionalAssignNonUniformToPointerParamAndReturn(l spmd.Lane) { // want ConditionalAssignNonUniformToPointerParamAndReturn:`spmd\(barrier\)`
	v := 0
	assignAndReturn_bar(l, &v, true)
	if v == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: PointerParamMaybeBecomesUniform.
func maybeUniform_bar(p *int, c bool) { // want maybeUniform_bar:`spmd\(effect\(\*0\)=on\(0,1\)\)`
	if c {
		*p = 5
		return
	}
}

func PointerParamMaybeBecomesUniform(l spmd.Lane) { // want PointerParamMaybeBecomesUniform:`spmd\(barrier\)`
	v := l.Index()
	maybeUniform_bar(&v, true)
	if v == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: PointerParamModifiedInNonUniformControlFlow and
// PointerParamModifiedInUniformControlFlow. A uniform store, made by some
// lanes only, leaves the lanes disagreeing.
func modified_foo(p *int) { // want modified_foo:`spmd\(effect\(\*0\)=on\(0\)\)`
	*p = 42
}

func PointerParamModifiedInNonUniformControlFlow(l spmd.Lane) { // want PointerParamModifiedInNonUniformControlFlow:`spmd\(barrier\)`
	var a int
	if l.Index() == 0 {
		modified_foo(&a)
	}
	if a == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func PointerParamModifiedInUniformControlFlow(l spmd.Lane) { // want PointerParamModifiedInUniformControlFlow:`spmd\(barrier\)`
	var a int
	if l.Count() == 0 {
		modified_foo(&a)
	}
	if a == 0 {
		l.Barrier() // fine
	}
}

// Tint: PointerParamAssumedModifiedInNonUniformControlFlow. Go: more
// precise than Tint, which assumes a pointer parameter is always written:
// the summary of notModified_foo says it writes nothing, so the lanes agree
// about a (Tint fails).
func notModified_foo(p *int) {} // want notModified_foo:`spmd\(\)`

func PointerParamAssumedModifiedInNonUniformControlFlow(l spmd.Lane) { // want PointerParamAssumedModifiedInNonUniformControlFlow:`spmd\(barrier\)`
	var a int
	if l.Index() == 0 {
		notModified_foo(&a)
	}
	if a == 0 {
		l.Barrier() // fine in Go
	}
}

// Tint: PointerParamModifiedInNonUniformControlFlow_NestedCall.
func nested_foo2(p *int) { *p = 42 } // want nested_foo2:`spmd\(effect\(\*0\)=on\(0\)\)`

func nested_foo(p *int) { nested_foo2(p) } // want nested_foo:`spmd\(effect\(\*0\)=on\(0\)\)`

func PointerParamModifiedInNonUniformControlFlow_NestedCall(l spmd.Lane) { // want PointerParamModifiedInNonUniformControlFlow_NestedCall:`spmd\(barrier\)`
	var a int
	if l.Index() == 0 {
		nested_foo(&a)
	}
	if a == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: NonUniformPointerParameterBecomesUniform_AfterUse and _BeforeUse.
func afterUse_bar(a, b *int) { // want afterUse_bar:`spmd\(effect\(\*0\)=on\(0\)\ effect\(\*1\)=on\(0,\*0,1\)\)`
	*b = *a
	*a = 0
}

func NonUniformPointerParameterBecomesUniform_AfterUse(l spmd.Lane) { // want NonUniformPointerParameterBecomesUniform_AfterUse:`spmd\(barrier\)`
	a, b := l.Index(), 0
	afterUse_bar(&a, &b)
	if b == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func beforeUse_bar(a, b *int) { // want beforeUse_bar:`spmd\(effect\(\*0\)=on\(0\)\ effect\(\*1\)=on\(0,\*0,1\)\)`
	*a = 0
	*b = *a
}

// Go: conservative (Tint passes).
func NonUniformPointerParameterBecomesUniform_BeforeUse(l spmd.Lane) { // want NonUniformPointerParameterBecomesUniform_BeforeUse:`spmd\(barrier\)`
	a, b := l.Index(), 0
	beforeUse_bar(&a, &b)
	if b == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: UniformPointerParameterBecomesNonUniform_BeforeUse and _AfterUse.
func becomesNonUniformBefore_bar(l spmd.Lane, a, b *int) { // want becomesNonUniformBefore_bar:`spmd\(effect\(\*1\)=always\ effect\(\*2\)=always\)`
	*a = l.Index()
	*b = *a
}

func UniformPointerParameterBecomesNonUniform_BeforeUse(l spmd.Lane) { // want UniformPointerParameterBecomesNonUniform_BeforeUse:`spmd\(barrier\)`
	a, b := 0, 0
	becomesNonUniformBefore_bar(l, &a, &b)
	if b == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func becomesNonUniformAfter_bar(l spmd.Lane, a, b *int) { // want becomesNonUniformAfter_bar:`spmd\(effect\(\*1\)=always\ effect\(\*2\)=always\)`
	*b = *a
	*a = l.Index()
}

// Go: conservative (Tint passes: b got a's old, uniform, value).
func UniformPointerParameterBecomesNonUniform_AfterUse(l spmd.Lane) { // want UniformPointerParameterBecomesNonUniform_AfterUse:`spmd\(barrier\)`
	a, b := 0, 0
	becomesNonUniformAfter_bar(l, &a, &b)
	if b == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: NonUniformPointerParameterUpdatedInPlace.
func inPlace_bar(p *int) { // want inPlace_bar:`spmd\(effect\(\*0\)=on\(0,\*0\)\)`
	*p++
}

func NonUniformPointerParameterUpdatedInPlace(l spmd.Lane) { // want NonUniformPointerParameterUpdatedInPlace:`spmd\(barrier\)`
	v := l.Index()
	inPlace_bar(&v)
	if v == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: MultiplePointerParametersBecomeNonUniform.
func multiple_bar(l spmd.Lane, a, b *int) { // want multiple_bar:`spmd\(effect\(\*1\)=always\ effect\(\*2\)=always\)`
	*a = l.Index()
	*b = l.Index()
}

func MultiplePointerParametersBecomeNonUniform(l spmd.Lane) { // want MultiplePointerParametersBecomeNonUniform:`spmd\(barrier\)`
	a, b := 0, 0
	multiple_bar(l, &a, &b)
	if b == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: MultiplePointerParametersWithEdgesToEachOther.
func edges_bar(a, b, c *int) { // want edges_bar:`spmd\(effect\(\*0\)=on\(0,\*0\)\ effect\(\*1\)=on\(1,\*1\)\ effect\(\*2\)=on\(0,\*0,1,\*1,2\)\)`
	*a = *a
	*b = *b
	*c = *a + *b
}

func MultiplePointerParametersWithEdgesToEachOther(l spmd.Lane) { // want MultiplePointerParametersWithEdgesToEachOther:`spmd\(barrier\)`
	a, b, c := l.Index(), 0, 0
	edges_bar(&a, &b, &c)
	if c == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: AssignUniformToPrivatePointerParameter_StillNonUniform. The same
// verdict for a per-lane variable, for another reason: the store of 0 does
// not undo what the variable held (see "conservative" above). With a
// package-level variable, shared, Go accepts it.
func stillNonUniform_bar(l spmd.Lane, p *int) { // want stillNonUniform_bar:`spmd\(barrier\ requires\(1\)\ requires\(\*1\)\ effect\(\*1\)=on\(1\)\)`
	*p = 0
	if *p == 0 {
		l.Barrier()
	}
}

func AssignUniformToPrivatePointerParameter_StillNonUniform(l spmd.Lane) { // want AssignUniformToPrivatePointerParameter_StillNonUniform:`spmd\(barrier\)`
	v := l.Index()
	stillNonUniform_bar(l, &v) // want `what parameter p of stillNonUniform_bar points to must be uniform`
	stillNonUniform_bar(l, &global)
}

// Tint: ArrayLength_PtrArgRequiresUniformityAndAffectsReturnValue. The
// slice's length must be uniform (it decides the barrier), and the result
// is as uniform as what the slice holds.
func lengthAndContents_bar(l spmd.Lane, s []int) int { // want lengthAndContents_bar:`spmd\(barrier\ result0=on\(1,\*1\)\ requires\(1\)\)`
	if len(s) == 10 {
		l.Barrier()
	}
	return s[0]
}

func ArrayLength_PtrArgRequiresUniformityAndAffectsReturnValue(l spmd.Lane) { // want ArrayLength_PtrArgRequiresUniformityAndAffectsReturnValue:`spmd\(barrier\)`
	s := make([]int, 10)
	s[1] = l.Index()
	if lengthAndContents_bar(l, s) == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	t := s[:l.Index()%10]
	lengthAndContents_bar(l, t) // want `parameter s of lengthAndContents_bar must be uniform`
}

// Chains, from Tint's tests of the quality of error messages.

// Tint: Error_CallUserThatCallsBuiltinDirectly ("called by 'foo' from
// 'main'").
func direct_foo(l spmd.Lane) { // want direct_foo:`spmd\(barrier\)`
	l.Barrier()
}

func Error_CallUserThatCallsBuiltinDirectly(l spmd.Lane) { // want Error_CallUserThatCallsBuiltinDirectly:`spmd\(barrier\)`
	if l.Index() == 42 {
		direct_foo(l) // want `barrier l.Barrier \(reached through direct_foo\) under divergent control`
	}
}

// Tint: Error_CallUserThatCallsBuiltinIndirectly ("called indirectly by
// 'foo' from 'main'").
func indirect_zoo(l spmd.Lane) { l.Barrier() } // want indirect_zoo:`spmd\(barrier\)`

func indirect_bar(l spmd.Lane) { indirect_zoo(l) } // want indirect_bar:`spmd\(barrier\)`

func indirect_foo(l spmd.Lane) { indirect_bar(l) } // want indirect_foo:`spmd\(barrier\)`

func Error_CallUserThatCallsBuiltinIndirectly(l spmd.Lane) { // want Error_CallUserThatCallsBuiltinIndirectly:`spmd\(barrier\)`
	if l.Index() == 42 {
		indirect_foo(l) // want `barrier l.Barrier \(reached through indirect_foo\) under divergent control`
	}
}

// Tint: Error_ParametersRequireUniformityInChain.
func paramChain_zoo(l spmd.Lane, a int) { // want paramChain_zoo:`spmd\(barrier\ requires\(1\)\)`
	if a == 42 {
		l.Barrier()
	}
}

func paramChain_bar(l spmd.Lane, b int) { paramChain_zoo(l, b) } // want paramChain_bar:`spmd\(barrier\ requires\(1\)\)`

func paramChain_foo(l spmd.Lane, c int) { paramChain_bar(l, c) } // want paramChain_foo:`spmd\(barrier\ requires\(1\)\)`

func Error_ParametersRequireUniformityInChain(l spmd.Lane) { // want Error_ParametersRequireUniformityInChain:`spmd\(barrier\)`
	paramChain_foo(l, l.Index()) // want `parameter c of paramChain_foo must be uniform`
}

// Tint: Error_ReturnValueMayBeNonUniformChain.
func retChain_zoo(l spmd.Lane) int { return l.Index() } // want retChain_zoo:`spmd\(result0=always\)`

func retChain_bar(l spmd.Lane) int { return retChain_zoo(l) } // want retChain_bar:`spmd\(result0=always\)`

func retChain_foo(l spmd.Lane) int { return retChain_bar(l) } // want retChain_foo:`spmd\(result0=always\)`

func Error_ReturnValueMayBeNonUniformChain(l spmd.Lane) { // want Error_ReturnValueMayBeNonUniformChain:`spmd\(barrier\)`
	if retChain_foo(l) == 42 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Tint: Error_CallsiteAndParameterRequireUniformity. A call that violates
// the call-site requirement is reported once, for the call site, though
// its argument is uniform anyway.
func callsiteAndParam_foo(l spmd.Lane, v int) { // want callsiteAndParam_foo:`spmd\(barrier\ requires\(1\)\)`
	if v == 0 {
		l.Barrier()
	}
}

func Error_CallsiteAndParameterRequireUniformity(l spmd.Lane) { // want Error_CallsiteAndParameterRequireUniformity:`spmd\(barrier\)`
	if l.Index() == 42 {
		callsiteAndParam_foo(l, 0) // want `barrier l.Barrier \(reached through callsiteAndParam_foo\) under divergent control`
	}
}

// Tint: Error_PointerParameterContentsRequiresUniformity_AfterControlFlow.
// (dpdx, a derivative, becomes a barrier.)
func afterControlFlow_foo(l spmd.Lane, p *int) { // want afterControlFlow_foo:`spmd\(barrier\ requires\(1\)\ requires\(\*1\)\)`
	for i := 0; i < 3; i++ {
		continue
	}
	if *p == 0 {
		return
	}
	l.Barrier()
}

func Error_PointerParameterContentsRequiresUniformity_AfterControlFlow(l spmd.Lane) { // want Error_PointerParameterContentsRequiresUniformity_AfterControlFlow:`spmd\(barrier\)`
	f := l.Index()
	afterControlFlow_foo(l, &f) // want `what parameter p of afterControlFlow_foo points to must be uniform`
}

// Tint: ParameterRequiredToBeUniform_With_ParameterRequiredToBeUniformForReturnValue.
// Both requirements on x are captured: the call is reported for the
// argument, and the result is divergent after it.
func both_foo(l spmd.Lane, x bool) bool { // want both_foo:`spmd\(barrier\ result0=on\(1\)\ requires\(1\)\)`
	if x {
		l.Barrier()
	}
	return x
}

func ParameterRequiredToBeUniform_With_ParameterRequiredToBeUniformForReturnValue(l spmd.Lane) { // want ParameterRequiredToBeUniform_With_ParameterRequiredToBeUniformForReturnValue:`spmd\(barrier\)`
	ret := both_foo(l, l.Index() == 0) // want `parameter x of both_foo must be uniform`
	if ret {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}
