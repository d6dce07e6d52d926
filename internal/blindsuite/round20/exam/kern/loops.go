package kern

import "github.com/spmdvet/spmdvet/spmd"

// ---- for and range, divergent loops ----

func PosForDivergentTrip(l spmd.Lane) {
	for i := 0; i < l.Index(); i++ {
		l.Barrier() // EXPECT
	}
}

func NegForUniformTrip(l spmd.Lane) {
	s := 0
	for i := 0; i < l.Count(); i++ {
		l.Barrier()
		s += i
	}
	Out[l.Index()] = s
}

// NegAfterDivergentLoop: lanes meet after a loop with a divergent trip count.
func NegAfterDivergentLoop(l spmd.Lane) {
	s := 0
	for i := 0; i < l.Index(); i++ {
		s += i
	}
	l.Barrier()
	Out[l.Index()] = s
}

func PosRangeSlice(l spmd.Lane) {
	for range Table[:l.Index()] {
		l.Barrier() // EXPECT
	}
}

func NegRangeSlice(l spmd.Lane) {
	n := 0
	for range Table[:l.Count()] {
		l.Barrier()
		n++
	}
	Out[l.Index()] = n
}

func PosRangeInt(l spmd.Lane) {
	s := 0
	for range l.Index() {
		s += spmd.ReduceAdd(l, 1) // EXPECT
	}
	Out[l.Index()] = s
}

func NegRangeInt(l spmd.Lane) {
	s := 0
	for range l.Count() {
		s += spmd.ReduceAdd(l, 1)
	}
	Out[l.Index()] = s
}

// NegRangeSliceValues: a range over a uniform slice has uniform elements.
func NegRangeSliceValues(l spmd.Lane) {
	n := 0
	for _, v := range Table[:4] {
		if v == 1 {
			l.Barrier()
			n++
		}
	}
	Out[l.Index()] = n
}

// ---- divergent break and continue ----

func PosBreak(l spmd.Lane) {
	for i := 0; i < 4; i++ {
		if i == l.Index() {
			break
		}
		l.Barrier() // EXPECT
	}
}

func NegBreakUniform(l spmd.Lane) {
	n := 0
	for i := 0; i < 4; i++ {
		if i == l.Count()-2 {
			break
		}
		l.Barrier()
		n++
	}
	Out[l.Index()] = n
}

func PosContinue(l spmd.Lane) {
	for i := 0; i < 4; i++ {
		if l.Index()%2 == 0 {
			continue
		}
		l.Barrier() // EXPECT
	}
}

func NegContinue(l spmd.Lane) {
	n := 0
	for i := 0; i < 4; i++ {
		if i%2 == 0 {
			continue
		}
		l.Barrier()
		n++
	}
	Out[l.Index()] = n
}

// NegContinueThenBarrier: the barrier at the top of the body is reached by
// every lane in every iteration; continue only skips the tail.
func NegContinueThenBarrier(l spmd.Lane) {
	n := 0
	for i := 0; i < 4; i++ {
		l.Barrier()
		if l.Index()%2 == 0 {
			continue
		}
		n++
	}
	Out[l.Index()] = n
}

// ---- labelled break and continue ----

func PosLabelledBreak(l spmd.Lane) {
outer:
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if j == l.Index() {
				break outer
			}
		}
		l.Barrier() // EXPECT
	}
}

// NegInnerBreak: the same loops with a plain break: lanes meet after the
// inner loop.
func NegInnerBreak(l spmd.Lane) {
	n := 0
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if j == l.Index() {
				break
			}
		}
		l.Barrier()
		n++
	}
	Out[l.Index()] = n
}

// NegLabelledBreakAfter: after the outer loop every lane has arrived.
func NegLabelledBreakAfter(l spmd.Lane) {
	n := 0
outer:
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if j == l.Index() {
				break outer
			}
			n++
		}
	}
	l.Barrier()
	Out[l.Index()] = n
}

func PosLabelledContinue(l spmd.Lane) {
outer:
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if j == l.Index() {
				continue outer
			}
		}
		l.Barrier() // EXPECT
	}
}

// NegLabelledContinue: the barrier at the top of the outer body is reached by
// all lanes in each outer iteration.
func NegLabelledContinue(l spmd.Lane) {
	n := 0
outer:
	for i := 0; i < 3; i++ {
		l.Barrier()
		for j := 0; j < 3; j++ {
			if j == l.Index() {
				continue outer
			}
		}
		n++
	}
	Out[l.Index()] = n
}

// ---- temporal divergence ----

// PosTemporal: j is uniform inside the loop but lanes leave in different
// iterations, so j is divergent after it.
func PosTemporal(l spmd.Lane) {
	j := 0
	for {
		j++
		if j > l.Index() {
			break
		}
	}
	if j > 2 {
		l.Barrier() // EXPECT
	}
}

func NegTemporal(l spmd.Lane) {
	j := 0
	for {
		j++
		if j > l.Count() {
			break
		}
	}
	if j > 2 {
		l.Barrier()
	}
	Out[l.Index()] = j
}

// PosTemporalBody: a value computed in the body, live out through a divergent break.
func PosTemporalBody(l spmd.Lane) {
	last := 0
	for i := 0; i < 4; i++ {
		last = i * 10
		if i == l.Index() {
			break
		}
	}
	if last >= 20 {
		l.Barrier() // EXPECT
	}
}

func NegTemporalBody(l spmd.Lane) {
	last := 0
	for i := 0; i < 4; i++ {
		last = i * 10
		if i == l.Count()-2 {
			break
		}
	}
	if last >= 20 {
		l.Barrier()
	}
	Out[l.Index()] = last
}

// PosTemporalBroadcast: a temporally divergent src makes Broadcast divergent.
func PosTemporalBroadcast(l spmd.Lane) {
	k := 0
	for k < l.Index() {
		k++
	}
	v := spmd.Broadcast(l, 100+l.Index(), k)
	if v > 101 {
		l.Barrier() // EXPECT
	}
}

func NegTemporalBroadcast(l spmd.Lane) {
	k := 0
	for k < l.Count()-1 {
		k++
	}
	v := spmd.Broadcast(l, 100+l.Index(), k)
	if v > 101 {
		l.Barrier()
	}
	Out[l.Index()] = v
}

// ---- range over a map ----

// PosMapRangeKey: the first key is per lane.
func PosMapRangeKey(l spmd.Lane) {
	first := -1
	for k := range M {
		first = k
		break
	}
	if first == 1 {
		l.Barrier() // EXPECT
	}
}

// NegSliceRangeKey: the same over a slice: uniform.
func NegSliceRangeKey(l spmd.Lane) {
	first := -1
	for _, k := range Keys {
		first = k
		break
	}
	if first == 1 {
		l.Barrier()
	}
	Out[l.Index()] = first
}

// PosMapRangeValue: values are divergent too.
func PosMapRangeValue(l spmd.Lane) {
	n := 0
	for _, v := range M {
		if v == 11 {
			break
		}
		n++
	}
	if n == 0 {
		l.Barrier() // EXPECT
	}
}

// PosMapRangeBody: a barrier inside a loop left at a per-lane key.
func PosMapRangeBody(l spmd.Lane) {
	for k := range M {
		if k == 0 {
			break
		}
		l.Barrier() // EXPECT
	}
}

// NegMapRangeAfter: lanes meet after the map loop.
func NegMapRangeAfter(l spmd.Lane) {
	s := 0
	for k, v := range M {
		s += k * v
	}
	l.Barrier()
	Out[l.Index()] = s
}
