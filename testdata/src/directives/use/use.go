// Package use uses the vocabulary that package directives declares: the
// meaning of directives travels between packages as facts.
package use

import "spmdvet.test/directives"

func kernel(w directives.Warp, d directives.Dim) {
	if w.ID() < d.X {
		w.Sync() // want `barrier w.Sync under divergent control`
	}
	if w.Vote(w.ID() < d.X) {
		w.Sync() // fine: Vote is uniform
	}
	if w.Read(1, w.ID()) > 0 {
		_ = w.Vote(true) // want `collective w.Vote under divergent control: its result depends on which lanes happen to reach it`
		w.Fence()        // want `collective w.Fence under divergent control: what it does depends on which lanes happen to reach it`
	}
	if w.Read(1, 0) > 0 {
		w.Sync() // fine: read from a uniform lane
	}
	if directives.Rand(d.Y) == 0 {
		w.Sync() // want `barrier w.Sync under divergent control`
	}
	id := w.ID()
	if directives.Pick(d.X, d.Y, id) > 2 {
		w.Sync() // fine: the third parameter does not count
	}
	if w.Size() > d.X {
		w.Sync() // fine: Size is uniform
	}
}

// A literal given to Launch is a kernel: d is uniform.
func host() {
	directives.Launch(64, func(w directives.Warp, d directives.Dim) {
		for i := 0; i < w.ID(); i++ {
			_ = w.Vote(true) // want `collective w.Vote under divergent control`
		}
		if d.X > 0 {
			w.Sync() // fine
		}
	})
}

// A function with a Block parameter is SPMD code: Block's lane directive
// came as a fact.
func blockKernel(b directives.Block, w directives.Warp) {
	if b.Thread()%2 == 0 {
		w.Sync() // want `barrier w.Sync under divergent control`
	}
}

// Wrap declares a wrapper around the imported barrier: with the directive,
// callers see a barrier whatever the body.
//
//spmd:convergent barrier
func Wrap(w directives.Warp) { w.Sync() }

func useWrap(w directives.Warp) {
	if w.ID() == 0 {
		Wrap(w) // want `barrier Wrap under divergent control`
	}
}
