package bad

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round4/kt"
)

func TestMain(m *testing.M) { kt.Main(m) }

// ints returns n values, f(i) each.
func ints(n int, f func(i int) int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

func TestGoto(t *testing.T) {
	kt.Bad(t, func(n int) error {
		return BadGotoForwardSkip(n, ints(n, func(i int) int { return i%3 - 1 }))
	}, "BadGotoForwardSkip")
	kt.Bad(t, BadGotoBackwardDivergentLoop, "BadGotoBackwardDivergentLoop")
	kt.Bad(t, func(n int) error { return BadIrreducibleDivergentEntry(n, make([]int, n)) }, "BadIrreducibleDivergentEntry")
	kt.Bad(t, func(n int) error { return BadIrreducibleExitValue(n, make([]int, n)) }, "BadIrreducibleExitValue")
	for _, atB := range []bool{false, true} {
		kt.Bad(t, func(n int) error { return BadIrreducibleInnerDivergence(n, atB) }, "BadIrreducibleInnerDivergence")
	}
	kt.Bad(t, func(n int) error {
		cols := 3
		grid := make([]int, n*3*cols)
		grid[(1*3+0)*cols+2] = -1 // lane 1, row 0
		return BadLabelledContinueDivergent(n, cols, grid)
	}, "BadLabelledContinueDivergent")
	kt.Bad(t, func(n int) error {
		return BadLabelledBreakOuter(n, ints(n, func(i int) int { return []int{100, 5}[i%2] }))
	}, "BadLabelledBreakOuter")
	kt.Bad(t, func(n int) error { return BadSwitchFallthrough(n, make([]int, n)) }, "BadSwitchFallthrough")
	kt.Bad(t, func(n int) error { return BadTypeSwitch(n, make([]int, n)) }, "BadTypeSwitch")
	kt.Bad(t, func(n int) error { return BadTaglessSwitchCase(n, make([]int, n)) }, "BadTaglessSwitchCase")
	kt.Bad(t, func(n int) error { return BadSelectDefault(n, make([]int, n)) }, "BadSelectDefault")
	kt.Bad(t, func(n int) error { return BadOrRightOperand(n, make([]int, n)) }, "BadOrRightOperand")
}

func TestGeneric(t *testing.T) {
	kt.Bad(t, BadGenericExchange, "BadGenericExchange")
	kt.Bad(t, BadGenericRepeatArg, "BadGenericRepeatArg")
	kt.Bad(t, func(n int) error {
		return BadGenericStageMethod(n, ints(n, func(i int) int { return i % 2 }))
	}, "BadGenericStageMethod")
	kt.Bad(t, BadGenericStageLocalRounds, "BadGenericStageLocalRounds")
	kt.Bad(t, func(n int) error { return BadGenericLocalType(n, make([]float32, n)) },
		"BadGenericLocalType", "gacc.add", "gacc.total")
	kt.Bad(t, BadGenericPairKey, "BadGenericPairKey", "bsyncIf")
}

func TestIface(t *testing.T) {
	kt.Bad(t, BadInterfaceSync, "BadInterfaceSync")
	kt.Bad(t, BadMethodValue, "BadMethodValue")
	kt.Bad(t, BadMethodExpression, "BadMethodExpression")
	kt.Bad(t, BadStepperArg, "BadStepperArg")
	kt.Bad(t, BadMethodValueArg, "BadMethodValueArg")
	kt.Bad(t, func(n int) error {
		return BadInterfaceLocalImpl(n, ints(n, func(i int) int { return i * 2 }))
	}, "BadInterfaceLocalImpl", "localSyncer.Sync")
}

func TestClosure(t *testing.T) {
	kt.Bad(t, BadClosureInStruct, "BadClosureInStruct")
	kt.Bad(t, func(n int) error { return BadClosureInSlice(n, make([]int, n)) }, "BadClosureInSlice")
	kt.Bad(t, func(n int) error {
		return BadClosureInMap(n, ints(n, func(i int) int { return i - 2 }))
	}, "BadClosureInMap")
	kt.Bad(t, BadReturnedClosure, "BadReturnedClosure")
	kt.Bad(t, BadLocalClosureArg, "BadLocalClosureArg")
	kt.Bad(t, BadReturnedClosureArg, "BadReturnedClosureArg")
	kt.Bad(t, func(n int) error {
		return BadClosureFieldAfterLoop(n, ints(n, func(i int) int { return i % 4 }))
	}, "BadClosureFieldAfterLoop", "makeSyncer")
	kt.Bad(t, func(n int) error {
		return BadDeferAfterDivergentReturn(n, ints(n, func(i int) int { return 1 - i%2*2 }))
	}, "BadDeferAfterDivergentReturn")
	kt.Bad(t, func(n int) error {
		return BadRecoverPanic(n, ints(n, func(i int) int { return i - 1 }))
	}, "BadRecoverPanic")
	kt.Bad(t, func(n int) error {
		return BadDeferNamedRecover(n, ints(n, func(i int) int { return i % 3 }), make([]int, n))
	}, "BadDeferNamedRecover", "swallow")
}

func TestChan(t *testing.T) {
	kt.Bad(t, BadChannelRecv, "BadChannelRecv")
	kt.Bad(t, BadChannelHelperRecv, "BadChannelHelperRecv")
	kt.BadRetry(t, 50, BadSelectTwoReady, "BadSelectTwoReady")
	kt.Bad(t, BadAtomicAddResult, "BadAtomicAddResult")
	kt.Bad(t, func(n int) error { return BadAtomicCAS(n, make([]int, 1)) }, "BadAtomicCAS")
	kt.Bad(t, BadAtomicTicket, "BadAtomicTicket")
	kt.Bad(t, BadAtomicTypeAdd, "BadAtomicTypeAdd")
	m := map[int]int{}
	for k := range 64 {
		m[k] = k % 2
	}
	kt.BadRetry(t, 50, func(n int) error { return BadMapRangeOrder(n, m) }, "BadMapRangeOrder")
	kt.BadRetry(t, 50, func(n int) error { return BadMapFirstKeyHelper(n, m) }, "BadMapFirstKeyHelper")
}

func TestMemory(t *testing.T) {
	kt.Bad(t, BadPublishLocal, "BadPublishLocal")
	kt.Bad(t, BadPassLocalSlice, "BadPassLocalSlice", "publishSlice")
	kt.Bad(t, BadSetLocalDivergent, "BadSetLocalDivergent")
	kt.Bad(t, func(n int) error { return BadLocalWriteUnderDivergence(n, make([]int, 1)) }, "BadLocalWriteUnderDivergence")
	kt.Bad(t, BadTaskLocalRounds, "BadTaskLocalRounds")
	kt.Bad(t, func(n int) error { return BadStructFieldControl(n, 2) }, "BadStructFieldControl")
	kt.Bad(t, BadShuffleXorResult, "BadShuffleXorResult")
	kt.Bad(t, BadInclusiveAddLoop, "BadInclusiveAddLoop")
	kt.Bad(t, BadExclusiveAddShuffle, "BadExclusiveAddShuffle")
	kt.Bad(t, BadBroadcastDivergentSrc, "BadBroadcastDivergentSrc")
	kt.Bad(t, func(n int) error {
		return BadTemporalDivergence(n, ints(n, func(i int) int { return i % 4 }))
	}, "BadTemporalDivergence")
	kt.Bad(t, BadPhiJoin, "BadPhiJoin")
	kt.Bad(t, BadMaybeSyncArg, "BadMaybeSyncArg")
	kt.Bad(t, func(n int) error {
		return BadSyncNArg(n, ints(n, func(i int) int { return i % 2 }))
	}, "BadSyncNArg")
	kt.Bad(t, func(n int) error {
		return BadAndRightOperand(n, ints(n, func(i int) int { return i % 2 }))
	}, "BadAndRightOperand")
}

func TestVocab(t *testing.T) {
	kt.Bad(t, BadVocabSync, "BadVocabSync")
	kt.Bad(t, func(n int) error { return BadVocabSelf(n, make([]uint64, 1)) }, "BadVocabSelf")
	kt.Bad(t, BadVocabPickDivergentSrc, "BadVocabPickDivergentSrc")
	kt.Bad(t, func(n int) error { return BadVocabMix(n, make([]int, 1)) }, "BadVocabMix")
	kt.Bad(t, func(n int) error { return BadVocabNamedKernel(n, 3) }, "BadVocabNamedKernel", "earlyKernel")
	kt.Bad(t, BadVocabNamedFuncAsKernel, "BadVocabNamedFuncAsKernel", "selfLoop")
}

func TestLong(t *testing.T) {
	kt.Bad(t, func(n int) error {
		// only lane 0 holds an element whose low three bits are zero
		data := ints(4*n, func(i int) int { return 2*i + 1 })
		data[0] = 8
		var res BadLongResult
		return BadLong(n, data, &res)
	}, "BadLong")
}
