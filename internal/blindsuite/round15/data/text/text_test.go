package text

import (
	"errors"
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

func allEqual(t *testing.T, err error, out []int, want int) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	for i, v := range out {
		if v != want {
			t.Fatalf("out[%d] = %d, want %d (out %v)", i, v, want, out)
		}
	}
}

func TestDigitPhases(t *testing.T) {
	// Up to 10 lanes every index has one digit: no divergence.
	out := make([]int, 10)
	allEqual(t, spmd.Run(10, func(l spmd.Lane) { DigitPhases(l, out) }), out, 1)
	out = make([]int, 12)
	diverges(t, spmd.Run(12, func(l spmd.Lane) { DigitPhases(l, out) }))
}

func TestRuneSums(t *testing.T) {
	out := make([]int, 2)
	diverges(t, spmd.Run(2, func(l spmd.Lane) { RuneSums(l, out) }))
}

func TestCaseFlip(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { CaseFlip(l, "kernel", out) })
	allEqual(t, err, out, 6)
}

func TestCSVFields(t *testing.T) {
	out := make([]int, 3)
	diverges(t, spmd.Run(3, func(l spmd.Lane) { CSVFields(l, out) }))
}

func TestWordLengths(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { WordLengths(l, "  one two  three ", out) })
	allEqual(t, err, out, 11*6)
}

func TestParseOrQuit(t *testing.T) {
	out := make([]int, 3)
	diverges(t, spmd.Run(3, func(l spmd.Lane) { ParseOrQuit(l, []string{"1", "x", "3"}, out) }))
}

func TestParseAll(t *testing.T) {
	out := make([]int, 3)
	err := spmd.Run(3, func(l spmd.Lane) { ParseAll(l, []string{"1", "x", "3"}, out) })
	allEqual(t, err, out, 4)
}

func TestMarkByte(t *testing.T) {
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { MarkByte(l, "abc", out) })
	allEqual(t, err, out, 1)
}

func TestNameGuard(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { NameGuard(l, out) }))
}
