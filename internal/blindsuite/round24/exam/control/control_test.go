package control

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

func iota8() []int { return []int{0, 1, 2, 3, 4, 5, 6, 7} }

func TestDouble(t *testing.T) {
	in := iota8()
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { DoubleBug(l, in, out, 5) })
	out = make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { Double(l, in, out, 5) })
	same(t, in, []int{2, 6, 10, 14, 8, 5, 6, 7})
}

func TestEarlyReturns(t *testing.T) {
	out := make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { EmptyInput(l, iota8(), out, 0) })
	runs(t, 8, func(l spmd.Lane) { EmptyInput(l, iota8(), out, 4) })
	same(t, out, fill(8, 12))
	diverges(t, 8, func(l spmd.Lane) { PartialSumBug(l, iota8(), out, 4) })
}

func TestRepeat(t *testing.T) {
	out := make([]int, 8)
	rounds := []int{1, 2, 3, 3, 3, 3, 3, 3}
	diverges(t, 8, func(l spmd.Lane) { RepeatBug(l, rounds, out) })
	runs(t, 8, func(l spmd.Lane) { Repeat(l, rounds, out) })
	// r=0: 0; r=1: 7 lanes; r=2: 6 lanes*2
	same(t, out, fill(8, 7+12))
}

func TestStridedSum(t *testing.T) {
	data := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	out := make([]float64, 1)
	runs(t, 8, func(l spmd.Lane) { StridedSum(l, data, out) })
	same(t, out[0], 55.0)
	diverges(t, 8, func(l spmd.Lane) { StridedSumBug(l, data, out) })
}

func TestCountdown(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { CountdownBug(l, []int{3, 3, 3, 1, 3, 3, 3, 3}, out) })
	runs(t, 8, func(l spmd.Lane) { Countdown(l, 3, out) })
	same(t, out, fill(8, 3))
}

func TestRows(t *testing.T) {
	out := make([]int, 8)
	rows := [][]int{{1}, {1, 2}, {1}, {1}, {1}, {1}, {1}, {1}}
	diverges(t, 8, func(l spmd.Lane) { RowsBug(l, rows, out) })
	out = make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { Rows(l, rows, 1, out) })
	same(t, out, fill(8, 28*3))
}

func TestSmoothBranchy(t *testing.T) {
	data := fill(8, 2.0)
	runs(t, 8, func(l spmd.Lane) { SmoothBranchy(l, data, 1) })
	same(t, data, []float64{1.0 / 3, 1, 1.0 / 3, 1, 1.0 / 3, 1, 1.0 / 3, 1})
	data = fill(8, 2.0)
	diverges(t, 8, func(l spmd.Lane) { SmoothBranchyBug(l, data, 1) })
}

func TestFind(t *testing.T) {
	list := []int{5, 3, 9, 7}
	keys := []int{9, 3, 5, 7, 9, 3, 5, 7}
	pos := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { FindBug(l, list, keys, pos) })
	runs(t, 8, func(l spmd.Lane) { Find(l, list, keys, pos) })
	same(t, pos, []int{2, 1, 0, 3, 2, 1, 0, 3})
}

func TestSkipZeros(t *testing.T) {
	m := [][]int{{1, 1, 1, 1, 1, 1, 1, 1}, {0, 2, 2, 2, 0, 2, 2, 2}, {1, 0, 1, 1, 1, 1, 1, 1}}
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { SkipZerosBug(l, m, out) })
	out = make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { SkipZeros(l, m, out) })
	same(t, out, fill(8, 8+7))
}

func TestGridSearch(t *testing.T) {
	grid := [][]int{{9, 9}, {1, 9}, {9, 9}}
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { GridSearchBug(l, grid, out) })
	runs(t, 8, func(l spmd.Lane) { GridSearch(l, [][]int{{9}, {9}, {-1}, {9}}, out) })
	same(t, out, fill(8, 8))
}

func TestRowFilter(t *testing.T) {
	grid := [][]int{{9, 9}, {1, 9}, {9, 9}}
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { RowFilterBug(l, grid, out) })
	out = make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { RowFilter(l, [][]int{{9}, {-1}, {9}}, out) })
	same(t, out, fill(8, 16))
}

func TestInnerBreak(t *testing.T) {
	grid := [][]int{{0, 1, 2}, {5, 6, 7}}
	out := make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { InnerBreak(l, grid, out) })
	same(t, out, fill(8, 6))
}

func TestAbort(t *testing.T) {
	m := [][]int{fill(8, 1), {1, 1, -1, 1, 1, 1, 1, 1}, fill(8, 1)}
	diverges(t, 8, func(l spmd.Lane) { AbortBug(l, m, make([]int, 8)) })
}

func TestScanLimit(t *testing.T) {
	costs := []int{1, 1, 1, 1}
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { ScanLimitBug(l, costs, []int{1, 2, 9, 9, 9, 9, 9, 9}, out) })
	runs(t, 8, func(l spmd.Lane) { ScanLimit(l, costs, 2, out) })
	same(t, out, fill(8, 16+28))
}

func TestConverge(t *testing.T) {
	data := []float64{0.5, 2, 4, 8, 16, 1, 1, 1}
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { ConvergeBug(l, data, out) })
	runs(t, 8, func(l spmd.Lane) { Converge(l, data, out) })
	same(t, out, fill(8, 40))
}

func TestClamp(t *testing.T) {
	data := []int{1, 9, 2, 9, 3, 9, 4, 9}
	out := make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { ClampJoin(l, data, out, 5) })
	same(t, out, []int{6, 7, 7, 8, 8, 9, 9, 6})
	diverges(t, 8, func(l spmd.Lane) { ClampSkipBug(l, []int{1, 9, 2, 9, 3, 9, 4, 9}, 5) })
}

func TestRetry(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { RetryBug(l, []int{1, 2, 2, 2, 2, 2, 2, 2}, out) })
	runs(t, 8, func(l spmd.Lane) { Retry(l, 3, out) })
	same(t, out, fill(8, 16))
}

func TestPingPong(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { PingPongBug(l, out, 4) })
	runs(t, 8, func(l spmd.Lane) { PingPong(l, out, 4, true) })
	same(t, out, fill(8, 5*8+28))
	runs(t, 8, func(l spmd.Lane) { PingPong(l, out, 4, false) })
	same(t, out, fill(8, 4*8+28))
	runs(t, 8, func(l spmd.Lane) { PingPongAfter(l, out, 4) })
	same(t, out, fill(8, 4*5+4*4))
}

func TestOpcode(t *testing.T) {
	acc := fill(8, 1)
	diverges(t, 8, func(l spmd.Lane) { OpcodeBug(l, []int{1, 1, 0, 1, 1, 1, 1, 1}, acc) })
	acc = fill(8, 1)
	runs(t, 8, func(l spmd.Lane) { Opcode(l, 1, acc) })
	same(t, acc, fill(8, 8))
}

func TestModeFall(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { ModeFallBug(l, []int{1, 2, 0, 1, 1, 1, 1, 1}, out) })
	out = make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { ModeFall(l, 2, out) })
	same(t, out, fill(8, 11))
}

func TestCascade(t *testing.T) {
	out := make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { Cascade(l, out) })
	same(t, out, fill(8, 3+3+2+2))
	diverges(t, 8, func(l spmd.Lane) { CascadeBug(l, out) })
}

func TestKind(t *testing.T) {
	out := make([]float64, 8)
	items := []any{1, 1, 2.5, 1, 1, 1, 1, 1}
	diverges(t, 8, func(l spmd.Lane) { KindBug(l, items, out) })
	runs(t, 8, func(l spmd.Lane) { Kind(l, 2, out) })
	same(t, out, fill(8, 16.0))
	runs(t, 8, func(l spmd.Lane) { Kind(l, 2.5, out) })
	same(t, out, fill(8, 2.5))
}

func TestSignSplit(t *testing.T) {
	data := []int{1, -2, 3, -4, 5, -6, 7, -8}
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { SignSplitBug(l, data, out) })
	runs(t, 8, func(l spmd.Lane) { SignSplit(l, data, out) })
	same(t, out, fill(8, 36))
}

func TestEvenOdd(t *testing.T) {
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { EvenOddBug(l, iota8(), out) })
	runs(t, 8, func(l spmd.Lane) { EvenOdd(l, iota8(), out) })
	same(t, out, fill(8, -4))
}

func inboxes(ready ...int) []chan int {
	in := make([]chan int, 8)
	for i := range in {
		in[i] = make(chan int, 1)
	}
	for _, r := range ready {
		in[r] <- 5
	}
	return in
}

func TestDrain(t *testing.T) {
	out := make([]int, 8)
	in := inboxes(1, 2)
	diverges(t, 8, func(l spmd.Lane) { DrainBug(l, in, out) })
	in = inboxes(1, 2, 6)
	runs(t, 8, func(l spmd.Lane) { Drain(l, in, out) })
	same(t, out, fill(8, 15))
}

func TestShortCircuit(t *testing.T) {
	data := []int{1, 0, 0, 0, 0, 0, 0, -1}
	ob := make([]bool, 8)
	diverges(t, 8, func(l spmd.Lane) { AnyInRangeBug(l, data, 4, ob) })
	runs(t, 8, func(l spmd.Lane) { AnyInRange(l, data, 4, ob) })
	same(t, ob, fill(8, true))
	diverges(t, 8, func(l spmd.Lane) { LeaderOrAnyBug(l, data, ob) })
	ob = make([]bool, 8)
	runs(t, 8, func(l spmd.Lane) { DebugOrAny(l, false, data, ob) })
	same(t, ob, fill(8, true))
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { AllOrLeaderBug(l, data, out) })
	out = make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { AllOrEmpty(l, fill(8, 2), 3, out) })
	same(t, out, fill(8, 1))
	diverges(t, 8, func(l spmd.Lane) { BigEvenBug(l, 6, out) })
	runs(t, 8, func(l spmd.Lane) { BigEven(l, 6, out) })
	same(t, out, fill(8, 8))
	ob = make([]bool, 8)
	runs(t, 8, func(l spmd.Lane) { TwoVotes(l, []int{0, 1, 0, 0, 0, 0, 0, 0}, ob) })
	same(t, ob, fill(8, true))
	diverges(t, 8, func(l spmd.Lane) { ValidAllBug(l, data, ob) })
	runs(t, 8, func(l spmd.Lane) { ValidAll(l, fill(8, 3), ob) })
	same(t, ob, fill(8, true))
}
