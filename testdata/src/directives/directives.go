// want package:`^\{package .* spmd\}$`

// Package directives is a user package that declares its own SPMD
// vocabulary with //spmd: directives, without importing package spmd: a
// binding to a GPU API whose lane handle is a Warp. The checkers treat these
// declarations like spmd's own, here and in packages that import this one
// (see directives/use and directives/local).
//
// The package holds only declarations, each with its directives, so that the
// divergence analyzer's facts on them can be asserted exactly.
package directives

// A Warp is the handle of one lane of a hardware warp.
//
//spmd:lane
type Warp struct { // want Warp:`^spmd\(lane\)$`
	id, size int
}

// A grouped declaration may carry the directive on the spec.
type (
	// Block is the handle of one thread of a thread block.
	//
	//spmd:lane
	Block struct{ w Warp } // want Block:`^spmd\(lane\)$`

	// Dim is not a lane handle.
	Dim struct{ X, Y int }
)

// ID is the lane's index in the warp: the source of divergence.
//
//spmd:laneid
func (w Warp) ID() int { return w.id } // want ID:`^spmd\(laneid\)$`

// Size is the warp size, the same in every lane.
//
//spmd:uniform
func (w Warp) Size() int { return w.size } // want Size:`^spmd\(uniform\)$`

// Sync is a barrier. Its body is a stand-in: what it means is declared, not
// inferred.
//
//spmd:convergent barrier
func (w Warp) Sync() {} // want Sync:`^spmd\(barrier\)$`

// Fence is a collective without a result: it orders the lanes' memory
// operations.
//
//spmd:convergent
func (w Warp) Fence() {} // want Fence:`^spmd\(convergent\)$`

// Vote is a collective with a uniform result.
//
//spmd:convergent
//spmd:uniform
func (w Warp) Vote(p bool) bool { return p } // want Vote:`^spmd\(uniform convergent\)$`

// Read is a collective whose result is uniform when the lane it reads from
// is.
//
//spmd:convergent
//spmd:uniform from
func (w Warp) Read(v float32, from int) float32 { return v } // want Read:`^spmd\(uniform-if\[2\] convergent\)$`

// Rand differs between lanes whatever its arguments.
//
//spmd:divergent
func Rand(seed int) int { return seed } // want Rand:`^spmd\(divergent\)$`

// Pick is uniform when both of its named parameters are, receiver-less.
//
//spmd:uniform a b
func Pick(a, b, c int) int { return a + b + c } // want Pick:`^spmd\(uniform-if\[0 1\]\)$`

// Launch runs a kernel on the device.
//
//spmd:kernel k
func Launch(n int, k func(Warp, Dim)) {} // want Launch:`^spmd\(kernel-params\[1\]\)$`

// Thread returns the block thread's warp lane.
//
//spmd:laneid
func (b Block) Thread() int { return b.w.id } // want Thread:`^spmd\(laneid\)$`
