// want package:"spmd"

// Package sumshared pins what a helper does to memory it is given, which
// depends on whose memory it is. Memory all lanes share (a kernel's
// captured slices, a global) is treated as in a kernel: a load from it is
// as uniform as its address. Memory of the calling lane alone (a local
// variable of the kernel) becomes lane-dependent when the helper writes
// lane-dependent values there. So a helper's summary has two parts: for
// shared memory, and, after own[...], for a call that passes the lane's
// own memory for those inputs.
package sumshared

import "github.com/spmdvet/spmdvet/spmd"

// blockSum is the classic shared-memory tree reduction. With shared sh,
// every lane reads sh[0] after the last barrier: the result is uniform.
// With sh private to each lane, sh[0] is the lane's own, so it differs.
// Either way lanes that pass different slices get different results.
func blockSum(l spmd.Lane, sh []int, v int) int { // want blockSum:`^spmd\(barrier result0=on\(1\) own\[1\]=spmd\(barrier result0=always effect\(\*1\)=always\)\)$`
	tid := l.Index()
	sh[tid] = v
	l.Barrier()
	for s := l.Count() / 2; s > 0; s >>= 1 {
		if tid < s {
			sh[tid] += sh[tid+s]
		}
		l.Barrier()
	}
	r := sh[0]
	l.Barrier()
	return r
}

func sharedScratch(data []int) { // want sharedScratch:`^spmd\(\)$`
	sh := make([]int, len(data))
	_ = spmd.Run(len(data), func(l spmd.Lane) {
		total := blockSum(l, sh, data[l.Index()])
		for i := 0; i < total%4; i++ {
			l.Barrier() // fine: total is the same in every lane
		}
	})
}

func privateScratch(data []int) { // want privateScratch:`^spmd\(\)$`
	_ = spmd.Run(len(data), func(l spmd.Lane) {
		var sh [64]int
		total := blockSum(l, sh[:], data[l.Index()])
		for i := 0; i < total%4; i++ {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	})
}

// state is published by lane 0 and read by all lanes after a barrier.
type state struct {
	pivot int
	done  bool
}

// publish needs st to be shared: lane 0 alone writes it, and every lane
// then decides on st.done whether to run a barrier.
func publish(l spmd.Lane, st *state, round int) { // want publish:`^spmd\(barrier requires\(1\) own\[1\]=spmd\(barrier requires-shared\(1\) effect\(\*1\.0\)=always effect\(\*1\.1\)=always\)\)$`
	l.Barrier()
	if l.Index() == 0 {
		st.pivot = round
		st.done = round >= 3
	}
	l.Barrier()
	if !st.done {
		l.Barrier()
	}
}

var global state

func publishShared(n int) { // want publishShared:`^spmd\(\)$`
	st := &state{}
	_ = spmd.Run(n, func(l spmd.Lane) {
		for round := range 5 {
			publish(l, st, round) // fine: st is shared
			publish(l, &global, round)
		}
	})
}

func publishPrivate(n int) { // want publishPrivate:`^spmd\(\)$`
	_ = spmd.Run(n, func(l spmd.Lane) {
		var st state
		publish(l, &st, 1) // want `parameter st of publish must point to memory all lanes share, but memory of this lane alone is passed: what publish writes there decides whether a barrier runs`
	})
}

// A closure inside a kernel that captures the kernel's shared slice sees
// shared memory too; one that captures a local of the kernel sees the
// lane's own.
func nestedClosures(data []int) { // want nestedClosures:`^spmd\(\)$`
	sh := make([]int, len(data))
	_ = spmd.Run(len(data), func(l spmd.Lane) {
		tid := l.Index()
		reduce := func() int {
			sh[tid] = data[tid]
			l.Barrier()
			return sh[0]
		}
		if reduce() > 0 {
			l.Barrier() // fine
		}
		var mine [64]int
		reduceMine := func() int {
			mine[tid] = data[tid]
			l.Barrier()
			return mine[0]
		}
		if reduceMine() > 0 {
			l.Barrier() // want `barrier l.Barrier under divergent control`
		}
	})
}
