package mem

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round6/ktest"
)

func TestKernels(t *testing.T) {
	ktest.Run(t, []ktest.K{
		{Name: "PosLocalStore", Fn: PosLocalStore}, {Name: "NegLocalStore", Fn: NegLocalStore},
		{Name: "PosStoreCtl", Fn: PosStoreCtl}, {Name: "NegStoreCtl", Fn: NegStoreCtl},
		{Name: "PosLocalField", Fn: PosLocalField}, {Name: "NegLocalField", Fn: NegLocalField},
		{Name: "PosLocalArray", Fn: PosLocalArray}, {Name: "NegLocalArray", Fn: NegLocalArray},
		{Name: "PosNew", Fn: PosNew}, {Name: "NegNew", Fn: NegNew},
		{Name: "PosClosureWrite", Fn: PosClosureWrite}, {Name: "NegClosureWrite", Fn: NegClosureWrite},
		{Name: "PosHelperPtr", Fn: PosHelperPtr}, {Name: "NegHelperPtr", Fn: NegHelperPtr},
		{Name: "PosGlobal", Fn: PosGlobal}, {Name: "NegGlobal", Fn: NegGlobal},
		{Name: "PosGlobalPtr", Fn: PosGlobalPtr}, {Name: "NegGlobalPtr", Fn: NegGlobalPtr},
		{Name: "PosParamPtr", Fn: PosParamPtr, In: "kPosParamPtr"}, {Name: "NegParamPtr", Fn: NegParamPtr},
		{Name: "PosAtomicAdd", Fn: PosAtomicAdd}, {Name: "NegAtomicLoad", Fn: NegAtomicLoad},
		{Name: "PosAtomicCAS", Fn: PosAtomicCAS}, {Name: "NegAtomicCAS", Fn: NegAtomicCAS},
		{Name: "PosAtomicSwap", Fn: PosAtomicSwap}, {Name: "NegAtomicSwap", Fn: NegAtomicSwap},
		{Name: "PosAtomicType", Fn: PosAtomicType}, {Name: "NegAtomicType", Fn: NegAtomicType},
		{Name: "PosMapRangeKey", Fn: PosMapRangeKey, Random: true}, {Name: "NegMapRangeKey", Fn: NegMapRangeKey},
		{Name: "PosMapRangeValue", Fn: PosMapRangeValue, Random: true}, {Name: "NegMapRangeValue", Fn: NegMapRangeValue},
		{Name: "PosChanRecv", Fn: PosChanRecv}, {Name: "NegChanRecv", Fn: NegChanRecv},
		{Name: "PosChanRecvOk", Fn: PosChanRecvOk}, {Name: "NegChanRecvOk", Fn: NegChanRecvOk},
		{Name: "PosChanRange", Fn: PosChanRange}, {Name: "NegChanRange", Fn: NegChanRange},
	})
}
