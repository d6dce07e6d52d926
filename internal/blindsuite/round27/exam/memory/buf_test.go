package memory

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func newBuf() *Buf {
	b := NewBuf([]int{5, 1, 6, 2, 7, 3, 4, 0})
	b.Phase, b.Rounds, b.Cut = 1, 4, 3
	return b
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

func runNormalize(kernel func(spmd.Lane, *Config, []int, []int)) func(*Buf) error {
	return func(b *Buf) error {
		cfg := &Config{Scale: 2, Levels: []int{1, 5}}
		return spmd.Run(b.n(), func(l spmd.Lane) { kernel(l, cfg, b.Vals, b.Out) })
	}
}

func TestKernels(t *testing.T) {
	cases := []struct {
		name  string
		run   func(*Buf) error
		check func(*testing.T, []int) // nil: a bug, must diverge
	}{
		{"ScratchOwn", (*Buf).ScratchOwn, nil},
		{"ScratchShared", (*Buf).ScratchShared, all(8)},
		{"MarkAboveCut", (*Buf).MarkAboveCut, nil},
		{"MarkIfRounds", (*Buf).MarkIfRounds, all(1)},
		{"PassesFromValue", (*Buf).PassesFromValue, nil},
		{"PassesFromRounds", (*Buf).PassesFromRounds, all(1)},
		{"CursorByLane", (*Buf).CursorByLane, nil},
		{"CursorByOne", (*Buf).CursorByOne, all(1)},
		{"Normalize", runNormalize(Normalize), all(14)},
		{"NormalizeOwn", runNormalize(NormalizeOwn), nil},
		{"TableHead", (*Buf).TableHead, all(56)},
		{"TableByLane", (*Buf).TableByLane, nil},
		{"PublishShared", (*Buf).PublishShared, all(1)},
		{"PublishLocal", (*Buf).PublishLocal, nil},
		{"ExchangeHead", (*Buf).ExchangeHead, all(16)},
		{"ExchangeNeighbour", (*Buf).ExchangeNeighbour, nil},
		{"FirstTicketsSync", (*Buf).FirstTicketsSync, nil},
		{"CountedSync", (*Buf).CountedSync, all(8)},
		{"ClaimedSum", (*Buf).ClaimedSum, nil},
		{"ClaimedTotal", (*Buf).ClaimedTotal, all(8)},
		{"WinnerSync", (*Buf).WinnerSync, nil},
		{"OwnerSync", (*Buf).OwnerSync, all(1)},
		{"SumFieldSync", (*Buf).SumFieldSync, nil},
		{"CountFieldSync", (*Buf).CountFieldSync, all(112)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := newBuf()
			err := c.run(b)
			if c.check == nil {
				var de *spmd.DivergenceError
				if !errors.As(err, &de) {
					t.Fatalf("want *spmd.DivergenceError, got %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			c.check(t, b.Out)
		})
	}
}

func TestTableUnchanged(t *testing.T) {
	if !slices.Equal(Table, []int{2, 0, 3, 1}) {
		t.Fatal("Table changed")
	}
}
