package ambig_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/ambig"
	helpers "github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/ambig/helpers"
	"github.com/spmdvet/spmdvet/spmd"
)

func wantDiv(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want DivergenceError, got %v", err)
	}
	t.Log(err)
}

func run4(k func(spmd.Lane, []int)) ([]int, error) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { k(l, out) })
	return out, err
}

func TestMaybeSyncUniform(t *testing.T) {
	out, err := run4(ambig.MaybeSyncUniform)
	if err != nil || !slices.Equal(out, []int{1, 1, 1, 1}) {
		t.Fatalf("got %v, %v", out, err)
	}
}

func TestMaybeSyncDivergent(t *testing.T) {
	_, err := run4(ambig.MaybeSyncDivergent)
	wantDiv(t, err)
}

func TestCallbackOnlyHelper(t *testing.T) {
	_, err := run4(ambig.CallbackOnlyHelper)
	wantDiv(t, err)
}

func TestBoxThroughPointer(t *testing.T) {
	_, err := run4(ambig.BoxThroughPointer)
	wantDiv(t, err)
}

func TestTicketGuard(t *testing.T) {
	helpers.ResetTickets()
	_, err := run4(ambig.TicketGuard)
	wantDiv(t, err)
}

func TestInterfaceInvoke(t *testing.T) {
	_, err := run4(ambig.InterfaceInvoke)
	wantDiv(t, err)
}
