// Package branches holds kernels whose lanes split on lane-dependent
// conditions and then rejoin (or fail to rejoin) before a convergent operation.
// Most kernels are correct: the divergent region closes before the collective.
// Each correct kernel has a buggy twin that differs minimally.
package branches

import "github.com/spmdvet/spmdvet/spmd"

// IfElseJoin (correct): lanes split on the parity of l.Index(), but both arms
// only compute a per-lane value and fall through to the join. The ReduceAdd
// after the if/else post-dominates the divergent branch, so every lane reaches
// it together.
//
//spmd:kernel
func IfElseJoin(l spmd.Lane, out []int) {
	i := l.Index()
	v := 0
	if i%2 == 0 {
		v = i * 10
	} else {
		v = -i
	}
	out[i] = spmd.ReduceAdd(l, v)
}

// BothArmsCollective (bug): twin of IfElseJoin. Each arm calls ReduceAdd, so
// the even and the odd lanes wait at two different call sites; both calls sit
// under the divergent parity branch.
//
//spmd:kernel
func BothArmsCollective(l spmd.Lane, out []int) {
	i := l.Index()
	if i%2 == 0 {
		out[i] = spmd.ReduceAdd(l, i*10) // EXPECT
	} else {
		out[i] = spmd.ReduceAdd(l, -i) // EXPECT
	}
}

// SwitchJoin (correct): a switch on l.Index()%3 with a fallthrough and a
// default; every case ends at the switch's join, and the Barrier and ReduceAdd
// come after it.
//
//spmd:kernel
func SwitchJoin(l spmd.Lane, out []int) {
	i := l.Index()
	w := 0
	switch i % 3 {
	case 0:
		w = 1
		fallthrough
	case 1:
		w += 10
	default:
		w = 100
	}
	l.Barrier()
	out[i] = spmd.ReduceAdd(l, w)
}

// NestedIfJoin (correct): two levels of divergent ifs (and an else-if chain)
// all close before the Barrier, which post-dominates the outermost divergent
// branch.
//
//spmd:kernel
func NestedIfJoin(l spmd.Lane, out []int) {
	i := l.Index()
	v := i
	if i < 2 {
		if i == 0 {
			v += 100
		} else {
			v += 10
		}
		v *= 2
	} else if i == 3 {
		v = -v
	}
	l.Barrier()
	out[i] = spmd.ReduceAdd(l, v)
}

// NestedIfPartialJoin (bug): twin of NestedIfJoin. The Barrier sits at the join
// of the inner divergent if, but still inside the outer divergent if: lanes 2
// and up never reach it.
//
//spmd:kernel
func NestedIfPartialJoin(l spmd.Lane, out []int) {
	i := l.Index()
	v := i
	if i < 2 {
		if i == 0 {
			v += 100
		} else {
			v += 10
		}
		l.Barrier() // EXPECT
		v *= 2
	} else if i == 3 {
		v = -v
	}
	out[i] = v
}

// GotoForwardJoin (correct): odd lanes jump forward over an assignment to the
// label join; the label is reached by every lane, and the ReduceAdd is there.
//
//spmd:kernel
func GotoForwardJoin(l spmd.Lane, out []int) {
	i := l.Index()
	v := 1
	if i%2 == 1 {
		goto join
	}
	v = i + 2
join:
	out[i] = spmd.ReduceAdd(l, v)
}

// GotoSkipsBarrier (bug): twin of GotoForwardJoin. The forward goto now jumps
// over a Barrier, which only the even lanes execute.
//
//spmd:kernel
func GotoSkipsBarrier(l spmd.Lane, out []int) {
	i := l.Index()
	v := 1
	if i%2 == 1 {
		goto join
	}
	v = i + 2
	l.Barrier() // EXPECT
join:
	out[i] = v
}

// ShortCircuitUniform (correct): the first if has a lane-dependent && / ||
// condition but its body is a plain assignment. The second and third ifs have
// conditions whose every operand is uniform (the result of All, the parameter
// n, l.Count()), so the convergent calls under them are reached by all lanes
// or by none.
//
//spmd:kernel
func ShortCircuitUniform(l spmd.Lane, n int, out []int) {
	i := l.Index()
	hit := 0
	if i > 0 && n > 0 || i == 0 {
		hit = 1
	}
	if spmd.All(l, i >= 0) && n > 0 {
		l.Barrier()
	}
	if n > 1 || l.Count() > 64 {
		hit += spmd.ReduceAdd(l, 1)
	}
	out[i] = hit
}

// ShortCircuitDivergentRight (bug): twin of ShortCircuitUniform. The right
// operand of the last || is l.Index()-dependent; when n <= 1 only lane 0
// evaluates it to true and calls ReduceAdd. Short-circuit evaluation is control
// flow, so the ReduceAdd block is under a divergent branch.
//
//spmd:kernel
func ShortCircuitDivergentRight(l spmd.Lane, n int, out []int) {
	i := l.Index()
	hit := 0
	if i > 0 && n > 0 || i == 0 {
		hit = 1
	}
	if spmd.All(l, i >= 0) && n > 0 {
		l.Barrier()
	}
	if n > 1 || i == 0 {
		hit += spmd.ReduceAdd(l, 1) // EXPECT
	}
	out[i] = hit
}

// EarlyReturn (correct): the first return is taken by every lane or none (n is
// a kernel parameter). The second return is lane-dependent, but it comes after
// the last convergent operation, so no lane waits for the ones that left.
//
//spmd:kernel
func EarlyReturn(l spmd.Lane, n int, out, res []int) {
	if n <= 0 {
		return
	}
	i := l.Index()
	out[i] = i * n
	l.Barrier()
	s := out[(i+1)%l.Count()]
	if i >= n {
		return
	}
	res[i] = s
}

// EarlyReturnBeforeBarrier (bug): twin of EarlyReturn. The lane-dependent
// return now comes before the Barrier, so lanes i >= n leave while the others
// wait.
//
//spmd:kernel
func EarlyReturnBeforeBarrier(l spmd.Lane, n int, out, res []int) {
	if n <= 0 {
		return
	}
	i := l.Index()
	out[i] = i * n
	if i >= n {
		return
	}
	l.Barrier() // EXPECT
	s := out[(i+1)%l.Count()]
	res[i] = s
}

// UniformSwitch (correct): the switch tag is the kernel parameter mode, and all
// case values are constants, so every lane picks the same case. The cases
// contain lane-dependent code (a divergent if, a loop with a lane-dependent
// trip count) that closes before each case's convergent call.
//
//spmd:kernel
func UniformSwitch(l spmd.Lane, mode int, out []int) {
	i := l.Index()
	switch mode {
	case 0:
		out[i] = i
		if i%2 == 0 {
			out[i] *= 3
		}
		l.Barrier()
	case 1:
		out[i] = spmd.ReduceAdd(l, i)
	default:
		for k := 0; k < i; k++ {
			out[i] += k
		}
		out[i] = spmd.ReduceMax(l, out[i])
	}
}

// UniformTagDivergentCase (bug): twin of UniformSwitch. The tag is uniform but
// one case value is l.Index(): the comparison mode == i is lane-dependent, so
// the case body (and the ReduceAdd in it) is under divergent control.
//
//spmd:kernel
func UniformTagDivergentCase(l spmd.Lane, mode int, out []int) {
	i := l.Index()
	switch mode {
	case 0:
		out[i] = -1
	case i:
		out[i] = spmd.ReduceAdd(l, i) // EXPECT
	default:
		out[i] = mode
	}
}

// syncSum is a convergent helper: it calls Barrier and ReduceAdd
// unconditionally, so it has no finding of its own, and a call to it is a
// convergent operation.
func syncSum(l spmd.Lane, v int) int {
	l.Barrier()
	return spmd.ReduceAdd(l, v)
}

// HelperCallUniform (correct): the convergent helper syncSum is called under
// uniform conditions only (a kernel parameter, l.Count()).
//
//spmd:kernel
func HelperCallUniform(l spmd.Lane, rounds int, out []int) {
	i := l.Index()
	acc := i
	if rounds > 0 {
		acc = syncSum(l, acc)
	}
	if l.Count() >= 2 {
		acc += syncSum(l, 1)
	}
	out[i] = acc
}

// HelperCallDivergent (bug): twin of HelperCallUniform. The first call of the
// convergent helper is under i < rounds, which is lane-dependent.
//
//spmd:kernel
func HelperCallDivergent(l spmd.Lane, rounds int, out []int) {
	i := l.Index()
	acc := i
	if i < rounds {
		acc = syncSum(l, acc) // EXPECT
	}
	if l.Count() >= 2 {
		acc += syncSum(l, 1)
	}
	out[i] = acc
}
