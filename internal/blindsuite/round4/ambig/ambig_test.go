package ambig

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round4/lib"
	"github.com/spmdvet/spmdvet/spmd"
)

// The ambiguous kernels are run to record what happens at run time; only
// the deterministic outcomes are checked.
func TestAmbig(t *testing.T) {
	div := func(name string, err error, want bool) {
		t.Helper()
		var de *spmd.DivergenceError
		got := errors.As(err, &de)
		t.Logf("%s: %v", name, err)
		if got != want {
			t.Errorf("%s: divergence %v, want %v (%v)", name, got, want, err)
		}
	}
	for _, n := range []int{4, 8, 16} {
		data := make([]int, n)
		for i := range data {
			data[i] = i%3 - 1
		}
		div("DeferBeforeDivergentReturn", DeferBeforeDivergentReturn(n, data), true)
		for i := range data {
			data[i] = i % 3
		}
		div("ImplicitPanicRecovered", ImplicitPanicRecovered(n, data), true)
		div("MadeSliceToSharedHelper", MadeSliceToSharedHelper(n), true)
		div("OtherElementOfLaneArray", OtherElementOfLaneArray(n), false)
		t.Logf("RacyShared: %v", RacyShared(n, make([]int64, 1)))
		div("UnknownSyncer", UnknownSyncer(n, lib.BarrierSync{}), true)
	}
}
