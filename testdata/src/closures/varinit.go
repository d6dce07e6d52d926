package closures

import "github.com/spmdvet/spmdvet/spmd"

// Literals in package-level variable initializers are kernels too: the
// package initializer makes them.

var initErr = spmd.Run(4, func(l spmd.Lane) {
	if l.Index() == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
})

var initStep = func(l spmd.Lane) {
	if l.Index() < 2 {
		spmd.ReduceAdd(l, 1) // want `collective spmd.ReduceAdd under divergent control`
	}
}

var rounds = 3

// Fine: a package variable is the same in every lane.
var initFine = spmd.Run(4, func(l spmd.Lane) {
	if rounds > 2 {
		l.Barrier()
	}
})
