// Package notspmd has nothing to do with SPMD code: no //spmd: directives
// and no import of a package that has some. The divergence analyzer skips
// it: no facts, no diagnostics, even for functions that look like kernels.
package notspmd

type Lane struct{ i int }

func (l Lane) Index() int { return l.i }

func (l Lane) Barrier() {}

func kernel(l Lane) {
	if l.Index() < 4 {
		l.Barrier()
	}
}
