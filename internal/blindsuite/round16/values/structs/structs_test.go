package structs

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

const lanes = 4

func diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("diverged as expected: %v", err)
}

func ok(t *testing.T, err error, got, want []int) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func perLane(f func(i int) int) []int {
	w := make([]int, lanes)
	for i := range w {
		w[i] = f(i)
	}
	return w
}

func sumLanes() int { return lanes * (lanes - 1) / 2 }

func TestCopyIsolatesOriginal(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { CopyIsolatesOriginal(l, 3, out) })
	ok(t, err, out, perLane(func(i int) int { return 3 * (i + 1) * i }))
}

func TestPointerSharesOriginal(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { PointerSharesOriginal(l, 2, out) }))
}

func TestValueReceiverLeavesCaller(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { ValueReceiverLeavesCaller(l, out) })
	s := 3*lanes + sumLanes()
	ok(t, err, out, perLane(func(int) int { return 3 * s }))
}

func TestPointerReceiverWritesCaller(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { PointerReceiverWritesCaller(l, out) }))
}

func TestPointerReceiverUniformArg(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { PointerReceiverUniformArg(l, out) })
	ok(t, err, out, perLane(func(i int) int { return (lanes + 3) * i }))
}

func TestConstructorPerLane(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { ConstructorPerLane(l, 5, out) })
	ok(t, err, out, perLane(func(i int) int { return 5 * 3 * i }))
}

func TestConstructorFromLane(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { ConstructorFromLane(l, out) }))
}

func TestNestedCopyIsolated(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { NestedCopyIsolated(l, 2, out) })
	ok(t, err, out, perLane(func(int) int { return 2*3*sumLanes() + 7 }))
}

func TestShallowCopySharesPointer(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { ShallowCopySharesPointer(l, out) }))
}

func TestShallowCopySharesSlice(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { ShallowCopySharesSlice(l, out) }))
}

func TestMapFieldShared(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { MapFieldShared(l, out) }))
}

func TestArrayFieldCopied(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { ArrayFieldCopied(l, 3, out) })
	ok(t, err, out, perLane(func(int) int { return 3*3*sumLanes() + 4 }))
}

func TestEarlyReturnOnFlag(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { EarlyReturnOnFlag(l, out) }))
}
