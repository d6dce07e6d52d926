package sources

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

type kcase struct {
	name string
	bug  bool
	run  func(t *testing.T) error
}

func check(t *testing.T, got, want []int) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func fill(n, v int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}

var mixed = []int{3, -1, 4, -1, 5, -9, 2, 6}

func TestKernels(t *testing.T) {
	cases := []kcase{
		{"MirrorLowerHalf", true, func(t *testing.T) error { return NewStats(mixed).MirrorLowerHalf() }},
		{"Mirror", false, func(t *testing.T) error {
			s := NewStats([]int{1, 2, 3, 4})
			err := s.Mirror()
			check(t, s.Out, []int{10, 10, 10, 10})
			return err
		}},
		{"CountAbove", false, func(t *testing.T) error {
			var out int
			err := spmd.Run(len(mixed), func(l spmd.Lane) { CountAbove(l, mixed, 2, &out) })
			if out != 4 {
				t.Errorf("out = %d, want 4", out)
			}
			return err
		}},
		{"CountAboveFast", true, func(t *testing.T) error {
			var out int
			return spmd.Run(len(mixed), func(l spmd.Lane) { CountAboveFast(l, mixed, 2, &out) })
		}},
		{"Smooth", false, func(t *testing.T) error {
			s := NewStats([]int{9, 0, 0, 0, 0, 0, 0, 0})
			err := s.Smooth()
			check(t, s.Out, []int{9, 9, 9, 9, 0, 0, 0, 0})
			return err
		}},
		{"SmoothOddExtra", true, func(t *testing.T) error { return NewStats(mixed).SmoothOddExtra() }},
		{"TileSum", false, func(t *testing.T) error {
			s := NewStats(fill(8, 1))
			err := s.TileSum()
			check(t, s.Out, fill(8, 8*(0+1+2+3)))
			return err
		}},
		{"TileSumClipped", true, func(t *testing.T) error { return NewStats(fill(8, 1)).TileSumClipped() }},
		{"ShiftIfAnyNegative", false, func(t *testing.T) error {
			s := NewStats([]int{1, -2, 3, 0})
			err := s.ShiftIfAnyNegative()
			check(t, s.Out, []int{3, 0, 5, 2})
			return err
		}},
		{"ShiftIfNegative", true, func(t *testing.T) error { return NewStats(mixed).ShiftIfNegative() }},
		{"HalveIfAllEven", false, func(t *testing.T) error {
			s := NewStats([]int{2, 4, 6, 8})
			err := s.HalveIfAllEven()
			check(t, s.Out, fill(4, 10))
			return err
		}},
		{"HalveIfEven", true, func(t *testing.T) error { return NewStats(mixed).HalveIfEven() }},
		{"MajorityPositive", false, func(t *testing.T) error {
			s := NewStats(mixed)
			err := s.MajorityPositive()
			check(t, s.Out, fill(8, 9))
			return err
		}},
		{"SumOwnVote", true, func(t *testing.T) error { return NewStats(mixed).SumOwnVote() }},
		{"PhasesByTotal", false, func(t *testing.T) error {
			s := NewStats(fill(4, 1))
			err := s.PhasesByTotal()
			check(t, s.Out, fill(4, 4))
			return err
		}},
		{"PhasesByPrefix", true, func(t *testing.T) error { return NewStats(fill(4, 1)).PhasesByPrefix() }},
		{"WideSpreadSync", false, func(t *testing.T) error {
			s := NewStats([]int{1, 5, 3, 9})
			s.Span = 4
			err := s.WideSpreadSync()
			check(t, s.Out, []int{4, 2, 8, 0})
			return err
		}},
		{"FarFromMinSync", true, func(t *testing.T) error {
			s := NewStats([]int{1, 5, 3, 9})
			s.Span = 3
			return s.FarFromMinSync()
		}},
		{"ColumnSums", false, func(t *testing.T) error {
			r := &Ragged{Rows: [][]int{{1, 2, 3}, {4}, {5, 6}, {}}, Cols: make([]int, 3)}
			err := r.ColumnSums()
			check(t, r.Cols, []int{10, 8, 3})
			return err
		}},
		{"ColumnSumsShort", true, func(t *testing.T) error {
			r := &Ragged{Rows: [][]int{{1, 2, 3}, {4}, {5, 6}, {}}, Cols: make([]int, 3)}
			return r.ColumnSumsShort()
		}},
		{"PivotFromLast", false, func(t *testing.T) error {
			s := NewStats(mixed)
			err := s.PivotFromLast()
			check(t, s.Out, fill(8, 9))
			return err
		}},
		{"PivotFromNeighbour", true, func(t *testing.T) error { return NewStats(mixed).PivotFromNeighbour() }},
		{"RebaseOnFirst", false, func(t *testing.T) error {
			s := NewStats([]int{2, 7, 1, 3})
			err := s.RebaseOnFirst()
			check(t, s.Out, fill(4, 5))
			return err
		}},
		{"RebaseOnLeft", true, func(t *testing.T) error { return NewStats([]int{2, 7, 1, 3}).RebaseOnLeft() }},
		{"PairSync", false, func(t *testing.T) error {
			s := NewStats([]int{1, 2, 10, 20})
			s.Limit = 5
			err := s.PairSync()
			check(t, s.Out, fill(4, 3))
			return err
		}},
		{"PairSyncLocal", true, func(t *testing.T) error {
			s := NewStats([]int{1, 2, 10, 20})
			s.Limit = 5
			return s.PairSyncLocal()
		}},
		{"Compact", false, func(t *testing.T) error {
			s := NewStats([]int{7, 1, 8, 9})
			s.Limit = 5
			err := s.Compact()
			check(t, s.Out, []int{0, 1, 1, 2})
			check(t, s.Tmp[:3], []int{7, 8, 9})
			return err
		}},
		{"CompactSkipFirst", true, func(t *testing.T) error {
			s := NewStats([]int{7, 1, 8, 9})
			s.Limit = 5
			return s.CompactSkipFirst()
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.run(t)
			if c.bug {
				var de *spmd.DivergenceError
				if !errors.As(err, &de) {
					t.Fatalf("want *spmd.DivergenceError, got %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
		})
	}
}
