// Package interfaces pins lane operations reached through interfaces:
// a Lane stored in an interface value still has Index and Barrier.
//
// A call through an interface method has no static callee, but when the
// interface value may hold a lane, Index through it is the lane index and
// Barrier through it is a barrier. (False negatives, reported as
// BUG(report), fixed in 5daa642.)
package interfaces

import "github.com/spmdvet/spmdvet/spmd"

type indexer interface{ Index() int }

func indexThroughInterface(l spmd.Lane) {
	var ix indexer = l
	if ix.Index() == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

type barrierer interface{ Barrier() }

func barrierThroughInterface(l spmd.Lane) {
	var b barrierer = l
	if l.Index() == 0 {
		b.Barrier() // want `barrier b.Barrier under divergent control`
	}
}

// The same through a type parameter instantiated with Lane.
func generic[L indexer](l L, lane spmd.Lane) {
	if l.Index() == 0 {
		lane.Barrier() // want `barrier lane.Barrier under divergent control`
	}
}

func instantiate(l spmd.Lane) { generic(l, l) }
