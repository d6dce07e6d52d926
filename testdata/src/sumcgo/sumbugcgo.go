// Package sumcgo pins a call into C: its result depends on its
// arguments like that of any function whose body is not known. Only
// passes/convergent runs it: facts about the functions in cgo's generated
// files cannot be asserted.
//
// Fixed, was BUG(report): the result of C.twice(x) is uniform even when x is
// divergent. The summary is inferred from cgo's generated Go wrapper
// (_Cfunc_twice), whose named result is written by C through the argument
// frame, which the wrapper passes to the runtime as a uintptr: the
// analysis never sees the result written, so it takes it for its zero
// value. (This is what makes cmd/spmdvet's TestBadInput/cgo fail.)
package sumcgo

// static int twice(int x) { return 2 * x; }
import "C"

import "github.com/spmdvet/spmdvet/spmd"

func kernel(l spmd.Lane) {
	if int(C.twice(C.int(l.Index()))) < 4 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}
