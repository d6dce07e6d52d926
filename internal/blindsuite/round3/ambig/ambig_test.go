package ambig

import (
	"testing"
)

// The ambiguous kernels are only run and their run-time outcome logged.
func TestAmbig(t *testing.T) {
	for _, n := range []int{4, 8, 16} {
		t.Logf("lanes=%d IteratorBoundLane: %v", n, IteratorBoundLane(n, make([]int, n)))
		d := make([]int, n)
		d[1] = -1
		t.Logf("lanes=%d DeferredBarrier: %v", n, DeferredBarrier(n, d))
		t.Logf("lanes=%d AtomicLoadAfterBarrier: %v", n, AtomicLoadAfterBarrier(n, []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}[:n], make([]int, n)))
		var o int
		t.Logf("lanes=%d PanicViaHelper: %v", n, PanicViaHelper(n, make([]int, n), &o))
		t.Logf("lanes=%d MapRangeBarrier: %v", n, MapRangeBarrier(n, map[int]int{1: 1, 2: 2, 3: 3}, make([]int, n)))
		t.Logf("lanes=%d WarpSumBranch: %v", n, WarpSumBranch(n, []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}[:n]))
	}
}
