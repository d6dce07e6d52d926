// Package control holds kernels whose control flow decides which lanes reach
// a collective: early returns, loops, break and continue, goto, switch,
// select and short-circuit conditions.
package control

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// ---- early return ----

// DoubleBug is the CUDA idiom "if (gid >= n) return;" before a barrier.
//
//spmd:kernel
func DoubleBug(l spmd.Lane, in, out []int, n int) {
	gid := l.Index()
	if gid >= n {
		return
	}
	out[gid] = 2 * in[gid]
	l.Barrier() // EXPECT
	out[gid] += out[(gid+1)%n]
}

// Double guards only the work, and every lane reaches the barrier.
//
//spmd:kernel
func Double(l spmd.Lane, in, out []int, n int) {
	gid := l.Index()
	if gid < n {
		out[gid] = 2 * in[gid]
	}
	l.Barrier()
	if gid < n {
		in[gid] = out[gid] + out[(gid+1)%n]
	}
}

// EmptyInput returns early when there is nothing to do: a uniform return.
//
//spmd:kernel
func EmptyInput(l spmd.Lane, in, out []int, n int) {
	if n == 0 {
		return
	}
	s := spmd.ReduceAdd(l, in[l.Index()%n])
	out[l.Index()] = s
}

// PartialSumBug returns early, and both later collectives miss lanes.
//
//spmd:kernel
func PartialSumBug(l spmd.Lane, in, out []int, n int) {
	if l.Index() >= n {
		return
	}
	s := spmd.ReduceAdd(l, in[l.Index()]) // EXPECT
	l.Barrier()                           // EXPECT
	out[l.Index()] = s
}

// ---- divergent loops ----

// RepeatBug runs a per-lane number of rounds, each with a reduction.
//
//spmd:kernel
func RepeatBug(l spmd.Lane, rounds []int, out []int) {
	acc := 0
	for r := 0; r < rounds[l.Index()]; r++ {
		acc += spmd.ReduceAdd(l, r) // EXPECT
	}
	out[l.Index()] = acc
}

// Repeat runs the largest number of rounds in every lane, lanes that are done
// contributing zero.
//
//spmd:kernel
func Repeat(l spmd.Lane, rounds []int, out []int) {
	acc := 0
	most := spmd.ReduceMax(l, rounds[l.Index()])
	for r := 0; r < most; r++ {
		v := 0
		if r < rounds[l.Index()] {
			v = r
		}
		acc += spmd.ReduceAdd(l, v)
	}
	out[l.Index()] = acc
}

// StridedSum is the package example: a per-lane trip count, then the
// reduction after the loop, where the lanes are together again.
//
//spmd:kernel
func StridedSum(l spmd.Lane, data []float64, out []float64) {
	var part float64
	for i := l.Index(); i < len(data); i += l.Count() {
		part += data[i]
	}
	sum := spmd.ReduceAdd(l, part)
	if l.Index() == 0 {
		out[0] = sum
	}
}

// StridedSumBug reduces inside the strided loop.
//
//spmd:kernel
func StridedSumBug(l spmd.Lane, data []float64, out []float64) {
	var part float64
	for i := l.Index(); i < len(data); i += l.Count() {
		part += spmd.ReduceAdd(l, data[i]) // EXPECT
	}
	if l.Index() == 0 {
		out[0] = part
	}
}

// CountdownBug counts a per-lane value down with a range-over-int loop.
//
//spmd:kernel
func CountdownBug(l spmd.Lane, steps []int, out []int) {
	acc := 0
	for range steps[l.Index()] {
		acc = spmd.BroadcastFirst(l, acc+1) // EXPECT
	}
	out[l.Index()] = acc
}

// Countdown uses a uniform number of steps.
//
//spmd:kernel
func Countdown(l spmd.Lane, steps int, out []int) {
	acc := 0
	for range steps {
		acc = spmd.BroadcastFirst(l, acc+1)
	}
	out[l.Index()] = acc
}

// RowsBug reduces every element of the lane's own row.
//
//spmd:kernel
func RowsBug(l spmd.Lane, rows [][]int, out []int) {
	for _, v := range rows[l.Index()] {
		out[l.Index()] += spmd.ReduceAdd(l, v) // EXPECT
	}
}

// Rows reduces every element of a shared row.
//
//spmd:kernel
func Rows(l spmd.Lane, rows [][]int, r int, out []int) {
	for _, v := range rows[r] {
		out[l.Index()] += spmd.ReduceAdd(l, v*l.Index())
	}
}

// SmoothBranchy has a uniform trip count and a lane-dependent branch in the
// body that rejoins before the collective.
//
//spmd:kernel
func SmoothBranchy(l spmd.Lane, data []float64, iters int) {
	for it := 0; it < iters; it++ {
		v := data[l.Index()]
		if l.Index()%2 == 0 {
			v *= 0.5
		} else {
			v += 1
		}
		m := spmd.ReduceMax(l, v)
		data[l.Index()] = v / m
	}
}

// SmoothBranchyBug puts the collective inside the lane-dependent branch.
//
//spmd:kernel
func SmoothBranchyBug(l spmd.Lane, data []float64, iters int) {
	for it := 0; it < iters; it++ {
		v := data[l.Index()]
		if l.Index()%2 == 0 {
			v *= 0.5
			v /= spmd.ReduceMax(l, v) // EXPECT
		}
		data[l.Index()] = v
	}
}

// ---- divergent break and continue ----

// FindBug searches a shared list for the lane's key and keeps the lanes in
// step with a barrier per probe; lanes that found their key leave.
//
//spmd:kernel
func FindBug(l spmd.Lane, list []int, keys []int, pos []int) {
	pos[l.Index()] = -1
	for i := 0; i < len(list); i++ {
		if list[i] == keys[l.Index()] {
			pos[l.Index()] = i
			break
		}
		l.Barrier() // EXPECT
	}
}

// Find stops only when every lane has found its key.
//
//spmd:kernel
func Find(l spmd.Lane, list []int, keys []int, pos []int) {
	pos[l.Index()] = -1
	for i := 0; i < len(list); i++ {
		if pos[l.Index()] < 0 && list[i] == keys[l.Index()] {
			pos[l.Index()] = i
		}
		if spmd.All(l, pos[l.Index()] >= 0) {
			break
		}
	}
}

// SkipZerosBug skips zero entries, and the skipped lanes miss the reduction.
//
//spmd:kernel
func SkipZerosBug(l spmd.Lane, m [][]int, out []int) {
	for i := 0; i < len(m); i++ {
		v := m[i][l.Index()]
		if v == 0 {
			continue
		}
		out[l.Index()] += spmd.ReduceAdd(l, v) // EXPECT
	}
}

// SkipZeros skips rows whose first entry is zero: a uniform continue.
//
//spmd:kernel
func SkipZeros(l spmd.Lane, m [][]int, out []int) {
	for i := 0; i < len(m); i++ {
		if m[i][0] == 0 {
			continue
		}
		out[l.Index()] += spmd.ReduceAdd(l, m[i][l.Index()])
	}
}

// GridSearchBug leaves both loops when a lane finds its own id in the grid.
//
//spmd:kernel
func GridSearchBug(l spmd.Lane, grid [][]int, out []int) {
	steps := 0
outer:
	for r := range grid {
		for _, v := range grid[r] {
			if v == l.Index() {
				break outer
			}
		}
		steps = spmd.ReduceAdd(l, 1) // EXPECT
	}
	out[l.Index()] = steps
}

// GridSearch leaves both loops on a sentinel that every lane sees.
//
//spmd:kernel
func GridSearch(l spmd.Lane, grid [][]int, out []int) {
	steps := 0
outer:
	for r := range grid {
		for _, v := range grid[r] {
			if v < 0 {
				break outer
			}
		}
		steps = spmd.ReduceAdd(l, 1)
	}
	out[l.Index()] = steps
}

// RowFilterBug continues the outer loop from the inner one for the lanes
// whose id appears in a row.
//
//spmd:kernel
func RowFilterBug(l spmd.Lane, grid [][]int, out []int) {
rows:
	for r := range grid {
		for _, v := range grid[r] {
			if v == l.Index() {
				continue rows
			}
		}
		out[l.Index()] += spmd.ReduceAdd(l, r) // EXPECT
	}
}

// RowFilter continues on a uniform sentinel.
//
//spmd:kernel
func RowFilter(l spmd.Lane, grid [][]int, out []int) {
rows:
	for r := range grid {
		for _, v := range grid[r] {
			if v < 0 {
				continue rows
			}
		}
		out[l.Index()] += spmd.ReduceAdd(l, r)
	}
}

// InnerBreak breaks out of the inner loop on a lane-dependent condition, but
// the reduction sits in the outer loop after the inner loop has ended.
//
//spmd:kernel
func InnerBreak(l spmd.Lane, grid [][]int, out []int) {
	for r := range grid {
		hit := 0
		for _, v := range grid[r] {
			if v == l.Index() {
				hit = 1
				break
			}
		}
		out[l.Index()] += spmd.ReduceAdd(l, hit)
	}
}

// AbortBug returns from inside a loop when a lane's value is bad.
//
//spmd:kernel
func AbortBug(l spmd.Lane, m [][]int, out []int) {
	for i := range m {
		if m[i][l.Index()] < 0 {
			return
		}
		out[l.Index()] += spmd.ReduceAdd(l, m[i][l.Index()]) // EXPECT
	}
}

// ---- temporal divergence ----

// ScanLimitBug walks a shared prefix until the lane's budget is exceeded.
// The index i is the same in every lane that is still in the loop, but lanes
// leave at different iterations, so after the loop i differs.
//
//spmd:kernel
func ScanLimitBug(l spmd.Lane, costs []int, budget []int, out []int) {
	spent := 0
	i := 0
	for ; i < len(costs); i++ {
		if spent+costs[i] > budget[l.Index()] {
			break
		}
		spent += costs[i]
	}
	if i < len(costs) {
		out[l.Index()] = spmd.ReduceAdd(l, i) // EXPECT
	}
}

// ScanLimit stops on a shared budget: every lane leaves together.
//
//spmd:kernel
func ScanLimit(l spmd.Lane, costs []int, budget int, out []int) {
	spent := 0
	i := 0
	for ; i < len(costs); i++ {
		if spent+costs[i] > budget {
			break
		}
		spent += costs[i]
	}
	if i < len(costs) {
		out[l.Index()] = spmd.ReduceAdd(l, i+l.Index())
	}
}

// ConvergeBug iterates until the lane's value is small and then branches on
// the iteration count it left at.
//
//spmd:kernel
func ConvergeBug(l spmd.Lane, data []float64, out []int) {
	x := data[l.Index()]
	iters := 0
	for iters < 10 {
		if x < 1 {
			break
		}
		x /= 2
		iters++
	}
	if iters > 2 {
		out[l.Index()] = spmd.ReduceAdd(l, iters) // EXPECT
	}
}

// Converge leaves when every lane's value is small: All is uniform, so iters
// is uniform after the loop.
//
//spmd:kernel
func Converge(l spmd.Lane, data []float64, out []int) {
	x := data[l.Index()]
	iters := 0
	for iters < 10 {
		if spmd.All(l, x < 1) {
			break
		}
		x /= 2
		iters++
	}
	if iters > 2 {
		out[l.Index()] = spmd.ReduceAdd(l, iters)
	}
}

// ---- goto ----

// ClampJoin skips the clamping with a goto; the lanes meet at the label
// before the barrier.
//
//spmd:kernel
func ClampJoin(l spmd.Lane, data, out []int, limit int) {
	v := data[l.Index()]
	if v <= limit {
		goto store
	}
	v = limit
store:
	data[l.Index()] = v
	l.Barrier()
	out[l.Index()] = data[l.Index()] + data[(l.Index()+1)%l.Count()]
}

// ClampSkipBug jumps over the barrier.
//
//spmd:kernel
func ClampSkipBug(l spmd.Lane, data []int, limit int) {
	v := data[l.Index()]
	if v <= limit {
		goto done
	}
	data[l.Index()] = limit
	l.Barrier() // EXPECT
done:
	data[l.Index()] += v
}

// RetryBug loops with goto a per-lane number of times.
//
//spmd:kernel
func RetryBug(l spmd.Lane, tries []int, out []int) {
	n := 0
again:
	out[l.Index()] = spmd.ReduceAdd(l, n) // EXPECT
	n++
	if n < tries[l.Index()] {
		goto again
	}
}

// Retry loops with goto a uniform number of times.
//
//spmd:kernel
func Retry(l spmd.Lane, tries int, out []int) {
	n := 0
again:
	out[l.Index()] = spmd.ReduceAdd(l, n)
	n++
	if n < tries {
		goto again
	}
}

// ---- irreducible cycles ----

// PingPongBug enters a two-block cycle at the ping block or at the pong block
// depending on the lane's parity; the exchange inside the cycle is reached a
// different number of times.
//
//spmd:kernel
func PingPongBug(l spmd.Lane, out []int, rounds int) {
	n := 0
	if l.Index()%2 == 0 {
		goto pong
	}
ping:
	n++
pong:
	n++
	out[l.Index()] = spmd.ReduceAdd(l, n) // EXPECT
	if n < rounds {
		goto ping
	}
}

// PingPong enters the same cycle at an entry chosen by a uniform parameter.
//
//spmd:kernel
func PingPong(l spmd.Lane, out []int, rounds int, startPong bool) {
	n := 0
	if startPong {
		goto pong
	}
ping:
	n++
pong:
	n++
	out[l.Index()] = spmd.ReduceAdd(l, n+l.Index())
	if n < rounds {
		goto ping
	}
}

// PingPongAfter enters the cycle at lane-dependent entries, but the only
// collective comes after the cycle, where every lane arrives.
//
//spmd:kernel
func PingPongAfter(l spmd.Lane, out []int, rounds int) {
	n := 0
	if l.Index()%2 == 0 {
		goto pong
	}
ping:
	n++
pong:
	n++
	if n < rounds {
		goto ping
	}
	out[l.Index()] = spmd.ReduceAdd(l, n)
}

// ---- switch ----

// OpcodeBug dispatches on the lane's opcode and one case synchronizes.
//
//spmd:kernel
func OpcodeBug(l spmd.Lane, ops []int, acc []int) {
	switch ops[l.Index()] {
	case 0:
		acc[l.Index()] = 0
	case 1:
		acc[l.Index()] = spmd.ReduceAdd(l, acc[l.Index()]) // EXPECT
	default:
		acc[l.Index()]++
	}
}

// Opcode dispatches on an opcode shared by the group.
//
//spmd:kernel
func Opcode(l spmd.Lane, op int, acc []int) {
	switch op {
	case 0:
		acc[l.Index()] = 0
	case 1:
		acc[l.Index()] = spmd.ReduceAdd(l, acc[l.Index()])
	default:
		acc[l.Index()]++
	}
}

// ModeFallBug falls through into a synchronizing case on a per-lane mode.
//
//spmd:kernel
func ModeFallBug(l spmd.Lane, modes []int, out []int) {
	switch modes[l.Index()] {
	case 2:
		out[l.Index()] += 10
		fallthrough
	case 1:
		l.Barrier() // EXPECT
		out[l.Index()]++
	}
}

// ModeFall falls through on a uniform mode.
//
//spmd:kernel
func ModeFall(l spmd.Lane, mode int, out []int) {
	switch mode {
	case 2:
		out[l.Index()] += 10
		fallthrough
	case 1:
		l.Barrier()
		out[l.Index()]++
	}
}

// Cascade lets lane-dependent cases fall through to a default that every
// lane reaches: the lanes are together again in default.
//
//spmd:kernel
func Cascade(l spmd.Lane, out []int) {
	x := 0
	switch {
	case l.Index() < 2:
		x += 1
		fallthrough
	case l.Index() < 4:
		x += 2
		fallthrough
	default:
		out[l.Index()] = spmd.ReduceAdd(l, x)
	}
}

// CascadeBug stops the cascade early for some lanes.
//
//spmd:kernel
func CascadeBug(l spmd.Lane, out []int) {
	x := 0
	switch {
	case l.Index() < 2:
		x += 1
	case l.Index() < 4:
		x += 2
		fallthrough
	default:
		out[l.Index()] = spmd.ReduceAdd(l, x) // EXPECT
	}
}

// KindBug type-switches on the lane's own item.
//
//spmd:kernel
func KindBug(l spmd.Lane, items []any, out []float64) {
	switch v := items[l.Index()].(type) {
	case int:
		out[l.Index()] = spmd.ReduceAdd(l, float64(v)) // EXPECT
	case float64:
		out[l.Index()] = v
	}
}

// Kind type-switches on the header item shared by the group.
//
//spmd:kernel
func Kind(l spmd.Lane, header any, out []float64) {
	switch v := header.(type) {
	case int:
		out[l.Index()] = spmd.ReduceAdd(l, float64(v))
	case float64:
		out[l.Index()] = v
	}
}

// SignSplitBug reduces in two cases of a lane-dependent switch: two
// different call sites, so the halves never meet.
//
//spmd:kernel
func SignSplitBug(l spmd.Lane, data []int, out []int) {
	v := data[l.Index()]
	switch {
	case v < 0:
		out[l.Index()] = spmd.ReduceAdd(l, -v) // EXPECT
	default:
		out[l.Index()] = spmd.ReduceAdd(l, v) // EXPECT
	}
}

// SignSplit computes the magnitude in the switch and reduces once after it.
//
//spmd:kernel
func SignSplit(l spmd.Lane, data []int, out []int) {
	v := data[l.Index()]
	switch {
	case v < 0:
		v = -v
	default:
	}
	out[l.Index()] = spmd.ReduceAdd(l, v)
}

// ---- both arms of an if ----

// EvenOddBug reduces in both arms of a lane-dependent if.
//
//spmd:kernel
func EvenOddBug(l spmd.Lane, data []int, out []int) {
	if l.Index()%2 == 0 {
		out[l.Index()] = spmd.ReduceAdd(l, data[l.Index()]) // EXPECT
	} else {
		out[l.Index()] = spmd.ReduceAdd(l, -data[l.Index()]) // EXPECT
	}
}

// EvenOdd selects the contribution in the arms and reduces after the join.
//
//spmd:kernel
func EvenOdd(l spmd.Lane, data []int, out []int) {
	v := data[l.Index()]
	if l.Index()%2 != 0 {
		v = -v
	}
	out[l.Index()] = spmd.ReduceAdd(l, v)
}

// ---- select ----

// DrainBug receives from the lane's own channel if a message is there.
//
//spmd:kernel
func DrainBug(l spmd.Lane, inbox []chan int, out []int) {
	select {
	case v := <-inbox[l.Index()]:
		out[l.Index()] = spmd.ReduceAdd(l, v) // EXPECT
	default:
		out[l.Index()] = -1
	}
}

// Drain receives in the select, and reduces after it.
//
//spmd:kernel
func Drain(l spmd.Lane, inbox []chan int, out []int) {
	v := 0
	select {
	case m := <-inbox[l.Index()]:
		v = m
	default:
	}
	out[l.Index()] = spmd.ReduceAdd(l, v)
}

// ---- short-circuit && and || ----

// AnyInRangeBug asks Any only in lanes inside the range.
//
//spmd:kernel
func AnyInRangeBug(l spmd.Lane, data []int, n int, out []bool) {
	if l.Index() < n && spmd.Any(l, data[l.Index()] > 0) { // EXPECT
		out[l.Index()] = true
	}
}

// AnyInRange asks Any when the range is not empty: a uniform left operand.
//
//spmd:kernel
func AnyInRange(l spmd.Lane, data []int, n int, out []bool) {
	if n > 0 && spmd.Any(l, l.Index() < n && data[l.Index()] > 0) {
		out[l.Index()] = true
	}
}

// LeaderOrAnyBug skips the vote in lane 0.
//
//spmd:kernel
func LeaderOrAnyBug(l spmd.Lane, data []int, out []bool) {
	if l.Index() == 0 || spmd.Any(l, data[l.Index()] < 0) { // EXPECT
		out[l.Index()] = true
	}
}

// DebugOrAny skips the vote when the debug flag is set.
//
//spmd:kernel
func DebugOrAny(l spmd.Lane, debug bool, data []int, out []bool) {
	if debug || spmd.Any(l, data[l.Index()] < 0) {
		out[l.Index()] = true
	}
}

// AllOrLeaderBug combines a uniform vote with the lane in the condition that
// guards a barrier.
//
//spmd:kernel
func AllOrLeaderBug(l spmd.Lane, data []int, out []int) {
	if spmd.All(l, data[l.Index()] > 0) || l.Index() == 0 {
		l.Barrier() // EXPECT
		out[l.Index()] = 1
	}
}

// AllOrEmpty combines the vote with a uniform parameter.
//
//spmd:kernel
func AllOrEmpty(l spmd.Lane, data []int, n int, out []int) {
	if spmd.All(l, data[l.Index()] > 0) || n == 0 {
		l.Barrier()
		out[l.Index()] = 1
	}
}

// BigEvenBug mixes a uniform size test with the lane parity.
//
//spmd:kernel
func BigEvenBug(l spmd.Lane, n int, out []int) {
	if n > 4 && l.Index()%2 == 0 {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// BigEven tests two uniform facts.
//
//spmd:kernel
func BigEven(l spmd.Lane, n int, out []int) {
	if n > 4 && n%2 == 0 {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// TwoVotes chains two uniform-result collectives with &&.
//
//spmd:kernel
func TwoVotes(l spmd.Lane, data []int, out []bool) {
	if spmd.Any(l, data[l.Index()] > 0) && spmd.All(l, data[l.Index()] >= 0) {
		out[l.Index()] = true
	}
}

// ValidAllBug stores a vote computed only in valid lanes.
//
//spmd:kernel
func ValidAllBug(l spmd.Lane, data []int, out []bool) {
	valid := data[l.Index()] != 0
	ok := valid && spmd.All(l, data[l.Index()] > 0) // EXPECT
	out[l.Index()] = ok
}

// ValidAll votes in every lane and combines afterwards.
//
//spmd:kernel
func ValidAll(l spmd.Lane, data []int, out []bool) {
	valid := data[l.Index()] != 0
	all := spmd.All(l, data[l.Index()] > 0)
	out[l.Index()] = valid && all
}
