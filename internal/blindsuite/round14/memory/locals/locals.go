// Package locals holds kernels whose per-lane memory is the kernel's own
// address-taken locals: structs, arrays, closures' captured variables,
// appended slices and strings.
package locals

import "github.com/spmdvet/spmdvet/spmd"

type counter struct {
	id   int // meant to hold something lane-dependent
	hits int // meant to stay uniform
}

func (c *counter) setID(id int) { c.id = id }
func (c *counter) hit()         { c.hits++ }

// L01 (bug): a pointer-receiver helper stores the lane index into c.id;
// a branch on c.id guards a barrier.
//
//spmd:kernel
func L01(l spmd.Lane, out []int) {
	var c counter
	c.setID(l.Index())
	c.hit()
	if c.id == 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = c.hits
}

// L02 (correct): only uniform updates through the pointer-receiver helper,
// in a uniform loop; the branch on c.hits is uniform.
//
//spmd:kernel
func L02(l spmd.Lane, out []int) {
	var c counter
	for i := 0; i < 3; i++ {
		c.hit()
	}
	if c.hits == 3 {
		out[l.Index()] = spmd.ReduceAdd(l, l.Index())
	}
}

type state struct{ n, m int }

// L03 (bug): a store of a uniform constant under divergent control makes the
// local divergent; a branch on it guards a collective.
//
//spmd:kernel
func L03(l spmd.Lane, out []int) {
	var s state
	p := &s
	if l.Index() < 2 {
		p.n = 5
	}
	if s.n == 5 {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// L04 (bug): a helper with only uniform arguments called under divergent
// control; its store into the local runs under divergent control.
//
//spmd:kernel
func L04(l spmd.Lane, out []int) {
	var c counter
	if l.Index()%2 == 0 {
		c.hit()
	}
	if c.hits > 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = c.hits
}

func sumArr(a *[4]int) int {
	s := 0
	for _, v := range a {
		s += v
	}
	return s
}

// L05 (correct): a per-lane array filled with uniform values at uniform
// indices, read by a helper through a pointer.
//
//spmd:kernel
func L05(l spmd.Lane, out []int) {
	var a [4]int
	for i := range a {
		a[i] = i * l.Count()
	}
	if sumArr(&a) == 6*l.Count() {
		out[l.Index()] = spmd.ReduceMax(l, l.Index())
	}
}

// L06 (bug): a uniform value (true) stored at a lane-dependent index of a
// per-lane array; reading a fixed slot is then divergent.
//
//spmd:kernel
func L06(l spmd.Lane, out []int) {
	var flags [8]bool
	flags[l.Index()%8] = true
	if flags[0] {
		l.Barrier() // EXPECT
	}
}

// L07 (correct): a closure captures a local and adds uniform values to it
// under uniform control.
//
//spmd:kernel
func L07(l spmd.Lane, out []int) {
	total := 0
	add := func(v int) { total += v }
	for i := 1; i <= l.Count(); i++ {
		add(i)
	}
	if total == l.Count()*(l.Count()+1)/2 {
		l.Barrier()
	}
	out[l.Index()] = total
}

// L08 (bug): a closure capturing a pointer to a local writes the pointee;
// the closure is called under divergent control.
//
//spmd:kernel
func L08(l spmd.Lane, out []int) {
	x := new(int)
	set := func(v int) { *x = v }
	if l.Index() == 1 {
		set(7)
	}
	if *x == 7 {
		_ = spmd.Ballot(l, true) // EXPECT
	}
}

// L09 (bug): a closure keeps a running maximum in a captured local; one call
// passes the lane index, so the maximum becomes lane-dependent.
//
//spmd:kernel
func L09(l spmd.Lane, out []int) {
	best := 0
	visit := func(v int) {
		if v > best {
			best = v
		}
	}
	visit(3)
	visit(l.Index())
	if best > 3 {
		l.Barrier() // EXPECT
	}
}

type pair struct{ lo, hi int }

// L10 (bug): a struct with a lane-dependent field is copied twice; the
// copy's lane-dependent field guards a collective.
//
//spmd:kernel
func L10(l spmd.Lane, out []int) {
	a := pair{lo: 1, hi: l.Index()}
	b := a
	b.lo = 2
	c := b
	if c.hi > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, c.lo) // EXPECT
	}
}

// L11 (correct): uniform structs copied, arrays of structs copied by value
// and modified uniformly; `&&` of two uniform conditions.
//
//spmd:kernel
func L11(l spmd.Lane, out []int) {
	a := pair{lo: 1, hi: l.Count()}
	b := a
	b.lo += b.hi
	arr := [3]pair{a, b, a}
	cp := arr
	cp[1].hi = 0
	if cp[1].lo == l.Count()+1 && arr[1].hi == l.Count() {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

func pick(a [4]int, i int) int { return a[i] }

// L12 (bug): an array with a lane-dependent element passed by value to a
// helper that returns that element.
//
//spmd:kernel
func L12(l spmd.Lane, out []int) {
	var a [4]int
	a[2] = l.Index()
	v := pick(a, 2)
	if v%2 == 0 {
		l.Barrier() // EXPECT
	}
}

// L13 (bug): the number of appends to a per-lane slice depends on the lane,
// so its length is divergent.
//
//spmd:kernel
func L13(l spmd.Lane, out []int) {
	var xs []int
	for i := 0; i < l.Index(); i++ {
		xs = append(xs, i)
	}
	if len(xs) > 1 {
		out[l.Index()] = spmd.ReduceAdd(l, len(xs)) // EXPECT
	}
}

// L14 (correct): uniform appends to a per-lane slice; its length and
// elements are uniform.
//
//spmd:kernel
func L14(l spmd.Lane, out []int) {
	xs := make([]int, 0, 4)
	for i := 0; i < l.Count(); i++ {
		xs = append(xs, i*i)
	}
	if len(xs) == l.Count() && xs[len(xs)-1] == (l.Count()-1)*(l.Count()-1) {
		out[l.Index()] = spmd.ReduceAdd(l, xs[1])
	}
}

// L15 (bug): a string chosen from a local array by the lane index; its
// length guards a barrier.
//
//spmd:kernel
func L15(l spmd.Lane, out []int) {
	names := [...]string{"a", "bb", "ccc", "dddd"}
	s := names[l.Index()%4]
	if len(s) > 2 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = len(s)
}

// L16 (correct): a string built uniformly, converted to a per-lane byte
// slice, patched at a uniform index, compared.
//
//spmd:kernel
func L16(l spmd.Lane, out []int) {
	s := "lanes:"
	for i := 0; i < l.Count(); i++ {
		s += "x"
	}
	b := []byte(s)
	b[0] = 'L'
	if string(b[:5]) == "Lanes" && len(b) == 6+l.Count() {
		out[l.Index()] = spmd.BroadcastFirst(l, l.Index()) + len(s)
	}
}
