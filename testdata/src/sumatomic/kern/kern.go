// want package:"spmd"

// Package kern takes tickets through a helper package that does not know
// about lanes.
package kern

import (
	"github.com/spmdvet/spmdvet/spmd"

	"spmdvet.test/sumatomic/ticket"
)

func viaPointer(l spmd.Lane, ctr *int64) { // want viaPointer:`^spmd\(barrier `
	var t int64
	ticket.Take(ctr, &t)
	if t == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func viaResult(l spmd.Lane, ctr *int64) { // want viaResult:`^spmd\(barrier `
	if ticket.Next(ctr) == 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func peek(l spmd.Lane, ctr *int64) { // want peek:`^spmd\(barrier requires\(1\) `
	if ticket.Peek(ctr) == 0 {
		l.Barrier()
	}
}
