// Package basic holds the first examples of what convergent reports.
package basic

import "github.com/spmdvet/spmdvet/spmd"

func earlyReturn(l spmd.Lane, n int) {
	if l.Index() >= n {
		return
	}
	l.Barrier() // want `barrier l.Barrier under divergent control`
}

func uniformBranch(l spmd.Lane, n int) {
	if l.Count() > n {
		return
	}
	l.Barrier()
}
