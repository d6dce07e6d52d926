package testutil

import (
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestSumInto(t *testing.T) {
	xs := []int{1, 2, 3, 4, 5, 6, 7}
	var got int
	Launch(t, 3, SumInto(xs, &got))
	if got != 28 {
		t.Fatalf("got %d, want 28", got)
	}
	Diverges(t, 3, SumIntoLeader(xs, &got))
}

func TestIota(t *testing.T) {
	out := make([]int, 4)
	var ok bool
	Launch(t, 4, Iota(out, &ok))
	if !ok || out[3] != 3 {
		t.Fatalf("ok=%v out=%v", ok, out)
	}
	Diverges(t, 4, IotaNeighbour(make([]int, 4), &ok))
}

func TestHelpers(t *testing.T) {
	// kernel(bug): barrier after a lane-dependent early return, launched
	// through Try, which has no directive.
	err := Try(4, func(l spmd.Lane) {
		if l.Index() == 2 {
			return
		}
		l.Barrier() // EXPECT
	})
	if !IsDivergence(err) {
		t.Fatalf("got %v", err)
	}
	// kernel(ok): the same early return on a uniform condition.
	err = Try(4, func(l spmd.Lane) {
		if l.Count() == 2 {
			return
		}
		l.Barrier()
	})
	if err != nil {
		t.Fatal(err)
	}
}
