package values

import "github.com/spmdvet/spmdvet/spmd"

// Table is a shared map read by every lane.
var Table = map[int]string{0: "zero", 2: "two"}

// Boxes holds interface values of different dynamic types.
var Boxes = []any{7, "x", 9}

// CommaOkMapBug tests a comma-ok map lookup with a lane-dependent key.
//
//spmd:kernel
func CommaOkMapBug(l spmd.Lane) {
	if name, ok := Table[l.Index()]; ok {
		Out[l.Index()] = spmd.ReduceAdd(l, len(name)) // EXPECT
	}
}

// CommaOkMapUniform tests a comma-ok map lookup with a constant key.
//
//spmd:kernel
func CommaOkMapUniform(l spmd.Lane) {
	if name, ok := Table[2]; ok {
		Out[l.Index()] = spmd.ReduceAdd(l, len(name))
	}
}

// CommaOkAssertBug tests a comma-ok type assertion on an interface value
// whose dynamic type depends on the lane.
//
//spmd:kernel
func CommaOkAssertBug(l spmd.Lane) {
	if n, ok := Boxes[l.Index()%len(Boxes)].(int); ok {
		Out[l.Index()] = spmd.ReduceAdd(l, n) // EXPECT
	}
}

// CommaOkAssertUniform tests a comma-ok type assertion on an interface
// holding a uniform value.
//
//spmd:kernel
func CommaOkAssertUniform(l spmd.Lane) {
	var box any = l.Count()
	if n, ok := box.(int); ok {
		Out[l.Index()] = spmd.ReduceAdd(l, n)
	}
}

// CommaOkRecvBug tests a comma-ok receive from a channel picked by the
// lane: one is closed and empty, the other holds a value.
//
//spmd:kernel
func CommaOkRecvBug(l spmd.Lane) {
	closed := make(chan int)
	close(closed)
	full := make(chan int, 1)
	full <- 5
	chans := [2]chan int{closed, full}
	if v, ok := <-chans[l.Index()%2]; ok {
		Out[l.Index()] = spmd.ReduceAdd(l, v) // EXPECT
	}
}

type laneID uint8

// ConvertBug tests conversions to a named type, to float64 and back to
// int, carrying the lane index.
//
//spmd:kernel
func ConvertBug(l spmd.Lane) {
	id := laneID(l.Index())
	f := float64(id) / 2
	if int(f) == 0 {
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = int(id)
}

// ConvertUniform tests conversions of a uniform value to int64, uint16,
// string (via rune) and any.
//
//spmd:kernel
func ConvertUniform(l spmd.Lane) {
	n := int64(l.Count())
	u := uint16(n)
	s := string(rune('a' + n))
	var boxed any = u
	if len(s) == 1 && u > 0 && boxed != nil {
		Out[l.Index()] = spmd.ShuffleXor(l, l.Index(), 1)
	}
}

func withLaneOffset(l spmd.Lane) (n int) {
	defer func() { n += l.Index() }()
	return l.Count()
}

func doubled(l spmd.Lane) (n int) {
	defer func() { n *= 2 }()
	return l.Count()
}

// NamedResultBug tests a helper whose named result is changed by a
// deferred closure to include the lane index.
//
//spmd:kernel
func NamedResultBug(l spmd.Lane) {
	if withLaneOffset(l) == l.Count() {
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = 1
}

// NamedResultUniform tests a helper whose named result is changed by a
// deferred closure with a uniform value.
//
//spmd:kernel
func NamedResultUniform(l spmd.Lane) {
	if doubled(l) == 2*l.Count() {
		l.Barrier()
		Out[l.Index()] = 1
	}
}

// syncSum reduces the sum of its variadic arguments; it is convergent and
// its result is uniform.
func syncSum(l spmd.Lane, vals ...int) int {
	t := 0
	for _, v := range vals {
		t += v
	}
	return spmd.ReduceAdd(l, t)
}

func maxOf(first int, rest ...int) int {
	m := first
	for _, v := range rest {
		m = max(m, v)
	}
	return m
}

// VariadicConvergentBug tests a call of a convergent variadic helper in a
// divergent branch.
//
//spmd:kernel
func VariadicConvergentBug(l spmd.Lane) {
	if l.Index()%2 == 1 {
		Out[l.Index()] = syncSum(l, 1, 2, 3) // EXPECT
	}
}

// VariadicUniform tests calls of the convergent variadic helper with
// divergent arguments and with a spread slice, and branches on its uniform
// result.
//
//spmd:kernel
func VariadicUniform(l spmd.Lane) {
	s := syncSum(l, l.Index(), l.Index()*2)
	xs := []int{1, 2}
	s += syncSum(l, xs...)
	if s > 0 {
		l.Barrier()
	}
	Out[l.Index()] = s
}

// VariadicResultBug tests a variadic helper whose result depends on a
// lane-dependent variadic argument.
//
//spmd:kernel
func VariadicResultBug(l spmd.Lane) {
	if maxOf(0, l.Index(), 1) > 1 {
		Out[l.Index()] = spmd.ExclusiveAdd(l, 1) // EXPECT
	}
}

type phase int

const (
	load phase = iota
	compute
	store
	nPhases
)

const active = compute

// IotaBug tests an iota enumeration value derived from the lane index.
//
//spmd:kernel
func IotaBug(l spmd.Lane) {
	p := phase(l.Index() % int(nPhases))
	if p == compute {
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = int(p)
}

// IotaUniform tests conditions on iota constants: a constant comparison, a
// loop over the enumeration, and a value derived from the count.
//
//spmd:kernel
func IotaUniform(l spmd.Lane) {
	s := 0
	if active == compute {
		l.Barrier()
	}
	for p := load; p < nPhases; p++ {
		s += spmd.ReduceAdd(l, int(p))
	}
	if phase(l.Count()%int(nPhases)) >= compute {
		s += spmd.Broadcast(l, l.Index(), 0)
	}
	Out[l.Index()] = s
}

// UniformResults tests branches on the results of the collectives that are
// uniform (Any, All, Ballot, ReduceMin, ReduceMax, Broadcast with a
// constant source, BroadcastFirst), each guarding another collective.
//
//spmd:kernel
func UniformResults(l spmd.Lane) {
	i := l.Index()
	s := 0
	if spmd.Any(l, i == 1) {
		s += spmd.ReduceAdd(l, 1)
	}
	if spmd.All(l, i >= 0) {
		l.Barrier()
	}
	if mask := spmd.Ballot(l, i%2 == 0); mask&1 == 1 {
		s += spmd.ReduceAdd(l, 2)
	}
	if spmd.ReduceMin(l, i) == 0 && spmd.ReduceMax(l, i) > 0 {
		s += spmd.ReduceAdd(l, 4)
	}
	if spmd.Broadcast(l, i*3, 1) == 3 {
		s += spmd.ReduceAdd(l, 8)
	}
	if spmd.BroadcastFirst(l, i+5) == 5 {
		s += spmd.ReduceAdd(l, 16)
	}
	Out[i] = s
}

// ShuffleBug tests a branch on a Shuffle result (rotation of lane indices).
//
//spmd:kernel
func ShuffleBug(l spmd.Lane) {
	v := spmd.Shuffle(l, l.Index(), (l.Index()+1)%l.Count())
	if v == 0 {
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = v
}

// ShuffleXorBug tests a loop bounded by a ShuffleXor result.
//
//spmd:kernel
func ShuffleXorBug(l spmd.Lane) {
	v := spmd.ShuffleXor(l, l.Index(), 1)
	s := 0
	for j := 0; j < v; j++ {
		s += spmd.ReduceAdd(l, j) // EXPECT
	}
	Out[l.Index()] = s
}

// InclusiveBug tests a branch on an InclusiveAdd result.
//
//spmd:kernel
func InclusiveBug(l spmd.Lane) {
	if spmd.InclusiveAdd(l, 1) == l.Count() {
		Out[l.Index()] = spmd.BroadcastFirst(l, 1) // EXPECT
	}
}

// ExclusiveBug tests a loop whose condition calls ExclusiveAdd: the bound
// is divergent, so both the barrier in the body and the ExclusiveAdd in the
// condition, re-evaluated only by the lanes still in the loop, are reached
// by different lanes in different iterations.
//
//spmd:kernel
func ExclusiveBug(l spmd.Lane) {
	for i := 0; i < spmd.ExclusiveAdd(l, 1); i++ { // EXPECT
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = 1
}

// ForCondBug tests a collective that is the whole condition of a
// condition-only for loop and bounds the loop itself: lanes stop calling it
// in different iterations.
//
//spmd:kernel
func ForCondBug(l spmd.Lane) {
	n := 0
	for n < spmd.ExclusiveAdd(l, 1) { // EXPECT
		n++
	}
	Out[l.Index()] = n
}

// BroadcastSrcBug tests Broadcast with a lane-dependent source lane, whose
// result is divergent.
//
//spmd:kernel
func BroadcastSrcBug(l spmd.Lane) {
	v := spmd.Broadcast(l, l.Index()*10, l.Index()%2)
	if v > 0 {
		Out[l.Index()] = spmd.ReduceMin(l, v) // EXPECT
	}
}
