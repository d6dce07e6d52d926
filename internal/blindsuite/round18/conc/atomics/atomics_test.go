package atomics

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDiv(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func wantOK[T comparable](t *testing.T, got, want T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if got != want {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestTicketCollectiveInLoop(t *testing.T) { wantDiv(t, TicketCollectiveInLoop(4, 6)) }
func TestTicketReduceAfter(t *testing.T) {
	n, err := TicketReduceAfter(4, 6)
	wantOK(t, n, 6, err)
}
func TestTicketReturnOnExact(t *testing.T) { wantDiv(t, TicketReturnOnExact(4, 6)) }
func TestTicketBreakOnExact(t *testing.T) {
	n, err := TicketBreakOnExact(4, 6)
	wantOK(t, n, 1, err)
}
func TestCASLeader(t *testing.T) { wantDiv(t, CASLeader(4)) }
func TestCASLeaderPublish(t *testing.T) {
	n, err := CASLeaderPublish(4)
	wantOK(t, n, 0, err)
}
func TestAddLastArriver(t *testing.T) { wantDiv(t, AddLastArriver(4)) }
func TestAddThenLoadAfterBarrier(t *testing.T) {
	n, err := AddThenLoadAfterBarrier(4)
	wantOK(t, n, 3, err)
}
func TestSwapFirst(t *testing.T) { wantDiv(t, SwapFirst(4)) }
func TestCancelSharedFlag(t *testing.T) {
	for i := 0; i < 20; i++ {
		n, err := CancelSharedFlag(4)
		wantOK(t, n, 12, err)
	}
}
func TestCancelPerLaneBudget(t *testing.T) { wantDiv(t, CancelPerLaneBudget(4, 6)) }
func TestCASMaxRetryThenBarrier(t *testing.T) {
	n, err := CASMaxRetryThenBarrier(4)
	wantOK(t, n, 12, err)
}
func TestTicketsPerRound(t *testing.T) {
	n, err := TicketsPerRound(4, 3)
	wantOK(t, n, int64(66), err) // 0+1+...+11
}
func TestTicketParityContinue(t *testing.T) { wantDiv(t, TicketParityContinue(4, 3)) }
