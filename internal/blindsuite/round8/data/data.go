// Package data holds kernels about data flow: maps, interfaces, strings,
// structs, memory, closures, atomics and the results of collectives.
package data

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// MapLookupBad tests divergence reaching a loop bound through a map lookup with a lane-dependent key.
func MapLookupBad(lanes int) ([]int, error) {
	limits := map[string]int{"a": 1, "b": 2}
	names := []string{"a", "b"}
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		key := names[l.Index()%len(names)]
		if n, ok := limits[key]; ok {
			for i := 0; i < n; i++ {
				l.Barrier() // EXPECT
				out[l.Index()]++
			}
		}
	})
	return out, err
}

// MapLookupGood tests the same lookup with a uniform key; the lane-dependent work does not reach the loop bound.
func MapLookupGood(lanes int) ([]int, error) {
	limits := map[string]int{"a": 1, "b": 2}
	names := []string{"a", "b"}
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		key := names[l.Count()%len(names)]
		if n, ok := limits[key]; ok {
			for i := 0; i < n; i++ {
				l.Barrier()
				out[l.Index()] += l.Index()
			}
		}
	})
	return out, err
}

// TypeSwitchBad tests a type switch on an interface taken from a lane-dependent index: the dynamic type differs per lane.
func TypeSwitchBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		vals := [...]any{0, "one", 2.0, "three"}
		switch v := vals[l.Index()%len(vals)].(type) {
		case string:
			out[l.Index()] = spmd.ReduceAdd(l, len(v)) // EXPECT
		default:
			out[l.Index()] = -1
		}
	})
	return out, err
}

// TypeSwitchGood tests the same type switch on a uniformly chosen element; the case body uses lane-dependent values only as collective arguments.
func TypeSwitchGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		vals := [...]any{0, "one", 2.0, "three"}
		switch v := vals[l.Count()%len(vals)].(type) {
		case int:
			out[l.Index()] = spmd.ReduceAdd(l, v+l.Index())
		default:
			out[l.Index()] = -1
		}
	})
	return out, err
}

// StringRangeBad tests a range over a lane-chosen string: "é" is one rune in two bytes, so lanes run different numbers of iterations.
func StringRangeBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		words := [...]string{"ab", "é"}
		for range words[l.Index()%2] {
			l.Barrier() // EXPECT
			out[l.Index()]++
		}
	})
	return out, err
}

// StringRangeGood tests a range over a uniform (captured) string with lane-dependent work and a barrier in the body.
func StringRangeGood(lanes int, s string) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		n := 0
		for i, r := range s {
			if int(r)%l.Count() == l.Index() {
				n += i
			}
			l.Barrier()
		}
		out[l.Index()] = n
	})
	return out, err
}

type job struct{ lane, size int }

// StructFieldBad tests a lane-dependent struct field copied through several locals (and a pointer) before it guards a collective.
func StructFieldBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		a := job{lane: l.Index(), size: 2}
		b := a
		c := &b
		d := *c
		if d.lane < d.size {
			out[l.Index()] = spmd.ReduceAdd(l, d.size) // EXPECT
		}
	})
	return out, err
}

// StructFieldGood tests the same copies of a struct whose fields are all uniform.
func StructFieldGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		a := job{lane: l.Count() - 1, size: 2}
		b := a
		c := &b
		d := *c
		if d.lane >= d.size {
			out[l.Index()] = spmd.ReduceAdd(l, d.size)
		}
	})
	return out, err
}

var board [8]int

// SharedArrayGood tests a global array written per lane, then loaded after a barrier at a uniform index: shared memory at a uniform address is uniform.
func SharedArrayGood(lanes int) ([]int, error) {
	board = [8]int{}
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		board[l.Index()] = l.Index() * 10
		l.Barrier()
		if board[1] == 10 {
			out[l.Index()] = spmd.ReduceAdd(l, board[l.Index()])
		}
	})
	return out, err
}

// SharedArrayBad tests the same global array loaded at a lane-dependent index.
func SharedArrayBad(lanes int) ([]int, error) {
	board = [8]int{}
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		board[l.Index()] = l.Index() * 10
		l.Barrier()
		if board[(l.Index()+1)%l.Count()] == 10 {
			out[l.Index()] = spmd.ReduceAdd(l, board[l.Index()]) // EXPECT
		}
	})
	return out, err
}

// LocalFlagBad tests a lane's own (non-lifted) variable set to a constant under a lane-dependent condition.
func LocalFlagBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var st struct{ on bool }
		if l.Index() == 0 {
			st.on = true
		}
		if st.on {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = 1
	})
	return out, err
}

// LocalFlagGood tests the same variable set under a uniform condition.
func LocalFlagGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var st struct{ on bool }
		if l.Count() > 1 {
			st.on = true
		}
		if st.on {
			l.Barrier()
			out[l.Index()] = 1
		}
	})
	return out, err
}

// LocalTemporalBad tests a store of the (uniform) loop counter to per-lane memory inside a loop that lanes leave in different iterations.
func LocalTemporalBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var last [1]int
		for i := 0; i < 8; i++ {
			last[0] = i
			if i == l.Index() {
				break
			}
		}
		if last[0] > 1 {
			out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
		}
	})
	return out, err
}

// LocalTemporalGood tests the same store in a loop whose exit is uniform.
func LocalTemporalGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var last [1]int
		for i := 0; i < 8; i++ {
			last[0] = i
			if i == l.Count() {
				break
			}
		}
		if last[0] > 1 {
			out[l.Index()] = spmd.ReduceAdd(l, 1)
		}
	})
	return out, err
}

// ClosureCaptureBad tests a closure that captures a lane-dependent variable and decides an early return before a barrier.
func ClosureCaptureBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		id := l.Index()
		done := func() bool { return id >= 2 }
		if done() {
			return
		}
		l.Barrier() // EXPECT
		out[id] = 1
	})
	return out, err
}

// ClosureCaptureGood tests a closure that captures a uniform variable and decides the same early return.
func ClosureCaptureGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		n := l.Count()
		alone := func() bool { return n < 2 }
		if alone() {
			return
		}
		l.Barrier()
		out[l.Index()] = n
	})
	return out, err
}

// ClosureCollectiveBad tests a local closure that performs a collective, called under a lane-dependent condition.
func ClosureCollectiveBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		sum := func(v int) int { return spmd.ReduceAdd(l, v) }
		if l.Index() < 2 {
			out[l.Index()] = sum(1) // EXPECT
		}
	})
	return out, err
}

// ClosureCollectiveGood tests the same closure called by every lane, its result used under the lane-dependent condition.
func ClosureCollectiveGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		sum := func(v int) int { return spmd.ReduceAdd(l, v) }
		s := sum(1)
		if l.Index() < 2 {
			out[l.Index()] = s
		}
	})
	return out, err
}

// MapRangeBad tests the first key of a map range (iteration order is per lane) guarding a collective.
func MapRangeBad(lanes int, m map[string]int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		first := ""
		for k := range m {
			first = k
			break
		}
		if first == "a" {
			_ = spmd.Any(l, true) // EXPECT
		}
	})
}

// MapRangeGood tests a full range over a shared map: the trip count is the same in every lane, so a barrier in the body is fine; an order-dependent value is only reduced.
func MapRangeGood(lanes int, m map[string]int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		sum, pos := 0, 0
		for k, v := range m {
			sum += v
			if k == "a" {
				out[l.Index()] = pos
			}
			pos++
			l.Barrier()
		}
		out[l.Index()] = spmd.ReduceAdd(l, sum)
	})
	return out, err
}

var ticket int32

// AtomicAddBad tests the result of atomic.AddInt32 (a per-lane ticket) guarding a barrier.
func AtomicAddBad(lanes int) error {
	ticket = 0
	return spmd.Run(lanes, func(l spmd.Lane) {
		if atomic.AddInt32(&ticket, 1) == 1 {
			l.Barrier() // EXPECT
		}
	})
}

// AtomicCASBad tests the result of atomic.CompareAndSwapInt32 on shared memory guarding a collective.
func AtomicCASBad(lanes int) (int32, error) {
	owner := int32(-1)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		if atomic.CompareAndSwapInt32(&owner, -1, int32(l.Index())) {
			_ = spmd.Ballot(l, true) // EXPECT
		}
	})
	return owner, err
}

// AtomicSwapBad tests the old value returned by atomic.SwapInt64 guarding a barrier.
func AtomicSwapBad(lanes int) error {
	last := int64(-1)
	return spmd.Run(lanes, func(l spmd.Lane) {
		prev := atomic.SwapInt64(&last, int64(l.Index()))
		if prev < 0 {
			l.Barrier() // EXPECT
		}
	})
}

// AtomicLoadGood tests atomic.LoadInt32 (not read-modify-write) of shared memory at a uniform address after a barrier.
func AtomicLoadGood(lanes int) ([]int, error) {
	var count int32
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		atomic.AddInt32(&count, 1)
		l.Barrier()
		if atomic.LoadInt32(&count) == int32(l.Count()) {
			l.Barrier()
			out[l.Index()] = 1
		}
	})
	return out, err
}

var hits atomic.Int64

// AtomicTypeBad tests the result of the Add method of atomic.Int64 guarding a barrier.
func AtomicTypeBad(lanes int) error {
	hits.Store(0)
	return spmd.Run(lanes, func(l spmd.Lane) {
		if hits.Add(1)%2 == 0 {
			l.Barrier() // EXPECT
		}
	})
}

// AtomicTypeGood tests the Load method of atomic.Int64 after a barrier.
func AtomicTypeGood(lanes int) ([]int, error) {
	hits.Store(0)
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		hits.Add(1)
		l.Barrier()
		if hits.Load() == int64(l.Count()) {
			l.Barrier()
			out[l.Index()] = 1
		}
	})
	return out, err
}

// ReduceUniformGood tests lane-dependent values made uniform again by ReduceMax, BroadcastFirst and Broadcast with a uniform src.
func ReduceUniformGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		top := spmd.ReduceMax(l, l.Index())
		first := spmd.BroadcastFirst(l, l.Index()+7)
		last := spmd.Broadcast(l, l.Index()*2, l.Count()-1)
		acc := 0
		for i := 0; i <= top; i++ {
			acc += spmd.ReduceAdd(l, i)
		}
		if first == 7 {
			l.Barrier()
		}
		if last > 0 {
			acc += spmd.ReduceMin(l, l.Index()+100)
		}
		out[l.Index()] = acc
	})
	return out, err
}

// BroadcastDivergentSrcBad tests Broadcast with a lane-dependent src: its result is not uniform.
func BroadcastDivergentSrcBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		v := spmd.Broadcast(l, l.Index()*2, l.Index()%2)
		if v == 0 {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = v
	})
	return out, err
}

// BroadcastPhiSrcBad tests Broadcast whose src is chosen by a lane-dependent if (a phi), feeding a loop bound.
func BroadcastPhiSrcBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		src := 0
		if l.Index() >= 2 {
			src = 1
		}
		v := spmd.Broadcast(l, l.Index()+5, src)
		for i := 0; i < v; i++ {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = v
	})
	return out, err
}

// BroadcastPhiSrcGood tests the same src chosen by a uniform if.
func BroadcastPhiSrcGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		src := 0
		if l.Count() >= 2 {
			src = 1
		}
		v := spmd.Broadcast(l, l.Index()+5, src)
		for i := 0; i < v; i++ {
			l.Barrier()
		}
		out[l.Index()] = v
	})
	return out, err
}

// InclusiveAddBad tests the result of a scan (divergent, although it comes from a collective) guarding a collective.
func InclusiveAddBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		pos := spmd.InclusiveAdd(l, 1)
		if pos > 2 {
			pos = spmd.ReduceAdd(l, pos) // EXPECT
		}
		out[l.Index()] = pos
	})
	return out, err
}

// ExclusiveAddGood tests a scan used only as an offset, with the uniform total guarding a barrier.
func ExclusiveAddGood(lanes int) ([]int, error) {
	buf := make([]int, 64)
	out := make([]int, 0)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		n := l.Index() + 1
		off := spmd.ExclusiveAdd(l, n)
		for i := 0; i < n; i++ {
			buf[off+i] = l.Index()
		}
		total := spmd.ReduceAdd(l, n)
		if total > 0 {
			l.Barrier()
		}
		if l.Index() == 0 {
			out = buf[:total]
		}
	})
	return out, err
}

// BallotGood tests a bit of a ballot at a uniform position guarding a barrier.
func BallotGood(lanes int) ([]uint64, error) {
	out := make([]uint64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		mask := spmd.Ballot(l, l.Index()%2 == 0)
		if mask&1 != 0 {
			l.Barrier()
			out[l.Index()] = mask
		}
	})
	return out, err
}

// BallotBitBad tests the lane's own bit of a ballot (a uniform mask shifted by the lane index) guarding a barrier.
func BallotBitBad(lanes int) ([]uint64, error) {
	out := make([]uint64, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		mask := spmd.Ballot(l, l.Index()%2 == 0)
		if mask>>l.Index()&1 != 0 {
			l.Barrier() // EXPECT
			out[l.Index()] = mask
		}
	})
	return out, err
}

// ShuffleXorBad tests the result of ShuffleXor (divergent) guarding a barrier.
func ShuffleXorBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		v := spmd.ShuffleXor(l, l.Index(), 1)
		if v%2 == 0 {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = v
	})
	return out, err
}

// SliceBoundBad tests a range over a slice whose low bound is the lane index.
func SliceBoundBad(lanes int, data []int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		for _, v := range data[l.Index():] {
			l.Barrier() // EXPECT
			out[l.Index()] += v
		}
	})
	return out, err
}

// SliceBoundGood tests a range over a slice with a uniform low bound and lane-dependent work in the body.
func SliceBoundGood(lanes int, data []int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		for _, v := range data[l.Count()/2:] {
			l.Barrier()
			out[l.Index()] += v * l.Index()
		}
	})
	return out, err
}

type laneID int

// ConvertChainBad tests a lane index passed through a named type, a float conversion and a comma-ok type assertion before guarding a collective.
func ConvertChainBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		id := laneID(l.Index())
		f := float64(id) / 2
		if v, ok := any(f).(float64); ok && v >= 1 {
			out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
		}
	})
	return out, err
}

// ConvertChainGood tests the same chain starting from the uniform lane count.
func ConvertChainGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		id := laneID(l.Count())
		f := float64(id) / 2
		if v, ok := any(f).(float64); ok && v >= 1 {
			out[l.Index()] = spmd.ReduceAdd(l, 1)
		}
	})
	return out, err
}
