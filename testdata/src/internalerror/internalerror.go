// Package internalerror is where TestInternalError makes the divergence
// analyzer panic: it reports that on the package clause, as a finding that
// go vet shows every time, and returns an empty result.
package internalerror // want `internal error: crash for the test: package spmdvet.test/internalerror was not checked`

import "github.com/spmdvet/spmdvet/spmd"

func K(l spmd.Lane) {
	if l.Index() > 2 {
		l.Barrier()
	}
}
