// Package ambig holds kernels whose right answer is unclear from the spec;
// none carries an EXPECT line. REPORT.md gives a guess for each.
package ambig

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round32/objects/handle"
	"github.com/spmdvet/spmdvet/spmd"
)

// TallyPipeline runs, only in the active lanes, a pipeline whose stored
// sync method value is a *handle.Tally's Sync, which only counts. Nothing
// convergent runs, but Pipeline.Run calls whatever is in its sync field.
//
// kernel(ok)
func TallyPipeline(data []float64, active int) (out []float64, syncs []int, err error) {
	n := len(data)
	out = make([]float64, n)
	syncs = make([]int, n)
	err = spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		t := &handle.Tally{}
		p := handle.NewPipeline(t.Sync).Then(func(i int) { out[i] = 2 * data[i] })
		if i < active {
			p.Run(i)
		}
		syncs[i] = t.N()
	})
	return out, syncs, err
}

// TallyInterface calls Sync through a handle.Syncer under a lane-dependent
// branch; the dynamic type is always *handle.Tally, which is not convergent.
//
// kernel(ok)
func TallyInterface(data []float64) ([]int, error) {
	n := len(data)
	counts := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		t := &handle.Tally{}
		var s handle.Syncer = t
		if data[i] > 0 {
			s.Sync()
		}
		counts[i] = t.N()
	})
	return counts, err
}

// PickedReceiver binds Sync to one of two block handles of the lane, chosen
// per lane, and calls the method value in every lane: the callee is the
// same method, only the receiver (the lane's own memory) differs.
//
// kernel(ok)
func PickedReceiver(data []float64) ([]float64, error) {
	n := len(data)
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		even, odd := handle.NewBlock(l), handle.NewBlock(l)
		pick := even
		if i%2 == 1 {
			pick = odd
		}
		sync := pick.Sync
		buf[i] = data[i]
		sync()
		out[i] = buf[i^1]
	})
	return out, err
}

// config is shared by all lanes of a launch.
type config struct {
	quiet bool
}

// SharedQuiet has lane 0 set a shared flag (to a uniform value) under a
// lane-dependent branch; after a barrier every lane reads the same value
// and decides on it whether to sync again. By the memory rule (a store
// under divergent control makes the load lane-dependent) the second sync is
// under divergent control; at run time every lane agrees.
//
// kernel(ok)
func SharedQuiet(data []float64, quiet bool) ([]float64, error) {
	n := len(data)
	cfg := &config{}
	buf := make([]float64, n)
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l)
		if i == 0 {
			cfg.quiet = quiet
		}
		buf[i] = data[i]
		b.Sync()
		if !cfg.quiet {
			b.Sync()
		}
		out[i] = buf[(i+1)%n]
	})
	return out, err
}

// ScratchBothArms gives the handle the same scratch size in both arms of a
// lane-dependent branch (with different fill values), then stages it: the
// scratch length is the same in every lane, but it was stored under
// divergent control.
//
// kernel(ok)
func ScratchBothArms(data []float64, k int) ([]float64, error) {
	n := len(data)
	shared := make([]float64, n*k)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		b := handle.NewBlock(l)
		if data[i] >= 0 {
			b.WithScratch(k)
			b.Scratch()[0] = data[i]
		} else {
			b.WithScratch(k)
			b.Scratch()[0] = -data[i]
		}
		b.Stage(shared)
	})
	return shared, err
}
