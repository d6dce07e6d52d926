package bad

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round5/dev"
	"github.com/spmdvet/spmdvet/spmd"
)

type accum struct {
	steps int
	sum   float64
}

// StepsFromData sets the loop-control field of a per-lane accumulator from
// the lane's data.
func StepsFromData(lanes int, data []int, out []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var a accum
		a.steps = data[l.Index()]
		a.sum = float64(l.Index())
		for i := 0; i < a.steps; i++ {
			a.sum += spmd.ReduceAdd(l, a.sum) // EXPECT
		}
		out[l.Index()] = a.sum
	})
}

// LeaderConfig: lane 0 fills in its own (per-lane) config array, which the
// other lanes never see.
func LeaderConfig(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var cfg [2]int
		if l.Index() == 0 {
			cfg[0] = 3
		}
		for i := 0; i < cfg[0]; i++ {
			l.Barrier() // EXPECT
		}
	})
}

// SliceSlot stores the lane index in a per-lane slice and branches on it.
func SliceSlot(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		s := make([]int, 2)
		s[0] = l.Count()
		s[1] = l.Index()
		if s[1] > 0 {
			l.Barrier() // EXPECT
		}
	})
}

// MapCount keeps a lane-dependent count in a kernel-made map.
func MapCount(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		m := map[string]int{"passes": 2}
		m["n"] = data[l.Index()]
		for i := 0; i < m["n"]; i++ {
			l.Barrier() // EXPECT
		}
	})
}

// SharedAtLaneAddr reads shared memory back at the lane's own address
// after a barrier, and branches on it.
func SharedAtLaneAddr(lanes int, data []int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		sh[tid] = data[tid]
		l.Barrier()
		if sh[tid] > 0 {
			l.Barrier() // EXPECT
		}
	})
}

// PushPositive pushes only positive values into the per-lane buffer, so
// its length becomes lane-dependent.
func PushPositive(lanes int, data []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var b dev.Buf[float64]
		for j := 0; j < 4; j++ {
			if v := data[4*l.Index()+j]; v > 0 {
				b.Push(v)
			}
		}
		for j := 0; j < b.Len(); j++ {
			_ = spmd.ReduceAdd(l, b.At(j)) // EXPECT
		}
	})
}

// LocalDepth gives a per-lane Pipeline a lane-dependent stage count and
// hands it to the method that decides its barriers on it.
func LocalDepth(lanes int, depth []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var p dev.Pipeline
		p.Stages = depth[l.Index()]
		p.Run(l) // EXPECT
	})
}

// TileFromCount builds a tile from lane data and loops over its area.
func TileFromCount(lanes int, counts []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		t := dev.Tile{W: counts[l.Index()], H: 1}
		for i := 0; i < t.Area(); i++ {
			l.Barrier() // EXPECT
		}
	})
}

// ObserveSome only observes positive values, then loops over the count.
func ObserveSome(lanes int, data []float64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var st dev.Stats
		for k := 0; k < 3; k++ {
			if x := data[3*l.Index()+k]; x > 0 {
				st.Observe(x)
			}
		}
		for i := 0; i < st.N; i++ {
			l.Barrier() // EXPECT
		}
	})
}

// FirstTicket lets whoever draws ticket 1 wait for the others, who do not
// know they should.
func FirstTicket(lanes int, ctr *atomic.Int64) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		if ctr.Add(1) == 1 {
			l.Barrier() // EXPECT
		}
	})
}

// ChannelParity decides a barrier on a received item.
func ChannelParity(lanes int) error {
	ch := make(chan int, lanes)
	for i := range lanes {
		ch <- i
	}
	return spmd.Run(lanes, func(l spmd.Lane) {
		v := <-ch
		if v%2 == 0 {
			l.Barrier() // EXPECT
		}
	})
}

// SelectWork tries to take an item without blocking; only those that got
// one do the reduction.
func SelectWork(lanes int) error {
	ch := make(chan int, lanes/2)
	for i := range lanes / 2 {
		ch <- i + 1
	}
	return spmd.Run(lanes, func(l spmd.Lane) {
		got := -1
		select {
		case v := <-ch:
			got = v
		default:
		}
		if got >= 0 {
			_ = spmd.ReduceAdd(l, got) // EXPECT
		}
	})
}

// FirstKey takes the first key of a range over a map: iteration order
// differs between lanes.
func FirstKey(lanes int, weights map[int]int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		first := -1
		for k := range weights {
			first = k
			break
		}
		if first%2 == 0 {
			l.Barrier() // EXPECT
		}
	})
}
