package ambig

import (
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/internal/check"
)

func TestButterflyBudget(t *testing.T) {
	x := make([]float32, 32)
	for i := range x {
		x[i] = 2
	}
	got, err := ButterflyBudget(x, 32)
	if err != nil || got[3] != 1 {
		t.Fatalf("ButterflyBudget = %v, %v", got, err)
	}
}

func TestShuffleFromZero(t *testing.T) {
	x := []float32{-1, 2, 3, 4, 5, 6, 7, 8}
	got, err := ShuffleFromZero(x)
	if err != nil || !slices.Equal(got, []float32{-8, -7, -6, -5, -4, -3, -2, 1}) {
		t.Fatalf("ShuffleFromZero = %v, %v", got, err)
	}
}

func TestPlainLoadAfterBarrier(t *testing.T) {
	x := []float32{2, 4, 6, 8, 10, 12, 14, 16}
	got, err := PlainLoadAfterBarrier(1, x)
	if err != nil || !slices.Equal(got, []float32{3, 5, 7, 9, 11, 13, 15, 9}) {
		t.Fatalf("PlainLoadAfterBarrier = %v, %v", got, err)
	}
}

func TestLyingDirective(t *testing.T) { check.Divergent(t, LyingDirective(8)) }

func TestHintUnderBranch(t *testing.T) {
	if err := HintUnderBranch([]float32{1, -1, 2, -2}); err != nil {
		t.Fatal(err)
	}
}

func TestHiddenFence(t *testing.T) { check.Divergent(t, HiddenFence(8)) }

func TestHiddenIndex(t *testing.T) { check.Divergent(t, HiddenIndex(8)) }

func TestCtxBarrier(t *testing.T) { check.Divergent(t, CtxBarrier(8)) }

func TestMisusedDirectivesStillRun(t *testing.T) {
	if len(use) != 10 {
		t.Fatal("declarations missing")
	}
}
