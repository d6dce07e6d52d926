package errs

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

var table = map[int]int{0: 10, 1: 20}

func TestLookupLane(t *testing.T) {
	var out int
	diverges(t, spmd.Run(4, func(l spmd.Lane) { LookupLane(l, table, &out) }))
}

func TestLookupKey(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { LookupKey(l, table, 1, &out) }))
	if out != 80 {
		t.Fatal(out)
	}
	ok(t, spmd.Run(4, func(l spmd.Lane) { LookupKey(l, table, 9, &out) }))
}

func TestValidateLane(t *testing.T) {
	out := make([]bool, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { ValidateLane(l, []int{1, 3, 4, 5}, out) }))
}

func TestValidateAny(t *testing.T) {
	out := make([]bool, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { ValidateAny(l, []int{1, 3, 4, 5}, out) }))
	if !slices.Equal(out, []bool{false, true, false, false}) {
		t.Fatal(out)
	}
}

func TestValidateShared(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { ValidateShared(l, 5, &out) }))
	if out != 20 {
		t.Fatal(out)
	}
	ok(t, spmd.Run(4, func(l spmd.Lane) { ValidateShared(l, 6, &out) }))
}

func TestClampAs(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { ClampAs(l, 1, out) }))
}

func TestClampCountAs(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { ClampCountAs(l, 2, out) }))
	if out[0] != -2 {
		t.Fatal(out)
	}
}

func TestJoinChecks(t *testing.T) {
	var out int
	diverges(t, spmd.Run(4, func(l spmd.Lane) { JoinChecks(l, 1, []int{1, 2, 3, 4}, &out) }))
}

func TestJoinShared(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { JoinShared(l, 1, 2, &out) }))
	if out != 4 {
		t.Fatal(out)
	}
	ok(t, spmd.Run(4, func(l spmd.Lane) { JoinShared(l, 1, 3, &out) }))
}

func TestMessageDigit(t *testing.T) {
	out := make([]string, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { MessageDigit(l, out) }))
}

func TestMessageShared(t *testing.T) {
	out := make([]string, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { MessageShared(l, out) }))
	if out[0] != "group of 4 failed" {
		t.Fatal(out)
	}
}

func TestDivideLane(t *testing.T) {
	var out int
	diverges(t, spmd.Run(4, func(l spmd.Lane) { DivideLane(l, 12, []int{1, 0, 3, 4}, &out) }))
}

func TestDivideLaneAny(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { DivideLaneAny(l, 12, []int{1, 0, 3, 4}, &out) }))
	if out != -1 {
		t.Fatal(out)
	}
	ok(t, spmd.Run(4, func(l spmd.Lane) { DivideLaneAny(l, 12, []int{1, 2, 3, 4}, &out) }))
	if out != 12+6+4+3 {
		t.Fatal(out)
	}
}

func TestDivideShared(t *testing.T) {
	var out int
	ok(t, spmd.Run(4, func(l spmd.Lane) { DivideShared(l, 12, 4, &out) }))
	if out != 12 {
		t.Fatal(out)
	}
	ok(t, spmd.Run(4, func(l spmd.Lane) { DivideShared(l, 12, 0, &out) }))
}

func TestPositiveLane(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { PositiveLane(l, []int{1, -1, 2, 3}, out) }))
}

func TestPositiveBallot(t *testing.T) {
	out := make([]int, 4)
	ok(t, spmd.Run(4, func(l spmd.Lane) { PositiveBallot(l, []int{1, -1, 2, 3}, out) }))
	if out[0] != 6 {
		t.Fatal(out)
	}
}
