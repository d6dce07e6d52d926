package sets

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func isDivergence(err error) bool {
	var de *spmd.DivergenceError
	return errors.As(err, &de)
}

func diverges(t *testing.T, err error) {
	t.Helper()
	if !isDivergence(err) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

// divergesSometimes runs a kernel whose divergence depends on map iteration
// order until it diverges (all 8 lanes agreeing 50 times in a row is
// astronomically unlikely).
func divergesSometimes(t *testing.T, lanes int, k func(spmd.Lane)) {
	t.Helper()
	for try := 0; try < 50; try++ {
		err := spmd.Run(lanes, k)
		if isDivergence(err) {
			return
		}
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
	}
	t.Fatal("no divergence in 50 runs")
}

func allEqual(t *testing.T, err error, out []int, want int) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	for i, v := range out {
		if v != want {
			t.Fatalf("out[%d] = %d, want %d (out %v)", i, v, want, out)
		}
	}
}

func TestDistinctResidues(t *testing.T) {
	out := make([]int, 5)
	diverges(t, spmd.Run(5, func(l spmd.Lane) { DistinctResidues(l, []int{1, 2, 3, 4, 5}, out) }))
}

func TestDistinctShared(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { DistinctShared(l, []int{7, 7, 3, 9, 3}, out) })
	allEqual(t, err, out, (0+1+2)*(0+1+2+3))
}

var letters = map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8}

func TestStopAtKey(t *testing.T) {
	out := make([]int, 8)
	divergesSometimes(t, 8, func(l spmd.Lane) { StopAtKey(l, letters, "e", out) })
}

func TestPerEntryReduce(t *testing.T) {
	for try := 0; try < 20; try++ {
		out := make([]int, 8)
		err := spmd.Run(8, func(l spmd.Lane) { PerEntryReduce(l, letters, out) })
		allEqual(t, err, out, 8*36)
	}
}

func TestFirstKeyRounds(t *testing.T) {
	m := map[int]bool{1: true, 2: true, 3: true, 4: true, 5: true, 6: true, 7: true, 8: true}
	out := make([]int, 8)
	divergesSometimes(t, 8, func(l spmd.Lane) { FirstKeyRounds(l, m, out) })
}

func TestCounterGuard(t *testing.T) {
	out := make([]int, 2)
	diverges(t, spmd.Run(2, func(l spmd.Lane) { CounterGuard(l, []int{1, 2, 3, 4}, out) }))
}

func TestFrequentValues(t *testing.T) {
	out := make([]int, 4)
	data := []int{5, 2, 5, 9, 2, 5}
	err := spmd.Run(4, func(l spmd.Lane) { FrequentValues(l, data, 2, out) })
	// every occurrence of 5 and 2 counts: (5+2+5+2+5) * (0+1+2+3)
	allEqual(t, err, out, 19*6)
}

func TestLaneMember(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { LaneMember(l, []int{0, 2, 9}, out) }))
}

func TestGroupSizes(t *testing.T) {
	out := make([]int, 3)
	diverges(t, spmd.Run(3, func(l spmd.Lane) { GroupSizes(l, []int{1, 2, 3, 4, 5, 6}, out) }))
}

func TestPruneAndSync(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { PruneAndSync(l, []int{1, 2, 3, 4, 2}, []int{3, 8}, out) })
	allEqual(t, err, out, 3)
}
