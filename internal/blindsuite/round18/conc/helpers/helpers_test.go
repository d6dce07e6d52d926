package helpers

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

func TestPlainTicketBranch(t *testing.T) { wantDiv(t, PlainTicketBranch(4)) }
func TestPlainTicketReduce(t *testing.T) {
	n, err := PlainTicketReduce(4)
	wantOK(t, n, int64(6), err)
}
func TestPlainSquareIndex(t *testing.T) { wantDiv(t, PlainSquareIndex(4)) }
func TestPlainLimitLoop(t *testing.T) {
	n, err := PlainLimitLoop(4)
	wantOK(t, n, 3, err)
}
func TestPlainTakeSelect(t *testing.T) { wantDiv(t, PlainTakeSelect(4)) }
func TestPlainTakeCount(t *testing.T) {
	n, err := PlainTakeCount(4)
	wantOK(t, n, 3, err)
}
func TestPlainQueuePopLoop(t *testing.T) { wantDiv(t, PlainQueuePopLoop(4, 5)) }
func TestPlainQueuePopThenReduce(t *testing.T) {
	n, err := PlainQueuePopThenReduce(4, 5)
	wantOK(t, n, 10, err)
}
func TestPlainAsyncDivergent(t *testing.T) { wantDiv(t, PlainAsyncDivergent(4)) }
func TestPlainAsyncUniform(t *testing.T) {
	n, err := PlainAsyncUniform(4)
	wantOK(t, n, 8, err)
}
func TestPlainCountAfterBarrier(t *testing.T) {
	n, err := PlainCountAfterBarrier(4)
	wantOK(t, n, 4, err)
}
