package loops

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDiv(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func wantNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func TestJacobi(t *testing.T) {
	b := []float64{0, 0, 0, 0, 0, 0, 3, 0}
	_, err := Jacobi(b, 100, 1e-9)
	wantDiv(t, err)
	x, err := JacobiOK(b, 1000, 1e-12)
	wantNil(t, err)
	n := len(b)
	for i := range x {
		r := (x[(i+n-1)%n]+x[(i+1)%n]+b[i])/3 - x[i]
		if math.Abs(r) > 1e-9 {
			t.Errorf("JacobiOK residual at %d = %g", i, r)
		}
	}
}

func TestMaskedRounds(t *testing.T) {
	vals := []int{1, 2, 3, 4}
	_, err := MaskedRounds(vals, []uint8{1, 0, 3, 1}, 2)
	wantDiv(t, err)
	acc, err := MaskedRoundsOK(vals, []bool{false, true, false}, 3)
	wantNil(t, err)
	// rounds 0 and 2: neighbours 1 and 3 to the left.
	want := []int{4 + 2, 1 + 3, 2 + 4, 3 + 1}
	if !slices.Equal(acc, want) {
		t.Errorf("MaskedRoundsOK = %v, want %v", acc, want)
	}
}

func TestFindInRows(t *testing.T) {
	grid := []int{
		1, 2, 3, 4,
		5, 6, 7, 8,
		9, 10, 11, 12,
	}
	targets := []int{2, 7, 12, 99}
	_, err := FindInRows(grid, 4, targets)
	wantDiv(t, err)
	pos, err := FindInRowsOK(grid, 4, targets)
	wantNil(t, err)
	if !slices.Equal(pos, []int{1, 6, 11, -1}) {
		t.Errorf("FindInRowsOK = %v", pos)
	}
}

func TestColumnTileSums(t *testing.T) {
	m := []float64{
		1, 2, 3,
		4, math.NaN(), 6,
		7, 8, 9,
		10, 11, 12,
	}
	_, err := ColumnTileSums(m, 3, 2)
	wantDiv(t, err)
	out, err := ColumnTileSumsOK(m, 3, 2)
	wantNil(t, err)
	if !slices.Equal(out, []float64{16, 57}) {
		t.Errorf("ColumnTileSumsOK = %v", out)
	}
}

func TestProgram(t *testing.T) {
	code := [][]int{
		{InsAdd, InsAdd, InsAdd},
		{InsAdd, InsHalt, InsAdd},
		{InsAdd, InsAdd, InsAdd},
	}
	_, err := Program(code, []int{1, 2, 3})
	wantDiv(t, err)
	code[1][1] = InsNop
	reg, err := ProgramOK(code, []int{1, 2, 3})
	wantNil(t, err)
	if !slices.Equal(reg, []int{3, 4, 9}) {
		t.Errorf("ProgramOK = %v", reg)
	}
}

func TestLocate(t *testing.T) {
	img := []int{1, 2, 3, 4, 5, 6}
	targets := []int{5, 9, 1, 7}
	_, _, err := Locate(img, 3, targets)
	wantDiv(t, err)
	hits, misses, err := LocateOK(img, 3, targets)
	wantNil(t, err)
	if hits != 2 || misses != 2 {
		t.Errorf("LocateOK = %d hits, %d misses", hits, misses)
	}
}

func TestEscapeSync(t *testing.T) {
	cs := []complex128{0, 2, -1, 1i, 3}
	_, err := EscapeSync(cs, 50)
	wantDiv(t, err)
	it, err := EscapeSyncOK(cs, 50)
	wantNil(t, err)
	if it[0] != 50 || it[1] != 1 || it[2] != 50 || it[4] != 0 {
		t.Errorf("EscapeSyncOK = %v", it)
	}
}
