package conc

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %T %v", err, err)
	}
	t.Log(err)
}

func wantNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("want nil, got %v", err)
	}
}

func TestTicketFirst(t *testing.T) {
	c := &Counter{}
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { TicketFirst(l, c) }))
}

func TestCountThenLoad(t *testing.T) {
	c := &Counter{}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { CountThenLoad(l, c) }))
	if c.N != 4 || c.Seen != [8]int64{1, 1, 1, 1} {
		t.Fatalf("counter %+v", c)
	}
}

func TestEvenTicketReduce(t *testing.T) {
	tickets.Store(0)
	out := make([]int, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { EvenTicketReduce(l, out) }))
}

func TestClaimOwner(t *testing.T) {
	c := &Counter{}
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { ClaimOwner(l, c) }))
}

func TestClaimOwnerBallot(t *testing.T) {
	c := &Counter{}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { ClaimOwnerBallot(l, c) }))
	if c.N != 4 || c.Owner == 0 {
		t.Fatalf("counter %+v", c)
	}
}

func TestRoundsFromMap(t *testing.T) {
	var passed int32
	m := map[string]int{"rounds": 3, "other": 9}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { RoundsFromMap(l, m, &passed) }))
	if passed != 12 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestLookupOwnKey(t *testing.T) {
	m := map[string]int{"a": 1, "b": 5}
	names := []string{"a", "b"}
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { LookupOwnKey(l, m, names) }))
}

func TestFirstKeyOfRange(t *testing.T) {
	m := map[string]int{"a": 1, "b": 20, "c": 3, "d": 40, "e": 5, "f": 60, "g": 7, "h": 80}
	for try := 0; try < 200; try++ {
		err := spmd.Run(8, func(l spmd.Lane) { FirstKeyOfRange(l, m) })
		if err != nil {
			wantDivergence(t, err)
			return
		}
	}
	t.Fatal("no divergence in 200 runs")
}

func TestRoundsFromMapLen(t *testing.T) {
	var passed int32
	m := map[string]int{"a": 1, "b": 2}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { RoundsFromMapLen(l, m, &passed) }))
	if passed != 8 {
		t.Fatalf("passed = %d", passed)
	}
}

func fill(n int) chan int {
	ch := make(chan int, n)
	for i := 0; i < n; i++ {
		ch <- i
	}
	return ch
}

func TestEvenJob(t *testing.T) {
	jobs := fill(4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { EvenJob(l, jobs) }))
}

func TestJobTotal(t *testing.T) {
	jobs := fill(4)
	out := make([]int, 4)
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { JobTotal(l, jobs, out) }))
	for _, v := range out {
		if v != 6 {
			t.Fatalf("out %v", out)
		}
	}
}

func TestTryUrgent(t *testing.T) {
	urgent := fill(2)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { TryUrgent(l, urgent) }))
}

func TestRoundsFromCap(t *testing.T) {
	var passed int32
	jobs := make(chan int, 3)
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { RoundsFromCap(l, jobs, &passed) }))
	if passed != 12 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestLockedTally(t *testing.T) {
	var passed int32
	tl := &Tally{}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { LockedTally(l, tl, &passed) }))
	if tl.N != 6 || passed != 4 {
		t.Fatalf("tally %d passed %d", tl.N, passed)
	}
}
