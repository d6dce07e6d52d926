// Package channels pins channel operations: each lane receives its own
// element, and a select with several cases (or a default) may go a
// different way in each lane, so both are divergent even on a channel that
// all lanes share.
//
// A channel that each lane makes for itself and hands to no other code is
// the lane's own memory: a receive yields what the lane sent, in order, so
// it is divergent only when a send (or close) stores a divergent value or
// runs under divergent control. A select with one case on such a channel
// (and a default) is decided by what the lane sent; with two ready cases,
// Go picks one at random in each lane.
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

// Fine: each lane sends itself the same values.
func ownChannel(l spmd.Lane) {
	ch := make(chan int, 4)
	for i := range 4 {
		ch <- i
	}
	close(ch)
	for v := range ch {
		_ = spmd.ReduceAdd(l, v)
	}
}

// A send under divergent control: lanes hold different numbers of values.
func ownChannelDivergentSend(l spmd.Lane) {
	ch := make(chan int, 4)
	if l.Index() > 1 {
		ch <- 1
	}
	close(ch)
	for v := range ch {
		_ = spmd.ReduceAdd(l, v) // want `collective spmd.ReduceAdd under divergent control`
	}
}

// A lane-dependent value sent.
func ownChannelDivergentValue(l spmd.Lane) {
	ch := make(chan int, 1)
	ch <- l.Index()
	if <-ch > 2 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Handed to a goroutine, which may send at any time.
func ownChannelGoroutine(l spmd.Lane) {
	ch := make(chan int, 1)
	go func(c chan int) { c <- 1 }(ch)
	if <-ch > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Fine: one case and a default on the lane's own channel.
func ownChannelPoll(l spmd.Lane) {
	ch := make(chan int, 1)
	ch <- 1
	got := false
	select {
	case <-ch:
		got = true
	default:
	}
	if got {
		l.Barrier()
	}
}

// Two ready cases: Go picks one at random in each lane.
func ownChannelsRandomCase(l spmd.Lane) {
	a, b := make(chan int, 1), make(chan int, 1)
	a <- 1
	b <- 2
	select {
	case <-a:
		l.Barrier() // want `barrier l.Barrier under divergent control`
	case <-b:
	}
}
