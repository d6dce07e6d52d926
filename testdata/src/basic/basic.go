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

// Fine: the inner if's paths meet at its own end, before the outer if's
// end, where only the uniform branch joins. (go/ssa threads the inner end
// into the outer one; the analysis puts it back.)
func nestedIfEnds(l spmd.Lane, n int, out []int) {
	x := 2
	if n > 0 {
		if l.Index() > 3 {
			out[0] = 1
		}
	} else {
		x = 1
	}
	if x > 1 {
		l.Barrier()
	}
}
