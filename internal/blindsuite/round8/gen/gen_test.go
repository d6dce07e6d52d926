package gen

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
	{
		_, err := GenericHelperBad(4)
		wantDivergence(t, "GenericHelperBad", err)
	}
	{
		_, err := GenericMethodBad(4)
		wantDivergence(t, "GenericMethodBad", err)
	}
	{
		_, err := GenericFuncValueBad(4)
		wantDivergence(t, "GenericFuncValueBad", err)
	}
}

func TestGood(t *testing.T) {
	{
		got, err := GenericHelperGood(4)
		wantOK(t, "GenericHelperGood", got, err, []float64{0, 6, 0, 6})
	}
	{
		got, err := GenericMethodGood(4)
		wantOK(t, "GenericMethodGood", got, err, []int{0, 6, 6, 6})
	}
	{
		got, err := GenericFuncValueGood(4)
		wantOK(t, "GenericFuncValueGood", got, err, []int{3, 3, 3, 3})
	}
	{
		got, err := GenericBroadcastGood(4)
		wantOK(t, "GenericBroadcastGood", got, err, []string{"w3", "w3", "w3", "w3"})
	}
}
