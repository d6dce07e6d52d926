// Package lib holds helpers shared by the kernels of the suite: wrappers
// declared with //spmd: directives (whose bodies hide what they do, so only
// the directive tells), helpers whose effect must be inferred from their
// bodies, and generic helpers.
package lib

import (
	"iter"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// Opaque implementations: calls through these variables have unknown
// callees, so a checker learns what the wrappers do from their directives.
var (
	barrierImpl = spmd.Lane.Barrier
	idImpl      = spmd.Lane.Index
	voteImpl    = spmd.Any
	pickImpl    = spmd.Broadcast[int]
	ticketImpl  = func() int64 { return tickets.Add(1) }
	tickets     atomic.Int64
)

// Sync is a barrier.
//
//spmd:convergent barrier
func Sync(l spmd.Lane) {
	barrierImpl(l)
}

// Vote reports whether p holds in some lane.
//
//spmd:convergent
//spmd:uniform
func Vote(l spmd.Lane, p bool) bool {
	return voteImpl(l, p)
}

// Pick returns v of lane src: uniform when src is.
//
//spmd:convergent
//spmd:uniform src
func Pick(l spmd.Lane, v int, src int) int {
	return pickImpl(l, v, src)
}

// Ticket hands out a fresh number to every caller.
//
//spmd:divergent
func Ticket() int {
	return int(ticketImpl())
}

// Bucket is declared uniform: for lane-sized inputs it is always 0.
//
//spmd:uniform
func Bucket(x int) int {
	return x / 1024
}

// Half has no directive: its result depends on x.
func Half(x int) int {
	return x / 2
}

// MyID is a user-declared lane-ID function.
//
//spmd:laneid
func MyID(l spmd.Lane) int {
	return idImpl(l)
}

// DeepSync reaches a barrier through two more calls; nothing declares it.
func DeepSync(l spmd.Lane) {
	deep1(l)
}

func deep1(l spmd.Lane) {
	deep2(l, 3)
}

func deep2(l spmd.Lane, k int) {
	_ = k
	l.Barrier()
}

// SyncIf runs a barrier when do is true: do must be uniform.
func SyncIf(l spmd.Lane, do bool) {
	if do {
		l.Barrier()
	}
}

// SyncIfPos passes its decision on to SyncIf.
func SyncIfPos(l spmd.Lane, x int) {
	SyncIf(l, x > 0)
}

// SyncN runs k barriers: k must be uniform.
func SyncN(l spmd.Lane, k int) {
	for j := 0; j < k; j++ {
		l.Barrier()
	}
}

// SyncThen always runs one barrier; x only feeds the result.
func SyncThen(l spmd.Lane, x int) int {
	l.Barrier()
	return x * 2
}

// Store writes v through p.
func Store(p *int, v int) {
	*p = v
}

// Upto yields 0 to n-1.
func Upto(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// Launch runs body in n lanes, giving every lane the same base.
//
//spmd:kernel body
func Launch(n int, body func(l spmd.Lane, base int)) error {
	return spmd.Run(n, func(l spmd.Lane) {
		body(l, 10*n)
	})
}
