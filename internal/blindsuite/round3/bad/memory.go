package bad

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/helpers"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/prim"
	"github.com/spmdvet/spmdvet/spmd"
)

// Gain is a global table; shared, but indexed per lane below.
var Gain = []int{1, 2, 1, 3}

// LocalCountPtr has a helper store the lane's CSR row length in a local
// variable, then uses it as a barrier loop's trip count.
func LocalCountPtr(lanes int, offsets, vals []int, out []int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		var n int
		helpers.LocalCount(&n, offsets, i)
		acc := 0
		for k := 0; k < n; k++ {
			sh[i] = vals[offsets[i]+k]
			l.Barrier() // EXPECT
			acc += sh[(i+1)%l.Count()]
		}
		out[i] = acc
	})
}

// LocalSeen marks classes in a per-lane table at a lane-dependent index,
// then reads a fixed entry of it: uniform address, per-lane contents.
func LocalSeen(lanes int, data []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		var seen [8]bool
		seen[data[i]%8] = true
		if seen[0] {
			out[i] = spmd.ReduceAdd(l, 1) // EXPECT
		}
	})
}

// ClosureWidens lets a closure widen a kernel-local limit, but calls it in
// some lanes only.
func ClosureWidens(lanes int, data []int, threshold int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		limit := 2
		widen := func() { limit = 4 }
		if data[i] > threshold {
			widen()
		}
		acc := 0
		for k := 0; k < limit; k++ {
			acc += data[(i+k)%l.Count()]
			l.Barrier() // EXPECT
		}
		out[i] = acc
	})
}

// ComputeUnderIf has a helper store a uniform round count into a local,
// but only in some lanes: the local's value depends on the lane.
func ComputeUnderIf(lanes int, data []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		passes := 0
		if data[i] > 0 {
			helpers.ComputeRounds(&passes, len(data), l.Count())
		}
		for p := 0; p < passes; p++ {
			l.Barrier() // EXPECT
		}
		out[i] = passes
	})
}

type span struct {
	lo, hi int // lane-dependent
	chunks int
}

// StructChunks keeps the lane's row span and its chunk count in a struct;
// the chunk count is derived from the lane-dependent bounds.
func StructChunks(lanes int, offsets []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		sp := span{lo: offsets[i], hi: offsets[i+1]}
		sp.chunks = (sp.hi - sp.lo + 3) / 4
		for c := 0; c < sp.chunks; c++ {
			l.Barrier() // EXPECT
		}
		out[i] = sp.chunks
	})
}

// RowLenReduce reduces once per element of the lane's own CSR row.
func RowLenReduce(lanes int, offsets, vals []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		n := helpers.RowLen(offsets, i)
		s := 0
		for e := 0; e < n; e++ {
			s += spmd.ReduceAdd(l, vals[offsets[i]+e]) // EXPECT
		}
		out[i] = s
	})
}

// GlobalTableLane indexes a global table with the lane index.
func GlobalTableLane(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		if Gain[i%len(Gain)] > 1 {
			v := data[i] * Gain[i%len(Gain)]
			l.Barrier() // EXPECT
			data[i] = v
		}
	})
}

// MapFirstKey picks "any" key of a shared map, which is a different key in
// different lanes.
func MapFirstKey(lanes int, m map[string]int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		key := ""
		for k := range m {
			key = k
			break
		}
		if key == "a" {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = m[key]
	})
}

// ChannelPoison flushes on a poison pill received from a channel.
func ChannelPoison(lanes int, jobs chan int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		v := <-jobs
		if v < 0 {
			l.Barrier() // EXPECT
			v = 0
		}
		out[i] = v
	})
}

// SelectArm reduces inside a select arm; lanes that find no urgent work
// take the default arm.
func SelectArm(lanes int, urgent chan int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		select {
		case v := <-urgent:
			out[i] = spmd.ReduceAdd(l, v) // EXPECT
		default:
			out[i] = 0
		}
	})
}

// AtomicLastLane is the "last block finalises" pattern misapplied to lanes:
// only the lane that arrives last runs the reduction.
func AtomicLastLane(lanes int, data []int, out *int) error {
	var arrived int32
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		if atomic.AddInt32(&arrived, 1) == int32(l.Count()) {
			*out = spmd.ReduceAdd(l, data[i]) // EXPECT
		}
	})
}

// HelperSyncSome calls a barrier wrapper from another package in the even
// lanes only.
func HelperSyncSome(lanes int, data []int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		if i%2 == 0 {
			sh[i] = data[i]
			prim.Sync(l) // EXPECT
			data[i] += sh[(i+2)%l.Count()]
		}
	})
}

// SyncIfDivergent passes a lane-dependent flag to a helper whose flag
// decides whether it synchronises.
func SyncIfDivergent(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		prim.SyncIf(l, data[i] > 0) // EXPECT
		data[i]++
	})
}

// SyncNDivergent passes a lane-dependent phase count to a helper that runs
// that many barriers.
func SyncNDivergent(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		prim.SyncN(l, i%3) // EXPECT
		data[i] *= 2
	})
}

// ClosureUnderIf wraps the barrier in a local closure and calls it in some
// lanes only.
func ClosureUnderIf(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		flush := func() { l.Barrier() }
		if data[i] > 0 {
			flush() // EXPECT
		}
		data[i] = -data[i]
	})
}
