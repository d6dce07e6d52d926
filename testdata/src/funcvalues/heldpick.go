package funcvalues

import "github.com/spmdvet/spmdvet/spmd"

// Functions picked from holders: through pointers that closures captured,
// and by lane-dependent indices, with what the functions write.

type pair struct{ f, g func(int) }

// A field replaced through a pointer that a closure captured: h.f is
// whichever function the closure left there, which differs between lanes.
func fieldSetThroughPointer(l spmd.Lane, out []int) {
	var h pair
	h.f = func(int) {}
	h.g = func(x int) { out[0] = spmd.ReduceAdd(l, x) }
	p := &h
	func() {
		if l.Index()%2 == 0 {
			p.f = p.g
		}
	}()
	h.f(1) // want `collective h.f called through a lane-dependent function value`
}

// Lanes that call another function do not write what this one writes:
// v differs between lanes after the call.
func chosenFunctionWrites(l spmd.Lane) {
	v := 0
	fs := []func(){func() { v = 1 }, func() {}}
	fs[l.Index()%2]()
	if v == 1 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: every lane calls the same function, which writes v.
func sameFunctionWrites(l spmd.Lane, k int) {
	v := 0
	fs := []func(){func() { v = 1 }, func() {}}
	fs[k%2]()
	if v == 1 {
		l.Barrier()
	}
}
