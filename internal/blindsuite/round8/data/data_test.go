package data

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
		"MapLookupBad":             func() error { _, err := MapLookupBad(4); return err },
		"TypeSwitchBad":            func() error { _, err := TypeSwitchBad(4); return err },
		"StringRangeBad":           func() error { _, err := StringRangeBad(4); return err },
		"StructFieldBad":           func() error { _, err := StructFieldBad(4); return err },
		"SharedArrayBad":           func() error { _, err := SharedArrayBad(4); return err },
		"LocalFlagBad":             func() error { _, err := LocalFlagBad(4); return err },
		"LocalTemporalBad":         func() error { _, err := LocalTemporalBad(4); return err },
		"ClosureCaptureBad":        func() error { _, err := ClosureCaptureBad(4); return err },
		"ClosureCollectiveBad":     func() error { _, err := ClosureCollectiveBad(4); return err },
		"AtomicAddBad":             func() error { return AtomicAddBad(4) },
		"AtomicCASBad":             func() error { _, err := AtomicCASBad(4); return err },
		"AtomicSwapBad":            func() error { return AtomicSwapBad(4) },
		"AtomicTypeBad":            func() error { return AtomicTypeBad(4) },
		"BroadcastDivergentSrcBad": func() error { _, err := BroadcastDivergentSrcBad(4); return err },
		"BroadcastPhiSrcBad":       func() error { _, err := BroadcastPhiSrcBad(4); return err },
		"InclusiveAddBad":          func() error { _, err := InclusiveAddBad(4); return err },
		"BallotBitBad":             func() error { _, err := BallotBitBad(4); return err },
		"ShuffleXorBad":            func() error { _, err := ShuffleXorBad(4); return err },
		"SliceBoundBad":            func() error { _, err := SliceBoundBad(4, data); return err },
		"ConvertChainBad":          func() error { _, err := ConvertChainBad(4); return err },
	}
	for name, f := range bad {
		wantDivergence(t, name, f())
	}
}

// MapRangeBad is a "may" bug: it shows only when lanes start their map
// iteration at different keys, so run it until that happens.
func TestMapRangeBad(t *testing.T) {
	m := map[string]int{"a": 1, "b": 2, "c": 3}
	for range 200 {
		err := MapRangeBad(8, m)
		if err != nil {
			wantDivergence(t, "MapRangeBad", err)
			return
		}
	}
	t.Fatal("MapRangeBad: no divergence in 200 runs")
}

func TestGood(t *testing.T) {
	{
		got, err := MapLookupGood(4)
		// Count 4 -> key "a" -> one iteration.
		wantOK(t, "MapLookupGood", got, err, []int{0, 1, 2, 3})
		got, err = MapLookupGood(3)
		// Count 3 -> key "b" -> two iterations.
		wantOK(t, "MapLookupGood/3", got, err, []int{0, 2, 4})
	}
	{
		got, err := TypeSwitchGood(4)
		wantOK(t, "TypeSwitchGood", got, err, []int{6, 6, 6, 6})
		got, err = TypeSwitchGood(3)
		wantOK(t, "TypeSwitchGood/3", got, err, []int{-1, -1, -1})
	}
	{
		s := "spmd"
		want := make([]int, 4)
		for idx := range want {
			for i, r := range s {
				if int(r)%4 == idx {
					want[idx] += i
				}
			}
		}
		got, err := StringRangeGood(4, s)
		wantOK(t, "StringRangeGood", got, err, want)
	}
	{
		got, err := StructFieldGood(4)
		wantOK(t, "StructFieldGood", got, err, []int{8, 8, 8, 8})
	}
	{
		got, err := SharedArrayGood(4)
		wantOK(t, "SharedArrayGood", got, err, []int{60, 60, 60, 60})
	}
	{
		got, err := LocalFlagGood(4)
		wantOK(t, "LocalFlagGood", got, err, []int{1, 1, 1, 1})
	}
	{
		got, err := LocalTemporalGood(4)
		wantOK(t, "LocalTemporalGood", got, err, []int{4, 4, 4, 4})
	}
	{
		got, err := ClosureCaptureGood(4)
		wantOK(t, "ClosureCaptureGood", got, err, []int{4, 4, 4, 4})
	}
	{
		got, err := ClosureCollectiveGood(4)
		wantOK(t, "ClosureCollectiveGood", got, err, []int{4, 4, 0, 0})
	}
	{
		m := map[string]int{"a": 1, "b": 2, "c": 3}
		for range 20 {
			got, err := MapRangeGood(8, m)
			wantOK(t, "MapRangeGood", got, err, []int{48, 48, 48, 48, 48, 48, 48, 48})
		}
	}
	{
		got, err := AtomicLoadGood(4)
		wantOK(t, "AtomicLoadGood", got, err, []int{1, 1, 1, 1})
	}
	{
		got, err := AtomicTypeGood(4)
		wantOK(t, "AtomicTypeGood", got, err, []int{1, 1, 1, 1})
	}
	{
		got, err := ReduceUniformGood(4)
		wantOK(t, "ReduceUniformGood", got, err, []int{124, 124, 124, 124})
	}
	{
		got, err := BroadcastPhiSrcGood(4)
		wantOK(t, "BroadcastPhiSrcGood", got, err, []int{6, 6, 6, 6})
	}
	{
		got, err := ExclusiveAddGood(4)
		wantOK(t, "ExclusiveAddGood", got, err, []int{0, 1, 1, 2, 2, 2, 3, 3, 3, 3})
	}
	{
		got, err := BallotGood(4)
		wantOK(t, "BallotGood", got, err, []uint64{5, 5, 5, 5})
	}
	{
		got, err := SliceBoundGood(4, []int{1, 2, 3, 4, 5, 6})
		wantOK(t, "SliceBoundGood", got, err, []int{0, 18, 36, 54})
	}
	{
		got, err := ConvertChainGood(4)
		wantOK(t, "ConvertChainGood", got, err, []int{4, 4, 4, 4})
	}
}
