package ambig

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

func TestBalancedAppend(t *testing.T) {
	const n = 4
	data := []int{3, 8, 1, 6, 7}
	want := 0
	for _, d := range data {
		for i := 0; i < n; i++ {
			if (d+i)%2 == 0 {
				want += d
			} else {
				want -= d
			}
		}
	}
	out := make([]int, n)
	allEqual(t, spmd.Run(n, func(l spmd.Lane) { BalancedAppend(l, data, out) }), out, want)
}

func TestRotatedKeys(t *testing.T) {
	out := make([]int, 5)
	allEqual(t, spmd.Run(5, func(l spmd.Lane) { RotatedKeys(l, out) }), out, 5)
}

func TestSortedPermutation(t *testing.T) {
	out := make([]int, 3)
	// vals[n-1] == 4 in every lane: 3 lanes * (0+1+2+3)
	allEqual(t, spmd.Run(3, func(l spmd.Lane) { SortedPermutation(l, 5, out) }), out, 3*6)
}

func TestMinKey(t *testing.T) {
	m := map[int]string{7: "a", 3: "b", 9: "c", 4: "d", 5: "e", 8: "f"}
	for try := 0; try < 20; try++ {
		out := make([]int, 8)
		allEqual(t, spmd.Run(8, func(l spmd.Lane) { MinKey(l, m, out) }), out, 3)
	}
}

func TestTiledSum(t *testing.T) {
	out := make([]int, 4)
	// 6 elements over 4 lanes: tiles of 2, lanes 2 and 3 padded.
	allEqual(t, spmd.Run(4, func(l spmd.Lane) { TiledSum(l, []int{1, 2, 3, 4, 5, 6}, out) }), out, 21)
}

func TestOwnedTotals(t *testing.T) {
	out := make([]int, 4)
	diverges(t, spmd.Run(4, func(l spmd.Lane) { OwnedTotals(l, []int{0, 1, 2, 3, 4, 5}, out) }))
}

func TestSumEntry(t *testing.T) {
	out := make([]int, 4)
	allEqual(t, spmd.Run(4, func(l spmd.Lane) { SumEntry(l, []int{1, 2}, out) }), out, 12)
}

func TestPrefixToEntry(t *testing.T) {
	out := make([]int, 3)
	diverges(t, spmd.Run(3, func(l spmd.Lane) { PrefixToEntry(l, []int{1, 2, 3}, out) }))
}

func TestFixedWidth(t *testing.T) {
	out := make([]int, 16)
	allEqual(t, spmd.Run(16, func(l spmd.Lane) { FixedWidth(l, out) }), out, 4)
}
