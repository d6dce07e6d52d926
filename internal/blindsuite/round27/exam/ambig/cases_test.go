package ambig

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func newBoard() *Board {
	return &Board{
		Vals:    []int{5, -1, 6, 2, -7, 3, 4, 0},
		Out:     make([]int, 8),
		Budget:  2,
		Weights: map[string]int{"d": 9, "b": 1, "a": 2, "c": 7},
	}
}

func all(v int) func(*testing.T, []int) {
	return func(t *testing.T, out []int) {
		t.Helper()
		for _, o := range out {
			if o != v {
				t.Errorf("Out = %v, want all %d", out, v)
				return
			}
		}
	}
}

// TestRuntime records what spmd.Run does with each ambiguous kernel.
func TestRuntime(t *testing.T) {
	cases := []struct {
		name     string
		run      func(*Board) error
		diverges bool
		check    func(*testing.T, []int)
	}{
		{"A1 ShuffleFromRoot", (*Board).ShuffleFromRoot, false, all(12)},
		{"A2 SmallestKeySync", (*Board).SmallestKeySync, false, all(2)},
		{"A3 BudgetPhases", (*Board).BudgetPhases, false, all(2)},
		{"A4 ReadyEitherWay", (*Board).ReadyEitherWay, false, func(t *testing.T, out []int) {
			if out[1] != 1 || out[4] != 1 || out[0] != 0 {
				t.Errorf("Out = %v", out)
			}
		}},
		{"A5 OwnBucketMark", (*Board).OwnBucketMark, true, nil},
		{"A6 DeferredSync", (*Board).DeferredSync, true, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for range 20 {
				b := newBoard()
				err := c.run(b)
				if c.diverges {
					var de *spmd.DivergenceError
					if !errors.As(err, &de) {
						t.Fatalf("want *spmd.DivergenceError, got %v", err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				c.check(t, b.Out)
			}
		})
	}
}
