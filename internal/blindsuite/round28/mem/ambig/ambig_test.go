package ambig

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func wantDiv(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func TestA1Overwrite(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, Overwrite([]int{0, 3, 1, 2}, out))
	if out[1] != 3 {
		t.Fatalf("Overwrite: %v", out)
	}
}

func TestA2FieldHelper(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, FieldHelper(3, out))
	if out[0] != 3 || out[3] != 6 {
		t.Fatalf("FieldHelper: %v", out)
	}
}

func TestA3LockedCount(t *testing.T) {
	wantDiv(t, LockedCount(4))
	wantOK(t, LockedCount(1))
}

func TestA4SortedCopy(t *testing.T) {
	out := make([]int, 5)
	wantOK(t, SortedCopy([]int{-4, 3, 9, -1, 2}, out))
	if out[0] != 5 {
		t.Fatalf("SortedCopy: %v", out)
	}
}

func TestA5MapCopy(t *testing.T) {
	out := make([]int, 4)
	wantOK(t, MapCopy(map[string]int{"reps": 2, "a": 7, "b": 1}, out))
	if out[2] != 8 {
		t.Fatalf("MapCopy: %v", out)
	}
}

func TestA6HelperScratch(t *testing.T) {
	out := make([]int, 4)
	wantDiv(t, HelperScratch(4, out))
	wantOK(t, HelperScratch(1, out))
}
