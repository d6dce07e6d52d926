package ambig

import (
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round28/hof/internal/check"
)

func TestSkipZeros(t *testing.T) {
	data := []int{1, 2, 3}
	check.OK(t, SkipZeros(data))
	if !slices.Equal(data, []int{3, 6, 9}) {
		t.Fatalf("data = %v", data)
	}
	// Lanes leave through different returns: the deferred barrier runs at
	// different call sites.
	check.Div(t, SkipZeros([]int{1, 0, 3, 0}))
}

func TestLowHalf(t *testing.T) {
	check.Div(t, LowHalf([]int{1, 2, 3, 4}))
	buf := []int{1}
	check.OK(t, LowHalf(buf)) // one lane: cond is false
	if buf[0] != 2 {
		t.Fatalf("buf = %v", buf)
	}
}

func TestStridedSync(t *testing.T) {
	buf := []int{1, 2, 3, 4}
	check.OK(t, StridedSync(buf, 2))
	if !slices.Equal(buf, []int{2, 4, 6, 8}) {
		t.Fatalf("buf = %v", buf)
	}
	check.Div(t, StridedSync([]int{1, 2, 3}, 2))
}

func TestLevels(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, Levels([]int{3, 3}, out))
	if !slices.Equal(out, []int{0, 2, 4, 6}) {
		t.Fatalf("out = %v", out)
	}
	check.Div(t, Levels([]int{3, 1}, out))
}

func TestSweep(t *testing.T) {
	// The bug (lanes combine different k in one reduction) does not show at
	// run time: every call is at the same site. The sums come out wrong
	// only when the lanes' map orders differ.
	out := make([]int, 4)
	check.OK(t, Sweep(8, out))
	t.Logf("out = %v (want [0 8 16 24] if the orders agreed)", out)
}
