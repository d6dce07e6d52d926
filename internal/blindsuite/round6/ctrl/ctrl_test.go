package ctrl

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round6/ktest"
)

func TestKernels(t *testing.T) {
	ktest.Run(t, []ktest.K{
		{Name: "PosIf", Fn: PosIf}, {Name: "NegIf", Fn: NegIf},
		{Name: "PosEarlyReturn", Fn: PosEarlyReturn}, {Name: "NegEarlyReturn", Fn: NegEarlyReturn},
		{Name: "PosAndAnd", Fn: PosAndAnd}, {Name: "NegAndAnd", Fn: NegAndAnd}, {Name: "NegAndAndLeft", Fn: NegAndAndLeft},
		{Name: "PosOrOr", Fn: PosOrOr}, {Name: "NegOrOr", Fn: NegOrOr},
		{Name: "PosSwitchTag", Fn: PosSwitchTag}, {Name: "NegSwitchTag", Fn: NegSwitchTag},
		{Name: "PosSwitchCase", Fn: PosSwitchCase}, {Name: "NegSwitchCase", Fn: NegSwitchCase},
		{Name: "PosFallthrough", Fn: PosFallthrough}, {Name: "NegFallthrough", Fn: NegFallthrough},
		{Name: "PosForTrip", Fn: PosForTrip}, {Name: "NegForTrip", Fn: NegForTrip},
		{Name: "PosBreak", Fn: PosBreak}, {Name: "NegBreak", Fn: NegBreak},
		{Name: "PosContinue", Fn: PosContinue}, {Name: "NegContinue", Fn: NegContinue},
		{Name: "PosLabelContinue", Fn: PosLabelContinue}, {Name: "NegLabelContinue", Fn: NegLabelContinue},
		{Name: "PosLabelBreak", Fn: PosLabelBreak}, {Name: "NegLabelBreak", Fn: NegLabelBreak},
		{Name: "PosTemporal", Fn: PosTemporal}, {Name: "NegTemporal", Fn: NegTemporal},
		{Name: "PosGotoSkip", Fn: PosGotoSkip}, {Name: "NegGotoJoin", Fn: NegGotoJoin},
		{Name: "PosGotoLoop", Fn: PosGotoLoop}, {Name: "NegGotoLoop", Fn: NegGotoLoop},
		{Name: "PosIrreducible", Fn: PosIrreducible}, {Name: "NegIrreducible", Fn: NegIrreducible},
		{Name: "PosIrreducible2", Fn: PosIrreducible2}, {Name: "NegIrreducible2", Fn: NegIrreducible2},
		{Name: "NegGotoOneEntry", Fn: NegGotoOneEntry},
		{Name: "NegPanicOnly", Fn: NegPanicOnly}, {Name: "NegPanicSwitch", Fn: NegPanicSwitch},
		{Name: "PosPanicRecover", Fn: PosPanicRecover},
		{Name: "PosRangeFunc", Fn: PosRangeFunc}, {Name: "NegRangeFunc", Fn: NegRangeFunc},
		{Name: "PosNestedPhi", Fn: PosNestedPhi}, {Name: "NegNestedPhi", Fn: NegNestedPhi},
	})
}
