// Package values holds kernels where a value that controls a convergent
// call is uniform although it was computed on divergent paths (the same
// value in both arms, the result of a collective, a helper with early
// returns), next to buggy twins where a lane-dependent value survives
// (temporal divergence, divergent collective results). It also covers
// early returns in helpers, panics and defers.
package values

import "github.com/spmdvet/spmdvet/spmd"

// SameValueBothArms (correct): both arms of a lane-dependent if assign the
// uniform parameter n to bound; the loop on bound has a barrier.
//
//spmd:kernel
func SameValueBothArms(l spmd.Lane, out []int, n int) {
	idx := l.Index()
	x, bound := 0, 0
	if idx%2 == 0 {
		x = idx * 2
		bound = n
	} else {
		x = idx + 1
		bound = n
	}
	for i := 0; i < bound; i++ {
		l.Barrier()
		x++
	}
	out[idx] = x
}

// SameConstBothArms (correct): both arms assign the constant 4.
//
//spmd:kernel
func SameConstBothArms(l spmd.Lane, out []int) {
	idx := l.Index()
	x, limit := 0, 0
	if idx < 3 {
		x = 1
		limit = 4
	} else {
		x = 2
		limit = 4
	}
	for i := 0; i < limit; i++ {
		x += spmd.ReduceAdd(l, 1)
	}
	out[idx] = x
}

// DifferentConstArms (buggy twin): the arms assign 4 and 5.
//
//spmd:kernel
func DifferentConstArms(l spmd.Lane, out []int) {
	idx := l.Index()
	x, limit := 0, 0
	if idx < 3 {
		x = 1
		limit = 4
	} else {
		x = 2
		limit = 5
	}
	for i := 0; i < limit; i++ {
		x += spmd.ReduceAdd(l, 1) // EXPECT
	}
	out[idx] = x
}

// AnyGuardsBarrier (correct): after a loop with a lane-dependent break, the
// per-lane flag found goes through Any; the barrier is under Any's uniform
// result.
//
//spmd:kernel
func AnyGuardsBarrier(l spmd.Lane, data, out []int) {
	idx := l.Index()
	found := false
	for _, d := range data {
		if d == idx {
			found = true
			break
		}
	}
	x := 0
	if spmd.Any(l, found) {
		l.Barrier()
		x = 1
	}
	out[idx] = x
}

// FlagGuardsBarrier (buggy twin): the barrier is under the per-lane flag.
//
//spmd:kernel
func FlagGuardsBarrier(l spmd.Lane, data, out []int) {
	idx := l.Index()
	found := false
	for _, d := range data {
		if d == idx {
			found = true
			break
		}
	}
	x := 0
	if found {
		l.Barrier() // EXPECT
		x = 1
	}
	out[idx] = x
}

// AllLoopCondition (correct): the loop condition is All of a per-lane
// predicate: All runs in every iteration in every lane and its result is
// uniform, so the loop exits in the same iteration everywhere; the body
// has lane-dependent work.
//
//spmd:kernel
func AllLoopCondition(l spmd.Lane, out []int) {
	idx := l.Index()
	v, steps := idx, 0
	for !spmd.All(l, v == 0) {
		if v > 0 {
			v--
		}
		steps++
	}
	out[idx] = steps
}

// BallotLoop (correct): a loop over the set bits of a Ballot mask, a
// uniform value, with a barrier in it.
//
//spmd:kernel
func BallotLoop(l spmd.Lane, out []int) {
	idx := l.Index()
	mask := spmd.Ballot(l, idx%3 == 0)
	n := 0
	for mask != 0 {
		mask &= mask - 1
		l.Barrier()
		n++
	}
	out[idx] = n
}

// ReduceTemporal (correct): the temporally divergent induction variable of
// a break loop goes through ReduceAdd; the sum bounds a barrier loop.
//
//spmd:kernel
func ReduceTemporal(l spmd.Lane, data, out []int) {
	idx := l.Index()
	i := 0
	for ; i < len(data); i++ {
		if data[i] == idx {
			break
		}
	}
	total := spmd.ReduceAdd(l, i)
	for j := 0; j < total; j++ {
		l.Barrier()
	}
	out[idx] = total
}

// ReduceMaxBound (correct): ReduceMax of the lane index bounds a range loop
// with ReduceAdd.
//
//spmd:kernel
func ReduceMaxBound(l spmd.Lane, out []int) {
	idx := l.Index()
	m := spmd.ReduceMax(l, idx)
	s := 0
	for i := range m + 1 {
		s += spmd.ReduceAdd(l, i)
	}
	out[idx] = s
}

// BroadcastFirstBranch (correct): BroadcastFirst of a per-lane value
// decides a branch with a barrier.
//
//spmd:kernel
func BroadcastFirstBranch(l spmd.Lane, data, out []int) {
	idx := l.Index()
	v := spmd.BroadcastFirst(l, data[idx%len(data)])
	if v > 0 {
		l.Barrier()
		v++
	}
	out[idx] = v
}

// BroadcastConstSrc (correct): Broadcast from a constant source lane is
// uniform and bounds a barrier loop.
//
//spmd:kernel
func BroadcastConstSrc(l spmd.Lane, out []int) {
	idx := l.Index()
	v := spmd.Broadcast(l, idx*3, 2)
	x := 0
	for range v {
		l.Barrier()
		x++
	}
	out[idx] = x
}

// BroadcastLaneSrc (buggy twin): the source lane depends on the lane, so
// Broadcast is a shuffle and its result is divergent.
//
//spmd:kernel
func BroadcastLaneSrc(l spmd.Lane, out []int) {
	idx := l.Index()
	v := spmd.Broadcast(l, idx*3, (idx+1)%l.Count())
	x := 0
	for range v {
		l.Barrier() // EXPECT
		x++
	}
	out[idx] = x
}

// InclusiveBranch (buggy): InclusiveAdd's result is a per-lane prefix sum.
//
//spmd:kernel
func InclusiveBranch(l spmd.Lane, out []int) {
	idx := l.Index()
	p := spmd.InclusiveAdd(l, 1)
	if p > 4 {
		l.Barrier() // EXPECT
	}
	out[idx] = p
}

// ShuffleXorBranch (buggy): ShuffleXor's result is the partner's value.
//
//spmd:kernel
func ShuffleXorBranch(l spmd.Lane, out []int) {
	idx := l.Index()
	s := spmd.ShuffleXor(l, idx, 1)
	if s%2 == 0 {
		l.Barrier() // EXPECT
	}
	out[idx] = s
}

// indexOf is an ordinary (non-SPMD) helper with an early return.
func indexOf(data []int, x int) int {
	for i, d := range data {
		if d == x {
			return i
		}
	}
	return -1
}

// PlainHelperEarlyReturn (correct): the helper returns early in some lanes
// only; the caller's reduction after the call is reached by all lanes and
// its sum bounds a barrier loop.
//
//spmd:kernel
func PlainHelperEarlyReturn(l spmd.Lane, data, out []int) {
	idx := l.Index()
	p := indexOf(data, idx)
	s := spmd.ReduceAdd(l, p)
	for i := 0; i < s; i++ {
		l.Barrier()
	}
	out[idx] = s
}

// clampLoad is an SPMD helper (it has a Lane parameter) that returns early
// on a lane-dependent condition and performs no convergent operation.
func clampLoad(l spmd.Lane, data []int) int {
	if l.Index() >= len(data) {
		return 0
	}
	if data[l.Index()] < 0 {
		return -1
	}
	return data[l.Index()]
}

// LaneHelperEarlyReturn (correct): the caller's barrier follows a call of
// an SPMD helper with lane-dependent early returns.
//
//spmd:kernel
func LaneHelperEarlyReturn(l spmd.Lane, data, out []int) {
	idx := l.Index()
	v := clampLoad(l, data)
	l.Barrier()
	out[idx] = v
}

// loadThenSync returns early on a lane-dependent condition before its
// barrier.
func loadThenSync(l spmd.Lane, data []int) int {
	if l.Index() >= len(data) {
		return 0
	}
	l.Barrier() // EXPECT
	return data[l.Index()]
}

// HelperReturnBeforeBarrier (buggy): calls loadThenSync, whose barrier is
// skipped by the lanes that returned early (the finding is in the helper).
//
//spmd:kernel
func HelperReturnBeforeBarrier(l spmd.Lane, data, out []int) {
	idx := l.Index()
	out[idx] = loadThenSync(l, data)
}

// phase performs a barrier unconditionally: calls to it are convergent.
func phase(l spmd.Lane, x int) int {
	l.Barrier()
	return x + 1
}

// ConvergentHelperInBranch (buggy): the convergent helper is called under a
// lane-dependent condition.
//
//spmd:kernel
func ConvergentHelperInBranch(l spmd.Lane, out []int) {
	idx := l.Index()
	x := idx
	if idx < 4 {
		x = phase(l, x) // EXPECT
	}
	out[idx] = x
}

// ConvergentHelperAfterBranch (correct twin): the helper is called after
// the lane-dependent if.
//
//spmd:kernel
func ConvergentHelperAfterBranch(l spmd.Lane, out []int) {
	idx := l.Index()
	x := idx
	if idx < 4 {
		x *= 2
	}
	x = phase(l, x)
	out[idx] = x
}

// PanicThenReduce (correct): a lane that has no data panics, which stops
// the whole group; lanes never wait for a panicked lane, so the reduction
// after the check is fine.
//
//spmd:kernel
func PanicThenReduce(l spmd.Lane, data, out []int) {
	idx := l.Index()
	if idx >= len(data) {
		panic("more lanes than data")
	}
	out[idx] = spmd.ReduceAdd(l, data[idx])
}

// PanicInLoop (correct): a lane-dependent panic in a loop body, before the
// barrier of the same iteration.
//
//spmd:kernel
func PanicInLoop(l spmd.Lane, data, out []int) {
	idx := l.Index()
	acc := 0
	for i := 0; i < len(data); i++ {
		if data[i] == -idx-1 {
			panic("negative marker for this lane")
		}
		l.Barrier()
		acc += data[i]
	}
	out[idx] = acc
}

// ReturnInLoop (buggy twin): a return instead of the panic: the lane leaves
// the kernel and the others wait at the barrier.
//
//spmd:kernel
func ReturnInLoop(l spmd.Lane, data, out []int) {
	idx := l.Index()
	acc := 0
	for i := 0; i < len(data); i++ {
		if data[i] == -idx-1 {
			return
		}
		l.Barrier() // EXPECT
		acc += data[i]
	}
	out[idx] = acc
}

// DeferThenDivergence (correct): a deferred (non-convergent) closure
// records the result; a lane-dependent loop with break runs before the
// barrier; the kernel has a single exit.
//
//spmd:kernel
func DeferThenDivergence(l spmd.Lane, data, out []int) {
	idx := l.Index()
	res := 0
	defer func() { out[idx] = res }()
	for _, d := range data {
		if d > idx {
			break
		}
		res += d
	}
	l.Barrier()
	res += spmd.ReduceAdd(l, 1)
}

// safeDiv is an ordinary helper that recovers from a division by zero: it
// returns normally in every lane.
func safeDiv(a, b int) (q int) {
	defer func() {
		if recover() != nil {
			q = 0
		}
	}()
	return a / b
}

// RecoveredHelperPanic (correct): the helper panics (and recovers) in one
// lane only; the caller's barrier after the call is reached by all lanes.
//
//spmd:kernel
func RecoveredHelperPanic(l spmd.Lane, out []int) {
	idx := l.Index()
	q := safeDiv(12, idx-2)
	l.Barrier()
	out[idx] = q
}

// DeferredBarrierSingleExit (correct): a barrier deferred at the top of a
// kernel that has a single exit; in between, lanes diverge and re-converge.
//
//spmd:kernel
func DeferredBarrierSingleExit(l spmd.Lane, data, out []int) {
	defer l.Barrier()
	idx := l.Index()
	n := 0
	for _, d := range data {
		if d == idx {
			break
		}
		n++
	}
	out[idx] = n
}

// TemporalStoreOnly (correct): the temporally divergent i is only stored;
// the barrier loop after it has a uniform bound.
//
//spmd:kernel
func TemporalStoreOnly(l spmd.Lane, data, out []int) {
	idx := l.Index()
	i := 0
	for ; i < len(data); i++ {
		if data[i] == idx {
			break
		}
	}
	out[idx] = i
	for range len(data) {
		l.Barrier()
	}
}

// TemporalBranch (buggy twin): the temporally divergent i decides a branch
// with a barrier.
//
//spmd:kernel
func TemporalBranch(l spmd.Lane, data, out []int) {
	idx := l.Index()
	i := 0
	for ; i < len(data); i++ {
		if data[i] == idx {
			break
		}
	}
	out[idx] = i
	if i < 4 {
		l.Barrier() // EXPECT
	}
}

// LastSetInLoop (buggy): last is assigned the uniform induction variable in
// every iteration, but lanes leave the loop in different iterations, so
// after the loop it is divergent.
//
//spmd:kernel
func LastSetInLoop(l spmd.Lane, out []int, n int) {
	idx := l.Index()
	last := 0
	for i := range n {
		last = i
		if i == idx {
			break
		}
	}
	for range last {
		l.Barrier() // EXPECT
	}
	out[idx] = last
}

// LastSetUniformBreak (correct twin): the loop has lane-dependent work, but
// its only break is on a uniform condition, so last is uniform.
//
//spmd:kernel
func LastSetUniformBreak(l spmd.Lane, data, out []int, k int) {
	idx := l.Index()
	last, hits := 0, 0
	for i := range len(data) {
		last = i
		if data[i] == idx {
			hits++
		}
		if i == k {
			break
		}
	}
	for range last {
		l.Barrier()
	}
	out[idx] = hits
}
