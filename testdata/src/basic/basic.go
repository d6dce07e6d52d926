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

// A long condition: the explanation quotes it cut short.
func longCondition(l spmd.Lane, alpha, beta, gamma int) {
	if l.Index()*alpha+l.Index()*beta+l.Index()*gamma+alpha*beta*gamma+alpha+beta+gamma+alpha*alpha > 3 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}
