package shared

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDiv(t *testing.T, n int, k func(spmd.Lane)) {
	t.Helper()
	err := spmd.Run(n, k)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence as expected: %v", err)
}

func wantOK(t *testing.T, n int, k func(spmd.Lane)) {
	t.Helper()
	if err := spmd.Run(n, k); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func wantAll(t *testing.T, out []int, want int) {
	t.Helper()
	for i, v := range out {
		if v != want {
			t.Fatalf("out[%d] = %d, want %d (out=%v)", i, v, want, out)
		}
	}
}

func TestS01(t *testing.T) {
	out, buf := make([]int, 4), make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { S01(l, buf, out) })
	wantAll(t, out, 4)
}

func TestS02(t *testing.T) {
	out, buf := make([]int, 4), make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { S02(l, buf, out) })
}

func TestS03(t *testing.T) {
	Table = [8]int{0, 0, 0, 0, 5, 0, 0, 0}
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { S03(l, out) })
	wantAll(t, out, 20)
}

func TestS04(t *testing.T) {
	Table = [8]int{0, 1, 0, 1, 0, 1, 0, 1}
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { S04(l, out) })
}

func TestS05(t *testing.T) {
	Ticket = 0
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { S05(l, out) })
}

func TestS06(t *testing.T) {
	Flag = 0
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { S06(l, out) })
}

func TestS07(t *testing.T) {
	Hits.Store(0)
	out := make([]int, 5)
	wantOK(t, 5, func(l spmd.Lane) { S07(l, out) })
	wantAll(t, out, 5)
}

func TestS08(t *testing.T) {
	Seq.Store(0)
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { S08(l, out) })
}

func TestS09(t *testing.T) {
	Slot = 0
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { S09(l, out) })
}

func TestS10(t *testing.T) {
	Count32 = 0
	out := make([]int, 5)
	wantOK(t, 5, func(l spmd.Lane) { S10(l, out) })
	wantAll(t, out, 10)
}

func TestS11(t *testing.T) {
	cfg := &Config{N: 2, Next: &Config{Weights: []int{0, 0, 6}}}
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { S11(l, cfg, out) })
	wantAll(t, out, 24)
}

func TestS12(t *testing.T) {
	cfg := &Config{N: 3, Weights: []int{1, -1, 1, 1}}
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { S12(l, cfg, out) })
}

func TestS13(t *testing.T) {
	m := map[string]int{"width": 3, "height": 9}
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { S13(l, m, out) })
	wantAll(t, out, 12)
}

func TestS14(t *testing.T) {
	// A may-bug: it shows when lanes happen to start the map iteration at
	// keys of different parity. Retry until it shows.
	m := map[int]int{}
	for i := 0; i < 16; i++ {
		m[i] = i
	}
	for try := 0; try < 50; try++ {
		out := make([]int, 8)
		err := spmd.Run(8, func(l spmd.Lane) { S14(l, m, out) })
		var de *spmd.DivergenceError
		if errors.As(err, &de) {
			t.Logf("divergence on try %d: %v", try, err)
			return
		}
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
	}
	t.Fatal("no divergence in 50 tries")
}

func TestS15(t *testing.T) {
	Global = &Config{N: 0, Next: &Config{N: 1}}
	out := make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { S15(l, out) })
}

func TestS16(t *testing.T) {
	Global = &Config{N: 0, Next: &Config{N: 1}}
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { S16(l, out) })
	wantAll(t, out, 4)
}

func TestS17(t *testing.T) {
	Scratch = [64]int{}
	out := make([]int, 6)
	wantOK(t, 6, func(l spmd.Lane) { S17(l, out) })
	wantAll(t, out, 21)
}

func TestS18(t *testing.T) {
	cfg := &Config{}
	out := make([]int, 4)
	wantOK(t, 4, func(l spmd.Lane) { S18(l, cfg, out) })
	wantAll(t, out, 4)
}

func TestS19(t *testing.T) {
	out, buf := make([]int, 4), make([]int, 4)
	wantDiv(t, 4, func(l spmd.Lane) { S19(l, buf, out) })
}
