package gpulib

import (
	"errors"
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

func TestBlockSum(t *testing.T) {
	data := []int{1, 2, 3, 4, 5}
	out := make([]int, 2)
	runs(t, 8, func(l spmd.Lane) { BlockSum(l, data, out, 1) })
	if out[1] != 15 {
		t.Fatalf("got %d", out[1])
	}
	diverges(t, 8, func(l spmd.Lane) { BlockSumEarly(l, data, out, 0) })
}

func TestWrappers(t *testing.T) {
	data := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	err := Launch(4, func(l spmd.Lane) {
		Scale(l, data, 2)
		Stage(l)
		Sync(l)
		maj := Majority(l, l.Index() < 3)
		gmax := GroupMax(l, l.Index())
		cnt := CountTrue(l, l.Index()%2 == 0)
		from := FromLane(l, float64(l.Index()), 2)
		rank := Rank(l)
		x, y := Coords(l, 2)
		sum := Sum(l, 1)
		mean := Mean(l, l.Index())
		off := Offset(l, 2)
		rot := Rotate(l, l.Index())
		ok := maj && gmax == 3 && cnt == 2 && from == 2 && rank == l.Index() &&
			x+2*y == l.Index() && sum == 4 && mean == 1.5 &&
			off == 2*l.Index() && rot == (l.Index()+1)%4 && Clamp(9, 0, 5) == 5
		if !ok {
			panic("wrappers")
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if data[9] != 20 {
		t.Fatal(data)
	}
}
