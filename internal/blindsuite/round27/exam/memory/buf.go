// Package memory holds buffer kernels: per-lane scratch variables, buffers
// shared through parameters and globals, and atomic counters.
package memory

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// Table is a global lookup table shared by every lane.
var Table = []int{2, 0, 3, 1}

// Config is read by every lane.
type Config struct {
	Scale  int
	Levels []int
}

// Buf is the state of a buffer kernel.
type Buf struct {
	Vals   []int
	Shared []int
	Out    []int
	Phase  int
	Rounds int
	Cut    int
	Next   int32
	Owner  int32
	Cursor atomic.Int64
}

// NewBuf allocates the buffers for vals.
func NewBuf(vals []int) *Buf {
	return &Buf{
		Vals:   vals,
		Shared: make([]int, len(vals)),
		Out:    make([]int, len(vals)),
		Owner:  -1,
	}
}

func (b *Buf) n() int { return len(b.Vals) }

// parse stores the number of passes v asks for in *dst.
func parse(dst *int, v int) { *dst = v % 3 }

// kernel(bug): the lane's scratch slot holds its own value.
func (b *Buf) ScratchOwn() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		var scratch [2]int
		ph := b.Phase % 2
		scratch[ph] = b.Vals[i]
		out := 0
		if scratch[ph] > b.Cut {
			out = spmd.ReduceAdd(l, 1) // EXPECT
		}
		b.Out[i] = out
	})
}

// kernel(ok): the lane's scratch slot holds a shared value.
func (b *Buf) ScratchShared() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		var scratch [2]int
		ph := b.Phase % 2
		scratch[ph] = b.Rounds
		out := 0
		if scratch[ph] > b.Cut {
			out = spmd.ReduceAdd(l, 1)
		}
		b.Out[i] = out
	})
}

// kernel(bug): the mark is set only in lanes above the cut.
func (b *Buf) MarkAboveCut() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		var marks [2]bool
		ph := b.Phase % 2
		if b.Vals[i] > b.Cut {
			marks[ph] = true
		}
		if marks[ph] {
			l.Barrier() // EXPECT
		}
		b.Out[i] = ph
	})
}

// kernel(ok): the mark is set in every lane or none.
func (b *Buf) MarkIfRounds() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		var marks [2]bool
		ph := b.Phase % 2
		if b.Rounds > 0 {
			marks[ph] = true
		}
		if marks[ph] {
			l.Barrier()
		}
		b.Out[i] = ph
	})
}

// kernel(bug): a helper writes the lane's own pass count through a pointer.
func (b *Buf) PassesFromValue() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		var passes int
		parse(&passes, b.Vals[i])
		for k := 0; k < passes; k++ {
			l.Barrier() // EXPECT
		}
		b.Out[i] = passes
	})
}

// kernel(ok): a helper writes a shared pass count through a pointer.
func (b *Buf) PassesFromRounds() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		var passes int
		parse(&passes, b.Rounds)
		for k := 0; k < passes; k++ {
			l.Barrier()
		}
		b.Out[i] = passes
	})
}

// kernel(bug): a closure advances a captured cursor by the lane's stride.
func (b *Buf) CursorByLane() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		cursor := 0
		advance := func(d int) { cursor += d }
		advance(i % 3)
		for k := 0; k < cursor; k++ {
			l.Barrier() // EXPECT
		}
		b.Out[i] = cursor
	})
}

// kernel(ok): a closure advances a captured cursor by one.
func (b *Buf) CursorByOne() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		cursor := 0
		advance := func(d int) { cursor += d }
		advance(1)
		for k := 0; k < cursor; k++ {
			l.Barrier()
		}
		b.Out[i] = cursor
	})
}

// Normalize scales vals by cfg.Scale, level by level.
//
// kernel(ok): cfg is a parameter of a kernel entry: shared, at a uniform address.
//
//spmd:kernel
func Normalize(l spmd.Lane, cfg *Config, vals []int, out []int) {
	i := l.Index()
	v := vals[i]
	for _, lv := range cfg.Levels {
		if cfg.Scale > lv {
			v = spmd.ReduceMax(l, v) * cfg.Scale
		}
	}
	out[i] = v
}

// NormalizeOwn scales by the lane's own level.
//
// kernel(bug): vals[l.Index()] is at a lane-dependent address.
//
//spmd:kernel
func NormalizeOwn(l spmd.Lane, cfg *Config, vals []int, out []int) {
	i := l.Index()
	v := vals[i]
	for _, lv := range cfg.Levels {
		if vals[i] > lv {
			v = spmd.ReduceMax(l, v) * cfg.Scale // EXPECT
		}
	}
	out[i] = v
}

// kernel(ok): the global table read at a fixed entry.
func (b *Buf) TableHead() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		reps := Table[0]
		acc := 0
		for k := 0; k < reps; k++ {
			acc += spmd.ReduceAdd(l, b.Vals[i])
		}
		b.Out[i] = acc
	})
}

// kernel(bug): the global table read at the lane's entry.
func (b *Buf) TableByLane() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		reps := Table[i%len(Table)]
		acc := 0
		for k := 0; k < reps; k++ {
			acc += spmd.ReduceAdd(l, b.Vals[i]) // EXPECT
		}
		b.Out[i] = acc
	})
}

// kernel(ok): lane 0 publishes to shared memory; all read it after a barrier.
func (b *Buf) PublishShared() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		if i == 0 {
			b.Shared[0] = b.Vals[0] % 4
		}
		l.Barrier()
		reps := b.Shared[0]
		for k := 0; k < reps; k++ {
			l.Barrier()
		}
		b.Out[i] = reps
	})
}

// kernel(bug): lane 0 "publishes" to its own local copy.
func (b *Buf) PublishLocal() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		var board [1]int
		if i == 0 {
			board[0] = b.Vals[0] % 4
		}
		l.Barrier()
		reps := board[0]
		for k := 0; k < reps; k++ {
			l.Barrier() // EXPECT
		}
		b.Out[i] = reps
	})
}

// kernel(ok): every lane writes its slot; all read slot 0.
func (b *Buf) ExchangeHead() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		b.Shared[i] = b.Vals[i] % 3
		l.Barrier()
		head := b.Shared[0]
		acc := 0
		for k := 0; k < head; k++ {
			acc += spmd.ReduceAdd(l, 1)
		}
		b.Out[i] = acc
	})
}

// kernel(bug): every lane writes its slot; each reads its neighbour's.
func (b *Buf) ExchangeNeighbour() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		b.Shared[i] = b.Vals[i] % 3
		l.Barrier()
		next := b.Shared[(i+1)%l.Count()]
		acc := 0
		for k := 0; k < next; k++ {
			acc += spmd.ReduceAdd(l, 1) // EXPECT
		}
		b.Out[i] = acc
	})
}

// kernel(bug): the ticket from an atomic add differs per lane.
func (b *Buf) FirstTicketsSync() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		ticket := atomic.AddInt32(&b.Next, 1)
		if ticket <= 2 {
			l.Barrier() // EXPECT
		}
		b.Out[l.Index()] = int(ticket)
	})
}

// kernel(ok): the counter is loaded after a barrier.
func (b *Buf) CountedSync() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		atomic.AddInt32(&b.Next, 1)
		l.Barrier()
		seen := atomic.LoadInt32(&b.Next)
		if seen >= 2 {
			l.Barrier()
		}
		b.Out[l.Index()] = int(seen)
	})
}

// kernel(bug): atomic.Int64.Add hands out positions.
func (b *Buf) ClaimedSum() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		pos := b.Cursor.Add(1) - 1
		out := 0
		if pos < 2 {
			out = spmd.ReduceAdd(l, 1) // EXPECT
		}
		b.Out[l.Index()] = out
	})
}

// kernel(ok): atomic.Int64.Load after a barrier.
func (b *Buf) ClaimedTotal() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		b.Cursor.Add(1)
		l.Barrier()
		total := b.Cursor.Load()
		out := 0
		if total > 2 {
			out = spmd.ReduceAdd(l, 1)
		}
		b.Out[l.Index()] = out
	})
}

// kernel(bug): only the lane that wins the CAS syncs.
func (b *Buf) WinnerSync() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		if atomic.CompareAndSwapInt32(&b.Owner, -1, int32(i)) {
			l.Barrier() // EXPECT
		}
		b.Out[i] = 1
	})
}

// kernel(ok): every lane tries the CAS, then all read the owner.
func (b *Buf) OwnerSync() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		atomic.CompareAndSwapInt32(&b.Owner, -1, int32(i))
		l.Barrier()
		if atomic.LoadInt32(&b.Owner) >= 0 {
			l.Barrier()
		}
		b.Out[i] = 1
	})
}

// tally is a lane's running count and sum.
type tally struct{ n, sum int }

// kernel(bug): branches on the sum field, which holds lane values.
func (b *Buf) SumFieldSync() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		var t tally
		for k := 0; k < b.Rounds; k++ {
			t.n++
			t.sum += b.Vals[i]
		}
		out := 0
		if t.sum > b.Cut {
			out = spmd.ReduceAdd(l, t.sum) // EXPECT
		}
		b.Out[i] = out
	})
}

// kernel(ok): branches on the count field, the same in every lane.
func (b *Buf) CountFieldSync() error {
	return spmd.Run(b.n(), func(l spmd.Lane) {
		i := l.Index()
		var t tally
		for k := 0; k < b.Rounds; k++ {
			t.n++
			t.sum += b.Vals[i]
		}
		out := 0
		if t.n > b.Cut {
			out = spmd.ReduceAdd(l, t.sum)
		}
		b.Out[i] = out
	})
}
