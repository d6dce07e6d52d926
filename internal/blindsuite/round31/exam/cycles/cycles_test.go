package cycles

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("got %v, want a *spmd.DivergenceError", err)
	}
}

func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func eqs[T comparable](t *testing.T, got, want []T) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestPingPong(t *testing.T) {
	diverges(t, PingPongParity(make([]int, 4), 3))

	buf := make([]int, 4)
	ok(t, PingPongPhase(buf, 3)) // odd, even, odd
	eqs(t, buf, []int{1, 1, 1, 1})
	buf = make([]int, 4)
	ok(t, PingPongPhase(buf, 4)) // even, odd, even, odd
	eqs(t, buf, []int{2, 2, 2, 2})

	buf = []int{1, 1, 1, 1}
	snap, err := PingPongThenSync(buf, 3)
	ok(t, err)
	// even lanes: (1+1)*2+1 = 5; odd lanes: (1*2+1)*2 = 6
	eqs(t, buf, []int{5, 6, 5, 6})
	eqs(t, snap, []int{6, 5, 6, 5})
}

func TestPhases(t *testing.T) {
	diverges(t, Phases([]float64{1, 2, 3, 4}, 3, []bool{true, false, false, true}))

	buf := []float64{1, 2, 3, 4}
	ok(t, PhasesAll(buf, 3, true)) // exchange, compute, exchange
	eqs(t, buf, []float64{5, 5, 5, 5})
	buf = []float64{1, 2, 3, 4}
	ok(t, PhasesAll(buf, 3, false)) // compute, exchange, compute
	eqs(t, buf, []float64{6, 6, 6, 6})
}

func TestDuff(t *testing.T) {
	grid := make([]float64, 3*4)
	for i := range grid {
		grid[i] = float64(i)
	}
	diverges(t, DuffColumns(grid, []int{1, 2, 3, 2}, make([]float64, 4)))

	ig := make([]int, 3*4)
	for i := range ig {
		ig[i] = i
	}
	out := make([]int, 4)
	ok(t, DuffRows(ig, 3, out))
	eqs(t, out, []int{66, 66, 66, 66})
	out = make([]int, 4)
	ok(t, DuffRows(ig, 2, out))
	eqs(t, out, []int{28, 28, 28, 28})
	out = make([]int, 4)
	ok(t, DuffRows(ig, 0, out))
	eqs(t, out, []int{0, 0, 0, 0})
}

func TestRetry(t *testing.T) {
	_, err := RetryOrSkip([]int{1, -2, 3, -4}, 2)
	diverges(t, err)

	good, err := RetryAlways([]int{1, 2, 3, 4}, 2, true)
	ok(t, err)
	eqs(t, good, []bool{true, true, true, true})
	good, err = RetryAlways([]int{1, 2, 3, 4}, 1, false)
	ok(t, err)
	eqs(t, good, []bool{false, false, false, false})
}
