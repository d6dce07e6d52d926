package loops

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

const lanes = 8

func iota(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// ok runs k on lanes lanes and checks that it succeeds and out == want.
func ok(t *testing.T, name string, want []int, k func(l spmd.Lane, out []int)) {
	t.Helper()
	out := make([]int, lanes)
	if err := spmd.Run(lanes, func(l spmd.Lane) { k(l, out) }); err != nil {
		t.Fatalf("%s: unexpected error: %v", name, err)
	}
	if !slices.Equal(out, want) {
		t.Fatalf("%s: out = %v, want %v", name, out, want)
	}
}

// bad runs k and checks that it reports a *spmd.DivergenceError.
func bad(t *testing.T, name string, k func(l spmd.Lane, out []int)) {
	t.Helper()
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { k(l, out) })
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("%s: want *spmd.DivergenceError, got %v", name, err)
	}
	t.Logf("%s: %v", name, err)
}

func perLane(f func(idx int) int) []int {
	w := make([]int, lanes)
	for i := range w {
		w[i] = f(i)
	}
	return w
}

func TestForAfterBreakLoop(t *testing.T) {
	data := []int{5, 3, 9, 0, 1, 7, 2, 6, 4, 8}
	ok(t, "ForAfterBreakLoop", perLane(func(i int) int { return slices.Index(data, i) }),
		func(l spmd.Lane, out []int) { ForAfterBreakLoop(l, data, out) })
	bad(t, "ForAfterBreakLoopBound", func(l spmd.Lane, out []int) { ForAfterBreakLoopBound(l, data, out) })
}

func TestInitBeforeBreakLoop(t *testing.T) {
	data := iota(8)
	ok(t, "InitBeforeBreakLoop", perLane(func(i int) int { return i + 8 }),
		func(l spmd.Lane, out []int) { InitBeforeBreakLoop(l, data, out) })
	bad(t, "InitBeforeBreakLoopReuse", func(l spmd.Lane, out []int) { InitBeforeBreakLoopReuse(l, data, out) })
}

func TestCondLoop(t *testing.T) {
	data := iota(8)
	// hits = idx+1; sum over lanes = 36; 3 rounds.
	ok(t, "CondLoopAfterBreak", perLane(func(int) int { return 3 * 36 }),
		func(l spmd.Lane, out []int) { CondLoopAfterBreak(l, data, out, 3) })
	bad(t, "CondLoopOnHits", func(l spmd.Lane, out []int) { CondLoopOnHits(l, data, out, 8) })
}

func TestForever(t *testing.T) {
	data := iota(6) // lanes 6 and 7 find nothing
	ok(t, "ForeverAfterBreak", perLane(func(i int) int {
		if i < 6 {
			return 6
		}
		return 0
	}), func(l spmd.Lane, out []int) { ForeverAfterBreak(l, data, out) })
	bad(t, "ForeverBreakOnLane", func(l spmd.Lane, out []int) { ForeverBreakOnLane(l, data, out) })
}

func TestRangeInt(t *testing.T) {
	data := iota(8)
	// first = idx%4; per i: 12+8i; n=3: 12+20+28.
	ok(t, "RangeIntAfterBreak", perLane(func(int) int { return 60 }),
		func(l spmd.Lane, out []int) { RangeIntAfterBreak(l, data, out, 3) })
}

func TestRangeArray(t *testing.T) {
	ok(t, "RangeArrayAfterBreak", perLane(func(int) int { return 4 }),
		func(l spmd.Lane, out []int) { RangeArrayAfterBreak(l, nil, out) })
}

func TestRangeString(t *testing.T) {
	data := iota(8)
	ok(t, "RangeStringAfterBreak", perLane(func(i int) int { return i + 2 }),
		func(l spmd.Lane, out []int) { RangeStringAfterBreak(l, data, out) })
	words := []string{"a", "bb", "ccc"}
	bad(t, "RangeLaneString", func(l spmd.Lane, out []int) { RangeLaneString(l, words, out) })
}

func TestRangeMap(t *testing.T) {
	m := map[string]int{"a": 1, "b": 2, "c": 3, "stop": 4, "d": 5, "e": 6, "f": 7, "g": 8}
	ok(t, "RangeMapCount", perLane(func(int) int { return 36 }),
		func(l spmd.Lane, out []int) { RangeMapCount(l, m, out) })
	// The iteration order is random per range statement; with 8 lanes and 8
	// keys, the lanes all meeting "stop" in the same iteration is very
	// unlikely, and we retry to make it negligible.
	var err error
	for try := 0; try < 50; try++ {
		out := make([]int, lanes)
		err = spmd.Run(lanes, func(l spmd.Lane) { RangeMapBreakOnKey(l, m, out) })
		if err != nil {
			break
		}
	}
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("RangeMapBreakOnKey: want *spmd.DivergenceError, got %v", err)
	}
}

func TestRangeLocalChan(t *testing.T) {
	data := iota(8)
	ok(t, "RangeLocalChanAfterBreak", perLane(func(i int) int { return 48 + i }),
		func(l spmd.Lane, out []int) { RangeLocalChanAfterBreak(l, data, out, 4) })
}

func TestContinue(t *testing.T) {
	data := iota(8)
	// acc = sum of data[i] >= idx, plus 2*8.
	ok(t, "ContinueBeforeBarrier", perLane(func(i int) int {
		s := 16
		for d := i; d < 8; d++ {
			s += d
		}
		return s
	}), func(l spmd.Lane, out []int) { ContinueBeforeBarrier(l, data, out) })
	bad(t, "ContinueSkipsBarrier", func(l spmd.Lane, out []int) { ContinueSkipsBarrier(l, data, out) })
	ok(t, "ContinueToPostBarrier", perLane(func(int) int { return 4 }),
		func(l spmd.Lane, out []int) { ContinueToPostBarrier(l, data, out) })
}

func TestNested(t *testing.T) {
	data := iota(8)
	// acc: per round r, lane idx counts j until data[j] == idx+r (or 8).
	ok(t, "NestedInnerBreak", perLane(func(i int) int {
		s := 0
		for r := 0; r < 3; r++ {
			s += min(i+r, 8)
		}
		return s
	}), func(l spmd.Lane, out []int) { NestedInnerBreak(l, data, out, 3) })
	bad(t, "NestedBreakOuter", func(l spmd.Lane, out []int) { NestedBreakOuter(l, iota(4), out, 3) })
	bad(t, "NestedContinueOuter", func(l spmd.Lane, out []int) { NestedContinueOuter(l, data, out, 3) })
	ok(t, "NestedUniformContinueOuter", perLane(func(i int) int { return 2 * i }),
		func(l spmd.Lane, out []int) { NestedUniformContinueOuter(l, data, out, 3, 1) })
	bad(t, "NestedUniformContinueInside", func(l spmd.Lane, out []int) { NestedUniformContinueInside(l, data, out, 2, 3) })
}

func TestMultiUpdate(t *testing.T) {
	data := iota(8)
	// i = 0, 3, 6, 9 for n = 10: data[i%8] = 0, 3, 6, 1.
	ok(t, "MultiUpdateUniform", perLane(func(i int) int {
		if i == 0 || i == 3 || i == 6 || i == 1 {
			return 1
		}
		return 0
	}), func(l spmd.Lane, out []int) { MultiUpdateUniform(l, data, out, 10) })
	bad(t, "MultiUpdateDivergent", func(l spmd.Lane, out []int) { MultiUpdateDivergent(l, data, out, 10) })
	// data[1] == 0 makes the body skip i = 2: iterations i = 0, 1, 3.
	d2 := []int{5, 0, 7, 7}
	ok(t, "BodyAndPostUpdate", perLane(func(int) int { return 3 * 28 }),
		func(l spmd.Lane, out []int) { BodyAndPostUpdate(l, d2, out) })
}

func TestThreeLoops(t *testing.T) {
	data := iota(8)
	// a = idx: Any(data[i] == a) holds for every i < 8; b = 8 - idx.
	ok(t, "ThreeLoopsInARow", perLane(func(i int) int { return 8 + 8 - i }),
		func(l spmd.Lane, out []int) { ThreeLoopsInARow(l, data, out) })
}
