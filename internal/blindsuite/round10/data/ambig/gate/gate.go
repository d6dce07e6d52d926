// Package ambig (directory ambig/gate) holds helpers whose convergence depends
// on a parameter: SyncIf runs its barrier only when sync is true, Rounds runs
// n barriers. They are correct exactly when every lane passes the same
// argument. They live in a package named ambig because the spec does not say
// where such a bug is reported:
//
//   - inside the helper, treating the parameters of a function that is not a
//     kernel entry as divergent ("Uniform inputs: the parameters of a kernel
//     entry", nothing said about other functions), which flags the helper
//     itself whatever its callers pass; or
//   - at the call, in the caller, when the argument is divergent (the spmd doc
//     reads bodies "with the arguments they pass" for results, and the
//     analogous rule for convergence puts the finding at the call).
//
// My annotation follows the second reading: no finding in this file, a
// finding at each call that passes a divergent argument (see ambig.go).
package ambig

import "github.com/spmdvet/spmdvet/spmd"

// SyncIf waits at a barrier when sync is true; sync must be uniform.
func SyncIf(l spmd.Lane, sync bool) {
	if sync {
		l.Barrier()
	}
}

// Rounds waits at n barriers; n must be uniform.
func Rounds(l spmd.Lane, n int) {
	for i := 0; i < n; i++ {
		l.Barrier()
	}
}
