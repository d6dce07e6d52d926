package ambig

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

// Kernels annotated with a finding that spmd.Run shows to be real.
func TestDivergent(t *testing.T) {
	bad := map[string]func() error{
		"ArrayDivergentIndexStore": func() error { _, err := ArrayDivergentIndexStore(4); return err },
		"LocalMap":                 func() error { _, err := LocalMap(4); return err },
		"RecoverFlag":              func() error { _, err := RecoverFlag(4); return err },
		"SelectShared":             func() error { _, err := SelectShared(4); return err },
		"ChannelRecv":              func() error { _, err := ChannelRecv(4); return err },
		"HelperLaneResult":         func() error { _, err := HelperLaneResult(4); return err },
		"HelperParamSkewed":        func() error { _, err := HelperParamSkewed(4); return err },
		"InterfaceBarrier":         func() error { _, err := InterfaceBarrier(4); return err },
		"DeferEarlyReturn":         func() error { _, err := DeferEarlyReturn(4); return err },
	}
	for name, f := range bad {
		wantDivergence(t, name, f())
	}
}

func TestPanicGuard(t *testing.T) {
	_, err := PanicGuard(4)
	var pe *spmd.PanicError
	if !errors.As(err, &pe) || pe.Lane != 3 {
		t.Errorf("PanicGuard: got %v, want a *spmd.PanicError of lane 3", err)
	}
}

// Kernels annotated with a finding by the spec's wording that spmd.Run shows
// to be uniform at run time: the annotation records the spec, the test
// records the run.
func TestUniformAtRunTime(t *testing.T) {
	{
		got, err := ArrayOtherElement(4)
		wantOK(t, "ArrayOtherElement", got, err, []int{0, 1, 2, 3})
	}
	{
		got, err := StructUniformField(4)
		wantOK(t, "StructUniformField", got, err, []int{6, 6, 6, 6})
	}
	{
		got, err := TypeSwitchValueOnly(4)
		wantOK(t, "TypeSwitchValueOnly", got, err, []int{1, 1, 1, 1})
	}
	{
		got, err := FlowInsensitive(4)
		wantOK(t, "FlowInsensitive", got, err, []int{1, 1, 1, 1})
	}
	{
		got, err := HelperParamUniform(4)
		wantOK(t, "HelperParamUniform", got, err, []int{3, 3, 3, 3})
	}
}
