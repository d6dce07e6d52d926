package sortnet

import (
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round25/proj/internal/testutil"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestBitonic(t *testing.T) {
	keys := []int{5, 1, 7, 3, 3, 0, 6, 2}
	var stages int
	testutil.LaunchKernel(t, 8, func(l spmd.Lane) { Net{}.Bitonic(l, keys, &stages) })
	if !slices.Equal(keys, []int{0, 1, 2, 3, 3, 5, 6, 7}) || stages == 0 {
		t.Fatalf("Bitonic: %v %d", keys, stages)
	}
	desc := []int{5, 1, 7, 3}
	testutil.LaunchKernel(t, 4, func(l spmd.Lane) { Net{Desc: true}.Bitonic(l, desc, &stages) })
	if !slices.Equal(desc, []int{7, 5, 3, 1}) {
		t.Fatalf("Bitonic desc: %v", desc)
	}
	testutil.Diverges(t, 8, func(l spmd.Lane) {
		Net{}.BitonicSkipEqual(l, []int{5, 1, 7, 3, 3, 3, 6, 2}, &stages)
	})
}

func TestRank(t *testing.T) {
	keys := []int{4, 1, 4, 0}
	rank := make([]int, 4)
	testutil.Launch(t, 4, func(l spmd.Lane) { Rank(l, keys, rank) })
	if !slices.Equal(rank, []int{2, 1, 3, 0}) {
		t.Fatalf("Rank: %v", rank)
	}
	testutil.Diverges(t, 4, func(l spmd.Lane) { RankSkipMin(l, []int{0, 1, 4, 0}, rank) })
}

// span is a generic kernel defined in the test and instantiated below.
// kernel(ok): both reductions in every lane.
func span[T spmd.Number](xs []T, out *T) func(spmd.Lane) {
	return func(l spmd.Lane) {
		v := xs[l.Index()]
		lo := spmd.ReduceMin(l, v)
		hi := spmd.ReduceMax(l, v)
		if l.Index() == 0 {
			*out = hi - lo
		}
	}
}

// spanNonNegative ignores negative samples.
// kernel(bug): generic; the minimum is taken in a per-lane branch.
func spanNonNegative[T spmd.Number](xs []T, out *T) func(spmd.Lane) {
	return func(l spmd.Lane) {
		v := xs[l.Index()]
		lo := v
		if v >= 0 {
			lo = spmd.ReduceMin(l, v) // EXPECT
		}
		hi := spmd.ReduceMax(l, v)
		if l.Index() == 0 {
			*out = hi - lo
		}
	}
}

func TestSpan(t *testing.T) {
	var i int
	testutil.Launch(t, 4, span([]int{3, 9, -2, 4}, &i))
	var f float64
	testutil.Launch(t, 2, span([]float64{0.5, 2}, &f))
	if i != 11 || f != 1.5 {
		t.Fatalf("span: %d %v", i, f)
	}
	testutil.Diverges(t, 4, spanNonNegative([]int{3, 9, -2, 4}, &i))
	var u uint16
	testutil.Launch(t, 3, spanNonNegative([]uint16{3, 9, 4}, &u)) // unsigned: never negative
	if u != 6 {
		t.Fatalf("spanNonNegative[uint16]: %d", u)
	}
}

func TestOddEven(t *testing.T) {
	input := []int{9, 4, 7, 1, 8, 2}
	t.Run("last-lane-returns", func(t *testing.T) {
		keys := slices.Clone(input)
		// kernel(bug): the last lane has no right neighbour and leaves.
		testutil.Diverges(t, len(keys), func(l spmd.Lane) {
			i, n := l.Index(), l.Count()
			if i+1 >= n {
				return
			}
			for phase := 0; phase < n; phase++ {
				if i%2 == phase%2 && keys[i] > keys[i+1] {
					keys[i], keys[i+1] = keys[i+1], keys[i]
				}
				l.Barrier() // EXPECT
			}
		})
	})
	t.Run("last-lane-idles", func(t *testing.T) {
		keys := slices.Clone(input)
		// kernel(ok): the last lane only skips the compare-swap.
		testutil.Launch(t, len(keys), func(l spmd.Lane) {
			i, n := l.Index(), l.Count()
			for phase := 0; phase < n; phase++ {
				if i+1 < n && i%2 == phase%2 && keys[i] > keys[i+1] {
					keys[i], keys[i+1] = keys[i+1], keys[i]
				}
				l.Barrier()
			}
		})
		if !slices.IsSorted(keys) {
			t.Fatalf("odd-even: %v", keys)
		}
	})
	t.Run("stop-when-sorted-lane", func(t *testing.T) {
		keys := slices.Clone(input)
		// kernel(bug): each lane stops when its own pair is ordered.
		testutil.Diverges(t, len(keys), func(l spmd.Lane) {
			i, n := l.Index(), l.Count()
			for phase := 0; phase < n; phase++ {
				inOrder := i+1 >= n || keys[i] <= keys[i+1]
				l.Barrier() // EXPECT
				if inOrder {
					break
				}
				if i%2 == phase%2 {
					keys[i], keys[i+1] = keys[i+1], keys[i]
				}
				l.Barrier() // EXPECT
			}
		})
	})
	t.Run("stop-when-sorted-all", func(t *testing.T) {
		keys := slices.Clone(input)
		phases := 0
		// kernel(ok): the group stops when All pairs are ordered.
		testutil.Launch(t, len(keys), func(l spmd.Lane) {
			i, n := l.Index(), l.Count()
			p := 0
			for ; p < n; p++ {
				inOrder := i+1 >= n || keys[i] <= keys[i+1]
				if spmd.All(l, inOrder) {
					break
				}
				if i%2 == p%2 && !inOrder {
					keys[i], keys[i+1] = keys[i+1], keys[i]
				}
				l.Barrier()
			}
			if i == 0 {
				phases = p
			}
		})
		if !slices.IsSorted(keys) || phases == 0 {
			t.Fatalf("odd-even: %v after %d", keys, phases)
		}
	})
	t.Run("lane-best", func(t *testing.T) {
		keys := slices.Clone(input)
		// kernel(bug): best is each lane's own, updated under a lane test.
		testutil.Diverges(t, len(keys), func(l spmd.Lane) {
			best := keys[l.Index()]
			for _, k := range keys[:3] {
				if k < best {
					best = k
				}
			}
			if best == 4 {
				spmd.Ballot(l, true) // EXPECT
			}
		})
	})
	t.Run("group-best", func(t *testing.T) {
		keys := slices.Clone(input)
		var mask uint64
		// kernel(ok): best is combined with ReduceMin before the test.
		testutil.Launch(t, len(keys), func(l spmd.Lane) {
			best := keys[l.Index()]
			for _, k := range keys[:3] {
				if k < best {
					best = k
				}
			}
			best = spmd.ReduceMin(l, best)
			if best == 1 {
				m := spmd.Ballot(l, keys[l.Index()] == best)
				if l.Index() == 0 {
					mask = m
				}
			}
		})
		if mask != 1<<3 {
			t.Fatalf("mask %b", mask)
		}
	})
}
