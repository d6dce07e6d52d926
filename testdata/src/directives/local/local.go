// Package local declares SPMD vocabulary and uses it in the same package:
// directives apply to calls in the package that declares them, before any
// fact is exported.
package local

// A Thread is a lane handle of this package's own.
//
//spmd:lane
type Thread struct{ id int }

// ID is the source of divergence.
//
//spmd:laneid
func (t Thread) ID() int { return t.id }

// Sync is a barrier, declared: its empty body is not looked at.
//
//spmd:convergent barrier
func (t Thread) Sync() {}

// SyncAll is a barrier wrapper with no lane parameter at all: only the
// directive makes it convergent.
//
//spmd:convergent barrier
func SyncAll() {}

// Vote is a collective with a uniform result.
//
//spmd:convergent
//spmd:uniform
func (t Thread) Vote(p bool) bool { return p }

// Pick is uniform when a and b are.
//
//spmd:uniform a b
func Pick(a, b, c int) int { return a + b + c }

// Rand differs between lanes.
//
//spmd:divergent
func Rand(seed int) int { return seed }

// Dispatch runs a kernel; k is where kernels go.
//
//spmd:kernel k
func Dispatch(n int, k func(t Thread, n int)) {}

func kernel(t Thread, n, m int) {
	if t.ID() < n {
		t.Sync()  // want `barrier t.Sync under divergent control`
		SyncAll() // want `barrier SyncAll under divergent control`
	}
	if t.Vote(t.ID() == 0) {
		t.Sync() // fine: Vote is uniform
	}
	if Rand(n) == 0 {
		t.Sync() // want `barrier t.Sync under divergent control`
	}
	if Pick(n, m, t.ID()) > 0 {
		t.Sync() // fine: the third parameter does not count
	}
	if Pick(t.ID(), n, 0) > 0 {
		_ = t.Vote(true) // want `collective t.Vote under divergent control`
	}
}

// A function literal given to Dispatch is a kernel.
func host() {
	Dispatch(32, func(t Thread, n int) {
		for i := 0; i < t.ID(); i++ {
			t.Sync() // want `barrier t.Sync under divergent control`
		}
		SyncAll() // fine: after the loop
	})
}

// An entry declared with //spmd:kernel, without a lane parameter: its
// parameters are uniform, and it finds its lane elsewhere.
//
//spmd:kernel
func entry(n int, threads []Thread) {
	t := threads[n]
	if n > 2 {
		t.Sync() // fine: n is a kernel parameter
	}
	if t.ID() > 2 {
		t.Sync() // want `barrier t.Sync under divergent control`
	}
}

// idHook stands for a binding the analysis cannot see through.
var idHook = func(t Thread) int { return t.id }

// HookID is a lane ID behind a function value. The directive says what it
// is; calling a function that cannot be known does not make it convergent.
//
//spmd:laneid
func HookID(t Thread) int { return idHook(t) }

func breakOnHookID(t Thread) {
	for k := 0; k < 4; k++ {
		if HookID(t) == k { // fine: HookID is not convergent
			break
		}
		t.Sync() // want `barrier t.Sync under divergent control`
	}
}
