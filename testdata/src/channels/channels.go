// Package channels pins channel operations: each lane receives its own
// element, and a select with several cases (or a default) may go a
// different way in each lane, so both are divergent even on a channel that
// all lanes share.
package channels

import "github.com/spmdvet/spmdvet/spmd"

func receive(l spmd.Lane, work chan int) {
	v := <-work
	if v > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func receiveOK(l spmd.Lane, work chan int) {
	if _, ok := <-work; ok {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func rangeChannel(l spmd.Lane, work chan int) {
	for v := range work {
		_ = v
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func selectCases(l spmd.Lane, a, b chan int) {
	select {
	case <-a:
	case <-b:
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

func selectDefault(l spmd.Lane, a chan int) {
	select {
	case <-a:
		l.Barrier() // want `barrier l.Barrier under divergent control`
	default:
	}
}

// Fine: sending is not a source of divergence, and a barrier after the
// channel operations is reached by every lane.
func send(l spmd.Lane, out chan int) {
	out <- l.Index()
	<-out
	l.Barrier()
}

// Fine: a value received and then reduced is uniform.
func receiveReduced(l spmd.Lane, work chan int) {
	if spmd.ReduceMax(l, <-work) > 0 {
		l.Barrier()
	}
}
