// Package pipes holds kernels built on closures, functional options,
// pipelines, iterators, errors and defer.
package pipes

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round23/idiom/flow"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round23/idiom/lanekit"
	"github.com/spmdvet/spmdvet/spmd"
)

var data = lanekit.Data

// ClosureBarrierDivergent: a local closure that synchronizes, called in some lanes.
//
//spmd:kernel
func ClosureBarrierDivergent(l spmd.Lane, out []int) {
	sync := func() { l.Barrier() }
	if data[l.Index()] > 2 {
		sync() // EXPECT
	}
	out[l.Index()] = 1
}

// ClosureBarrierUniform: twin.
//
//spmd:kernel
func ClosureBarrierUniform(l spmd.Lane, out []int) {
	sync := func() { l.Barrier() }
	if l.Count() > 2 {
		sync()
	}
	out[l.Index()] = 1
}

// ClosureStoreOnly: a closure that only stores, called under a per-lane test.
//
//spmd:kernel
func ClosureStoreOnly(l spmd.Lane, out []int) {
	last := 0
	keep := func(v int) { last = v }
	if data[l.Index()] > 2 {
		keep(data[l.Index()])
	}
	out[l.Index()] = spmd.ReduceAdd(l, last)
}

// ClosureStoreAndReduce: twin, the closure stores and reduces.
//
//spmd:kernel
func ClosureStoreAndReduce(l spmd.Lane, out []int) {
	last := 0
	keep := func(v int) { last = spmd.ReduceAdd(l, v) }
	if data[l.Index()] > 2 {
		keep(data[l.Index()]) // EXPECT
	}
	out[l.Index()] = last
}

// CounterLaneValue: a closure adds a per-lane amount to a captured counter,
// and the kernel branches on the counter before a barrier.
//
//spmd:kernel
func CounterLaneValue(l spmd.Lane, out []int) {
	n := 0
	add := func(d int) { n += d }
	add(1)
	add(l.Index())
	if n > 2 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = n
}

// CounterUniformValue: twin, the added amount is uniform.
//
//spmd:kernel
func CounterUniformValue(l spmd.Lane, out []int) {
	n := 0
	add := func(d int) { n += d }
	add(1)
	add(l.Count())
	if n > 2 {
		l.Barrier()
	}
	out[l.Index()] = n
}

// CounterCalledInLaneLoop: the closure stores uniform increments, but is
// called a per-lane number of times by the kernel's own loop.
//
//spmd:kernel
func CounterCalledInLaneLoop(l spmd.Lane, out []int) {
	n := 0
	inc := func() { n++ }
	for i := 0; i < l.Index(); i++ {
		inc()
	}
	if n >= 2 {
		spmd.ReduceAdd(l, n) // EXPECT
	}
	out[l.Index()] = n
}

// CounterCalledInFixedLoop: twin.
//
//spmd:kernel
func CounterCalledInFixedLoop(l spmd.Lane, out []int) {
	n := 0
	inc := func() { n++ }
	for i := 0; i < 3; i++ {
		inc()
	}
	r := 0
	if n >= 2 {
		r = spmd.ReduceAdd(l, n)
	}
	out[l.Index()] = r
}

// FlagFromForEach: a generic helper calls a closure that sets a captured flag
// for a per-lane condition; the kernel branches on the raw flag.
//
//spmd:kernel
func FlagFromForEach(l spmd.Lane, out []int) {
	found := false
	flow.ForEach(data, func(x int) {
		if x == l.Index() {
			found = true
		}
	})
	r := 0
	if found {
		r = spmd.ReduceAdd(l, 1) // EXPECT
	}
	out[l.Index()] = r
}

// FlagFromForEachAny: twin, the flag is reduced with Any before the branch.
//
//spmd:kernel
func FlagFromForEachAny(l spmd.Lane, out []int) {
	found := false
	flow.ForEach(data, func(x int) {
		if x == l.Index() {
			found = true
		}
	})
	r := 0
	if spmd.Any(l, found) {
		r = spmd.ReduceAdd(l, 1)
	}
	out[l.Index()] = r
}

// AccumulateTimesLane: flow.Times with a per-lane count drives an accumulator.
//
//spmd:kernel
func AccumulateTimesLane(l spmd.Lane, out []int) {
	acc := 0
	flow.Times(l.Index()+1, func(i int) { acc += 2 })
	for acc > 4 {
		acc = spmd.ReduceMax(l, acc) - 5 // EXPECT
	}
	out[l.Index()] = acc
}

// AccumulateTimesCount: twin, the count is uniform.
//
//spmd:kernel
func AccumulateTimesCount(l spmd.Lane, out []int) {
	acc := 0
	flow.Times(l.Count(), func(i int) { acc += 2 })
	for acc > 4 {
		acc = spmd.ReduceMax(l, acc) - 5
	}
	out[l.Index()] = acc
}

// PerLaneCounter: flow.PerLane calls the closure Index()+1 times.
//
//spmd:kernel
func PerLaneCounter(l spmd.Lane, out []int) {
	calls := 0
	flow.PerLane(l, func(int) { calls++ })
	if calls > 1 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = calls
}

// PerLaneCounterAll: twin, the lanes agree with All first.
//
//spmd:kernel
func PerLaneCounterAll(l spmd.Lane, out []int) {
	calls := 0
	flow.PerLane(l, func(int) { calls++ })
	if spmd.All(l, calls > 1) {
		l.Barrier()
	}
	out[l.Index()] = calls
}

// LaneDataNeverControls: per-lane data flows only into stores and collectives' values.
//
//spmd:kernel
func LaneDataNeverControls(l spmd.Lane, out []int) {
	x := data[l.Index()] * 3
	y := spmd.ShuffleXor(l, x, 1)
	l.Barrier()
	out[l.Index()] = spmd.ReduceAdd(l, x+y)
}

// LaneDataControls: twin, the shuffled per-lane value decides.
//
//spmd:kernel
func LaneDataControls(l spmd.Lane, out []int) {
	x := data[l.Index()] * 3
	y := spmd.ShuffleXor(l, x, 1)
	r := 0
	if y > 5 {
		l.Barrier() // EXPECT
		r = 1
	}
	out[l.Index()] = r
}

// Reconverged: a per-lane branch that ends before the reduction.
//
//spmd:kernel
func Reconverged(l spmd.Lane, out []int) {
	x := data[l.Index()]
	if x < 0 {
		x = -x
	} else {
		x *= 2
	}
	out[l.Index()] = spmd.ReduceAdd(l, x)
}

// NotReconverged: twin, the reduction is inside the branch.
//
//spmd:kernel
func NotReconverged(l spmd.Lane, out []int) {
	x := data[l.Index()]
	if x < 0 {
		x = -x
	} else {
		x = spmd.ReduceAdd(l, x*2) // EXPECT
	}
	out[l.Index()] = x
}

// SwitchDivergentCases: every case synchronizes, but on different calls.
//
//spmd:kernel
func SwitchDivergentCases(l spmd.Lane, out []int) {
	switch l.Index() % 2 {
	case 0:
		l.Barrier() // EXPECT
	default:
		l.Barrier() // EXPECT
	}
	out[l.Index()] = 1
}

// SwitchUniformCases: twin.
//
//spmd:kernel
func SwitchUniformCases(l spmd.Lane, out []int) {
	switch l.Count() % 2 {
	case 0:
		l.Barrier()
	default:
		l.Barrier()
	}
	out[l.Index()] = 1
}
