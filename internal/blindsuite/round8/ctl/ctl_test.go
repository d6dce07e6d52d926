package ctl

import (
	"errors"
	"reflect"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Errorf("%s: got error %v, want a *spmd.DivergenceError", name, err)
	}
}

func wantOK[T any](t *testing.T, name string, got T, err error, want T) {
	t.Helper()
	if err != nil {
		t.Errorf("%s: unexpected error: %v", name, err)
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: got %v, want %v", name, got, want)
	}
}

func TestBad(t *testing.T) {
	data := []int{1, 2, 3, 4, 5, 6}
	bad := map[string]func() error{
		"ShortAndBad":         func() error { _, err := ShortAndBad(4); return err },
		"ShortOrBad":          func() error { _, err := ShortOrBad(4); return err },
		"NestedShortBad":      func() error { _, err := NestedShortBad(4); return err },
		"SwitchCaseBad":       func() error { _, err := SwitchCaseBad(4); return err },
		"FallthroughBad":      func() error { _, err := FallthroughBad(4); return err },
		"SwitchBreakBad":      func() error { _, err := SwitchBreakBad(4); return err },
		"LabelledBreakBad":    func() error { _, err := LabelledBreakBad(4); return err },
		"LabelledContinueBad": func() error { _, err := LabelledContinueBad(4); return err },
		"GotoSkipBad":         func() error { _, err := GotoSkipBad(4); return err },
		"GotoLoopBad":         func() error { _, err := GotoLoopBad(4); return err },
		"IrreducibleBad":      func() error { _, err := IrreducibleBad(4); return err },
		"TemporalBad":         func() error { _, err := TemporalBad(4); return err },
		"StridedBad":          func() error { _, err := StridedBad(4, data); return err },
		"AnyLoopBad":          func() error { _, err := AnyLoopBad(4); return err },
		"DeferBad":            func() error { _, err := DeferBad(4); return err },
		"MethodValueBad":      func() error { _, err := MethodValueBad(4); return err },
		"BothBranchesBad":     func() error { _, err := BothBranchesBad(4); return err },
	}
	for name, f := range bad {
		wantDivergence(t, name, f())
	}
}

func TestGood(t *testing.T) {
	{
		got, err := ShortAndGood(4)
		wantOK(t, "ShortAndGood", got, err, []int{10, 11, 11, 11})
	}
	{
		got, err := NestedShortGood(4)
		wantOK(t, "NestedShortGood", got, err, []int{2, 2, 2, 2})
	}
	{
		got, err := SwitchCaseGood(4)
		wantOK(t, "SwitchCaseGood", got, err, []int{2, 3, 4, 5})
	}
	{
		got, err := FallthroughGood(4)
		wantOK(t, "FallthroughGood", got, err, []int{19, 19, 19, 19})
	}
	{
		got, err := SwitchBreakGood(4)
		wantOK(t, "SwitchBreakGood", got, err, []int{2, -3, 2, -3})
	}
	{
		want := make([]int, 4)
		for idx := range want {
			for i := 0; i < 3; i++ {
				for j := 0; j < 3; j++ {
					if i+j == idx {
						break
					}
					want[idx] += j
				}
			}
		}
		got, err := InnerBreakGood(4)
		wantOK(t, "InnerBreakGood", got, err, want)
	}
	{
		want := make([]int, 4)
		for idx := range want {
			for i := 0; i < 4; i++ {
				if i != idx {
					want[idx] += i
				}
			}
			for i := 0; i < 3; i++ {
				want[idx] += 10 * min(idx, 3)
			}
		}
		got, err := ContinueAfterBarrierGood(4)
		wantOK(t, "ContinueAfterBarrierGood", got, err, want)
	}
	{
		got, err := GotoJoinGood(4)
		wantOK(t, "GotoJoinGood", got, err, []int{7, 7, 7, 7})
	}
	{
		got, err := GotoLoopGood(4)
		wantOK(t, "GotoLoopGood", got, err, []int{2, 4, 2, 4})
	}
	{
		got, err := IrreducibleGood(4)
		wantOK(t, "IrreducibleGood/4", got, err, []int{0, 3, 6, 9})
		got, err = IrreducibleGood(3)
		wantOK(t, "IrreducibleGood/3", got, err, []int{0, 2, 4})
	}
	{
		got, err := TemporalGood(4)
		wantOK(t, "TemporalGood", got, err, []int{24, 24, 24, 24})
	}
	{
		got, err := LoopExitReconvergeGood(4)
		wantOK(t, "LoopExitReconvergeGood", got, err, []int{41, 42, 43, 44})
	}
	{
		got, err := StridedGood(4, []int{1, 2, 3, 4, 5, 6})
		wantOK(t, "StridedGood", got, err, 21)
	}
	{
		got, err := AnyLoopGood(4)
		wantOK(t, "AnyLoopGood", got, err, []int{10, 10, 12, 12})
	}
	{
		got, err := DeferGood(4)
		wantOK(t, "DeferGood", got, err, []int{1, 2, 1, 2})
	}
	{
		got, err := PanicUniformGood(4)
		wantOK(t, "PanicUniformGood", got, err, []int{1, 3, 5, 3})
	}
	{
		got, err := RecoverGood(4)
		wantOK(t, "RecoverGood", got, err, []int{6, 6, 6, 6})
	}
	{
		for range 20 {
			got, err := SelectGood(4)
			wantOK(t, "SelectGood", got, err, 2)
		}
	}
	{
		got, err := MethodValueGood(4)
		wantOK(t, "MethodValueGood", got, err, []int{0, 6, 12, 18})
	}
	{
		got, err := BothBranchesGood(4)
		wantOK(t, "BothBranchesGood", got, err, []int{1, 2, 1, 2})
	}
}
