// want package:"spmd"

// Package sumappend: append. Its result is a slice header, as long in
// every lane when as many values are appended in every lane, whatever
// they are; the values are in the array, the lane's own: the one given, or
// one that append allocates. Helpers that append, to a slice they return
// or to one they are given a pointer to, say so in their summaries:
// result-contents (what is in the memory a result points to) and
// stores-fresh (memory they allocate and store in what they are given).
package sumappend

import "github.com/spmdvet/spmdvet/spmd"

// Fine: as many values in every lane; only their values differ.
func laneValues(l spmd.Lane, n int) int { // want laneValues:`^spmd\(barrier result0=on\(1\) requires\(1\)\)$`
	var buf []int
	for i := 0; i < n; i++ {
		buf = append(buf, l.Index()*i)
	}
	s := 0
	for _, v := range buf {
		s += spmd.ReduceAdd(l, v)
	}
	if len(buf) > 2 {
		l.Barrier()
	}
	return s
}

func laneValuesRead(l spmd.Lane, n int) { // want laneValuesRead:`^spmd\(barrier\)$`
	var buf []int
	for i := 0; i < n; i++ {
		buf = append(buf, l.Index()*i)
	}
	if buf[1] > 2 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A lane-dependent number of values: the length differs.
func laneLength(l spmd.Lane) { // want laneLength:`^spmd\(barrier\)$`
	other := make([]int, l.Index())
	var buf []int
	buf = append(buf, other...)
	for range buf {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func appendUnderDivergentControl(l spmd.Lane) { // want appendUnderDivergentControl:`^spmd\(barrier\)$`
	var buf []int
	if l.Index() > 2 {
		buf = append(buf, 1)
	}
	if len(buf) > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// add returns what append returns: as long as s, holding v too.
func add(s []int, v int) []int { return append(s, v) } // want add:`^spmd\(result0=on\(0\) result-contents0=on\(0,1\) own\[0\]=spmd\(result0=on\(0\) result-contents0=on\(0,\*0,1\) effect\(\*0\)=on\(0,\*0,1\)\)\)$`

func viaHelper(l spmd.Lane, n int) int { // want viaHelper:`^spmd\(convergent result0=on\(1\) requires\(1\)\)$`
	var buf []int
	for i := 0; i < n; i++ {
		buf = add(buf, l.Index())
	}
	t := 0
	for _, v := range buf {
		t += spmd.ReduceAdd(l, v)
	}
	return t
}

func viaHelperRead(l spmd.Lane, n int) { // want viaHelperRead:`^spmd\(barrier\)$`
	var buf []int
	for i := 0; i < n; i++ {
		buf = add(buf, l.Index())
	}
	if buf[0] > 2 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// fresh returns memory it allocates, holding v.
func fresh(v int) []int { // want fresh:`^spmd\(result0=never result-contents0=on\(0\)\)$`
	s := make([]int, 4)
	s[0] = v
	return s
}

func freshRead(l spmd.Lane) { // want freshRead:`^spmd\(barrier\)$`
	s := fresh(l.Index())
	if s[0] > 2 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func freshUniform(l spmd.Lane, k int) { // want freshUniform:`^spmd\(barrier requires\(1\)\)$`
	s := fresh(k)
	if s[0] > 2 {
		l.Barrier()
	}
}

type list struct{ items []int }

// push appends to the list's array, or to a new one it stores in s.
func (s *list) push(v int) { s.items = append(s.items, v) } // want push:`^spmd\(stores-fresh\[0\] own\[0 0\]=spmd\(effect\(\*0\.0\)=on\(0,\*0\.0\) effect\(\*\*0\)=on\(0,\*0\.0,\*\*0,1\) stores-fresh\[0\]\)\)$`

func viaMethod(l spmd.Lane, n int) int { // want viaMethod:`^spmd\(convergent result0=on\(1\) requires\(1\)\)$`
	var s list
	for i := 0; i < n; i++ {
		s.push(l.Index())
	}
	t := 0
	for _, v := range s.items {
		t += spmd.ReduceAdd(l, v)
	}
	return t
}

func viaMethodRead(l spmd.Lane, n int) { // want viaMethodRead:`^spmd\(barrier\)$`
	var s list
	for i := 0; i < n; i++ {
		s.push(l.Index())
	}
	if s.items[0] > 2 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A closure appending to a slice it captured.
func viaClosure(l spmd.Lane, n int) int { // want viaClosure:`^spmd\(barrier result0=on\(1\) requires\(1\)\)$`
	var buf []int
	add := func(v int) { buf = append(buf, v) }
	for i := 0; i < n; i++ {
		add(l.Index())
	}
	t := 0
	for _, v := range buf {
		t += spmd.ReduceAdd(l, v)
	}
	if buf[0] > 2 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
	return t
}

// newInt allocates memory that nothing here reads or writes: its object
// is made after the analysis ran, for the summary's result-contents.
func newInt() *int { return new(int) } // want newInt:`^spmd\(result0=never\)$`
