package ambig

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestFlushOnPanic(t *testing.T) {
	src := []float64{1, 2, 3}
	out, err := FlushOnPanic(src, []int{2, 1, 0})
	if err != nil || !slices.Equal(out, []float64{3, 2, 1}) {
		t.Fatalf("FlushOnPanic = %v, %v", out, err)
	}
	// At run time the panicking lane waits at the deferred barrier on the
	// panic path, so spmd.Run reports divergence, not the panic.
	_, err = FlushOnPanic(src, []int{2, 9, 0})
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Errorf("FlushOnPanic bad index: %v", err)
	}
}

func TestFlushOnGoexit(t *testing.T) {
	src := []float64{1, 2, 3}
	out, err := FlushOnGoexit(src, []int{2, 1, 0})
	if err != nil || !slices.Equal(out, []float64{3, 2, 1}) {
		t.Fatalf("FlushOnGoexit = %v, %v", out, err)
	}
	_, err = FlushOnGoexit(src, []int{2, 9, 0})
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Errorf("FlushOnGoexit bad index: %v", err)
	}
}

func TestFlushOnRecover(t *testing.T) {
	src := []float64{1, 2, 3}
	out, _, err := FlushOnRecover(src, []int{2, 1, 0})
	if err != nil || !slices.Equal(out, []float64{3, 2, 1}) {
		t.Fatalf("FlushOnRecover = %v, %v", out, err)
	}
	// Normally the recovered lane runs the deferred barrier from the panic
	// path and spmd.Run reports divergence; under -race the defers are not
	// open-coded and both paths run it from the same place, so Run may
	// return nil. Either is accepted; nothing else is.
	_, bad, err := FlushOnRecover(src, []int{2, 9, 0})
	var de *spmd.DivergenceError
	if err != nil && !errors.As(err, &de) {
		t.Errorf("FlushOnRecover bad index: %v", err)
	}
	if err == nil && !bad[1] {
		t.Errorf("FlushOnRecover did not flag lane 1")
	}
	t.Logf("FlushOnRecover with a bad index: %v", err)
}

func TestDeferInLoop(t *testing.T) {
	out, err := DeferInLoop([]int{1, 2, 3}, 3)
	if err != nil || !slices.Equal(out, []int{3, 6, 9}) {
		t.Fatalf("DeferInLoop = %v, %v", out, err)
	}
}
