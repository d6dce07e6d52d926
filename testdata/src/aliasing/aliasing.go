// Package aliasing pins per-lane memory written through pointers that are
// not plain address arithmetic on the variable: pointers loaded from
// memory, returned by calls, or slices returned by append. A store through
// them under divergent control makes the variable divergent all the same.
//
// These were false negatives (reported as BUG(report), fixed in 5daa642):
// the memory roots of an address stopped at loads, calls and append, so a
// store through such a pointer was not recorded as a writer of the
// variable it points to.
package aliasing

import "github.com/spmdvet/spmdvet/spmd"

// The pointer is loaded from a slice.
func pointerInSlice(l spmd.Lane) {
	x := 0
	ptrs := []*int{&x}
	if l.Index() < 4 {
		*ptrs[0] = 1
	}
	if x == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

type box struct{ p *int }

// The pointer is loaded from a struct field.
func pointerInStruct(l spmd.Lane) {
	x := 0
	b := box{p: &x}
	if l.Index() < 4 {
		*b.p = 1
	}
	if x == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func id(p *int) *int { return p }

// The pointer is returned by a call.
func pointerThroughCall(l spmd.Lane) {
	x := 0
	p := id(&x)
	if l.Index() < 4 {
		*p = 1
	}
	if x == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// The slice is returned by append: the store and the load both go through
// it, and neither is traced to the make.
func appended(l spmd.Lane) {
	s := make([]int, 0, 4)
	s = append(s, 0)
	if l.Index() < 4 {
		s[0] = 1
	}
	if s[0] == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A pointer that points to different variables in different lanes.
func pointerChosenByLane(l spmd.Lane) {
	a, b := 1, 2
	p := &a
	if l.Index() < 4 {
		p = &b
	}
	if *p == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

type config struct {
	n    *int
	rows [][]int
}

// Fine: memory of a kernel's parameters is shared, however it is reached:
// through a loaded slice, a pointer field, or a helper's result.
//
//spmd:kernel
func sharedThroughPointers(l spmd.Lane, data [][]int, cfg *config) {
	row := data[0]
	if row[0] > 0 {
		l.Barrier()
	}
	if *cfg.n > 0 {
		l.Barrier()
	}
	if cfg.rows[1][2] > 0 {
		l.Barrier()
	}
	if *elem(row, 1) > 0 {
		l.Barrier()
	}
	if data[l.Index()][0] > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func elem(s []int, i int) *int { return &s[i] }

// Fine: a per-lane struct holding a pointer to shared memory.
//
//spmd:kernel
func localBoxShared(l spmd.Lane, shared *int) {
	b := box{p: shared}
	if *b.p > 0 {
		l.Barrier()
	}
}
