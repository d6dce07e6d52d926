package ambig

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func isDiv(err error) bool {
	var de *spmd.DivergenceError
	return errors.As(err, &de)
}

func TestMutexCounterBeforeBarrier(t *testing.T) {
	if err := MutexCounterBeforeBarrier(4); !isDiv(err) {
		t.Fatalf("want divergence, got %v", err)
	}
}

// LoadRacesAdd diverges only for some schedules; retry until it does.
func TestLoadRacesAdd(t *testing.T) {
	for i := 0; i < 2000; i++ {
		err := LoadRacesAdd(4)
		if isDiv(err) {
			return
		}
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
	}
	t.Fatal("no divergence in 2000 runs")
}

func TestOncePerLaneFlag(t *testing.T) {
	if err := OncePerLaneFlag(4); !isDiv(err) {
		t.Fatalf("want divergence, got %v", err)
	}
}

func TestSharedDoneAfterBarrier(t *testing.T) {
	for i := 0; i < 20; i++ {
		n, err := SharedDoneAfterBarrier(4)
		if err != nil || n != 2 {
			t.Fatalf("got %d, %v; want 2, nil", n, err)
		}
	}
}

func TestTokensForEveryone(t *testing.T) {
	n, err := TokensForEveryone(4)
	if err != nil || n != 4 {
		t.Fatalf("got %d, %v; want 4, nil", n, err)
	}
}
