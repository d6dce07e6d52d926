package ambig

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

const lanes = 8

func ok(t *testing.T, name string, want []int, k func(l spmd.Lane, out []int)) {
	t.Helper()
	out := make([]int, lanes)
	if err := spmd.Run(lanes, func(l spmd.Lane) { k(l, out) }); err != nil {
		t.Fatalf("%s: unexpected error: %v", name, err)
	}
	if !slices.Equal(out, want) {
		t.Fatalf("%s: out = %v, want %v", name, out, want)
	}
}

func bad(t *testing.T, name string, k func(l spmd.Lane, out []int)) {
	t.Helper()
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { k(l, out) })
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("%s: want *spmd.DivergenceError, got %v", name, err)
	}
	t.Logf("%s: %v", name, err)
}

func perLane(f func(idx int) int) []int {
	w := make([]int, lanes)
	for i := range w {
		w[i] = f(i)
	}
	return w
}

func TestUniformInTruth(t *testing.T) {
	ok(t, "ShuffleConstSrc", perLane(func(int) int { return 3 }),
		func(l spmd.Lane, out []int) { ShuffleConstSrc(l, out) })
	ok(t, "CountInBothArms", perLane(func(i int) int {
		if i%2 == 0 {
			return i + lanes
		}
		return -i + lanes
	}), func(l spmd.Lane, out []int) { CountInBothArms(l, out) })
	data := []int{0, 9, 2, 9, 4, 9, 6}
	// i = 0, 2, 4, 6: lanes 0, 2, 4, 6 match once.
	ok(t, "SameStepBothArms", perLane(func(i int) int {
		if i%2 == 0 {
			return 13
		}
		return 4
	}), func(l spmd.Lane, out []int) { SameStepBothArms(l, data, out) })
	ok(t, "AddrTakenSameValue", perLane(func(int) int { return 4 }),
		func(l spmd.Lane, out []int) { AddrTakenSameValue(l, out, 3) })
	full := []int{1, 2, 3, 4, 5, 6, 7, 8}
	ok(t, "NoReturnHelper", perLane(func(int) int { return 36 }),
		func(l spmd.Lane, out []int) { NoReturnHelper(l, full, out) })
	err := spmd.Run(lanes, func(l spmd.Lane) { NoReturnHelper(l, full[:3], make([]int, lanes)) })
	var pe *spmd.PanicError
	if !errors.As(err, &pe) {
		t.Fatalf("NoReturnHelper/short: want *spmd.PanicError, got %v", err)
	}
}

func TestDivergentInTruth(t *testing.T) {
	bad(t, "RecoverInKernel", func(l spmd.Lane, out []int) { RecoverInKernel(l, out) })
	bad(t, "GoexitLane", func(l spmd.Lane, out []int) { GoexitLane(l, out) })

	ch := make(chan int, 3)
	ch <- 1
	ch <- 2
	ch <- 3
	close(ch)
	bad(t, "SharedChanRange", func(l spmd.Lane, out []int) { SharedChanRange(l, ch, out) })

	bad(t, "LocalChanDivergentSends", func(l spmd.Lane, out []int) { LocalChanDivergentSends(l, out) })
	bad(t, "DeferredBarrierEarlyReturn", func(l spmd.Lane, out []int) { DeferredBarrierEarlyReturn(l, out) })

	ch2 := make(chan int, 3)
	ch2 <- 1
	ch2 <- 2
	ch2 <- 3
	bad(t, "SelectSharedChan", func(l spmd.Lane, out []int) { SelectSharedChan(l, ch2, out) })
}
