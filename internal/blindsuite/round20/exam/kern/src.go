package kern

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round20/exam/helpers"
	"github.com/spmdvet/spmdvet/spmd"
)

// ---- Sources and uniform inputs ----

// PosLaneIndex: l.Index() is the source of divergence.
func PosLaneIndex(l spmd.Lane) {
	if l.Index() < 2 {
		l.Barrier() // EXPECT
	}
}

// NegLaneCount: l.Count() is uniform.
func NegLaneCount(l spmd.Lane) {
	if l.Count() > 2 {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// NegConstant: constants are uniform.
func NegConstant(l spmd.Lane) {
	const k = 3
	x := k * 2
	if x > 5 {
		l.Barrier()
	}
	Out[l.Index()] = x
}

// PosGlobalVsIndex: a global compared with the lane index.
func PosGlobalVsIndex(l spmd.Lane) {
	if Limit > l.Index() {
		l.Barrier() // EXPECT
	}
}

// NegGlobal: globals are uniform inputs.
func NegGlobal(l spmd.Lane) {
	if Limit > 1 {
		l.Barrier()
	}
	Out[l.Index()] = Limit
}

// PosKernelParam: a kernel parameter compared with the lane index.
//
//spmd:kernel
func PosKernelParam(l spmd.Lane, n int) {
	if n > l.Index() {
		l.Barrier() // EXPECT
	}
}

// NegKernelParam: the parameters of a kernel entry are uniform.
//
//spmd:kernel
func NegKernelParam(l spmd.Lane, n int) {
	if n > 2 {
		l.Barrier()
	}
	Out[l.Index()] = n
}

// PosRunClosure: a function literal given to spmd.Run is a kernel.
func PosRunClosure(n int) error {
	return spmd.Run(4, func(l spmd.Lane) {
		if l.Index() < n {
			l.Barrier() // EXPECT
		}
	})
}

// NegRunClosure: values captured by the kernel literal are uniform.
func NegRunClosure(n int) error {
	return spmd.Run(4, func(l spmd.Lane) {
		if n > 2 {
			l.Barrier()
		}
		Out[l.Index()] = n
	})
}

// NegRunClosureCapturedVar: a captured variable (a heap cell of the enclosing,
// non-SPMD function) is shared memory read at a uniform address.
func NegRunClosureCapturedVar(n int) error {
	m := 0
	for i := 0; i < n; i++ {
		m += i
	}
	return spmd.Run(4, func(l spmd.Lane) {
		if m > 2 {
			l.Barrier()
		}
		Out[l.Index()] = m
	})
}

// PosLaunchParam: a literal passed to a parameter marked //spmd:kernel k.
func PosLaunchParam() error {
	return helpers.LaunchWith(4, 2, func(l spmd.Lane, x int) {
		if x > l.Index() {
			l.Barrier() // EXPECT
		}
	})
}

// NegLaunchParam: that literal is a kernel entry, so its parameter x is uniform.
func NegLaunchParam() error {
	return helpers.LaunchWith(4, 2, func(l spmd.Lane, x int) {
		if x > 1 {
			l.Barrier()
		}
		Out[l.Index()] = x
	})
}

// PosOwnLaneID: a function of another package declared //spmd:laneid.
func PosOwnLaneID(l spmd.Lane) {
	if helpers.OpaqueID(l) < 2 {
		l.Barrier() // EXPECT
	}
}

// NegOwnUniform: a function declared //spmd:uniform.
func NegOwnUniform(l spmd.Lane) {
	if helpers.OpaqueCount(l) > 2 {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// PosOwnDivergent: a function declared //spmd:divergent.
func PosOwnDivergent(l spmd.Lane) {
	if helpers.Who(l) < 2 {
		l.Barrier() // EXPECT
	}
}

// NegOwnUniformZero: //spmd:uniform overrides a body that looks divergent.
func NegOwnUniformZero(l spmd.Lane) {
	if helpers.Zero(l.Index()) == 0 {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// PosOwnUniformParam: //spmd:uniform a, with a divergent a.
func PosOwnUniformParam(l spmd.Lane) {
	if helpers.Mix(l.Index(), 0) < 2 {
		l.Barrier() // EXPECT
	}
}

// NegOwnUniformParam: //spmd:uniform a, with a uniform a and a divergent b.
func NegOwnUniformParam(l spmd.Lane) {
	if helpers.Mix(l.Count(), l.Index()) > 2 {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// laneOf is a same-package helper whose result is divergent by its body.
func laneOf(l spmd.Lane) int { return l.Index() }

// PosHelperLaneID: the result of a helper that returns the lane index.
func PosHelperLaneID(l spmd.Lane) {
	if laneOf(l) < 2 {
		l.Barrier() // EXPECT
	}
}

// PosHelperLaneIDOtherPkg: same, with the helper in another package.
func PosHelperLaneIDOtherPkg(l spmd.Lane) {
	if helpers.LaneOf(l) < 2 {
		l.Barrier() // EXPECT
	}
}

// PosCallsLaneIDNoLane has no Lane parameter: it is SPMD because it calls a
// lane-ID function.
func PosCallsLaneIDNoLane() {
	if helpers.GID() < 2 {
		helpers.GSync() // EXPECT
	}
}

// NegCallsLaneIDNoLane: the convergent call is not under the lane-ID branch.
func NegCallsLaneIDNoLane() {
	id := helpers.GID()
	helpers.GSync()
	Out[id] = 1
}
