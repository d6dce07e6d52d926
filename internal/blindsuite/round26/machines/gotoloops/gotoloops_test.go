package gotoloops

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("want nil, got %v", err)
	}
}

func diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence: %v", de)
}

func eq[T comparable](t *testing.T, got, want []T) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
}

func TestFitWindow(t *testing.T) {
	d, out := make([]int, 8), make([]int, 4)
	ok(t, FitWindow([]int{1, 3, 5, 2}, d, out))
	eq(t, d, []int{4, 7, 10, 11, 0, 0, 0, 0})
	eq(t, out, []int{8, 8, 8, 8})
}

func TestFitWindowEach(t *testing.T) {
	diverges(t, FitWindowEach([]int{1, 3, 5, 2}, make([]int, 8), make([]int, 4)))
}

func TestGroupSum(t *testing.T) {
	out := make([]int, 8)
	ok(t, GroupSum([]int{1, 2, 3, 4, 5, 6, 7, 8}, out))
	eq(t, out, []int{36, 36, 36, 36, 36, 36, 36, 36})
}

func TestGroupSumSparse(t *testing.T) {
	diverges(t, GroupSumSparse([]int{0, 1, 2, 3}, make([]int, 4)))
}

var queues = [][]int{{1, 2, 3}, {10}, {}, {5, 5}}

func TestDrain(t *testing.T) {
	out := make([]int, 4)
	ok(t, Drain(queues, make([]int, 4), out))
	eq(t, out, []int{6, 10, 0, 10})
}

func TestDrainEager(t *testing.T) {
	diverges(t, DrainEager(queues, make([]int, 4), make([]int, 4)))
}

func TestRotate(t *testing.T) {
	out := make([]int, 3)
	ok(t, Rotate([]int{1, 2, 3}, false, 2, out))
	eq(t, out, []int{33, 31, 32})
	ok(t, Rotate([]int{1, 2, 3}, true, 2, out))
	eq(t, out, []int{32, 33, 31})
}

func TestRotateEach(t *testing.T) {
	diverges(t, RotateEach([]int{1, 2, 3}, []bool{true, false, false}, 2, make([]int, 3)))
}

func TestSmooth(t *testing.T) {
	out := make([]int, 2)
	ok(t, Smooth([]int{100, 300}, false, 1, out))
	eq(t, out, []int{333, 666})
	ok(t, Smooth([]int{100, 300}, true, 1, out))
	eq(t, out, []int{291, 708})
}

func TestSmoothEach(t *testing.T) {
	diverges(t, SmoothEach([]int{100, 300}, []bool{true, false}, 1, make([]int, 2)))
}

var pipeIn = [][]int{{1, 2, 3}, {4, 5, 6}}

func TestPipeline(t *testing.T) {
	out := make([]int, 3)
	ok(t, Pipeline(pipeIn, 0, make([]int, 3), out))
	eq(t, out, []int{28, 30, 26})
	out = make([]int, 3)
	ok(t, Pipeline(pipeIn, 2, make([]int, 3), out))
	eq(t, out, []int{20, 21, 19})
}

func TestPipelineEach(t *testing.T) {
	diverges(t, PipelineEach(pipeIn, []int{0, 2, 0}, make([]int, 3), make([]int, 3)))
}

func TestRelax(t *testing.T) {
	out := make([]int, 3)
	ok(t, Relax([]int{1, 5, 3}, false, 1, out))
	eq(t, out, []int{0, 2, 4})
	ok(t, Relax([]int{1, 5, 3}, false, 2, out))
	eq(t, out, []int{2, 0, 4})
	ok(t, Relax([]int{1, 5, 3}, true, 1, out))
	eq(t, out, []int{4, 2, 0})
}

func TestRelaxEach(t *testing.T) {
	diverges(t, RelaxEach([]int{1, 5, 3}, []bool{true, false, false}, 1, make([]int, 3)))
}

var (
	table    = []int{0, 2, 1, 9, 0, 0, 5, 0}
	findKeys = []int{1, 9, 2, 4}
)

func TestLookup(t *testing.T) {
	pos := make([]int, 5)
	ok(t, Lookup(table, findKeys, pos))
	eq(t, pos, []int{2, 3, 1, -1, 1})
}

func TestLookupEach(t *testing.T) {
	diverges(t, LookupEach(table, findKeys, make([]int, 5)))
}

var grid = [][]int{{1, 2}, {3, 4}, {5, 6}, {7, 8}}

func TestFirstRow(t *testing.T) {
	out := make([]uint64, 1)
	ok(t, FirstRow(grid, []int{3, 6, 1, 9}, out))
	eq(t, out, []uint64{0b0101})
}

func TestFirstRowOwn(t *testing.T) {
	diverges(t, FirstRowOwn(grid, []int{3, 6, 1, 9}, make([]uint64, 1)))
}

var (
	fillM       = []int{1, 2, 3, 4, 5, 6}
	fillWeights = [][]int{{9, 9, 9}, {1, 1, 1}, {2, 3, 4}}
)

func TestFillFrom(t *testing.T) {
	out := make([]int, 3)
	ok(t, FillFrom(fillM, 3, 2, []int{3, 9, 1}, fillWeights, out))
	eq(t, out, []int{12, 12, 12})
}

func TestFillFromOwn(t *testing.T) {
	diverges(t, FillFromOwn(fillM, 3, 2, []int{3, 9, 1}, fillWeights, make([]int, 3)))
}
