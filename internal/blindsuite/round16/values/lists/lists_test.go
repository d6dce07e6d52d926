package lists

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

const lanes = 4

const sumLanes = lanes * (lanes - 1) / 2

func diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("diverged as expected: %v", err)
}

func ok(t *testing.T, err error, got, want []int) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func perLane(f func(i int) int) []int {
	w := make([]int, lanes)
	for i := range w {
		w[i] = f(i)
	}
	return w
}

func sharedList(vs ...int) *Node {
	var head *Node
	for i := len(vs) - 1; i >= 0; i-- {
		head = &Node{V: vs[i], Next: head}
	}
	return head
}

func TestUniformShapeCountedWalk(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { UniformShapeCountedWalk(l, 3, out) })
	ok(t, err, out, perLane(func(int) int { return (1 + 2 + 3) * sumLanes }))
}

func TestDivergentShapeNilWalk(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { DivergentShapeNilWalk(l, out) }))
}

func TestRunUniformShapeFromShared(t *testing.T) {
	out := make([]int, lanes)
	err := RunUniformShapeFromShared(lanes, []int{2, 3, 5}, out)
	ok(t, err, out, perLane(func(int) int { return 10 * sumLanes }))
}

func TestListValuesDivergentDecide(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { ListValuesDivergentDecide(l, out) }))
}

func TestTreeInsertOrderByLane(t *testing.T) {
	out := make([]int, lanes)
	keys := []int{1, 2, 3, 4}
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { TreeInsertOrderByLane(l, keys, out) }))
}

func TestTreeUniformSearch(t *testing.T) {
	out := make([]int, lanes)
	keys := []int{2, 1, 3, 5}
	err := spmd.Run(lanes, func(l spmd.Lane) { TreeUniformSearch(l, keys, out) })
	ok(t, err, out, perLane(func(int) int { return 3*100 + 3 }))
}

func TestSharedTailAlias(t *testing.T) {
	out := make([]int, lanes)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { SharedTailAlias(l, out) }))
}

func TestNodeCopyByValue(t *testing.T) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { NodeCopyByValue(l, 3, out) })
	ok(t, err, out, perLane(func(int) int { return 3 * sumLanes }))
}

func TestWalkSharedList(t *testing.T) {
	out := make([]int, lanes)
	head := sharedList(1, 2, 3, 4)
	err := spmd.Run(lanes, func(l spmd.Lane) { WalkSharedList(l, head, out) })
	ok(t, err, out, perLane(func(i int) int { return 10 * i }))
}

func TestWalkSharedFromLane(t *testing.T) {
	out := make([]int, lanes)
	head := sharedList(1, 2, 3, 4, 5)
	diverges(t, spmd.Run(lanes, func(l spmd.Lane) { WalkSharedFromLane(l, head, out) }))
}
