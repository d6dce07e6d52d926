package good

import (
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round4/kt"
)

func TestMain(m *testing.M) { kt.Main(m) }

// sumTo returns 0+1+...+(n-1).
func sumTo(n int) int { return n * (n - 1) / 2 }

func want[T comparable](t *testing.T, n int, got, exp T) {
	t.Helper()
	if got != exp {
		t.Errorf("%d lanes: got %v, want %v", n, got, exp)
	}
}

func TestGoto(t *testing.T) {
	for _, rounds := range []int{0, 3} {
		kt.Good(t, func(n int) error {
			out := make([]int, 1)
			err := GoodGotoForwardUniform(n, rounds, out)
			exp := sumTo(n) + n
			if rounds > 0 {
				exp *= rounds
			}
			want(t, n, out[0], exp)
			return err
		}, "GoodGotoForwardUniform")
	}
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodGotoBackwardLoop(n, 4, out)
		want(t, n, out[0], (n/2)*(0+1+2+3))
		return err
	}, "GoodGotoBackwardLoop")
	for _, atB := range []bool{false, true} {
		kt.Good(t, func(n int) error {
			out := make([]int, 1)
			err := GoodIrreducibleUniformEntry(n, atB, out)
			want(t, n, out[0], 3*n)
			return err
		}, "GoodIrreducibleUniformEntry")
	}
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodIrreducibleDivergentEntryNoConvergent(n, out)
		// odd lanes enter at A: acc 30; even lanes at B: acc 20
		want(t, n, out[0], n/2*30+n/2*20)
		return err
	}, "GoodIrreducibleDivergentEntryNoConvergent")
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		return GoodLabelledContinueUniform(n, 4, 3, out)
	}, "GoodLabelledContinueUniform")
	kt.Good(t, func(n int) error {
		grid := [][]int{{100, 1, 100}, {3, 100, 0}, {2, 100, 100}}
		out := make([]int, 1)
		err := GoodLabelledBreakDivergent(n, grid, out)
		exp := -1 // lanes beyond 3 find nothing
		if n == 4 {
			exp = 1 // lane 1 at row 0, column 1
		}
		want(t, n, out[0], exp)
		return err
	}, "GoodLabelledBreakDivergent")
	for mode := range 4 {
		kt.Good(t, func(n int) error {
			out := make([]int, 1)
			return GoodSwitchFallthroughUniform(n, mode, out)
		}, "GoodSwitchFallthroughUniform")
	}
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodSwitchFallthroughDivergent(n, out)
		exp := 0
		for i := range n {
			switch i % 3 {
			case 0:
				exp += 110
			case 1:
				exp += 10
			default:
				exp++
			}
		}
		want(t, n, out[0], exp)
		return err
	}, "GoodSwitchFallthroughDivergent")
	for _, cfg := range []any{2, "abc", 1.5} {
		kt.Good(t, func(n int) error {
			out := make([]int, 1)
			return GoodTypeSwitchUniform(n, cfg, out)
		}, "GoodTypeSwitchUniform", "syncK")
	}
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodTypeSwitchDivergent(n, out)
		exp := 0
		for i := range n {
			if i%2 == 0 {
				exp += 2
			} else {
				exp += i
			}
		}
		want(t, n, out[0], exp)
		return err
	}, "GoodTypeSwitchDivergent")
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodSelectDefault(n, out)
		want(t, n, out[0], sumTo(n/2))
		return err
	}, "GoodSelectDefault")
}

func TestGeneric(t *testing.T) {
	kt.Good(t, func(n int) error {
		out := make([]float64, 1)
		return GoodGenericExchange(n, out)
	}, "GoodGenericExchange")
	kt.Good(t, func(n int) error { return GoodGenericRepeat(n, 3) }, "GoodGenericRepeat")
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodGenericStageShared(n, out)
		want(t, n, out[0], sumTo(n))
		return err
	}, "GoodGenericStageShared")
	kt.Good(t, func(n int) error {
		out := make([]float64, 1)
		err := GoodGenericStageLocal(n, 2, out)
		want(t, n, out[0], float64(sumTo(n)))
		return err
	}, "GoodGenericStageLocal")
	kt.Good(t, func(n int) error {
		out := make([]float64, 1)
		return GoodGenericLocalType(n, 3, out)
	}, "GoodGenericLocalType", "acc.add", "acc.total")
	kt.Good(t, func(n int) error { return GoodGenericPairKey(n, "go") }, "GoodGenericPairKey", "syncIf")
}

func TestIface(t *testing.T) {
	kt.Good(t, func(n int) error { return GoodInterfaceSync(n, 2) }, "GoodInterfaceSync")
	kt.Good(t, func(n int) error { return GoodMethodValue(n, 3) }, "GoodMethodValue")
	kt.Good(t, func(n int) error { return GoodMethodExpression(n) }, "GoodMethodExpression")
	kt.Good(t, func(n int) error { return GoodStepperUniformArg(n, 2) }, "GoodStepperUniformArg")
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodInterfacePureUnderDivergence(n, out)
		exp := 0
		for i := 0; i < n; i += 2 {
			exp += i * i
		}
		want(t, n, out[0], exp)
		return err
	}, "GoodInterfacePureUnderDivergence", "square.score")
}

func TestClosure(t *testing.T) {
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		return GoodClosureInStruct(n, 2, out)
	}, "GoodClosureInStruct")
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodClosureInSlice(n, out)
		want(t, n, out[0], sumTo(n)+n)
		return err
	}, "GoodClosureInSlice")
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodClosureInMap(n, out)
		want(t, n, out[0], sumTo(n)+n-1)
		return err
	}, "GoodClosureInMap")
	kt.Good(t, func(n int) error { return GoodReturnedClosure(n, 2) }, "GoodReturnedClosure")
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		return GoodLocalClosureUniformArg(n, 2, out)
	}, "GoodLocalClosureUniformArg")
	for _, r := range []int{0, 2} {
		kt.Good(t, func(n int) error {
			out := make([]int, 1)
			return GoodDeferBarrierUniformReturn(n, r, out)
		}, "GoodDeferBarrierUniformReturn")
		kt.Good(t, func(n int) error { return GoodDeferAfterUniformReturn(n, r) }, "GoodDeferAfterUniformReturn")
	}
	kt.Good(t, func(n int) error {
		data := make([]int, n)
		for i := range data {
			data[i] = i
		}
		out := make([]int, 1)
		err := GoodPanicBranch(n, data, out)
		want(t, n, out[0], sumTo(n))
		return err
	}, "GoodPanicBranch")
	for _, limit := range []int{100, 0} {
		kt.Good(t, func(n int) error {
			out := make([]int, 1)
			err := GoodRecoverUniformPanic(n, limit, out)
			if limit == 0 {
				want(t, n, out[0], -1)
			} else {
				want(t, n, out[0], sumTo(n))
			}
			return err
		}, "GoodRecoverUniformPanic")
	}
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		return GoodHelperRecovers(n, out)
	}, "GoodHelperRecovers")
}

func TestChan(t *testing.T) {
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodChannelGather(n, out)
		want(t, n, out[0], sumTo(n)+n)
		return err
	}, "GoodChannelGather")
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodChannelRecvThenReduce(n, out)
		want(t, n, out[0], sumTo(n))
		return err
	}, "GoodChannelRecvThenReduce")
	kt.Good(t, func(n int) error {
		out := make([]int64, 1)
		err := GoodAtomicLoadAfterBarrier(n, out)
		want(t, n, out[0], int64(sumTo(n)+n))
		return err
	}, "GoodAtomicLoadAfterBarrier")
	kt.Good(t, func(n int) error {
		out := make([]int64, 1)
		err := GoodAtomicTypeLoad(n, out)
		want(t, n, out[0], int64(2*n))
		return err
	}, "GoodAtomicTypeLoad")
	kt.Good(t, func(n int) error {
		m := map[string]int{"rounds": 2, "a": 1, "bb": 3, "ccc": 5}
		out := make([]int, 1)
		err := GoodMapConstKey(n, m, out)
		want(t, n, out[0], (6*2+1+6+15)*sumTo(n))
		return err
	}, "GoodMapConstKey")
	kt.Good(t, func(n int) error { return GoodMapLocalConstKey(n, 2) }, "GoodMapLocalConstKey")
}

func TestMemory(t *testing.T) {
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodSharedUniformAddress(n, out)
		want(t, n, out[0], 3*(n-1))
		return err
	}, "GoodSharedUniformAddress")
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodPublishShared(n, out)
		want(t, n, out[0], 1)
		return err
	}, "GoodPublishShared")
	kt.Good(t, GoodSetLocalUniform, "GoodSetLocalUniform")
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodTaskMixedFields(n, 3, out)
		// each lane: sum over r<3 of lane*r+1 = 3*lane+3
		want(t, n, out[0], 3*sumTo(n)+3*n)
		return err
	}, "GoodTaskMixedFields")
	kt.Good(t, func(n int) error {
		out := make([]float64, 1)
		return GoodLocalStructMixed(n, 3, out)
	}, "GoodLocalStructMixed")
	kt.Good(t, func(n int) error {
		data := make([]float64, 3*n+1)
		exp := 0.0
		for i := range data {
			data[i] = float64(i)
			exp += float64(i)
		}
		out := make([]float64, 1)
		err := GoodTreeSum(n, data, out)
		want(t, n, out[0], exp)
		return err
	}, "GoodTreeSum")
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodBroadcastUniform(n, out)
		want(t, n, out[0], 15+1+7*(n-1)+1+1)
		return err
	}, "GoodBroadcastUniform")
	kt.Good(t, GoodLocalArrayUniformWrites, "GoodLocalArrayUniformWrites")
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodPassDownShared(n, out)
		want(t, n, out[0], 5)
		return err
	}, "GoodPassDownShared", "publishDown")
	kt.Good(t, GoodSharedGlobal, "GoodSharedGlobal")
}

func TestVocab(t *testing.T) {
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodVocabBasic(n, out)
		want(t, n, out[0], 2*sumTo(n))
		return err
	}, "GoodVocabBasic")
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		return GoodVocabPickUniformSrc(n, out)
	}, "GoodVocabPickUniformSrc")
	kt.Good(t, GoodVocabDeclaredUniform, "GoodVocabDeclaredUniform")
	kt.Good(t, func(n int) error {
		data := make([]int, n)
		for i := range data {
			data[i] = i
		}
		err := GoodVocabNamedKernel(n, 3, data)
		want(t, n, data[n-1], 8*(n-1))
		return err
	}, "GoodVocabNamedKernel", "scaleKernel")
	kt.Good(t, GoodVocabNamedFuncAsKernel, "GoodVocabNamedFuncAsKernel", "selfKernel")
}

func TestMisc(t *testing.T) {
	for _, r := range []int{0, 1, 6} {
		kt.Good(t, func(n int) error {
			out := make([]int, 1)
			return GoodAndOrUniformLeft(n, r, out)
		}, "GoodAndOrUniformLeft")
	}
	kt.Good(t, func(n int) error {
		data := make([]int, n)
		for i := range data {
			data[i] = i % 5
		}
		out := make([]int, 1)
		err := GoodTemporalOnlyData(n, data, out)
		exp := 0
		for _, d := range data {
			exp += d + 1
		}
		want(t, n, out[0], exp)
		return err
	}, "GoodTemporalOnlyData")
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		err := GoodRecursion(n, 3, out)
		want(t, n, out[0], n+3)
		return err
	}, "GoodRecursion", "levels")
	kt.Good(t, func(n int) error {
		out := make([]int, 1)
		return GoodShuffleReduced(n, out)
	}, "GoodShuffleReduced")
	kt.Good(t, func(n int) error {
		out := make([]int, n)
		err := GoodNamedKernelDirective(n, 2, out)
		want(t, n, out[n-1], 2)
		return err
	}, "GoodNamedKernelDirective", "kernelDirective")
}

func TestLong(t *testing.T) {
	kt.Good(t, func(n int) error {
		data := make([]int, 4*n)
		for i := range data {
			data[i] = (i*37 + 11) % 97
		}
		var res LongResult
		err := GoodLong(n, data, &res)
		exp := slices.Clone(data)
		slices.Sort(exp)
		if !slices.Equal(res.Sorted, exp) {
			t.Errorf("%d lanes: not sorted: %v", n, res.Sorted)
		}
		sum := 0
		var hist [8]int
		for _, d := range data {
			sum += d
			hist[d&7]++
		}
		want(t, n, res.Sum, sum)
		want(t, n, res.Hist, hist)
		want(t, n, res.Max, exp[len(exp)-1])
		want(t, n, res.Min, exp[0])
		return err
	}, "GoodLong")
}
