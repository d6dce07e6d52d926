// want package:"spmd"

// Package sumcontainers: containers with iterator and callback methods on a
// pointer receiver, used on a kernel's own variables. The iterator a method
// returns reads the container through the receiver it captured (go/ssa
// captures it by address, so through two pointers); whether it calls the
// loop body under divergent control depends on what the container holds in
// the calling lane.
package sumcontainers

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// list is a container whose length the lanes may disagree about.
type list struct {
	items []int
}

func (s *list) push(v int) { s.items = append(s.items, v) } // want push:`spmd\(stores-fresh\[0\] own\[0 0\]=spmd\(effect\(\*0\.0\)=on\(0,\*0\.0\) effect\(\*\*0\)=on\(0,\*0\.0,\*\*0,1\) stores-fresh\[0\]\)\)`

// backward's loop runs as often as the list is long: on what the receiver
// points to, when that is the calling lane's own list.
func (s *list) backward() iter.Seq[int] { // want backward:`own\[0 0\]=spmd\(result0=on\(0\) returned-body-control=on\(0,\*0\.0\)`
	return func(yield func(int) bool) {
		for i := len(s.items) - 1; i >= 0; i-- {
			if !yield(s.items[i]) {
				return
			}
		}
	}
}

// each calls f once per item: on the list's length, when that is the
// calling lane's own list.
func (s *list) each(f func(int) bool) { // want each:`spmd\(calls\(1\)=on\(0,1,1\(\)\) own\[0 0\]=spmd\(calls\(1\)=on\(0,\*0\.0,\*\*0,1,1\(\)\) calls-fixed\(1\)=on\(0,\*0\.0,1,1\(\)\)\)\)`
	for i := len(s.items) - 1; i >= 0; i-- {
		if !f(s.items[i]) {
			return
		}
	}
}

// ring yields its buffer rotated by start: as many values in every lane,
// whatever start is.
type ring struct {
	buf   []int
	start int
}

func (r *ring) values() iter.Seq[int] { // want values:`returned-body-control=on\(0,\*0\.0,\*0\.1\) returned-body-control-fixed=on\(0,\*0\.0\)`
	return func(yield func(int) bool) {
		for i := range r.buf {
			if !yield(r.buf[(r.start+i)%len(r.buf)]) {
				return
			}
		}
	}
}

// rotated passes start to f with each value: whether it calls f again
// depends on start only through what f returns.
func rotated(xs []int, start int, f func(int) bool) { // want rotated:`calls\(2\)=on\(0,1,2,2\(\)\) calls-fixed\(2\)=on\(0,2,2\(\)\)`
	for i := range xs {
		if !f(xs[(start+i)%len(xs)]) {
			return
		}
	}
}

// Bug: each lane's list is as long as its index, and the loop over it runs
// a barrier per item.
func laneLengthList(l spmd.Lane) { // want laneLengthList:`spmd\(barrier\)`
	var s list
	for i := 0; i < l.Index(); i++ {
		s.push(i)
	}
	for range s.backward() {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Bug: the same list on the heap.
func laneLengthListPointer(l spmd.Lane) { // want laneLengthListPointer:`spmd\(barrier\)`
	s := &list{}
	for i := 0; i < l.Index(); i++ {
		s.push(i)
	}
	for range s.backward() {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Bug: each calls the literal once per item.
func laneLengthEach(l spmd.Lane) { // want laneLengthEach:`spmd\(barrier requires\(0\)\)`
	var s list
	for i := 0; i < l.Index(); i++ {
		s.push(i)
	}
	s.each(func(int) bool { l.Barrier(); return true }) // want `field items of what receiver s of s.each points to must be uniform`
}

// Fine: a list as long in every lane.
func uniformLengthList(l spmd.Lane, n int) { // want uniformLengthList:`spmd\(barrier requires\(1\)\)`
	var s list
	for i := 0; i < n; i++ {
		s.push(i)
	}
	for range s.backward() {
		l.Barrier()
	}
}

// Fine: the ring yields as many values in every lane; only the values
// differ, and the body never stops on them.
func rotatedRing(l spmd.Lane, xs, out []int) { // want rotatedRing:`spmd\(convergent requires\(1\) own`
	r := ring{buf: xs, start: l.Index() % len(xs)}
	acc := 0
	for v := range r.values() {
		acc += spmd.ReduceAdd(l, v)
	}
	out[l.Index()] = acc
}

// Bug: the body stops at a value, which each lane meets at another step.
func rotatedRingBreak(l spmd.Lane, xs, out []int) { // want rotatedRingBreak:`spmd\(barrier own`
	r := ring{buf: xs, start: l.Index() % len(xs)}
	k := 0
	for v := range r.values() {
		if v == 0 {
			break
		}
		l.Barrier() // want `barrier l.Barrier under divergent control`
		k++
	}
	out[l.Index()] = k
}

// Fine: a callback that never stops on its argument is called once per
// element in every lane.
func rotatedEach(l spmd.Lane, xs, out []int) { // want rotatedEach:`spmd\(convergent requires\(0\) requires\(1\) own`
	acc := 0
	rotated(xs, l.Index(), func(v int) bool {
		acc += spmd.ReduceAdd(l, v)
		return true
	})
	out[l.Index()] = acc
}

// Bug: this callback stops on its argument, which depends on start.
func rotatedEachStop(l spmd.Lane, xs, out []int) { // want rotatedEachStop:`spmd\(barrier requires\(0\) requires\(1\) own`
	rotated(xs, l.Index(), func(v int) bool { // want `parameter start of rotated must be uniform`
		l.Barrier()
		return v != 0
	})
}

// set is made by a constructor: its map is memory the constructor
// allocated, the calling lane's own like the set itself.
type set struct{ m map[int]struct{} }

func newSet() *set { return &set{m: make(map[int]struct{})} } // want newSet:`^spmd\(result0=never\)$`

func (s *set) add(v int) { s.m[v] = struct{}{} } // want add:`^spmd\(own\[0 0\]=spmd\(effect\(\*\*0\)=on\(0,\*0\.0,1\)\)\)$`

// size reads what the map holds: how many keys it has.
func (s *set) size() int { return len(s.m) } // want size:`^spmd\(result0=on\(0\) own\[0 0\]=spmd\(result0=on\(0,\*0\.0,\*\*0\)\)\)$`

func laneSet(l spmd.Lane, data []int) { // want laneSet:`^spmd\(barrier\)$`
	s := newSet()
	for _, d := range data {
		s.add(d % (l.Index() + 1))
	}
	for k := 0; k < s.size(); k++ {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: the same keys in every lane.
func sharedSet(l spmd.Lane, data []int) { // want sharedSet:`^spmd\(barrier requires\(1\) own\[1\]=spmd\(barrier requires\(1\) requires\(\*1\)\)\)$`
	s := newSet()
	for _, d := range data {
		s.add(d)
	}
	for k := 0; k < s.size(); k++ {
		l.Barrier()
	}
}
