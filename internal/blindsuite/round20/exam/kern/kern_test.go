package kern

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round20/exam/helpers"
	"github.com/spmdvet/spmdvet/spmd"
)

type kcase struct {
	name  string
	k     func(spmd.Lane)   // run with spmd.Run(lanes, k), unless run is set
	run   func(n int) error // custom launcher
	lanes int               // default 4
	bug   bool              // must return a *spmd.DivergenceError
	want  any               // for correct kernels: int (every lane) or []int
	setup func()            // before each try
	tries int               // for bugs that need a lucky schedule/map order
}

func bug(name string, k func(spmd.Lane)) kcase          { return kcase{name: name, k: k, bug: true} }
func ok(name string, k func(spmd.Lane), want any) kcase { return kcase{name: name, k: k, want: want} }

func setFlag(v bool) func() { return func() { Flag = v } }

func fillChans() {
	Chans = make([]chan int, 16)
	for i := range Chans {
		Chans[i] = make(chan int, 1)
		Chans[i] <- i
	}
}

func resetShared() {
	Shared = make([]int, 16)
	Counter = 0
	Ctr.Store(0)
}

var cases = []kcase{
	// sources and uniform inputs
	bug("PosLaneIndex", PosLaneIndex),
	ok("NegLaneCount", NegLaneCount, 1),
	ok("NegConstant", NegConstant, 6),
	bug("PosGlobalVsIndex", PosGlobalVsIndex),
	ok("NegGlobal", NegGlobal, 2),
	{name: "PosKernelParam", bug: true, k: func(l spmd.Lane) { PosKernelParam(l, 2) }},
	{name: "NegKernelParam", want: 3, k: func(l spmd.Lane) { NegKernelParam(l, 3) }},
	{name: "PosRunClosure", bug: true, run: func(int) error { return PosRunClosure(2) }},
	{name: "NegRunClosure", want: 3, run: func(int) error { return NegRunClosure(3) }},
	{name: "NegRunClosureCapturedVar", want: 6, run: func(int) error { return NegRunClosureCapturedVar(4) }},
	{name: "PosLaunchParam", bug: true, run: func(int) error { return PosLaunchParam() }},
	{name: "NegLaunchParam", want: 2, run: func(int) error { return NegLaunchParam() }},
	bug("PosOwnLaneID", PosOwnLaneID),
	ok("NegOwnUniform", NegOwnUniform, 1),
	bug("PosOwnDivergent", PosOwnDivergent),
	ok("NegOwnUniformZero", NegOwnUniformZero, 1),
	bug("PosOwnUniformParam", PosOwnUniformParam),
	ok("NegOwnUniformParam", NegOwnUniformParam, 1),
	bug("PosHelperLaneID", PosHelperLaneID),
	bug("PosHelperLaneIDOtherPkg", PosHelperLaneIDOtherPkg),
	{name: "PosCallsLaneIDNoLane", bug: true, k: func(l spmd.Lane) {
		helpers.Bind(l)
		defer helpers.Unbind()
		PosCallsLaneIDNoLane()
	}},
	{name: "NegCallsLaneIDNoLane", want: 1, k: func(l spmd.Lane) {
		helpers.Bind(l)
		defer helpers.Unbind()
		NegCallsLaneIDNoLane()
	}},

	// propagation
	bug("PosBinOp", PosBinOp), ok("NegBinOp", NegBinOp, 9),
	bug("PosUnOp", PosUnOp), ok("NegUnOp", NegUnOp, -4),
	bug("PosUnOpNot", PosUnOpNot), ok("NegUnOpNot", NegUnOpNot, 1),
	bug("PosConvert", PosConvert), ok("NegConvert", NegConvert, 4),
	bug("PosChangeType", PosChangeType), ok("NegChangeType", NegChangeType, 4),
	bug("PosMakeInterface", PosMakeInterface), ok("NegMakeInterface", NegMakeInterface, 1),
	bug("PosExtract", PosExtract), ok("NegExtract", NegExtract, 1),
	bug("PosIndex", PosIndex), ok("NegIndex", NegIndex, 1),
	bug("PosIndexString", PosIndexString), ok("NegIndexString", NegIndexString, int('x')),
	bug("PosField", PosField), ok("NegField", NegField, 4),
	bug("PosIndexAddr", PosIndexAddr), ok("NegIndexAddr", NegIndexAddr, 1),
	bug("PosFieldAddr", PosFieldAddr), ok("NegFieldAddr", NegFieldAddr, 1),
	bug("PosSlice", PosSlice), ok("NegSlice", NegSlice, 12),
	bug("PosLookup", PosLookup), ok("NegLookup", NegLookup, 14),
	bug("PosLookupCommaOk", PosLookupCommaOk), ok("NegLookupCommaOk", NegLookupCommaOk, 1),
	bug("PosTypeAssert", PosTypeAssert), ok("NegTypeAssert", NegTypeAssert, 1),
	bug("PosTypeAssertValue", PosTypeAssertValue), ok("NegTypeAssertValue", NegTypeAssertValue, 3),
	bug("PosRangeString", PosRangeString), ok("NegRangeString", NegRangeString, 4),
	{name: "PosSelect", bug: true, k: PosSelect, setup: fillChans},
	{name: "NegSelect", k: NegSelect, setup: fillChans, want: []int{0, 1, 2, 3}},
	{name: "PosRecv", bug: true, k: PosRecv, setup: fillChans},
	bug("PosPhi", PosPhi), ok("NegPhi", NegPhi, 1),
	bug("PosCall", PosCall), ok("NegCall", NegCall, 1),
	bug("PosMakeClosure", PosMakeClosure), ok("NegMakeClosure", NegMakeClosure, 4),

	// short-circuit
	bug("PosAndRight", PosAndRight), ok("NegAndRight", NegAndRight, 1),
	bug("PosOrRight", PosOrRight), ok("NegOrRight", NegOrRight, 1),
	bug("PosAndLeftConvergent", PosAndLeftConvergent), ok("NegAndLeftConvergent", NegAndLeftConvergent, 1),
	bug("PosShortCircuitValue", PosShortCircuitValue), ok("NegShortCircuitValue", NegShortCircuitValue, 1),

	// switch
	bug("PosSwitchTag", PosSwitchTag), ok("NegSwitchTag", NegSwitchTag, 1),
	bug("PosSwitchCases", PosSwitchCases), ok("NegSwitchCases", NegSwitchCases, 0),
	bug("PosSwitchNoFallthrough", PosSwitchNoFallthrough),
	ok("NegSwitchFallthrough", NegSwitchFallthrough, []int{1, 0, 0, 0}),
	bug("PosTypeSwitch", PosTypeSwitch), ok("NegTypeSwitch", NegTypeSwitch, 1),

	// goto
	bug("PosGoto", PosGoto), ok("NegGoto", NegGoto, 1),
	ok("NegGotoJoin", NegGotoJoin, []int{0, 2, 2, 2}),
	bug("PosGotoLoop", PosGotoLoop), ok("NegGotoLoop", NegGotoLoop, 4),

	// early return, joins
	bug("PosEarlyReturn", PosEarlyReturn), ok("NegEarlyReturn", NegEarlyReturn, 1),
	bug("PosReturnInLoop", PosReturnInLoop), ok("NegBreakInLoop", NegBreakInLoop, 1),
	{name: "PosNestedReturn", bug: true, k: PosNestedReturn, setup: setFlag(true)},
	{name: "NegNestedReturn", k: NegNestedReturn, setup: setFlag(true), want: 1},
	{name: "NegNestedReturnFlagOff", k: NegNestedReturn, setup: setFlag(false), want: 1},
	bug("PosJoinNotIPDom", PosJoinNotIPDom), ok("NegJoinNotIPDom", NegJoinNotIPDom, 1),

	// loops
	bug("PosForDivergentTrip", PosForDivergentTrip), ok("NegForUniformTrip", NegForUniformTrip, 6),
	ok("NegAfterDivergentLoop", NegAfterDivergentLoop, []int{0, 0, 1, 3}),
	bug("PosRangeSlice", PosRangeSlice), ok("NegRangeSlice", NegRangeSlice, 4),
	bug("PosRangeInt", PosRangeInt), ok("NegRangeInt", NegRangeInt, 16),
	ok("NegRangeSliceValues", NegRangeSliceValues, 2),
	bug("PosBreak", PosBreak), ok("NegBreakUniform", NegBreakUniform, 2),
	bug("PosContinue", PosContinue), ok("NegContinue", NegContinue, 2),
	ok("NegContinueThenBarrier", NegContinueThenBarrier, []int{0, 4, 0, 4}),
	bug("PosLabelledBreak", PosLabelledBreak), ok("NegInnerBreak", NegInnerBreak, 3),
	ok("NegLabelledBreakAfter", NegLabelledBreakAfter, []int{0, 1, 2, 9}),
	bug("PosLabelledContinue", PosLabelledContinue), ok("NegLabelledContinue", NegLabelledContinue, []int{0, 0, 0, 3}),
	bug("PosTemporal", PosTemporal), ok("NegTemporal", NegTemporal, 5),
	bug("PosTemporalBody", PosTemporalBody), ok("NegTemporalBody", NegTemporalBody, 20),
	bug("PosTemporalBroadcast", PosTemporalBroadcast), ok("NegTemporalBroadcast", NegTemporalBroadcast, 103),
	{name: "PosMapRangeKey", bug: true, k: PosMapRangeKey, lanes: 32, tries: 200},
	ok("NegSliceRangeKey", NegSliceRangeKey, 1),
	{name: "PosMapRangeValue", bug: true, k: PosMapRangeValue, lanes: 32, tries: 200},
	{name: "PosMapRangeBody", bug: true, k: PosMapRangeBody, lanes: 32, tries: 200},
	ok("NegMapRangeAfter", NegMapRangeAfter, 420),

	// memory
	bug("PosLocalDivergentStore", PosLocalDivergentStore), ok("NegLocalUniformStore", NegLocalUniformStore, 4),
	bug("PosLocalStoreUnderDivergentControl", PosLocalStoreUnderDivergentControl),
	ok("NegLocalStoreUnderUniformControl", NegLocalStoreUnderUniformControl, 1),
	bug("PosLocalArrayDivergentIndex", PosLocalArrayDivergentIndex), ok("NegLocalArrayUniformIndex", NegLocalArrayUniformIndex, 1),
	bug("PosLocalStructField", PosLocalStructField), ok("NegLocalStructField", NegLocalStructField, 4),
	bug("PosCellDivergentStore", PosCellDivergentStore), ok("NegCellUniformStore", NegCellUniformStore, 4),
	bug("PosCellStoreUnderDivergentControl", PosCellStoreUnderDivergentControl),
	ok("NegCellStoreUnderUniformControl", NegCellStoreUnderUniformControl, 1),
	bug("PosCellStoreInDivergentLoop", PosCellStoreInDivergentLoop), ok("NegCellStoreInUniformLoop", NegCellStoreInUniformLoop, 5),
	{name: "NegSharedUniformAddr", k: NegSharedUniformAddr, setup: resetShared, want: 5},
	{name: "PosSharedDivergentAddr", bug: true, k: PosSharedDivergentAddr, setup: resetShared},
	{name: "NegParamUniformAddr", want: 3, k: func(l spmd.Lane) {
		p := 2
		NegParamUniformAddr(l, []int{0, 1}, &p)
	}},
	{name: "PosParamDivergentAddr", bug: true, k: func(l spmd.Lane) { PosParamDivergentAddr(l, []int{0, 1, 0, 1}) }},
	{name: "NegParamStructPtr", want: 7, k: func(l spmd.Lane) { NegParamStructPtr(l, &Point{X: 7}) }},
	{name: "PosParamStructPtrIndexed", bug: true, k: func(l spmd.Lane) { PosParamStructPtrIndexed(l, []Point{{X: 1}, {}, {}, {}}) }},
	{name: "PosAtomicAdd", bug: true, k: PosAtomicAdd, setup: resetShared},
	{name: "NegAtomicLoad", k: NegAtomicLoad, setup: resetShared, want: 4},
	{name: "PosAtomicCAS", bug: true, k: PosAtomicCAS, setup: resetShared},
	{name: "PosAtomicSwap", bug: true, k: PosAtomicSwap, setup: resetShared},
	{name: "PosAtomicMethod", bug: true, k: PosAtomicMethod, setup: resetShared},
	{name: "NegAtomicMethodLoad", k: NegAtomicMethodLoad, setup: resetShared, want: 4},

	// unknown callees
	bug("PosUnknownCallee", PosUnknownCallee), ok("NegUnknownCallee", NegUnknownCallee, 1),
	bug("PosInterfaceReceiver", PosInterfaceReceiver), bug("PosInterfaceArg", PosInterfaceArg),
	ok("NegInterfaceCall", NegInterfaceCall, 1),
	{name: "PosFuncParam", bug: true, k: func(l spmd.Lane) { PosFuncParam(l, func(x int) int { return x % 2 }) }},
	{name: "NegFuncParam", want: 1, k: func(l spmd.Lane) { NegFuncParam(l, func(x int) int { return x % 2 }) }},

	// convergent helpers
	bug("PosHelperSamePkg", PosHelperSamePkg), ok("NegHelperSamePkg", NegHelperSamePkg, 1),
	bug("PosHelperTwoLevel", PosHelperTwoLevel), ok("NegHelperTwoLevel", NegHelperTwoLevel, 4),
	bug("PosHelperOtherPkg", PosHelperOtherPkg), ok("NegHelperOtherPkg", NegHelperOtherPkg, 1),
	bug("PosHelperOtherPkgSum", PosHelperOtherPkgSum), ok("NegHelperOtherPkgSum", NegHelperOtherPkgSum, 4),
	bug("PosOwnConvergentOtherPkg", PosOwnConvergentOtherPkg), ok("NegOwnConvergentOtherPkg", NegOwnConvergentOtherPkg, 1),
	bug("PosOwnConvergentSamePkg", PosOwnConvergentSamePkg), ok("NegOwnConvergentSamePkg", NegOwnConvergentSamePkg, 1),
	bug("PosMethodHelper", PosMethodHelper), ok("NegMethodHelper", NegMethodHelper, 2),
	bug("PosClosureConvergent", PosClosureConvergent), ok("NegClosureConvergent", NegClosureConvergent, 1),

	// generics
	bug("PosGenericBody", PosGenericBody[int]), ok("NegGenericBody", NegGenericBody[string], 1),
	{name: "PosGenericKernel", bug: true, k: func(l spmd.Lane) { PosGenericKernel(l, []float64{0, 1, 0, 1}) }},
	{name: "NegGenericKernel", want: 1, k: func(l spmd.Lane) { NegGenericKernel(l, []int8{5, 0}, 1) }},
	bug("PosGenericHelper", PosGenericHelper), ok("NegGenericHelper", NegGenericHelper, 1),
	bug("PosGenericHelperOtherPkg", PosGenericHelperOtherPkg), ok("NegGenericHelperOtherPkg", NegGenericHelperOtherPkg, 4),
	bug("PosGenericConvergentDirective", PosGenericConvergentDirective), ok("NegGenericConvergentDirective", NegGenericConvergentDirective, 1),
	bug("PosGenericLaneID", PosGenericLaneID), ok("NegGenericUniform", NegGenericUniform, 1),
	bug("PosGenericUniformParam", PosGenericUniformParam), ok("NegGenericUniformParam", NegGenericUniformParam, 1),
	bug("PosGenericMethod", PosGenericMethod), ok("NegGenericMethod", NegGenericMethod, 1),
	bug("PosSpmdGenericDivergent", PosSpmdGenericDivergent), ok("NegSpmdGenericUniform", NegSpmdGenericUniform, 3),

	// collectives
	ok("NegAnyResult", NegAnyResult, 1), ok("NegAllResult", NegAllResult, 1),
	ok("NegBallotResult", NegBallotResult, 5), ok("NegReduceAddResult", NegReduceAddResult, 6),
	ok("NegReduceMinResult", NegReduceMinResult, 0), ok("NegReduceMaxResult", NegReduceMaxResult, 3),
	ok("NegBroadcastFirstResult", NegBroadcastFirstResult, 7), ok("NegBroadcastUniformSrc", NegBroadcastUniformSrc, 30),
	bug("PosBroadcastDivergentSrc", PosBroadcastDivergentSrc),
	bug("PosShuffleResult", PosShuffleResult), bug("PosShuffleXorResult", PosShuffleXorResult),
	bug("PosInclusiveAddResult", PosInclusiveAddResult), bug("PosExclusiveAddResult", PosExclusiveAddResult),
	ok("NegInclusiveThenReduce", NegInclusiveThenReduce, 4),
	bug("PosUnderAny", PosUnderAny), bug("PosUnderAll", PosUnderAll), bug("PosUnderBallot", PosUnderBallot),
	bug("PosUnderReduceAdd", PosUnderReduceAdd), bug("PosUnderReduceMin", PosUnderReduceMin),
	bug("PosUnderReduceMax", PosUnderReduceMax), bug("PosUnderBroadcast", PosUnderBroadcast),
	bug("PosUnderBroadcastFirst", PosUnderBroadcastFirst), bug("PosUnderShuffle", PosUnderShuffle),
	bug("PosUnderShuffleXor", PosUnderShuffleXor), bug("PosUnderInclusiveAdd", PosUnderInclusiveAdd),
	bug("PosUnderExclusiveAdd", PosUnderExclusiveAdd),
	ok("NegUnderUniform", NegUnderUniform, 13),

	// irreducible cycles
	bug("PosIrreducible", PosIrreducible),
	{name: "NegIrreducible", k: NegIrreducible, setup: setFlag(false), want: 3},
	{name: "NegIrreducibleFlagOn", k: NegIrreducible, setup: setFlag(true), want: 3},
	bug("PosIrreducibleSecondEntry", PosIrreducibleSecondEntry), ok("NegIrreducibleSecondEntry", NegIrreducibleSecondEntry, 4),
	{name: "NegIrreducibleAfterReconvergence", k: NegIrreducibleAfterReconvergence, setup: setFlag(false), want: []int{13, 13, 3, 3}},
	bug("PosIrreducibleCollective", PosIrreducibleCollective),
}

func TestKernels(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.name] {
			t.Fatalf("duplicate case %s", c.name)
		}
		seen[c.name] = true
		t.Run(c.name, func(t *testing.T) { runCase(t, c) })
	}
}

func runCase(t *testing.T, c kcase) {
	defer func() { Flag = false }()
	n := c.lanes
	if n == 0 {
		n = 4
	}
	tries := max(c.tries, 1)
	var err error
	for try := 0; try < tries; try++ {
		Reset(n)
		if c.setup != nil {
			c.setup()
		}
		if c.run != nil {
			err = c.run(n)
		} else {
			err = spmd.Run(n, c.k)
		}
		if !c.bug || err != nil {
			break
		}
	}
	if c.bug {
		var de *spmd.DivergenceError
		if !errors.As(err, &de) {
			t.Fatalf("want *spmd.DivergenceError, got %v", err)
		}
		if !atExpect(t, de) {
			t.Fatalf("no lane stopped at an EXPECT line: %v", err)
		}
		t.Logf("divergence: %v", err)
		return
	}
	if err != nil {
		t.Fatalf("correct kernel failed: %v", err)
	}
	var want []int
	switch w := c.want.(type) {
	case int:
		for range n {
			want = append(want, w)
		}
	case []int:
		want = w
	}
	if !slices.Equal(Out, want) {
		t.Fatalf("Out = %v, want %v", Out, want)
	}
}

// expectLines returns "file.go:line" for every // EXPECT line of dir.
func expectLines(t *testing.T, dir string) map[string]bool {
	m := map[string]bool{}
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasSuffix(strings.TrimSpace(line), "// EXPECT") {
				m[filepath.Base(f)+":"+itoa(i+1)] = true
			}
		}
	}
	return m
}

func itoa(i int) string { return strconv.Itoa(i) }

// atExpect reports whether some lane group of de waits at a site whose call
// chain passes through an EXPECT line.
func atExpect(t *testing.T, de *spmd.DivergenceError) bool {
	exp := expectLines(t, ".")
	for _, g := range de.Groups {
		if g.Returned {
			continue
		}
		for _, f := range g.Site.Stack {
			if exp[filepath.Base(f.File)+":"+itoa(f.Line)] {
				return true
			}
		}
	}
	return false
}
