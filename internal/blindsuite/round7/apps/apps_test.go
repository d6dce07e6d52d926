package apps

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
	t.Logf("divergence: %v", err)
}

func TestNormalizeRows(t *testing.T) {
	rows, cols := 3, 11
	m := make([]float64, rows*cols)
	for i := range m {
		m[i] = float64(i%7 + 1)
	}
	sh := make([]float64, 8)
	if err := spmd.Run(8, func(l spmd.Lane) { NormalizeRows(l, m, rows, cols, sh) }); err != nil {
		t.Fatal(err)
	}
	for r := 0; r < rows; r++ {
		var s float64
		for c := 0; c < cols; c++ {
			s += m[r*cols+c]
		}
		if math.Abs(s-1) > 1e-12 {
			t.Fatalf("row %d sums to %v", r, s)
		}
	}
}

func TestBlur3(t *testing.T) {
	in := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	out := make([]float64, 8)
	sh := make([]float64, 10)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { Blur3(l, in, out, sh) }))
}

func TestChunkCenter(t *testing.T) {
	in := make([]float64, 20)
	out := make([]float64, 20)
	sh := make([]float64, 8)
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { ChunkCenter(l, in, out, sh) }))
}

func evens(in []int) []int {
	var r []int
	for _, v := range in {
		if v%2 == 0 {
			r = append(r, v)
		}
	}
	return r
}

func TestFilterEven(t *testing.T) {
	in := make([]int, 45)
	for i := range in {
		in[i] = i * 3
	}
	out := make([]int, len(in))
	var ctr int32
	if err := spmd.Run(16, func(l spmd.Lane) { FilterEven(l, in, out, &ctr) }); err != nil {
		t.Fatal(err)
	}
	got := slices.Clone(out[:ctr])
	slices.Sort(got)
	if want := evens(in); !slices.Equal(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
}

func TestFilterEvenActive(t *testing.T) {
	in := []int{1, 2, 3, 4, 5, 6, 7, 8}
	out := make([]int, len(in))
	var ctr int32
	wantDiv(t, spmd.Run(8, func(l spmd.Lane) { FilterEvenActive(l, in, out, &ctr) }))
}

func TestCountEqual(t *testing.T) {
	in := make([]int, 50)
	want := 0
	for i := range in {
		in[i] = i % 6
		if in[i] == 4 {
			want++
		}
	}
	total := make([]int, 1)
	if err := spmd.Run(8, func(l spmd.Lane) { CountEqual(l, in, 4, total) }); err != nil {
		t.Fatal(err)
	}
	if total[0] != want {
		t.Fatalf("count %d want %d", total[0], want)
	}
}

func TestScaleIfNonzero(t *testing.T) {
	in := []float64{1, 2, 3, 4, 0, 0, 5, 5}
	out := make([]float64, 8)
	sh := make([]float64, 8)
	if err := spmd.Run(8, func(l spmd.Lane) { ScaleIfNonzero(l, in, out, sh) }); err != nil {
		t.Fatal(err)
	}
	for i := range in {
		if out[i] != in[i]/20 {
			t.Fatalf("out[%d] = %v", i, out[i])
		}
	}
	zero := make([]float64, 8)
	out2 := slices.Repeat([]float64{9}, 8)
	if err := spmd.Run(8, func(l spmd.Lane) { ScaleIfNonzero(l, zero, out2, sh) }); err != nil {
		t.Fatal(err)
	}
	if out2[3] != 9 {
		t.Fatal("zero input must be left alone")
	}
}
