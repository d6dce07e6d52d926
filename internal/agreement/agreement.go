// Package agreement holds small SPMD kernels, each the smallest instance of
// one pattern, that are checked two ways by agreement_test: statically by
// spmdvet's convergent analyzer, whose reports are the "want" comments here,
// and dynamically by running them with spmd.Run, which stops with a
// *spmd.DivergenceError when lanes do not reach a barrier or collective
// together. A kernel that spmdvet reports should diverge when run on inputs
// that exercise the divergence, and one that spmdvet accepts should run to
// completion; the few legitimate exceptions are documented in the test's
// table.
package agreement

import (
	"iter"
	"runtime"
	"slices"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// ---- Reported by spmdvet; they diverge when run.

// EarlyReturn: lanes from n on leave; the others wait at the barrier.
func EarlyReturn(l spmd.Lane, n int) {
	if l.Index() >= n {
		return
	}
	l.Barrier() // want `barrier l.Barrier under divergent control`
}

// LaneTripCount: lane i runs i barriers.
func LaneTripCount(l spmd.Lane) {
	for i := 0; i < l.Index(); i++ {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// DivergentBreak: lane i leaves the loop in iteration i.
func DivergentBreak(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		if i == l.Index() {
			break
		}
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// LabelledBreak: lanes leave both loops at different outer iterations.
func LabelledBreak(l spmd.Lane, n int) {
outer:
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i+j == l.Index() {
				break outer
			}
		}
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Temporal: last is uniform in each iteration, but each lane leaves with the
// value of its own last iteration.
func Temporal(l spmd.Lane) {
	last := 0
	for i := 0; ; i++ {
		last = i
		if i >= l.Index() {
			break
		}
	}
	if last > 2 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// GotoArm: a barrier in one arm of a diamond built with goto.
func GotoArm(l spmd.Lane) int {
	x := 0
	if l.Index()%2 == 0 {
		goto even
	}
	x = 1
	goto join
even:
	l.Barrier() // want `barrier l.Barrier under divergent control`
	x = 2
join:
	return x
}

// SwitchArms: a barrier in each case is still two barriers: lanes wait at
// different ones.
func SwitchArms(l spmd.Lane) {
	switch l.Index() % 2 {
	case 0:
		l.Barrier() // want `barrier l.Barrier under divergent control`
	default:
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// ShortCircuit: the collective is the right operand of &&, evaluated only
// where the left one is true.
func ShortCircuit(l spmd.Lane) bool {
	return l.Index() < 4 && spmd.Any(l, true) // want `collective spmd.Any under divergent control`
}

// ShuffleGuard: a shuffled value is different in each lane.
func ShuffleGuard(l spmd.Lane) {
	next := spmd.Shuffle(l, l.Index(), (l.Index()+1)%l.Count())
	if next%2 == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// BroadcastOwnLane: Broadcast from a lane-dependent source is a shuffle.
func BroadcastOwnLane(l spmd.Lane) {
	if spmd.Broadcast(l, l.Index()*10, l.Index()) >= 20 {
		_ = spmd.ReduceAdd(l, 1) // want `collective spmd.ReduceAdd under divergent control`
	}
}

// AddressTaken: a per-lane variable written through a pointer in some lanes.
func AddressTaken(l spmd.Lane) {
	x := 0
	p := &x
	if l.Index() < 2 {
		*p = 1
	}
	if x == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// AtomicTicket: exactly one lane draws ticket 1.
func AtomicTicket(l spmd.Lane, counter *int32) {
	if atomic.AddInt32(counter, 1) == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// MapFirstKey: each lane's range over the same map may start anywhere.
func MapFirstKey(l spmd.Lane, m map[int]bool) {
	first := -1
	for k := range m {
		first = k
		break
	}
	if first%2 == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// MethodValue: a method value of Barrier is a barrier.
func MethodValue(l spmd.Lane) {
	sync := l.Barrier
	if l.Index() < 4 {
		sync() // want `barrier sync under divergent control`
	}
}

// GenericBody: a generic kernel, run with T = float64.
func GenericBody[T spmd.Number](l spmd.Lane, data []T) {
	if data[l.Index()%len(data)] > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// RunLiteral launches a kernel written as a function literal.
func RunLiteral(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		if data[l.Index()%len(data)] > 0 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	})
}

func syncAll(l spmd.Lane) {
	l.Barrier()
}

// Helper calls a helper that reaches a barrier, in some lanes only.
func Helper(l spmd.Lane) {
	if l.Index() == 0 {
		syncAll(l) // want `barrier l.Barrier \(reached through syncAll\) under divergent control`
	}
}

// Captured branches, inside a closure, on a lane-dependent variable the
// Captured: a closure whose barrier depends on a lane-dependent variable it
// captured.
func Captured(l spmd.Lane) {
	id := l.Index()
	sync := func() {
		if id < 4 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	}
	sync()
}

// PointerInSlice writes a per-lane variable through a pointer loaded from a
// slice, in some lanes only.
func PointerInSlice(l spmd.Lane) {
	x := 0
	ptrs := []*int{&x}
	if l.Index() < 4 {
		*ptrs[0] = 1
	}
	if x == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

type indexer interface{ Index() int }

// InterfaceIndex reads the lane index through an interface .
func InterfaceIndex(l spmd.Lane) {
	var ix indexer = l
	if ix.Index()%2 == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func upTo(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// RangeFunc ranges over a lane-dependent iterator: lane k runs k barriers.
func RangeFunc(l spmd.Lane) {
	for range upTo(l.Index()) {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// RangeFuncBreak breaks out of a range-over-func loop in a lane-dependent
// iteration: the iterator stops calling the body for that lane, and the
// others wait for it at the barrier of the next iteration.
func RangeFuncBreak(l spmd.Lane) {
	for v := range upTo(8) {
		l.Barrier() // want `barrier l.Barrier under divergent control`
		if v == l.Index() {
			break
		}
	}
}

// RangeFuncContinue continues in a lane-dependent iteration: each lane
// still runs every iteration, so the barrier before the continue is fine.
func RangeFuncContinue(l spmd.Lane) {
	sum := 0
	for v := range upTo(8) {
		l.Barrier()
		if v == l.Index() {
			continue
		}
		sum += v
	}
	_ = sum
}

// RangeFuncCount counts the iterations up to a lane-dependent break: lanes
// leave with different counts (temporal divergence).
func RangeFuncCount(l spmd.Lane) {
	count := 0
	for v := range upTo(8) {
		count++
		if v == l.Index() {
			break
		}
	}
	if count > 3 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// OwnChannel receives from a channel the lane made and filled itself, the
// same way in every lane: the reduction runs in every lane, each time.
func OwnChannel(l spmd.Lane) {
	ch := make(chan int, 4)
	for i := range 4 {
		ch <- i
	}
	close(ch)
	for v := range ch {
		_ = spmd.ReduceAdd(l, v)
	}
}

// OwnChannelDivergentSend fills the lane's own channel under a
// lane-dependent condition: lanes run the loop different numbers of times.
func OwnChannelDivergentSend(l spmd.Lane) {
	ch := make(chan int, 4)
	if l.Index() > 1 {
		ch <- 1
	}
	close(ch)
	for v := range ch {
		_ = spmd.ReduceAdd(l, v) // want `collective spmd.ReduceAdd under divergent control`
	}
}

// GoexitLane ends lane 1 with runtime.Goexit: spmd.Run counts it as
// returned, and the others wait for it at the barrier.
func GoexitLane(l spmd.Lane) {
	if l.Index() == 1 {
		runtime.Goexit()
	}
	l.Barrier() // want `barrier l.Barrier under divergent control`
}

// DeferredBarrier: Go runs the deferred call at each return, each return
// with its own copy, so lanes that leave by different returns wait at
// different barriers.
func DeferredBarrier(l spmd.Lane, n int) {
	defer l.Barrier() // want `barrier l.Barrier is deferred, and lanes reach the returns that run it under divergent control`
	if l.Index() >= n {
		return
	}
	_ = n
}

func barrierA(l spmd.Lane) { l.Barrier() }

func barrierB(l spmd.Lane) { l.Barrier() }

// FuncByBranch calls a function chosen by a divergent branch: lanes wait at
// barrierA's barrier and at barrierB's.
func FuncByBranch(l spmd.Lane) {
	f := barrierA
	if l.Index() < 4 {
		f = barrierB
	}
	f(l) // want `barrier f called through a lane-dependent function value`
}

// FuncByIndex calls a function loaded at a lane-dependent index.
func FuncByIndex(l spmd.Lane) {
	fs := []func(spmd.Lane){barrierA, barrierB}
	fs[l.Index()%2](l) // want `(barrier|collective) fs\[l.Index\(\)%2\] called through a lane-dependent function value`
}

// total is the sum of v over the lanes: declared uniform, but not declared
// convergent; its body shows that it is.
//
//spmd:uniform
func total(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }

// DeclaredWrapper calls total in some lanes only.
func DeclaredWrapper(l spmd.Lane) {
	if l.Index() < 2 {
		_ = total(l, 1) // want `collective spmd.ReduceAdd \(reached through total\) under divergent control`
	}
}

type callbacks struct{ sync func() }

// FuncInStruct calls, in some lanes, a closure kept in a struct field.
func FuncInStruct(l spmd.Lane) {
	c := callbacks{sync: func() { l.Barrier() }}
	if l.Index() == 0 {
		c.sync() // want `barrier l.Barrier \(reached through c.sync\) under divergent control`
	}
}

func apply(f func()) { f() }

// CapturedThroughHelper gives a helper a closure whose barrier depends on a
// lane-dependent variable it captured.
func CapturedThroughHelper(l spmd.Lane) {
	i := l.Index()
	apply(func() {
		if i > 0 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	})
}

// blockSum sums v over the group through the scratch slice sh.
func blockSum(l spmd.Lane, sh []int, v int) int {
	tid := l.Index()
	sh[tid] = v
	l.Barrier()
	if tid == 0 {
		t := 0
		for _, x := range sh[:l.Count()] {
			t += x
		}
		sh[0] = t
	}
	l.Barrier()
	r := sh[0]
	l.Barrier()
	return r
}

// PrivateScratch gives blockSum a local array, which each lane has its own
// of: lane 0 gets its own value back, the others a zero.
func PrivateScratch(l spmd.Lane) {
	var sh [64]int
	if blockSum(l, sh[:], l.Index()+1) > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// RecoverBeforeBarrier: the lanes that panic recover and return, and the
// others wait for them at the barrier.
func RecoverBeforeBarrier(l spmd.Lane, n int) {
	defer func() { _ = recover() }()
	if l.Index() >= n {
		panic("out of range")
	}
	l.Barrier() // want `barrier l.Barrier under divergent control`
}

// CapturedBreak leaves a range-over-func loop on a lane-dependent variable
// of the kernel, before the barrier of the body.
func CapturedBreak(l spmd.Lane, data []int) {
	i := l.Index()
	for v := range slices.Values(data) {
		if v >= i {
			break
		}
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// ---- Reported by spmdvet, but they do not diverge when run (see the
// test's table for why).

// IrreducibleWithExit: lanes enter the cycle a -> c -> a at different
// blocks, so they go round it out of step (and every value in it, more()
// included, is divergent). When run, the lanes happen to meet at the same
// ReduceAdd in each trip, and since more() gives every lane the same
// answer, they leave together.
func IrreducibleWithExit(l spmd.Lane, x int, more func() bool) int {
	if l.Index() < 4 {
		goto c
	}
a:
	x++
c:
	x = spmd.ReduceAdd(l, x) // want `collective spmd.ReduceAdd in an irreducible cycle that lanes may enter at different blocks`
	if more() {
		goto a
	}
	return x
}

// PanicBeforeBarrier: lanes that panic bring the kernel down; spmdvet does
// not count a check that panics as divergence. Run stops with the panic.
func PanicBeforeBarrier(l spmd.Lane, n int) {
	if l.Index() >= n {
		panic("index out of range")
	}
	l.Barrier()
}

// ---- Accepted by spmdvet; they run to completion.

// UniformReturn: every lane returns, or none does.
func UniformReturn(l spmd.Lane, n int) {
	if l.Count() > n {
		return
	}
	l.Barrier()
}

// BarrierAfterLoop: the trip count differs, but the barrier is after the
// loop, where every lane arrives.
func BarrierAfterLoop(l spmd.Lane, data []int) int {
	sum := 0
	for i := l.Index(); i < len(data); i += l.Count() {
		sum += data[i]
	}
	l.Barrier()
	return spmd.ReduceAdd(l, sum)
}

// InnerBreak: a divergent break out of the inner loop only.
func InnerBreak(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if j == l.Index() {
				break
			}
		}
		l.Barrier()
	}
}

// AnyGuard: Any turns a lane-dependent condition into a uniform one.
func AnyGuard(l spmd.Lane) {
	if spmd.Any(l, l.Index() < 4) {
		l.Barrier()
	}
}

// BallotGuard: a ballot mask is the same in every lane.
func BallotGuard(l spmd.Lane) {
	if spmd.Ballot(l, l.Index()%3 == 0)&1 != 0 {
		l.Barrier()
	}
}

// ReduceGuard: a reduction's result is uniform.
func ReduceGuard(l spmd.Lane) {
	if spmd.ReduceMax(l, l.Index()) > 2 {
		l.Barrier()
	}
}

// BroadcastFirstGuard: lane 0's value, in every lane.
func BroadcastFirstGuard(l spmd.Lane) {
	if spmd.BroadcastFirst(l, l.Index()) == 0 {
		l.Barrier()
	}
}

// UniformLoopDivergentBody: the body diverges and reconverges before the
// barrier, in every iteration.
func UniformLoopDivergentBody(l spmd.Lane, n int) int {
	x := 0
	for i := 0; i < n; i++ {
		if l.Index() < i {
			x++
		}
		l.Barrier()
	}
	return x
}

// GotoDiamond: the arms of a goto diamond meet before the barrier.
func GotoDiamond(l spmd.Lane) int {
	x := 0
	if l.Index() < 4 {
		goto small
	}
	x = 2
	goto join
small:
	x = 1
join:
	l.Barrier()
	return x
}

// SwitchUniform: a switch on a uniform value.
func SwitchUniform(l spmd.Lane, n int) {
	switch n % 3 {
	case 0:
		l.Barrier()
	case 1:
		_ = spmd.ReduceAdd(l, l.Index())
	default:
		_ = spmd.Any(l, l.Index() == 0)
	}
}

// TemporalUniformExit: the loop's exit is uniform, so last is too.
func TemporalUniformExit(l spmd.Lane, n int) {
	last := 0
	for i := 0; ; i++ {
		last = i
		if i >= n {
			break
		}
	}
	if last > 2 {
		l.Barrier()
	}
}

// SharedExchange: each lane writes its own slot, the barrier publishes the
// writes, and every lane then reads the same slot of shared memory.
//
//spmd:kernel
func SharedExchange(l spmd.Lane, data []int) {
	data[l.Index()] = l.Index() * 2
	l.Barrier()
	if data[0] == 0 {
		l.Barrier()
	}
}

// MapLoop: every lane iterates len(m) times, whatever the order.
func MapLoop(l spmd.Lane, m map[string]int) {
	for range m {
		l.Barrier()
	}
}

const debug = true

// ConstantOr: "debug || x" is true in every lane.
func ConstantOr(l spmd.Lane) {
	if debug || l.Index() == 0 {
		l.Barrier()
	}
}

// Worker is a loop without an exit in the control flow graph: it ends with
// runtime.Goexit, which spmd.Run counts as returning. Every lane runs the
// barrier in every iteration; the divergent if/else rejoins at the header.
func Worker(l spmd.Lane, out []int, iters int) {
	i := 0
	for {
		if i == iters {
			runtime.Goexit()
		}
		i++
		l.Barrier()
		if l.Index() < 4 {
			out[l.Index()] += 1
		} else {
			out[l.Index()] += 2
		}
	}
}

// sum is a generic helper around a reduction.
func sum[T spmd.Number](l spmd.Lane, v T) T {
	return spmd.ReduceAdd(l, v)
}

// GenericHelper: sum's result is uniform, as its body shows.
func GenericHelper(l spmd.Lane) {
	if sum(l, l.Index()) > 3 {
		l.Barrier()
	}
}

// DeferredUniformReturn: the lanes agree on the return they take, so they
// all run the same copy of the deferred barrier.
func DeferredUniformReturn(l spmd.Lane, n int, out []int) {
	defer l.Barrier()
	if n > 4 {
		return
	}
	out[l.Index()] = n
}

// SharedScratch gives blockSum a slice all lanes share: every lane gets the
// same sum.
func SharedScratch(l spmd.Lane, sh []int) {
	if blockSum(l, sh, l.Index()+1) > 0 {
		l.Barrier()
	}
}

// cursor walks over tiles: tile and limit are the same in every lane, sum
// is not.
type cursor struct {
	tile, limit int
	sum         int
}

func (c *cursor) next() bool { c.tile++; return c.tile < c.limit }

// CursorLoop runs a barrier per tile, controlled by the uniform fields of a
// per-lane struct whose other field is lane-dependent.
func CursorLoop(l spmd.Lane, tiles int, out []int) {
	c := cursor{tile: -1, limit: tiles}
	for c.next() {
		c.sum += l.Index()
		l.Barrier()
	}
	out[l.Index()] = c.sum
}

// ExitIntoLoop: lanes leave both loops at once, by a goto to the label of a
// loop below, in different iterations of the outer loop; each then reads
// the x of its own last iteration. (LLVM 22 misses this: it takes only the
// inner loop to be left.)
func ExitIntoLoop(l spmd.Lane, n int) {
	x, y := 0, 0
	for {
		x++
		for {
			if l.Index() < x {
				goto after
			}
			if n < 3 {
				continue
			}
			break
		}
	}
after:
	y++
	if y < n {
		goto after
	}
	if x > 2 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// RedirectedByClosure: a closure points the captured p at b in odd lanes
// only, so the store through p lands in b there and in a elsewhere.
func RedirectedByClosure(l spmd.Lane) {
	a, b := 0, 0
	p := &a
	toB := func() { p = &b }
	if l.Index()%2 == 1 {
		toB()
	}
	*p = 1
	if b == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// RedirectedByClosureUniform: every lane redirects p, or none does.
func RedirectedByClosureUniform(l spmd.Lane, n int) {
	a, b := 0, 0
	p := &a
	toB := func() { p = &b }
	if n > 1 {
		toB()
	}
	*p = 1
	if b == 1 {
		l.Barrier()
	}
}

// holder keeps a pointer to more of the lane's memory.
type holder struct {
	in *[4]int
	k  int
}

func (h *holder) push(v int) {
	h.in[h.k] = v
	h.k++
}

// WrittenTwoPointersDown: a method writes the lane index through the
// pointer its receiver holds, and that element guards a barrier.
func WrittenTwoPointersDown(l spmd.Lane) {
	h := holder{in: new([4]int)}
	h.push(l.Index())
	if h.in[0] != 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// WrittenTwoPointersDownUniform: the same with a value every lane shares.
func WrittenTwoPointersDownUniform(l spmd.Lane, n int) {
	h := holder{in: new([4]int)}
	h.push(n)
	if h.in[0] != 0 && h.k == 1 {
		l.Barrier()
	}
}

// AppendLaneValues: every lane appends as many values, its own; a loop over
// them runs as often in every lane.
func AppendLaneValues(l spmd.Lane, n int) int {
	var buf []int
	for i := 0; i < n; i++ {
		buf = append(buf, l.Index()*i)
	}
	s := 0
	for _, v := range buf {
		s += spmd.ReduceAdd(l, v)
	}
	return s
}

// fresh returns memory it allocates, holding v.
func fresh(v int) []int {
	s := make([]int, 4)
	s[0] = v
	return s
}

// FreshFromHelper: the memory a helper returns holds the lane index.
func FreshFromHelper(l spmd.Lane) {
	s := fresh(l.Index())
	if s[0] > 2 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// ArrayElements: a[1] is the same in every lane, a[2] is not; a barrier
// under a branch on a[1] is met by all lanes.
func ArrayElements(l spmd.Lane, n int) {
	var a [4]int
	a[2] = l.Index()
	a[1] = n
	if a[1] > 0 {
		l.Barrier()
	}
}

// ArrayElementsLane: the branch is on the element that holds the lane index.
func ArrayElementsLane(l spmd.Lane) {
	var a [4]int
	a[2] = l.Index()
	a[1] = 3
	if a[2] > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// CapturedFuncVar: a closure calls, under a branch on the lane index, the
// function a captured variable holds, which reaches a barrier.
func CapturedFuncVar(l spmd.Lane) {
	var f func()
	f = func() { l.Barrier() }
	func() {
		if l.Index() < 2 {
			f() // want `barrier l.Barrier \(reached through f\) under divergent control`
		}
	}()
}

// PointerStoreBack: a closure branches on the lane's index through a
// pointer it captured, and stores the collective's result back there.
func PointerStoreBack(l spmd.Lane) {
	v := l.Index()
	p := &v
	func() {
		if *p >= 2 {
			*p = spmd.InclusiveAdd(l, 1) // want `collective spmd.InclusiveAdd under divergent control`
		}
	}()
}

// OwnSliceInClosure: each lane marks its own slice at its own place.
func OwnSliceInClosure(l spmd.Lane) {
	s := make([]int, 8)
	func() {
		s[l.Index()%8] = 1
		if s[0] > 0 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	}()
}

// MapLaneValues: every lane's map has the same keys and its own values, so
// a loop over it meets the barrier as often in every lane.
func MapLaneValues(l spmd.Lane, n int) {
	m := map[int]int{0: n, 1: l.Index(), 2: 7}
	for range m {
		l.Barrier()
	}
}

// eachOwned calls f for each of the n items the lane owns: lanes own
// different numbers of items.
func eachOwned(l spmd.Lane, n int, f func(i int)) {
	for i := l.Index(); i < n; i += l.Count() {
		f(i)
	}
}

// CallbackReduce: a helper calls the reduction it is given once per item
// the lane owns, so lanes that own fewer items leave the others waiting.
func CallbackReduce(l spmd.Lane, n int) {
	eachOwned(l, n, func(i int) { // want `collective spmd.ReduceAdd \(reached through eachOwned\) under divergent control`
		_ = spmd.ReduceAdd(l, i)
	})
}

// CallbackStore: the same helper given a function that only stores.
func CallbackStore(l spmd.Lane, n int) {
	out := make([]int, n)
	eachOwned(l, n, func(i int) { out[i] = i })
	l.Barrier()
}

// eachOwnedLane is eachOwned for callbacks that take the lane; onEachOwned
// gives its callback on to it.
func eachOwnedLane(l spmd.Lane, n int, f func(spmd.Lane, int)) {
	for i := l.Index(); i < n; i += l.Count() {
		f(l, i)
	}
}

func onEachOwned(l spmd.Lane, n int, f func(spmd.Lane, int)) { eachOwnedLane(l, n, f) }

// LaneCallbackVia: a barrier given through two helpers to a per-lane loop.
func LaneCallbackVia(l spmd.Lane, n int) {
	onEachOwned(l, n, func(l spmd.Lane, i int) { l.Barrier() }) // want `barrier l.Barrier \(reached through onEachOwned\) under divergent control`
}

// LaneCallbackStore: the same helpers given a callback that only stores.
func LaneCallbackStore(l spmd.Lane, n int) {
	out := make([]int, n)
	onEachOwned(l, n, func(l spmd.Lane, i int) { out[i] = i })
	l.Barrier()
}
