package ambig

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func run(t *testing.T, k func(spmd.Lane)) error {
	t.Helper()
	Reset(4)
	return spmd.Run(4, k)
}

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence: %v", err)
}

func wantOK(t *testing.T, err error, want int) {
	t.Helper()
	if err != nil {
		t.Fatalf("correct kernel failed: %v", err)
	}
	if !slices.Equal(Out, []int{want, want, want, want}) {
		t.Fatalf("Out = %v, want all %d", Out, want)
	}
}

// Fails at run time although, by the letter of the spec, no finding is due.
func TestUnknownCalleeLaneArg(t *testing.T) { wantDivergence(t, run(t, UnknownCalleeLaneArg)) }

func TestDivergentCallee(t *testing.T) { wantDivergence(t, run(t, DivergentCallee)) }

func TestChanRecvShared(t *testing.T) {
	Ch = make(chan int, 4)
	for i := range 4 {
		Ch <- i
	}
	wantDivergence(t, run(t, ChanRecvShared))
}

func TestSelectClosed(t *testing.T) {
	Closed = make(chan int)
	close(Closed)
	wantOK(t, run(t, SelectClosed), 1)
}

func TestMapRangeCount(t *testing.T) { wantOK(t, run(t, MapRangeCount), 3) }

func TestHelperParam(t *testing.T) { wantDivergence(t, run(t, HelperParam)) }

func TestKnownCalleeBodyUniform(t *testing.T) { wantOK(t, run(t, KnownCalleeBodyUniform), 6) }

func TestDeferUnderDivergence(t *testing.T) { wantDivergence(t, run(t, DeferUnderDivergence)) }

func TestPanicPath(t *testing.T) { wantOK(t, run(t, PanicPath), 1) }

func TestRangeOverFunc(t *testing.T) { wantDivergence(t, run(t, RangeOverFunc)) }

func TestLocalStoreViaCall(t *testing.T) { wantDivergence(t, run(t, LocalStoreViaCall)) }

// Correct at run time although, by the letter of the spec, a finding is due.
func TestLocalOverwritten(t *testing.T) { wantOK(t, run(t, LocalOverwritten), 7) }
