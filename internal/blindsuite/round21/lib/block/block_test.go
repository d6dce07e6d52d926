package block_test

import (
	"errors"
	"sync"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round21/lib/block"
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
func (p *perLane) all(t *testing.T, n int, want func(i int) int) {
	t.Helper()
	for i := 0; i < n; i++ {
		if p.v[i] != want(i) {
			t.Fatalf("lane %d: got %d want %d", i, p.v[i], want(i))
		}
	}
}

func TestReduce(t *testing.T) {
	r := newPerLane()
	ok(t, 8, func(l spmd.Lane) { r.set(l.Index(), block.Reduce(l, l.Index())) })
	r.all(t, 8, func(int) int { return 28 })
}

func TestTreeReduce(t *testing.T) {
	r := newPerLane()
	buf := make([]int, 8)
	ok(t, 8, func(l spmd.Lane) { r.set(l.Index(), block.TreeReduce(l, buf, l.Index()+1)) })
	r.all(t, 8, func(int) int { return 36 })
	diverges(t, 8, func(l spmd.Lane) { block.TreeReduceGuarded(l, buf, 1) })
	diverges(t, 8, func(l spmd.Lane) { block.TreeReduceBreak(l, buf, 1) })
}

func TestInclusiveScan(t *testing.T) {
	r := newPerLane()
	ok(t, 8, func(l spmd.Lane) { r.set(l.Index(), block.InclusiveScan(l, l.Index())) })
	r.all(t, 8, func(i int) int { return i * (i + 1) / 2 })
	diverges(t, 8, func(l spmd.Lane) { block.InclusiveScanGuarded(l, l.Index()) })
}

func TestSegScan(t *testing.T) {
	heads := []bool{true, false, false, true, false, true, false, false}
	r := newPerLane()
	ok(t, 8, func(l spmd.Lane) { r.set(l.Index(), block.SegScan(l, 1, heads[l.Index()])) })
	r.all(t, 8, func(i int) int { return []int{1, 2, 3, 1, 2, 1, 2, 3}[i] })
	diverges(t, 8, func(l spmd.Lane) {
		block.SegScanEarly(l, 1, func(i int) bool { return heads[i] })
	})
}

func TestGroup(t *testing.T) {
	r := newPerLane()
	scratch := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) {
		g := block.Group{L: l, Scratch: scratch}
		g.Sync()
		v := g.Share(g.Rank()*10, (g.Rank()+1)%g.Size())
		r.set(l.Index(), v)
	})
	r.all(t, 4, func(i int) int { return (i + 1) % 4 * 10 })
	diverges(t, 4, func(l spmd.Lane) { block.Group{L: l}.SyncOdd() })
}

func TestAcc(t *testing.T) {
	r := newPerLane()
	ok(t, 4, func(l spmd.Lane) {
		a := block.NewAcc[int](l)
		for k := 0; k <= l.Index(); k++ {
			a.Add(k)
		}
		r.set(l.Index(), a.Total()*100+a.Local())
	})
	r.all(t, 4, func(i int) int { return (0+1+3+6)*100 + i*(i+1)/2 })
}

func TestCombiners(t *testing.T) {
	r := newPerLane()
	ok(t, 4, func(l spmd.Lane) {
		i := l.Index()
		a := block.Combine[int](l, block.SumOf[int]{}, i)
		b := block.Combine[int](l, block.MaxOf[int]{}, i)
		c := block.Combine[int](l, block.PairOf[int]{}, i)
		d := block.Combine[int](l, block.Scaled[int]{K: 3}, i)
		e := block.CombineAll(l, []block.Combiner[int]{block.Scaled[int]{K: 2}, block.SumOf[int]{}}, i)
		r.set(i, a*10000+b*1000+c*100+d*10+e-12)
	})
	r.all(t, 4, func(i int) int { return 6*10000 + 3*1000 + (i+(i^1))*100 + 3*i*10 })
	ok(t, 1, func(l spmd.Lane) { block.Combine[int](l, block.LeaderOnly[int]{}, 5) })
	diverges(t, 4, func(l spmd.Lane) { block.Combine[int](l, block.LeaderOnly[int]{}, 5) })
}

func TestForEachTilesPhased(t *testing.T) {
	out := make([]int, 10)
	ok(t, 4, func(l spmd.Lane) { block.ForEach(l, 10, func(i int) { out[i] = i * i }) })
	for i, v := range out {
		if v != i*i {
			t.Fatalf("out %v", out)
		}
	}
	sums := make([]int, 3)
	ok(t, 4, func(l spmd.Lane) {
		block.Tiles(l, 10, func(base int) {
			if l.Index() == 0 {
				sums[base/4] = base
			}
		})
	})
	if sums[0] != 0 || sums[1] != 4 || sums[2] != 8 {
		t.Fatalf("sums %v", sums)
	}
	buf := make([]int, 4)
	r := newPerLane()
	ok(t, 4, func(l spmd.Lane) {
		var got int
		block.Phased(l,
			func() { buf[l.Index()] = l.Index() + 1 },
			func() { got = buf[(l.Index()+1)%4] },
		)
		r.set(l.Index(), got)
	})
	r.all(t, 4, func(i int) int { return (i+1)%4 + 1 })
}

func TestFold(t *testing.T) {
	r := newPerLane()
	ok(t, 8, func(l spmd.Lane) {
		r.set(l.Index(), block.Fold(l, l.Index(), func(a, b int) int { return max(a, b) }))
	})
	r.all(t, 8, func(int) int { return 7 })
}

type item int

func (i item) Key() int { return int(i) }

func TestOwner(t *testing.T) {
	r := newPerLane()
	ok(t, 4, func(l spmd.Lane) {
		n := 0
		for k := 0; k < 10; k++ {
			if block.Owner(l, item(k)) {
				n++
			}
		}
		r.set(l.Index(), n)
	})
	r.all(t, 4, func(i int) int { return []int{3, 3, 2, 2}[i] })
}

func TestLoadTile(t *testing.T) {
	src := []int{1, 2, 3, 4, 5, 6}
	tile := make([]int, 4)
	ok(t, 4, func(l spmd.Lane) { block.LoadTile(l, tile, src, 4) })
	if tile[0] != 5 || tile[1] != 6 || tile[2] != 0 || tile[3] != 0 {
		t.Fatalf("tile %v", tile)
	}
	ok(t, 4, func(l spmd.Lane) { block.LoadTileEarly(l, tile, src, 0) })
	diverges(t, 4, func(l spmd.Lane) { block.LoadTileEarly(l, tile, src, 4) })
}

func TestExchange(t *testing.T) {
	sh := make([]int, 4)
	r := newPerLane()
	ok(t, 4, func(l spmd.Lane) { r.set(l.Index(), block.Exchange(l, sh, l.Index()*3, 3-l.Index())) })
	r.all(t, 4, func(i int) int { return (3 - i) * 3 })
}

func TestElect(t *testing.T) {
	r := newPerLane()
	ok(t, 8, func(l spmd.Lane) {
		v, found := block.Elect(l, l.Index()*10, func(i int) bool { return i >= 5 })
		_, none := block.Elect(l, 1, func(int) bool { return false })
		if found && !none {
			r.set(l.Index(), v)
		}
	})
	r.all(t, 8, func(int) int { return 50 })
	ok(t, 8, func(l spmd.Lane) { block.ElectWhere(l, 1, func(int) bool { return true }) })
	diverges(t, 8, func(l spmd.Lane) { block.ElectWhere(l, 1, func(i int) bool { return i >= 5 }) })
}
