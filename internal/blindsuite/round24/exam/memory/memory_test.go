package memory

import (
	"errors"
	"reflect"
	"sync/atomic"
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

func iota8() []int { return []int{0, 1, 2, 3, 4, 5, 6, 7} }

func TestHitRate(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { HitRateBug(l, iota8(), 3, out) })
	runs(t, 8, func(l spmd.Lane) { HitRate(l, iota8(), 3, out) })
	same(t, out, fill(8, 36))
}

func TestTotal(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { TotalBug(l, iota8(), out) })
	runs(t, 8, func(l spmd.Lane) { Total(l, iota8(), out) })
	same(t, out, fill(8, 8*28))
}

func TestRecord(t *testing.T) {
	data := []int{1, -1, 1, 1, 1, 1, 1, 1}
	diverges(t, 8, func(l spmd.Lane) { RecordBug(l, data, make([]int, 8)) })
	out := make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { RecordBug(l, fill(8, 1), out) })
	same(t, out, fill(8, 8))
}

func TestScratch(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { ScratchBug(l, iota8(), out) })
	data := []int{5, 1, 1, 1, 1, 1, 1, 1}
	runs(t, 8, func(l spmd.Lane) { Scratch(l, data, out) })
	same(t, out, fill(8, 40+12))
}

func TestPtrFlag(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { PtrFlagBug(l, out) })
	runs(t, 8, func(l spmd.Lane) { PtrFlag(l, out, true) })
	same(t, out, fill(8, 1))
}

func TestTap(t *testing.T) {
	out := make([]float64, 8)
	diverges(t, 8, func(l spmd.Lane) { TapBug(l, out) })
	runs(t, 8, func(l spmd.Lane) { Tap(l, 3, out) })
	same(t, out, fill(8, 4.0))
}

func TestHeader(t *testing.T) {
	buf := []byte{0xFF, 1, 0xFF, 3, 4, 5, 6, 7}
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { HeaderBug(l, buf, out) })
	runs(t, 8, func(l spmd.Lane) { Header(l, buf, out) })
	same(t, out, []int{255, 1, 255, 3, 4, 5, 6, 7})
}

func TestElect(t *testing.T) {
	data := []int{1, 2, 3, 4, 5, 9, 6, 7}
	out := make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { ElectGlobal(l, data, out) })
	same(t, out, fill(8, 8))
	diverges(t, 8, func(l spmd.Lane) { ElectLocalBug(l, data, out) })
}

func TestSharedFlag(t *testing.T) {
	data := []int{1, 2, -3, 4, 5, 9, 6, 7}
	out := make([]int, 8)
	flag := make([]bool, 8)
	runs(t, 8, func(l spmd.Lane) { SharedFlag(l, data, flag, out) })
	same(t, out, fill(8, 8))
	flag = make([]bool, 8)
	diverges(t, 8, func(l spmd.Lane) { SharedFlagBug(l, data, flag, out) })
}

func TestJobs(t *testing.T) {
	data := fill(8, 1.0)
	runs(t, 8, func(l spmd.Lane) { RunJob(l, &Job{Iters: 2, Scale: 0.5}, data) })
	same(t, data, fill(8, 16.0))
	jobs := fill(8, Job{Iters: 1, Scale: 1})
	jobs[4].Iters = 2
	diverges(t, 8, func(l spmd.Lane) { RunJobsBug(l, jobs, data) })
}

func TestCursor(t *testing.T) {
	cells := []int{1, 0, 1, 1, 1, 1, 1, 1}
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { CursorBug(l, cells, out) })
	runs(t, 8, func(l spmd.Lane) { Cursor(l, cells, 0, out) })
	same(t, out, fill(8, 8+28))
}

func TestTicket(t *testing.T) {
	out := make([]int64, 8)
	tickets = 0
	diverges(t, 8, func(l spmd.Lane) { TicketBug(l, out) })
	tickets = 0
	runs(t, 8, func(l spmd.Lane) { Ticket(l, out) })
	same(t, out, fill(8, int64(36)))
}

func TestOnce(t *testing.T) {
	var st int32
	out := make([]int, 9)
	diverges(t, 8, func(l spmd.Lane) { OnceBug(l, &st, out) })
	st = 0
	out = make([]int, 9)
	runs(t, 8, func(l spmd.Lane) { Once(l, &st, out) })
	same(t, out, fill(9, 42))
}

func TestHandoff(t *testing.T) {
	slot := int32(-1)
	out := make([]int32, 8)
	diverges(t, 8, func(l spmd.Lane) { HandoffBug(l, &slot, out) })
	slot = -1
	runs(t, 8, func(l spmd.Lane) { Handoff(l, &slot, out) })
	same(t, out, fill(8, 35-slot))
}

func TestSlotCounter(t *testing.T) {
	var next atomic.Int32
	out := make([]int32, 8)
	diverges(t, 8, func(l spmd.Lane) { SlotCounterBug(l, &next, out) })
	next.Store(0)
	runs(t, 8, func(l spmd.Lane) { SlotCounter(l, &next, out) })
	same(t, out, fill(8, int32(36)))
}

func TestFirstKey(t *testing.T) {
	counts := map[string]int{"blue": 1, "green": 2, "red": 3, "cyan": 4, "gold": 5, "pink": 6, "gray": 7, "teal": 8}
	var err error
	for range 20 {
		err = spmd.Run(8, func(l spmd.Lane) { FirstKeyBug(l, counts, make([]int, 8)) })
		if err != nil {
			break
		}
	}
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want a DivergenceError, got %v", err)
	}
	out := make([]int, 8)
	keys := SortedKeys(counts)
	runs(t, 8, func(l spmd.Lane) { FirstKey(l, counts, keys, out) })
	// blue cyan gold gray green pink | red
	same(t, out, fill(8, 8*(1+4+5+7+2+6)))
}

func TestPrice(t *testing.T) {
	price := map[string]float64{"tea": 2, "gum": 0.5}
	out := make([]float64, 8)
	diverges(t, 8, func(l spmd.Lane) {
		PriceBug(l, []string{"tea", "gum", "tea", "tea", "tea", "tea", "tea", "tea"}, price, out)
	})
	runs(t, 8, func(l spmd.Lane) { Price(l, "tea", price, out) })
	same(t, out, fill(8, 16.0))
}
