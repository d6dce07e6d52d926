package warp_test

import (
	"errors"
	"sync"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round21/lib/warp"
	"github.com/spmdvet/spmdvet/spmd"
)

func ok(t *testing.T, n int, k func(spmd.Lane)) {
	t.Helper()
	if err := spmd.Run(n, k); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func diverges(t *testing.T, n int, k func(spmd.Lane)) {
	t.Helper()
	err := spmd.Run(n, k)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want DivergenceError, got %v", err)
	}
}

// perLane collects one int per lane.
type perLane struct {
	mu sync.Mutex
	v  map[int]int
}

func newPerLane() *perLane { return &perLane{v: map[int]int{}} }
func (p *perLane) set(i, v int) {
	p.mu.Lock()
	p.v[i] = v
	p.mu.Unlock()
}

func TestIDSlotTileLeader(t *testing.T) {
	id, slot, tb, lead := newPerLane(), newPerLane(), newPerLane(), newPerLane()
	ok(t, 40, func(l spmd.Lane) {
		i := l.Index()
		id.set(i, warp.ID(l))
		slot.set(i, warp.Slot(l))
		tb.set(i, warp.TileBase(l, 8))
		b := 0
		if warp.Leader(l) {
			b = 1
		}
		lead.set(i, b)
	})
	for i := 0; i < 40; i++ {
		if id.v[i] != i || slot.v[i] != i%32 || tb.v[i] != i/8*8 || lead.v[i] != map[bool]int{true: 1, false: 0}[i == 0] {
			t.Fatalf("lane %d: %d %d %d %d", i, id.v[i], slot.v[i], tb.v[i], lead.v[i])
		}
	}
}

func TestWidthChunkSteps(t *testing.T) {
	r := newPerLane()
	ok(t, 6, func(l spmd.Lane) {
		r.set(l.Index(), warp.Width(l)*10000+warp.Chunk(l, 20)*100+warp.Steps(l))
	})
	for i := 0; i < 6; i++ {
		if r.v[i] != 6*10000+4*100+3 {
			t.Fatalf("lane %d: %d", i, r.v[i])
		}
	}
}

func TestSyncFence(t *testing.T) {
	buf := make([]int, 8)
	r := newPerLane()
	ok(t, 8, func(l spmd.Lane) {
		buf[l.Index()] = l.Index() + 1
		warp.Sync(l)
		s := 0
		for _, v := range buf {
			s += v
		}
		warp.Fence(l)
		buf[l.Index()] = 0
		warp.Fence(l)
		r.set(l.Index(), s+buf[(l.Index()+1)%8])
	})
	for i := 0; i < 8; i++ {
		if r.v[i] != 36 {
			t.Fatalf("lane %d: %d", i, r.v[i])
		}
	}
}

func TestReductions(t *testing.T) {
	r := newPerLane()
	ok(t, 8, func(l spmd.Lane) {
		i := l.Index()
		s := warp.Sum(l, i)
		mx := warp.Max(l, i)
		mn := warp.Min(l, i+3)
		tot := warp.Total(l, i)
		xs := warp.XorSum(l, i)
		r.set(i, s*1000000+mx*10000+mn*1000+tot*10+xs-28)
	})
	for i := 0; i < 8; i++ {
		if r.v[i] != 28*1000000+7*10000+3*1000+280 {
			t.Fatalf("lane %d: %d", i, r.v[i])
		}
	}
}

func TestBroadcasts(t *testing.T) {
	r := newPerLane()
	ok(t, 5, func(l spmd.Lane) {
		i := l.Index()
		a := warp.Bcast(l, i*10, 3)
		b := warp.From(l, i*10, 4)
		c := warp.First(l, i+7)
		d := warp.Neighbor(l, i)
		r.set(i, a*1000000+b*1000+c*10+d)
	})
	for i := 0; i < 5; i++ {
		if r.v[i] != 30*1000000+40*1000+70+(i+1)%5 {
			t.Fatalf("lane %d: %d", i, r.v[i])
		}
	}
}

func TestVotes(t *testing.T) {
	r := newPerLane()
	ok(t, 10, func(l spmd.Lane) {
		i := l.Index()
		p := i%3 == 0
		v := 0
		if warp.Vote(l, i == 9) {
			v += 1
		}
		if warp.Unanimous(l, i < 10) {
			v += 2
		}
		v += 10 * warp.Count(l, p)
		v += 100 * warp.Rank(l, p)
		r.set(i, v)
	})
	for i := 0; i < 10; i++ {
		rank := (i + 2) / 3
		if r.v[i] != 3+40+100*rank {
			t.Fatalf("lane %d: %d", i, r.v[i])
		}
	}
}

func TestScans(t *testing.T) {
	r := newPerLane()
	ok(t, 6, func(l spmd.Lane) {
		i := l.Index()
		r.set(i, warp.Prefix(l, i)*100+warp.Offset(l, 1))
	})
	for i := 0; i < 6; i++ {
		if r.v[i] != i*(i+1)/2*100+i {
			t.Fatalf("lane %d: %d", i, r.v[i])
		}
	}
}

func TestPublish(t *testing.T) {
	buf := make([]int, 4)
	ok(t, 6, func(l spmd.Lane) { warp.Publish(l, buf, l.Index()*2) })
	for i, v := range buf {
		if v != 2*i {
			t.Fatalf("buf %v", buf)
		}
	}
	// Every lane has a slot: no divergence.
	ok(t, 4, func(l spmd.Lane) { warp.PublishEarly(l, buf, 1) })
	// Lanes 4 and 5 return early.
	diverges(t, 6, func(l spmd.Lane) { warp.PublishEarly(l, buf, 1) })
}

func TestLeaderSum(t *testing.T) {
	ok(t, 1, func(l spmd.Lane) { warp.LeaderSum(l, 3) })
	diverges(t, 4, func(l spmd.Lane) { warp.LeaderSum(l, 3) })
}

func TestAnySlot(t *testing.T) {
	ok(t, 1, func(l spmd.Lane) { warp.AnySlot(l, true) })
	diverges(t, 4, func(l spmd.Lane) { warp.AnySlot(l, true) })
}
