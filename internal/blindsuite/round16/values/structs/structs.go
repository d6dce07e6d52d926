// Package structs: struct values copied by assignment versus shared through
// pointers, value and pointer receivers, constructors, nested structs, and
// struct fields that hold pointers, slices and maps.
//
// Every kernel writes its result to out[l.Index()]; out is shared memory.
package structs

import "github.com/spmdvet/spmdvet/spmd"

// Cfg is a small configuration record.
type Cfg struct {
	Rounds int
	Scale  int
}

// NewCfg returns a new *Cfg.
func NewCfg(rounds, scale int) *Cfg { return &Cfg{Rounds: rounds, Scale: scale} }

// Acc accumulates values.
type Acc struct{ Sum int }

// NewAcc returns a new, empty *Acc.
func NewAcc() *Acc { return &Acc{} }

// Add adds v to the sum.
func (a *Acc) Add(v int) { a.Sum += v }

// Counter is a counter with a value method and a pointer method.
type Counter struct{ n int }

// Plus returns n+by. It changes only its own copy of the counter.
func (c Counter) Plus(by int) int {
	c.n += by
	return c.n
}

// Add adds by to the counter.
func (c *Counter) Add(by int) { c.n += by }

// Inner and Outer are nested structs.
type Inner struct{ A, B int }

// Outer embeds an Inner by value.
type Outer struct {
	In  Inner
	Tag int
}

// Box holds a pointer: copying a Box copies the pointer, not the pointee.
type Box struct {
	P     *int
	Label int
}

// Bag holds a slice: copying a Bag shares the backing array.
type Bag struct {
	Items []int
	N     int
}

// Reg holds a map: copying a Reg shares the map.
type Reg struct {
	M    map[string]int
	Name string
}

// Grid holds an array: copying a Grid copies the array.
type Grid struct {
	Cells [4]int
	W     int
}

// Job has a flag that the pointer method Mark sets.
type Job struct {
	Skip bool
	N    int
}

// Mark sets Skip when v is odd.
func (j *Job) Mark(v int) {
	if v%2 == 1 {
		j.Skip = true
	}
}

// CopyIsolatesOriginal (correct): b := a copies the struct, so the
// lane-dependent writes to b leave a untouched; the barrier loop is bounded
// by a.Rounds, which only ever holds the uniform parameter rounds.
//
//spmd:kernel
func CopyIsolatesOriginal(l spmd.Lane, rounds int, out []int) {
	a := Cfg{Rounds: rounds, Scale: 2}
	b := a
	b.Rounds = l.Index() + 1
	b.Scale = l.Index()
	acc := 0
	for i := 0; i < a.Rounds; i++ {
		l.Barrier()
		acc += b.Rounds * b.Scale
	}
	out[l.Index()] = acc
}

// PointerSharesOriginal (bug): b := a copies the pointer, so writing
// b.Rounds with a lane-dependent value changes a.Rounds, the bound of the
// barrier loop: odd lanes run one more iteration.
//
//spmd:kernel
func PointerSharesOriginal(l spmd.Lane, rounds int, out []int) {
	a := &Cfg{Rounds: rounds, Scale: 1}
	b := a
	b.Rounds += l.Index() % 2
	for i := 0; i < a.Rounds; i++ {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = a.Rounds
}

// ValueReceiverLeavesCaller (correct): Plus has a value receiver, so it adds
// the lane index to its own copy; c.n stays 3 in every lane and bounds the
// loop of reductions uniformly.
//
//spmd:kernel
func ValueReceiverLeavesCaller(l spmd.Lane, out []int) {
	c := Counter{n: 3}
	mine := c.Plus(l.Index())
	total := 0
	for i := 0; i < c.n; i++ {
		total += spmd.ReduceAdd(l, mine)
	}
	out[l.Index()] = total
}

// PointerReceiverWritesCaller (bug): Add has a pointer receiver and writes
// the lane-dependent argument into c, so c.n (the loop bound around the
// reduction) is 1 in even lanes and 2 in odd lanes.
//
//spmd:kernel
func PointerReceiverWritesCaller(l spmd.Lane, out []int) {
	c := Counter{n: 1}
	c.Add(l.Index() % 2)
	total := 0
	for i := 0; i < c.n; i++ {
		total += spmd.ReduceAdd(l, 1) // EXPECT
	}
	out[l.Index()] = total
}

// PointerReceiverUniformArg (correct): the pointer method writes c, but only
// with uniform arguments (Count and a constant), so c.n is uniform.
//
//spmd:kernel
func PointerReceiverUniformArg(l spmd.Lane, out []int) {
	c := Counter{n: 1}
	c.Add(l.Count())
	c.Add(2)
	total := 0
	for i := 0; i < c.n; i++ {
		l.Barrier()
		total += l.Index()
	}
	out[l.Index()] = total
}

// ConstructorPerLane (correct): the configuration comes from a constructor
// called with uniform arguments; lane-dependent values go into a separate
// accumulator built by another constructor. The loop bound cfg.Rounds is
// uniform.
//
//spmd:kernel
func ConstructorPerLane(l spmd.Lane, rounds int, out []int) {
	cfg := NewCfg(rounds, 3)
	acc := NewAcc()
	for i := 0; i < cfg.Rounds; i++ {
		acc.Add(l.Index() * cfg.Scale)
		l.Barrier()
	}
	out[l.Index()] = acc.Sum
}

// ConstructorFromLane (bug): the constructor is given a lane-dependent round
// count, which then bounds a loop of reductions.
//
//spmd:kernel
func ConstructorFromLane(l spmd.Lane, out []int) {
	cfg := NewCfg(l.Index()%3+1, 1)
	for i := 0; i < cfg.Rounds; i++ {
		out[l.Index()] += spmd.ReduceMax(l, i) // EXPECT
	}
}

// NestedCopyIsolated (correct): o2 is a deep copy of o1 (nested struct
// values), so writing lane-dependent values into o2.In leaves o1.In.A
// uniform; it bounds the loop.
//
//spmd:kernel
func NestedCopyIsolated(l spmd.Lane, rounds int, out []int) {
	o1 := Outer{In: Inner{A: rounds, B: 1}, Tag: 7}
	o2 := o1
	o2.In.A = l.Index()
	o2.In.B = 2 * l.Index()
	sum := 0
	for i := 0; i < o1.In.A; i++ {
		sum += spmd.ReduceAdd(l, o2.In.A+o2.In.B)
	}
	out[l.Index()] = sum + o1.Tag
}

// ShallowCopySharesPointer (bug): b2 is a copy of b1, but the copied field is
// a pointer to x, so writing through b2.P stores a lane-dependent value in x,
// which then decides the barrier.
//
//spmd:kernel
func ShallowCopySharesPointer(l spmd.Lane, out []int) {
	x := 0
	b1 := Box{P: &x, Label: 1}
	b2 := b1
	*b2.P = l.Index() % 2
	if x == 1 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = x + b2.Label
}

// ShallowCopySharesSlice (bug): b2 is a copy of b1 but shares its backing
// array; the lane index written through b2.Items is read back through
// b1.Items and decides a ballot.
//
//spmd:kernel
func ShallowCopySharesSlice(l spmd.Lane, out []int) {
	b1 := Bag{Items: make([]int, 4), N: 4}
	b2 := b1
	b2.Items[0] = l.Index()
	if b1.Items[0] >= 2 {
		out[l.Index()] = int(spmd.Ballot(l, true)) // EXPECT
	}
}

// MapFieldShared (bug): copying a struct copies the map reference; a
// lane-dependent entry written through r2.M is read through r1.M and
// decides the barrier.
//
//spmd:kernel
func MapFieldShared(l spmd.Lane, out []int) {
	r1 := Reg{M: map[string]int{"k": 0}, Name: "r"}
	r2 := r1
	r2.M["k"] = l.Index() % 2
	if r1.M["k"] == 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = r1.M["k"] + len(r2.Name)
}

// ArrayFieldCopied (correct): the array field is copied with the struct, so
// the lane-dependent writes to g2.Cells do not reach g1.Cells[0], the
// uniform loop bound.
//
//spmd:kernel
func ArrayFieldCopied(l spmd.Lane, rounds int, out []int) {
	g1 := Grid{W: 4}
	g1.Cells[0] = rounds
	g2 := g1
	g2.Cells[0] = l.Index()
	g2.Cells[3] = 2 * l.Index()
	acc := 0
	for i := 0; i < g1.Cells[0]; i++ {
		acc += spmd.ReduceAdd(l, g2.Cells[0]+g2.Cells[3])
	}
	out[l.Index()] = acc + g1.W
}

// EarlyReturnOnFlag (bug): the pointer method Mark sets j.Skip in odd lanes
// only; those lanes return early and never reach the barrier.
//
//spmd:kernel
func EarlyReturnOnFlag(l spmd.Lane, out []int) {
	j := Job{N: 2}
	j.Mark(l.Index())
	if j.Skip {
		out[l.Index()] = -1
		return
	}
	l.Barrier() // EXPECT
	out[l.Index()] = j.N
}
