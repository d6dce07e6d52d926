package ambig

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/exam/internal/check"
	"github.com/spmdvet/spmdvet/spmd"
)

const N = 4

func TestAmbig(t *testing.T) {
	ch := make(chan int, N)
	ch <- 1
	ch <- 2
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { SelectShared(l, ch) }))

	ch = make(chan int, N)
	for i := range N {
		ch <- i
	}
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { RecvShared(l, ch) }))

	check.Div(t, spmd.Run(N, LocalStoreDivAddr))

	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { LocalFieldSensitive(l, out) }))
	check.Ints(t, out, []int{1, 2, 3, 4})

	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { LocalOverwritten(l, out) }))
	check.Ints(t, out, check.Fill(N, 3))

	check.Div(t, spmd.Run(N, MakeSliceLocal))

	m := map[int]int{1: 1, 2: 2, 3: 3}
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { MapRangeTrip(l, m, out) }))
	check.Ints(t, out, check.Fill(N, 3))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { MapRangeSum(l, m, out) }))
	check.Ints(t, out, check.Fill(N, 6))

	check.Div(t, spmd.Run(N, HelperParam))
	check.Div(t, spmd.Run(N, HiddenSyncDiv))
	fs := []func(int) int{func(x int) int { return x }, func(x int) int { return x + 1 }}
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { DivergentCallee(l, fs) }))
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { FuncValueLaneArg(l, func(l spmd.Lane) { l.Barrier() }) }))

	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { SumOfBody(l, out) }))
	check.Ints(t, out, check.Fill(N, 6))

	err := spmd.Run(N, PanicDiv)
	var pe *spmd.PanicError
	var de *spmd.DivergenceError
	if !errors.As(err, &pe) && !errors.As(err, &de) {
		t.Fatalf("PanicDiv: want a panic or divergence error, got %v", err)
	}
	t.Logf("PanicDiv: %v", err)

	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { SortedKeys(l, m, out) }))
	check.Ints(t, out, check.Fill(N, 1))

	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { SamePhi(l, out) }))
	check.Ints(t, out, check.Fill(N, 1))
}
