package atomics

import (
	"errors"
	"sync/atomic"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func wantDiv(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func TestTicket(t *testing.T) {
	order := make([]int32, 4)
	wantDiv(t, TicketBug(4, order))
	order = make([]int32, 4)
	wantOK(t, TicketOK(4, order))
	if order[0]+order[1]+order[2]+order[3] != 10 {
		t.Fatalf("TicketOK: %v", order)
	}
}

func TestElect(t *testing.T) {
	vals := []float32{10, 20, 30, 40}
	out := make([]float32, 1)
	wantDiv(t, ElectBug(vals, out))
	out[0] = 0
	lead, err := ElectOK(vals, out)
	wantOK(t, err)
	if out[0] != vals[lead] {
		t.Fatalf("ElectOK: leader %d out %v", lead, out)
	}
}

func TestHandoff(t *testing.T) {
	wantDiv(t, HandoffBug(4))
	box, err := HandoffOK(4)
	wantOK(t, err)
	if box < 0 || box > 3 {
		t.Fatalf("HandoffOK: box %d", box)
	}
}

func TestRounds(t *testing.T) {
	wantDiv(t, RoundsBug(&Counter{}, 4))
	c := &Counter{}
	wantOK(t, RoundsOK(c, 4))
	if c.n.Load() != 4 {
		t.Fatalf("RoundsOK: %d", c.n.Load())
	}
}

func TestHist(t *testing.T) {
	vals := []int{0, 1, 0, 2}
	out := make([]int32, 4)
	wantDiv(t, HistBug(vals, make([]int32, 3), out))
	bins := make([]int32, 3)
	wantOK(t, HistOK(vals, bins, out))
	if bins[0] != 2 || out[0] != 6 {
		t.Fatalf("HistOK: bins %v out %v", bins, out)
	}
}

func TestEdgeRounds(t *testing.T) {
	x := make([]float32, 4)
	wantDiv(t, EdgeRoundsBug(&Config{Rounds: 2, Step: 1}, x))
	x = make([]float32, 4)
	wantOK(t, EdgeRoundsOK(&Config{Rounds: 2, Step: 1}, x))
	if x[0] != 1 || x[1] != 2 || x[3] != 1 {
		t.Fatalf("EdgeRoundsOK: %v", x)
	}
}

func TestRetune(t *testing.T) {
	x := make([]float32, 4)
	wantDiv(t, RetuneBug(&Config{Rounds: 1, Step: 1}, x))
	x = make([]float32, 4)
	wantOK(t, RetuneOK(&Config{Rounds: 1, Step: 1}, x))
	if x[2] != 2 {
		t.Fatalf("RetuneOK: %v", x)
	}
}

func TestPublish(t *testing.T) {
	wantDiv(t, PublishBug(4, 2, new(atomic.Pointer[Config])))
	slot := new(atomic.Pointer[Config])
	out := make([]float32, 4)
	wantOK(t, PublishOK(4, 2, slot, out))
	w := slot.Load().Step
	if out[3] != 2*w {
		t.Fatalf("PublishOK: %v (winner step %v)", out, w)
	}
}

func TestJoinMask(t *testing.T) {
	wantDiv(t, JoinMaskBug(4))
	m, err := JoinMaskOK(4)
	wantOK(t, err)
	if m != 15 {
		t.Fatalf("JoinMaskOK: %b", m)
	}
}

func TestAbort(t *testing.T) {
	out := make([]float32, 4)
	wantDiv(t, AbortBug([]float32{1, -1, 2, 3}, out))
	wantOK(t, AbortOK([]float32{1, -1, 2, 3}, out))
	if out[0] != 0 {
		t.Fatalf("AbortOK aborted run wrote %v", out)
	}
	wantOK(t, AbortOK([]float32{1, 1, 2, 3}, out))
	if out[0] != 7 {
		t.Fatalf("AbortOK: %v", out)
	}
}
