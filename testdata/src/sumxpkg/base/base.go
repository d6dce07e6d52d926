// want package:"spmd"

// Package base is the bottom of a chain of packages: helpers that reach
// the barrier, without any //spmd: directive; their summaries are
// inferred and travel to importers as facts.
package base

import "github.com/spmdvet/spmdvet/spmd"

func Wait(l spmd.Lane) { // want Wait:`spmd\(barrier\)`
	l.Barrier()
}

func WaitIf(l spmd.Lane, n int) { // want WaitIf:`spmd\(barrier requires\(1\)\)`
	if n > 0 {
		l.Barrier()
	}
}
