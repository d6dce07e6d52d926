// Package atomics holds kernels that coordinate through sync/atomic and
// through shared or copied structs.
package atomics

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// kernel(bug)
// TicketBug: the lane holding the first ticket waits for the others.
func TicketBug(lanes int, order []int32) error {
	var next int32
	return spmd.Run(lanes, func(l spmd.Lane) {
		t := atomic.AddInt32(&next, 1)
		order[l.Index()] = t
		if t == 1 {
			l.Barrier() // EXPECT
		}
	})
}

// kernel(ok)
// TicketOK waits for everyone, then checks the shared count.
func TicketOK(lanes int, order []int32) error {
	var next int32
	return spmd.Run(lanes, func(l spmd.Lane) {
		t := atomic.AddInt32(&next, 1)
		order[l.Index()] = t
		l.Barrier()
		if atomic.LoadInt32(&next) == int32(l.Count()) {
			l.Barrier()
		}
	})
}

// kernel(bug)
// ElectBug: the lane that wins the election broadcasts its value.
func ElectBug(vals, out []float32) error {
	leader := int32(-1)
	return spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		if atomic.CompareAndSwapInt32(&leader, -1, int32(i)) {
			out[0] = spmd.Broadcast(l, vals[i], i) // EXPECT
		}
	})
}

// kernel(ok)
// ElectOK publishes the winner and every lane broadcasts from it.
func ElectOK(vals, out []float32) (int, error) {
	leader := int32(-1)
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		won := atomic.CompareAndSwapInt32(&leader, -1, int32(i))
		l.Barrier()
		src := int(atomic.LoadInt32(&leader))
		v := spmd.Broadcast(l, vals[i], src)
		if won {
			out[0] = v
		}
	})
	return int(leader), err
}

// kernel(bug)
// HandoffBug: the lane that found the mailbox empty starts a sync.
func HandoffBug(lanes int) error {
	box := int64(-1)
	return spmd.Run(lanes, func(l spmd.Lane) {
		prev := atomic.SwapInt64(&box, int64(l.Index()))
		if prev < 0 {
			l.Barrier() // EXPECT
		}
	})
}

// kernel(ok)
// HandoffOK syncs when the mailbox holds someone, after all have swapped.
func HandoffOK(lanes int) (int64, error) {
	box := int64(-1)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		atomic.SwapInt64(&box, int64(l.Index()))
		l.Barrier()
		if atomic.LoadInt64(&box) >= 0 {
			l.Barrier()
		}
	})
	return box, err
}

// Counter is a shared round counter.
type Counter struct {
	n atomic.Int32
}

// kernel(bug)
// RoundsBug runs as many rounds as the lane's arrival number.
func RoundsBug(c *Counter, lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		k := c.n.Add(1)
		for r := int32(0); r < k; r++ {
			l.Barrier() // EXPECT
		}
	})
}

// kernel(ok)
// RoundsOK runs as many rounds as lanes arrived.
func RoundsOK(c *Counter, lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		c.n.Add(1)
		l.Barrier()
		k := c.n.Load()
		for r := int32(0); r < k; r++ {
			l.Barrier()
		}
	})
}

// kernel(bug)
// HistBug: lanes whose own bin is crowded join a count.
func HistBug(vals []int, bins, out []int32) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		b := vals[l.Index()] % len(bins)
		atomic.AddInt32(&bins[b], 1)
		l.Barrier()
		if atomic.LoadInt32(&bins[b]) > 1 {
			out[l.Index()] = spmd.ReduceAdd(l, int32(1)) // EXPECT
		}
	})
}

// kernel(ok)
// HistOK gates on bin 0 and reduces each lane's bin size.
func HistOK(vals []int, bins, out []int32) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		b := vals[l.Index()] % len(bins)
		atomic.AddInt32(&bins[b], 1)
		l.Barrier()
		if atomic.LoadInt32(&bins[0]) > 1 {
			out[l.Index()] = spmd.ReduceAdd(l, atomic.LoadInt32(&bins[b]))
		}
	})
}

// Config is the sweep configuration.
type Config struct {
	Rounds int
	Step   float32
}

// kernel(bug)
// EdgeRoundsBug: edge lanes do one round less on their copy of the config.
func EdgeRoundsBug(cfg *Config, x []float32) error {
	n := len(x)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		c := *cfg
		if i == 0 || i == n-1 {
			c.Rounds--
		}
		for r := 0; r < c.Rounds; r++ {
			x[i] += c.Step
			l.Barrier() // EXPECT
		}
	})
}

// kernel(ok)
// EdgeRoundsOK: edge lanes take half steps on their copy instead.
func EdgeRoundsOK(cfg *Config, x []float32) error {
	n := len(x)
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		c := *cfg
		if i == 0 || i == n-1 {
			c.Step /= 2
		}
		for r := 0; r < c.Rounds; r++ {
			x[i] += c.Step
			l.Barrier()
		}
	})
}

// kernel(bug)
// RetuneBug: lane 0 retunes the round count, but on its own copy.
func RetuneBug(cfg *Config, x []float32) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		c := *cfg
		if i == 0 {
			c.Rounds = 2
		}
		l.Barrier()
		for r := 0; r < c.Rounds; r++ {
			x[i] += c.Step
			l.Barrier() // EXPECT
		}
	})
}

// kernel(ok)
// RetuneOK: lane 0 retunes the shared config before the barrier.
func RetuneOK(cfg *Config, x []float32) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		if i == 0 {
			cfg.Rounds = 2
		}
		l.Barrier()
		for r := 0; r < cfg.Rounds; r++ {
			x[i] += cfg.Step
			l.Barrier()
		}
	})
}

// kernel(bug)
// PublishBug: the lane that installed the first config starts a sync.
func PublishBug(lanes, rounds int, slot *atomic.Pointer[Config]) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		mine := &Config{Rounds: rounds, Step: float32(l.Index())}
		if old := slot.Swap(mine); old == nil {
			l.Barrier() // EXPECT
		}
	})
}

// kernel(ok)
// PublishOK: one config wins; every lane runs its round count.
func PublishOK(lanes, rounds int, slot *atomic.Pointer[Config], out []float32) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		mine := &Config{Rounds: rounds, Step: float32(l.Index())}
		slot.CompareAndSwap(nil, mine)
		l.Barrier()
		cur := slot.Load()
		for r := 0; r < cur.Rounds; r++ {
			out[l.Index()] += cur.Step
			l.Barrier()
		}
	})
}

// kernel(bug)
// JoinMaskBug: the first lane to join the mask waits for the rest.
func JoinMaskBug(lanes int) error {
	var mask uint32
	return spmd.Run(lanes, func(l spmd.Lane) {
		prev := atomic.OrUint32(&mask, 1<<uint(l.Index()))
		if prev == 0 {
			l.Barrier() // EXPECT
		}
	})
}

// kernel(ok)
// JoinMaskOK syncs again once the mask is full.
func JoinMaskOK(lanes int) (uint32, error) {
	var mask uint32
	full := uint32(1)<<uint(lanes) - 1
	err := spmd.Run(lanes, func(l spmd.Lane) {
		atomic.OrUint32(&mask, 1<<uint(l.Index()))
		l.Barrier()
		if atomic.LoadUint32(&mask) == full {
			l.Barrier()
		}
	})
	return mask, err
}

// kernel(bug)
// AbortBug: lanes that see a negative input raise their own abort flag.
func AbortBug(x, out []float32) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		var abort int32
		if x[i] < 0 {
			atomic.StoreInt32(&abort, 1)
		}
		l.Barrier()
		if atomic.LoadInt32(&abort) != 0 {
			return
		}
		out[i] = spmd.ReduceAdd(l, x[i]) // EXPECT
	})
}

// kernel(ok)
// AbortOK raises one abort flag that the whole group shares.
func AbortOK(x, out []float32) error {
	var abort int32
	return spmd.Run(len(x), func(l spmd.Lane) {
		i := l.Index()
		if x[i] < 0 {
			atomic.StoreInt32(&abort, 1)
		}
		l.Barrier()
		if atomic.LoadInt32(&abort) != 0 {
			return
		}
		out[i] = spmd.ReduceAdd(l, x[i])
	})
}
