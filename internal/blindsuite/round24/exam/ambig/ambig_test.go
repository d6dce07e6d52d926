package ambig

import (
	"errors"
	"reflect"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func diverges(t *testing.T, lanes int, k func(spmd.Lane)) {
	t.Helper()
	err := spmd.Run(lanes, k)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want a DivergenceError, got %v", err)
	}
}

func runs(t *testing.T, lanes int, k func(spmd.Lane)) {
	t.Helper()
	if err := spmd.Run(lanes, k); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func same(t *testing.T, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func fill[T any](n int, v T) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func TestHelperParams(t *testing.T) {
	buf := make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { WideHelper(l, 6, buf) })
	same(t, buf, fill(8, 6))
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { PositiveHelperBug(l, []int{1, -1, 1, 1, 1, 1, 1, 1}, out) })
}

func TestTotalGate(t *testing.T) {
	out := make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { TotalGate(l, iota8(), out) })
	same(t, out, fill(8, 7))
}

func TestPerEntry(t *testing.T) {
	out := make([]int, 8)
	m := map[string]int{"a": 1, "b": 2, "c": 3}
	runs(t, 8, func(l spmd.Lane) { PerEntry(l, m, out) })
	same(t, out, fill(8, 8*73))
}

func TestClosedSelect(t *testing.T) {
	ch := make(chan int)
	close(ch)
	out := make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { ClosedSelect(l, ch, out) })
	same(t, out, fill(8, 8))
}

func TestLocalTable(t *testing.T) {
	diverges(t, 8, func(l spmd.Lane) { LocalTableBug(l, make([]int, 8)) })
}

func TestQueue(t *testing.T) {
	q := make(chan int, 8)
	for i := range 8 {
		q <- i
	}
	diverges(t, 8, func(l spmd.Lane) { QueueBug(l, q, make([]int, 8)) })
}

func TestFinishCount(t *testing.T) {
	done = 0
	out := make([]int64, 8)
	runs(t, 8, func(l spmd.Lane) { FinishCount(l, out) })
	same(t, out, fill(8, int64(8)))
}

func TestDynamicSync(t *testing.T) {
	diverges(t, 8, func(l spmd.Lane) { IfaceSyncBug(l, GroupSyncer{}) })
	diverges(t, 8, func(l spmd.Lane) { FuncSyncBug(l, func(l spmd.Lane) { l.Barrier() }) })
}

func TestDeferredSync(t *testing.T) {
	diverges(t, 8, func(l spmd.Lane) { DeferredSyncBug(l, 4, make([]int, 8)) })
}

func TestWindows(t *testing.T) {
	data := make([]int, 32)
	for i := range data {
		data[i] = 1
	}
	out := make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { WindowSum(l, data, out) })
	same(t, out, fill(8, 32))
	runs(t, 8, func(l spmd.Lane) { Stencil(l, data, out) })
	same(t, out, fill(8, 32))
}
func iota8() []int { return []int{0, 1, 2, 3, 4, 5, 6, 7} }
