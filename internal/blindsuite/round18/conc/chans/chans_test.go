package chans

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

func wantOK(t *testing.T, got, want int, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if got != want {
		t.Fatalf("got %d, want %d", got, want)
	}
}

func TestTokensSelectDefault(t *testing.T) { wantDiv(t, TokensSelectDefault(4)) }
func TestTokensCounted(t *testing.T) {
	n, err := TokensCounted(4)
	wantOK(t, n, 2, err)
}
func TestOwnChanUniform(t *testing.T) {
	n, err := OwnChanUniform(4)
	wantOK(t, n, 4, err)
}
func TestOwnChanDivergent(t *testing.T)      { wantDiv(t, OwnChanDivergent(4)) }
func TestQueueCollectiveInLoop(t *testing.T) { wantDiv(t, QueueCollectiveInLoop(4, 6)) }
func TestQueueReduceAfter(t *testing.T) {
	n, err := QueueReduceAfter(4, 6)
	wantOK(t, n, 15, err)
}
func TestRecvBranch(t *testing.T) { wantDiv(t, RecvBranch(4)) }
func TestRecvBroadcastFirst(t *testing.T) {
	n, err := RecvBroadcastFirst(4)
	wantOK(t, n, 4, err)
}
func TestOwnDoneClosedByEvenLanes(t *testing.T) { wantDiv(t, OwnDoneClosedByEvenLanes(4)) }
func TestSelectTwoShared(t *testing.T)          { wantDiv(t, SelectTwoShared(4)) }
func TestSelectTwoSharedCount(t *testing.T) {
	n, err := SelectTwoSharedCount(4)
	wantOK(t, n, 1, err)
}
func TestOwnBufferedDivergentFill(t *testing.T) { wantDiv(t, OwnBufferedDivergentFill(4)) }
func TestOwnBufferedUniformFill(t *testing.T) {
	n, err := OwnBufferedUniformFill(4)
	wantOK(t, n, 4, err)
}
func TestSharedResultsLenAfterBarrier(t *testing.T) {
	n, err := SharedResultsLenAfterBarrier(4)
	wantOK(t, n, 6, err)
}
