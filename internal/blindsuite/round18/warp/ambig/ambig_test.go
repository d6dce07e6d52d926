package ambig

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func fill(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func iota1(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i + 1
	}
	return s
}

func wantOK(t *testing.T, err error, got, want []int) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
}

// The two "bug by the spec" kernels do not fail at run time: shown here.
func TestFullButterflyBranch(t *testing.T) {
	for _, limit := range []int{10, 100} {
		in, out := iota1(8), make([]int, 8)
		wantOK(t, spmd.Run(8, func(l spmd.Lane) { FullButterflyBranch(l, in, out, limit) }), out, fill(8, 36))
	}
}

func TestShuffleUniformSrc(t *testing.T) {
	for _, limit := range []int{0, 5} {
		in, out := iota1(8), make([]int, 8)
		wantOK(t, spmd.Run(8, func(l spmd.Lane) { ShuffleUniformSrc(l, in, out, limit) }), out, fill(8, 1))
	}
}

func TestElectNoDirective(t *testing.T) {
	in, out := []int{0, 0, 5, 3, 0, 0, 0, 0}, make([]int, 8)
	wantOK(t, spmd.Run(8, func(l spmd.Lane) { ElectNoDirective(l, in, out) }), out, fill(8, 5))
}

func TestHelperParamGate(t *testing.T) {
	for _, g := range []bool{true, false} {
		in, out := iota1(8), make([]int, 8)
		wantOK(t, spmd.Run(8, func(l spmd.Lane) { HelperParamGate(l, in, out, g) }), out, in)
	}
}

func TestClosureBarrier(t *testing.T) {
	in, out := iota1(8), make([]int, 8)
	var de *spmd.DivergenceError
	if err := spmd.Run(8, func(l spmd.Lane) { ClosureBarrier(l, in, out) }); !errors.As(err, &de) {
		t.Fatalf("want DivergenceError, got %v", err)
	}
}
