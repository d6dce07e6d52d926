package flow

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round6/ktest"
)

func TestKernels(t *testing.T) {
	ktest.Run(t, []ktest.K{
		{Name: "PosBinOp", Fn: PosBinOp}, {Name: "NegBinOp", Fn: NegBinOp},
		{Name: "PosUnOpNeg", Fn: PosUnOpNeg}, {Name: "NegUnOpNeg", Fn: NegUnOpNeg},
		{Name: "PosUnOpNot", Fn: PosUnOpNot}, {Name: "NegUnOpNot", Fn: NegUnOpNot},
		{Name: "PosConvert", Fn: PosConvert}, {Name: "NegConvert", Fn: NegConvert},
		{Name: "PosConvertString", Fn: PosConvertString}, {Name: "NegConvertString", Fn: NegConvertString},
		{Name: "PosChangeType", Fn: PosChangeType}, {Name: "NegChangeType", Fn: NegChangeType},
		{Name: "PosTypeAssert", Fn: PosTypeAssert}, {Name: "NegTypeAssert", Fn: NegTypeAssert},
		{Name: "PosTypeAssertOk", Fn: PosTypeAssertOk}, {Name: "NegTypeAssertOk", Fn: NegTypeAssertOk},
		{Name: "PosExtract", Fn: PosExtract}, {Name: "NegExtract", Fn: NegExtract},
		{Name: "PosField", Fn: PosField}, {Name: "NegField", Fn: NegField},
		{Name: "PosFieldAddr", Fn: PosFieldAddr}, {Name: "NegFieldAddr", Fn: NegFieldAddr},
		{Name: "PosIndexArray", Fn: PosIndexArray}, {Name: "NegIndexArray", Fn: NegIndexArray},
		{Name: "PosIndexString", Fn: PosIndexString}, {Name: "NegIndexString", Fn: NegIndexString},
		{Name: "PosIndexAddr", Fn: PosIndexAddr}, {Name: "NegIndexAddr", Fn: NegIndexAddr},
		{Name: "PosSlice", Fn: PosSlice}, {Name: "NegSlice", Fn: NegSlice},
		{Name: "PosLookup", Fn: PosLookup}, {Name: "NegLookup", Fn: NegLookup},
		{Name: "PosLookupOk", Fn: PosLookupOk}, {Name: "NegLookupOk", Fn: NegLookupOk},
		{Name: "PosRangeString", Fn: PosRangeString}, {Name: "NegRangeString", Fn: NegRangeString},
		{Name: "PosRangeRune", Fn: PosRangeRune}, {Name: "NegRangeRune", Fn: NegRangeRune},
		{Name: "PosSelect", Fn: PosSelect}, {Name: "NegSelect", Fn: NegSelect},
		{Name: "PosPhi", Fn: PosPhi}, {Name: "NegPhi", Fn: NegPhi},
		{Name: "PosCallKnown", Fn: PosCallKnown}, {Name: "NegCallKnown", Fn: NegCallKnown},
		{Name: "PosCallUnknown", Fn: PosCallUnknown}, {Name: "NegCallUnknown", Fn: NegCallUnknown},
		{Name: "PosInvoke", Fn: PosInvoke}, {Name: "NegInvoke", Fn: NegInvoke},
		{Name: "PosClosure", Fn: PosClosure}, {Name: "NegClosure", Fn: NegClosure},
		{Name: "PosLen", Fn: PosLen}, {Name: "NegLen", Fn: NegLen},
	})
}
