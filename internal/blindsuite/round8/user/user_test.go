package user

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
	bad := map[string]func() error{
		"WarpIDBad":     func() error { _, err := WarpIDBad(4); return err },
		"JitterBad":     func() error { _, err := JitterBad(4); return err },
		"VoteBad":       func() error { _, err := VoteBad(4); return err },
		"ReadFromBad":   func() error { _, err := ReadFromBad(4); return err },
		"GetBad":        func() error { _, err := GetBad(4); return err },
		"FenceBad":      func() error { _, err := FenceBad(4); return err },
		"SyncTwiceBad":  func() error { _, err := SyncTwiceBad(4); return err },
		"AgreeBad":      func() error { _, err := AgreeBad(4); return err },
		"TotalBad":      func() error { _, err := TotalBad(4); return err },
		"LaunchBad":     func() error { _, err := LaunchBad(4, 2); return err },
		"KernelDeclBad": func() error { return KernelDeclBad(4, 3) },
	}
	for name, f := range bad {
		wantDivergence(t, name, f())
	}
}

func TestGood(t *testing.T) {
	{
		got, err := WarpSizeGood(4)
		wantOK(t, "WarpSizeGood", got, err, []int{0, 2, 4, 6})
	}
	{
		got, err := VoteGood(4)
		wantOK(t, "VoteGood", got, err, []int{1, 1, 1, 1})
	}
	{
		got, err := ReadFromGood(4)
		wantOK(t, "ReadFromGood", got, err, []int{1, 1, 1, 1})
	}
	{
		got, err := GetGood(4)
		wantOK(t, "GetGood", got, err, []int{2, 2, 2, 2})
	}
	{
		got, err := SyncTwiceGood(4)
		wantOK(t, "SyncTwiceGood", got, err, []int{6, 1, 1, 1})
	}
	{
		got, err := AgreeGood(4)
		wantOK(t, "AgreeGood", got, err, []int{1, 1, 1, 1})
	}
	{
		got, err := LaunchGood(4, 3)
		wantOK(t, "LaunchGood", got, err, []int{3, 3, 3, 3})
	}
	{
		got, err := KernelDeclGood(4, 4)
		wantOK(t, "KernelDeclGood", got, err, []int{6, 6, 6, 6})
	}
}
