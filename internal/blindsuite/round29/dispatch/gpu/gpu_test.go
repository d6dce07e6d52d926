package gpu_test

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round29/dispatch/gpu"
	"github.com/spmdvet/spmdvet/spmd"
)

// The package has no kernels; these tests check its helpers from uniform
// control only.

func TestWarpAndThread(t *testing.T) {
	x := []float64{3, 1, 4, 1, 5, 9, 2, 6}
	var sum, peak, total, first, from3 float64
	var any5, all1 bool
	var tally, agree int
	err := spmd.Run(len(x), func(l spmd.Lane) {
		w := gpu.Warp{L: l}
		th := gpu.Begin(l, 16)
		v := x[l.Index()]
		s, p := w.Sum(v), w.Max(v)
		a5, a1 := w.Vote(v == 5), w.Unanimous(v >= 1)
		tt := th.Total(v)
		ty := th.Tally(v > 3)
		ag := th.Agree(th.GlobalID())
		f3 := th.From(v, 3)
		th.Fence()
		if w.IsLeader() {
			sum, peak, any5, all1, total, tally, agree, from3 = s, p, a5, a1, tt, ty, ag, f3
			first = v
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum != 31 || peak != 9 || !any5 || !all1 || total != 31 || tally != 4 || agree != 16 || from3 != 1 || first != 3 {
		t.Errorf("got sum %v peak %v any5 %v all1 %v total %v tally %v agree %v from3 %v", sum, peak, any5, all1, total, tally, agree, from3)
	}
}

func TestGenericTotal(t *testing.T) {
	rows := [][]int{{1, 2}, {3}, {}, {4, 5, 6}}
	var got int
	err := spmd.Run(len(rows), func(l spmd.Lane) {
		s := gpu.Total(gpu.Lanes[int]{L: l}, rows[l.Index()])
		if l.Index() == 0 {
			got = s
		}
	})
	if err != nil || got != 21 {
		t.Errorf("Total = %v, %v; want 21", got, err)
	}
}

func TestSafeDiv(t *testing.T) {
	if q, ok := gpu.SafeDiv(6, 3); q != 2 || !ok {
		t.Errorf("SafeDiv(6, 3) = %v, %v", q, ok)
	}
	if q, ok := gpu.SafeDiv(6, 0); q != 0 || ok {
		t.Errorf("SafeDiv(6, 0) = %v, %v", q, ok)
	}
	if err := gpu.Try(func() { panic("x") }); err == nil {
		t.Error("Try did not report the panic")
	}
}
