package lib

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Worker is a user-declared lane handle.
//
//spmd:lane
type Worker struct {
	l spmd.Lane
}

// ID is the worker's lane index, by its directive only.
//
//spmd:laneid
func (w Worker) ID() int {
	return idImpl(w.l)
}

// Sync is a barrier, by its directive only.
//
//spmd:convergent barrier
func (w Worker) Sync() {
	barrierImpl(w.l)
}

// Vote reports whether p holds in some worker.
//
//spmd:convergent
//spmd:uniform
func (w Worker) Vote(p bool) bool {
	return voteImpl(w.l, p)
}

// RunWorkers runs body in n workers.
//
//spmd:kernel body
func RunWorkers(n int, body func(Worker)) error {
	return spmd.Run(n, func(l spmd.Lane) {
		body(Worker{l})
	})
}
