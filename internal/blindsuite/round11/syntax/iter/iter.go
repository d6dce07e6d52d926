// Package iter holds kernels over range loops (strings, integers, arrays,
// pointers to arrays, maps) and generic functions and types.
package iter

import "github.com/spmdvet/spmdvet/spmd"

// Out receives one value per lane.
var Out [spmd.MaxLanes]int

// Words are strings of different rune counts (and byte lengths).
var Words = []string{"ab", "çab", "a"}

// Text has a two-byte rune at byte offset 1, so its rune offsets are
// 0, 1, 3, 4, 5.
const Text = "héllo"

// Grid rows are picked by lane; row 0 is zeros, row 1 ones.
var Grid = [2][4]int{{0, 0, 0, 0}, {1, 1, 1, 1}}

// Weights is a shared map ranged over by every lane.
var Weights = map[string]int{"a": 1, "b": 2, "c": 3}

// RangeStringBug tests range over a string picked by the lane: the number
// of runes, hence of iterations, differs.
//
//spmd:kernel
func RangeStringBug(l spmd.Lane) {
	at := -1
	for i, r := range Words[l.Index()%len(Words)] {
		if r == 'b' {
			at = i
		}
		l.Barrier() // EXPECT
	}
	Out[l.Index()] = at
}

// RangeStringOffsetBug tests range over a constant string whose byte
// offsets are compared with the lane index to leave the loop.
//
//spmd:kernel
func RangeStringOffsetBug(l spmd.Lane) {
	n := 0
	for i := range Text {
		if i >= l.Index() {
			break
		}
		n = spmd.ReduceAdd(l, 1) // EXPECT
	}
	Out[l.Index()] = n
}

// RangeStringUniform tests range over a constant string with a multi-byte
// rune: offsets and runes are uniform, a divergent && with no collective is
// in the body, and the collective comes after it.
//
//spmd:kernel
func RangeStringUniform(l spmd.Lane) {
	cnt := 0
	for i, r := range Text {
		if r > 127 && i == l.Index() {
			cnt += 1000
		}
		cnt += spmd.ReduceAdd(l, i)
	}
	Out[l.Index()] = cnt
}

// RangeIntBug tests range over a lane-dependent integer (Go 1.22).
//
//spmd:kernel
func RangeIntBug(l spmd.Lane) {
	s := 0
	for i := range l.Index() + 1 {
		s += spmd.ReduceMin(l, i) // EXPECT
	}
	Out[l.Index()] = s
}

// RangeIntUniform tests range over the uniform count and over a constant,
// with and without an iteration variable.
//
//spmd:kernel
func RangeIntUniform(l spmd.Lane) {
	s := 0
	for i := range l.Count() {
		s += spmd.ReduceMin(l, i+l.Index())
	}
	for range 3 {
		l.Barrier()
	}
	Out[l.Index()] = s
}

// RangeIntBreakBug tests a range over a constant integer left by a break
// on a lane-dependent condition.
//
//spmd:kernel
func RangeIntBreakBug(l spmd.Lane) {
	n := 0
	for i := range 8 {
		if i*i > l.Index() {
			break
		}
		l.Barrier() // EXPECT
		n++
	}
	Out[l.Index()] = n
}

// RangeArrayBug tests range over an array literal with a lane-dependent
// element that decides a continue.
//
//spmd:kernel
func RangeArrayBug(l spmd.Lane) {
	arr := [3]int{l.Index(), 1, 2}
	n := 0
	for _, v := range arr {
		if v == 0 {
			continue
		}
		l.Barrier() // EXPECT
		n++
	}
	Out[l.Index()] = n
}

// RangeArrayUniform tests range over an array literal of uniform elements.
//
//spmd:kernel
func RangeArrayUniform(l spmd.Lane) {
	arr := [3]int{l.Count(), 1, 2}
	s := 0
	for i, v := range arr {
		if v > i {
			s += spmd.ReduceAdd(l, v)
		}
	}
	Out[l.Index()] = s
}

// RangePtrArrayKeys tests range with only a key over pointers to arrays: a
// pointer picked by the lane, and a nil pointer. The trip count is the
// constant array length in both, and the pointer is not dereferenced.
//
//spmd:kernel
func RangePtrArrayKeys(l spmd.Lane) {
	p := &Grid[l.Index()%2]
	s := 0
	for i := range p {
		s += spmd.ReduceAdd(l, i)
	}
	var q *[3]int
	for range q {
		l.Barrier()
	}
	Out[l.Index()] = s
}

// RangePtrArrayValuesBug tests range with key and value over a pointer to
// an array picked by the lane: the values differ.
//
//spmd:kernel
func RangePtrArrayValuesBug(l spmd.Lane) {
	p := &Grid[l.Index()%2]
	s := 0
	for _, v := range p {
		if v > 0 {
			s += spmd.ReduceAdd(l, v) // EXPECT
		}
	}
	Out[l.Index()] = s
}

// RangeMapBug tests range over a map: the key order differs per lane, and
// the loop is left when key "a" comes.
//
//spmd:kernel
func RangeMapBug(l spmd.Lane) {
	n := 0
	for k := range Weights {
		if k == "a" {
			break
		}
		l.Barrier() // EXPECT
		n++
	}
	Out[l.Index()] = n
}

// RangeMapAfter tests range over a map accumulating divergent values, with
// the collective after the loop.
//
//spmd:kernel
func RangeMapAfter(l spmd.Lane) {
	s := 0
	for k, v := range Weights {
		if k != "b" {
			s += v
		}
	}
	Out[l.Index()] = spmd.ReduceAdd(l, s)
}
