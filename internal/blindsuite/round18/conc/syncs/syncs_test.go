package syncs

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

func TestMutexCounterAfterBarrier(t *testing.T) {
	n, err := MutexCounterAfterBarrier(4)
	wantOK(t, n, 4, err)
}
func TestClaimPairs(t *testing.T) { wantDiv(t, ClaimPairs(4)) }
func TestClaimPairsCountAfter(t *testing.T) {
	n, err := ClaimPairsCountAfter(4)
	wantOK(t, n, 2, err)
}
func TestOnceConfig(t *testing.T) {
	n, err := OnceConfig(4)
	wantOK(t, n, 3, err)
}
func TestOnceWinnerShared(t *testing.T) {
	for i := 0; i < 20; i++ {
		n, err := OnceWinnerShared(4)
		wantOK(t, n, 0, err)
	}
}
func TestGoroutineWritesDivergent(t *testing.T) { wantDiv(t, GoroutineWritesDivergent(4)) }
func TestGoroutineWritesUniform(t *testing.T) {
	n, err := GoroutineWritesUniform(4)
	wantOK(t, n, 12, err)
}
func TestGoroutineResultChan(t *testing.T) { wantDiv(t, GoroutineResultChan(4)) }
func TestGoroutineResultChanUniform(t *testing.T) {
	n, err := GoroutineResultChanUniform(4)
	wantOK(t, n, 4, err)
}
func TestFanOutUniform(t *testing.T) {
	n, err := FanOutUniform(4)
	wantOK(t, n, 18, err) // sum over idx 0..3 of idx*(0+1+2) = 6*3
}
func TestFanOutDivergentFlags(t *testing.T)    { wantDiv(t, FanOutDivergentFlags(4)) }
func TestRWNeighbourAfterBarrier(t *testing.T) { wantDiv(t, RWNeighbourAfterBarrier(4)) }
func TestRWSlotZeroAfterBarrier(t *testing.T) {
	n, err := RWSlotZeroAfterBarrier(4)
	wantOK(t, n, 4, err)
}
