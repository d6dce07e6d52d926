package decl

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round6/ktest"
)

func TestKernels(t *testing.T) {
	ktest.Run(t, []ktest.K{
		{Name: "PosKernel", Fn: PosKernel, In: "kPosKernel"}, {Name: "NegKernel", Fn: NegKernel},
		{Name: "PosNamed", Fn: PosNamed, In: "kPosNamed"}, {Name: "NegNamed", Fn: NegNamed},
		{Name: "PosGenKernelInt", Fn: PosGenKernelInt, In: "kPosGenKernel"},
		{Name: "PosGenKernelFloat", Fn: PosGenKernelFloat, In: "kPosGenKernel"},
		{Name: "NegGenKernelInt", Fn: NegGenKernelInt}, {Name: "NegGenKernelFloat", Fn: NegGenKernelFloat},
		{Name: "PosLaunch", Fn: PosLaunch}, {Name: "NegLaunch", Fn: NegLaunch},
		{Name: "PosWorker", Fn: PosWorker}, {Name: "NegWorker", Fn: NegWorker},
		{Name: "PosTid", Fn: PosTid, In: "workPos"}, {Name: "NegTid", Fn: NegTid},
		{Name: "PosMyID", Fn: PosMyID}, {Name: "NegMyID", Fn: NegMyID},
		{Name: "PosUniformPlain", Fn: PosUniformPlain}, {Name: "NegUniformDir", Fn: NegUniformDir},
		{Name: "PosUniformParam", Fn: PosUniformParam}, {Name: "NegUniformParam", Fn: NegUniformParam},
		{Name: "PosBroadcast", Fn: PosBroadcast}, {Name: "NegBroadcast", Fn: NegBroadcast},
		{Name: "PosDivergentDir", Fn: PosDivergentDir}, {Name: "NegDivergentDir", Fn: NegDivergentDir},
		{Name: "PosShuffle", Fn: PosShuffle}, {Name: "PosShuffleXor", Fn: PosShuffleXor},
		{Name: "PosInclusiveAdd", Fn: PosInclusiveAdd}, {Name: "PosExclusiveAdd", Fn: PosExclusiveAdd},
		{Name: "NegAny", Fn: NegAny}, {Name: "NegAll", Fn: NegAll}, {Name: "NegBallot", Fn: NegBallot},
		{Name: "NegReduceMinMax", Fn: NegReduceMinMax}, {Name: "NegBroadcastFirst", Fn: NegBroadcastFirst},
		{Name: "NegCount", Fn: NegCount},
		{Name: "PosSyncWrapper", Fn: PosSyncWrapper}, {Name: "NegSyncWrapper", Fn: NegSyncWrapper},
		{Name: "PosVoteWrapper", Fn: PosVoteWrapper}, {Name: "NegVoteWrapper", Fn: NegVoteWrapper},
		{Name: "PosDeepHelper", Fn: PosDeepHelper}, {Name: "NegDeepHelper", Fn: NegDeepHelper},
		{Name: "PosLocalHelper", Fn: PosLocalHelper}, {Name: "NegLocalHelper", Fn: NegLocalHelper},
		{Name: "PosHelperInside", Fn: PosHelperInside, In: "helperBug"}, {Name: "NegHelperInside", Fn: NegHelperInside},
		{Name: "PosConvergentClosure", Fn: PosConvergentClosure}, {Name: "NegConvergentClosure", Fn: NegConvergentClosure},
		{Name: "PosMethodExpr", Fn: PosMethodExpr}, {Name: "NegMethodExpr", Fn: NegMethodExpr},
		{Name: "PosParamDecides", Fn: PosParamDecides}, {Name: "NegParamDecides", Fn: NegParamDecides},
		{Name: "PosParamLoop", Fn: PosParamLoop}, {Name: "NegParamLoop", Fn: NegParamLoop},
		{Name: "PosParamNested", Fn: PosParamNested}, {Name: "NegParamNotDeciding", Fn: NegParamNotDeciding},
		{Name: "PosGenericInt", Fn: PosGenericInt}, {Name: "PosGenericFloat", Fn: PosGenericFloat},
		{Name: "NegGeneric", Fn: NegGeneric}, {Name: "NegGenericResult", Fn: NegGenericResult},
		{Name: "PosGenericParamInt", Fn: PosGenericParamInt}, {Name: "PosGenericParamString", Fn: PosGenericParamString},
		{Name: "NegGenericParam", Fn: NegGenericParam},
		{Name: "PosGenericTypeInt", Fn: PosGenericTypeInt}, {Name: "PosGenericTypeFloat", Fn: PosGenericTypeFloat},
		{Name: "NegGenericType", Fn: NegGenericType},
		{Name: "PosGenericDirInt", Fn: PosGenericDirInt}, {Name: "PosGenericDirString", Fn: PosGenericDirString},
		{Name: "NegGenericDir", Fn: NegGenericDir},
		{Name: "PosGenericMethodDirInt", Fn: PosGenericMethodDirInt}, {Name: "PosGenericMethodDirString", Fn: PosGenericMethodDirString},
		{Name: "NegGenericMethodDir", Fn: NegGenericMethodDir},
		{Name: "PosGenericLaneID", Fn: PosGenericLaneID}, {Name: "NegGenericLaneID", Fn: NegGenericLaneID},
		{Name: "PosGenericUniformPlain", Fn: PosGenericUniformPlain}, {Name: "NegGenericUniformDir", Fn: NegGenericUniformDir},
	})
}
