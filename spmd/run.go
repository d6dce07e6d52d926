package spmd

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"sync"
)

// MaxLanes is the largest group Run accepts. Each lane is a goroutine and
// each collective wakes all of them, so much larger groups would only be
// slow; 1024 is also the largest thread block of common GPUs.
const MaxLanes = 1024

// Run runs kernel in a group of lanes, each on its own goroutine, and
// returns once every lane has finished. Lanes run concurrently, as on a GPU:
// lanes that share memory must order their accesses with [Lane.Barrier] or
// exchange data through collectives.
//
// Run returns an error if lanes is not between 1 and [MaxLanes] or kernel is
// nil. Otherwise it returns nil if every lane returned from kernel (a lane
// that calls runtime.Goexit counts as returned), and stops the whole group
// and reports why as soon as one of these happens:
//
//   - lanes fail to reach a collective or barrier together: a
//     [*DivergenceError] naming where each lane was;
//   - a lane panics: a [*PanicError];
//   - a collective is given an argument it cannot honor: a [*UsageError].
//
// Stopped lanes exit at the collective where they wait, or at the next one
// they reach, running their deferred calls; Run waits for them, so no lane
// outlives it. Run cannot see lanes blocked outside package spmd, on a
// channel or mutex for instance: a lane that waits there for another lane
// waiting at a collective hangs the run, just as it would on a GPU.
//
//spmd:kernel kernel
func Run(lanes int, kernel func(Lane)) error {
	if lanes < 1 || lanes > MaxLanes {
		return fmt.Errorf("spmd: cannot run %d lanes; the group size must be between 1 and %d", lanes, MaxLanes)
	}
	if kernel == nil {
		return errors.New("spmd: nil kernel")
	}
	g := newGroup(lanes)
	var wg sync.WaitGroup
	for i := range lanes {
		wg.Go(func() { g.runLane(i, kernel) })
	}
	wg.Wait()

	g.mu.Lock()
	defer g.mu.Unlock()
	g.over = true
	return g.err
}

// A group is the state shared by the lanes of one call of Run.
//
// The lanes meet in rounds. A lane arriving at a collective records its
// arrival and blocks on the current round. The last lane to arrive checks
// that all arrivals are at the same site, computes the results and starts
// the next round. Whenever every lane still running is blocked but they
// cannot all meet, because they wait at different sites or some have
// returned, no lane can make progress any more: that is divergence, and
// the group is stopped.
type group struct {
	n     int
	abort chan struct{} // closed when the run is stopped

	mu      sync.Mutex
	status  []laneStatus
	at      []arrival // at[i] is lane i's arrival while it is waiting
	running int       // lanes that have not returned
	waiting int       // lanes blocked in the current round
	round   *round
	err     error // why the run was stopped; set once
	over    bool  // Run has returned
}

type laneStatus uint8

const (
	computing laneStatus = iota // running kernel code
	waiting                     // blocked at a collective
	returned                    // done with the kernel
)

// An arrival is what a lane brings to a collective.
type arrival struct {
	op  string
	typ reflect.Type // type of val; lanes only meet if they agree
	pcs []uintptr    // the lane's stack: the site of the call
	val any
	arg int // source lane, for gathers
}

// sameSite reports whether two lanes can meet: the same operation, reached
// through the same chain of calls. Comparing whole stacks rather than the
// innermost line is what tells apart two calls of a helper from different
// places.
func (a *arrival) sameSite(b *arrival) bool {
	return a.op == b.op && a.typ == b.typ && slices.Equal(a.pcs, b.pcs)
}

func (a *arrival) site() Site {
	return Site{Op: a.op, Stack: userFrames(a.pcs)}
}

// A round is one meeting of all lanes at a collective.
type round struct {
	done chan struct{} // closed once out is set
	out  any
}

func newGroup(n int) *group {
	return &group{
		n:       n,
		abort:   make(chan struct{}),
		status:  make([]laneStatus, n),
		at:      make([]arrival, n),
		running: n,
		round:   &round{done: make(chan struct{})},
	}
}

// runLane runs the kernel as lane i and accounts for how it ended.
func (g *group) runLane(i int, kernel func(Lane)) {
	finished := false
	defer func() {
		if !finished {
			if v := recover(); v != nil {
				// The panicking frames are still on the stack while
				// deferred calls run, so the site can be read here.
				g.stop(&PanicError{Lane: i, Value: v, Stack: userFrames(callers())})
				return
			}
			// Otherwise runtime.Goexit ended the lane: either the run
			// was stopped, or the kernel called it (as t.FailNow does),
			// which counts as returning.
		}
		g.exit(i)
	}()
	kernel(Lane{g: g, i: i})
	finished = true
}

// exit records that lane i returned from the kernel.
func (g *group) exit(i int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.err != nil {
		return
	}
	g.status[i] = returned
	g.running--
	if g.waiting > 0 && g.waiting == g.running {
		g.stopLocked(g.divergence())
	}
}

// rendezvous blocks lane i, arriving with a, until all lanes have arrived at
// the same site, and returns what combine computed from their arrivals. If
// the run is stopped meanwhile, the lane's goroutine exits instead.
func (g *group) rendezvous(i int, a arrival, combine func([]arrival) (any, *UsageError)) any {
	g.mu.Lock()
	if g.over {
		g.mu.Unlock()
		panic("spmd: Lane used after its Run returned")
	}
	if g.err != nil {
		g.mu.Unlock()
		runtime.Goexit()
	}
	switch g.status[i] {
	case waiting:
		g.mu.Unlock()
		panic(fmt.Sprintf("spmd: lane %d is already waiting at a collective; a Lane may only be used by the goroutine running it", i))
	case returned:
		g.mu.Unlock()
		panic(fmt.Sprintf("spmd: lane %d used after it returned from the kernel", i))
	}
	g.status[i] = waiting
	g.at[i] = a
	g.waiting++
	r := g.round
	switch {
	case g.waiting == g.n:
		if g.converged() {
			g.complete(combine)
		} else {
			g.stopLocked(g.divergence())
		}
	case g.waiting == g.running:
		g.stopLocked(g.divergence())
	}
	g.mu.Unlock()

	select {
	case <-r.done:
		return r.out
	case <-g.abort:
		runtime.Goexit()
		panic("unreachable")
	}
}

// converged reports whether all lanes, which are all waiting, are at the
// same site.
func (g *group) converged() bool {
	for i := 1; i < g.n; i++ {
		if !g.at[i].sameSite(&g.at[0]) {
			return false
		}
	}
	return true
}

// complete finishes the current round, in which every lane has arrived at
// the same site: it computes the results, releases the lanes and opens the
// next round. The combine functions are written in this package and cannot
// panic, so running them under the lock is safe; every other lane is
// blocked anyway.
func (g *group) complete(combine func([]arrival) (any, *UsageError)) {
	out, uerr := combine(g.at)
	if uerr != nil {
		uerr.Site = g.at[uerr.Lane].site()
		g.stopLocked(uerr)
		return
	}
	r := g.round
	r.out = out
	clear(g.at) // drop the lanes' values for the garbage collector
	for i := range g.status {
		g.status[i] = computing
	}
	g.waiting = 0
	g.round = &round{done: make(chan struct{})}
	close(r.done)
}

// divergence describes where the lanes are, at a moment when all of them
// are waiting or returned, as an error.
func (g *group) divergence() *DivergenceError {
	e := new(DivergenceError)
	leaders := []int{} // leaders[k] is the first lane of e.Groups[k]
	for i, st := range g.status {
		k := slices.IndexFunc(leaders, func(j int) bool {
			if st == returned {
				return g.status[j] == returned
			}
			return g.status[j] == waiting && g.at[j].sameSite(&g.at[i])
		})
		if k < 0 {
			k = len(e.Groups)
			leaders = append(leaders, i)
			lg := LaneGroup{Returned: st == returned}
			if st == waiting {
				lg.Site = g.at[i].site()
			}
			e.Groups = append(e.Groups, lg)
		}
		e.Groups[k].Lanes = append(e.Groups[k].Lanes, i)
	}
	return e
}

func (g *group) stop(err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.stopLocked(err)
}

// stopLocked stops the run with err, unless it is already stopped: the first
// failure is the one worth reporting, the rest are its consequences.
func (g *group) stopLocked(err error) {
	if g.err == nil {
		g.err = err
		close(g.abort)
	}
}
