package ambig

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// CapturedLane builds closures (one per-iteration i each, Go 1.22) that
// compare i with the lane index, then syncs on what one of them says. The
// closures are called through a slice element, a function value the checker
// cannot resolve, with no arguments. The spmd doc says such a call "is taken
// to have divergent results exactly when some argument is divergent", which
// reads as uniform here; but the closure value itself is divergent (its free
// variable id is). Question: does a divergent callee value make the result
// divergent? Runtime: diverges. Guess: finding.
//
//spmd:kernel
func CapturedLane(l spmd.Lane, out []bool) {
	id := l.Index()
	var mine []func() bool
	for i := range 4 {
		mine = append(mine, func() bool { return i == id%4 })
	}
	hit := mine[1]()
	if hit {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = hit
}

// PullLaneLength pulls from an iterator whose length is the lane index. next
// is a function value returned by iter.Pull with a divergent argument, and is
// called with no arguments. Question: as for CapturedLane, is the result of
// calling a divergent function value divergent? Runtime: diverges.
// Guess: finding.
//
//spmd:kernel
func PullLaneLength(l spmd.Lane, out []int) {
	next, stop := iter.Pull(upto(l.Index()))
	defer stop()
	k := 0
	for {
		_, ok := next()
		if !ok {
			break
		}
		l.Barrier() // EXPECT
		k++
	}
	out[l.Index()] = k
}
