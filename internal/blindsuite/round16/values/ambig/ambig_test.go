package ambig

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

func run(k func(l spmd.Lane, out []int)) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { k(l, out) })
	return out, err
}

func withRounds(r int, k func(spmd.Lane, int, []int)) func(spmd.Lane, []int) {
	return func(l spmd.Lane, out []int) { k(l, r, out) }
}

func TestFieldMixedLocal(t *testing.T) {
	out, err := run(withRounds(2, FieldMixedLocal))
	ok(t, err, out, perLane(func(int) int { return 2 * sumLanes }))
}

func TestStructCopyFieldExtract(t *testing.T) {
	out, err := run(withRounds(2, StructCopyFieldExtract))
	ok(t, err, out, perLane(func(int) int { return 2 * sumLanes }))
}

func TestStructArgUniformField(t *testing.T) {
	out, err := run(withRounds(2, StructArgUniformField))
	ok(t, err, out, perLane(func(i int) int { return 2 + i }))
}

func TestAddrTakenOverwritten(t *testing.T) {
	out, err := run(withRounds(2, AddrTakenOverwritten))
	ok(t, err, out, perLane(func(i int) int { return i + 2 }))
}

func TestSameValueBothBranches(t *testing.T) {
	out, err := run(SameValueBothBranches)
	ok(t, err, out, perLane(func(int) int { return 2 }))
}

func TestRangeArrayCopy(t *testing.T) {
	out, err := run(RangeArrayCopy)
	ok(t, err, out, perLane(func(i int) int { return i }))
}

func TestListUniformShapeNilWalk(t *testing.T) {
	out, err := run(ListUniformShapeNilWalk)
	ok(t, err, out, perLane(func(i int) int { return 3 * i }))
}

func TestDivergentShapeUniformValues(t *testing.T) {
	out, err := run(DivergentShapeUniformValues)
	ok(t, err, out, perLane(func(int) int { return 7 * lanes }))
}

func TestRunLaneWindowLen(t *testing.T) {
	out := make([]int, lanes)
	data := []int{1, 2, 3, 4, 5, 6, 7, 8}
	err := RunLaneWindowLen(lanes, data, out)
	ok(t, err, out, perLane(func(int) int { return 36 }))
}

func TestNestedClosureNoLaneParam(t *testing.T) {
	_, err := run(NestedClosureNoLaneParam)
	diverges(t, err)
}

func TestHelperPointerParamDecides(t *testing.T) {
	_, err := run(HelperPointerParamDecides)
	diverges(t, err)
}

func TestConstructorSameSite(t *testing.T) {
	out, err := run(withRounds(2, ConstructorSameSite))
	ok(t, err, out, perLane(func(int) int { return 2 * sumLanes }))
}

func TestMethodValueBindsCopy(t *testing.T) {
	out, err := run(withRounds(2, MethodValueBindsCopy))
	ok(t, err, out, perLane(func(i int) int { return i }))
}

func TestDisjointRegionsSharedArray(t *testing.T) {
	out, err := run(withRounds(2, DisjointRegionsSharedArray))
	ok(t, err, out, perLane(func(i int) int { return i }))
}

func TestAppendReallocates(t *testing.T) {
	out, err := run(withRounds(2, AppendReallocates))
	ok(t, err, out, perLane(func(i int) int { return 2 * i }))
}

func TestUniformValueDivergentIndex(t *testing.T) {
	_, err := run(UniformValueDivergentIndex)
	diverges(t, err)
}

func TestStoreThroughCollectiveHelper(t *testing.T) {
	out, err := run(StoreThroughCollectiveHelper)
	ok(t, err, out, perLane(func(int) int { return sumLanes }))
}

func TestPointerArrayDistinct(t *testing.T) {
	out, err := run(withRounds(2, PointerArrayDistinct))
	ok(t, err, out, perLane(func(int) int { return 2 * sumLanes }))
}
