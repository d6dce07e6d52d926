// Package ambig holds kernels where I could not tell from the spec whether,
// or on which line, a finding must be reported. Lines marked "// AMBIG" are
// the candidate lines; they carry no EXPECT. Each kernel states its question.
// Every buggy kernel here really diverges under spmd.Run (see the tests).
package ambig

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round23/idiom/flow"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round23/idiom/lanekit"
	"github.com/spmdvet/spmdvet/spmd"
)

var data = lanekit.Data

// InterfaceSumDivergent: a convergent implementation called through an
// interface under a per-lane test. The dynamic type is known locally
// (MakeInterface of SumMeter in the same function), but the call is an
// interface call. Question: is it "a call to a function known to be
// convergent (by directive or fact)"? Runtime: bug.
//
//spmd:kernel
func InterfaceSumDivergent(l spmd.Lane, out []int) {
	var m lanekit.Meter = lanekit.SumMeter{L: l}
	v := data[l.Index()]
	if v > 0 {
		v = m.Measure(v) // AMBIG
	}
	out[l.Index()] = v
}

// InterfaceLoopDivergent: a slice of meters, some convergent, called in a
// loop whose trip count is per lane. Same question. Runtime: bug.
//
//spmd:kernel
func InterfaceLoopDivergent(l spmd.Lane, out []int) {
	ms := []lanekit.Meter{lanekit.Plain{K: 2}, &lanekit.SyncMeter{L: l}, lanekit.SumMeter{L: l}}
	v := 1
	for i := 0; i <= l.Index()%3; i++ {
		v = ms[i].Measure(v) // AMBIG
	}
	out[l.Index()] = v
}

type holder struct {
	fn   func()
	name string
}

// StructFieldCallback: a convergent closure stored in a struct field and
// called through the field under a per-lane test. Question: must a checker
// follow the closure through the (kernel-local) struct? Runtime: bug.
//
//spmd:kernel
func StructFieldCallback(l spmd.Lane, out []int) {
	h := holder{fn: func() { l.Barrier() }, name: "sync"}
	if data[l.Index()] > 1 {
		h.fn() // AMBIG
	}
	out[l.Index()] = len(h.name)
}

// StructFieldCallbackUniform: twin, uniform test: no finding either way.
//
//spmd:kernel
func StructFieldCallbackUniform(l spmd.Lane, out []int) {
	h := holder{fn: func() { l.Barrier() }, name: "sync"}
	if l.Count() > 1 {
		h.fn()
	}
	out[l.Index()] = len(h.name)
}

// OnceDivergent: a helper that calls its callback once, given a convergent
// callback, called under a per-lane test. flow.Once is convergent only
// through its argument; the spec's facts are per function. Runtime: bug.
//
//spmd:kernel
func OnceDivergent(l spmd.Lane, out []int) {
	if l.Index() > 0 {
		flow.Once(l, func(l spmd.Lane) { l.Barrier() }) // AMBIG
	}
	out[l.Index()] = 1
}

// OnceUniform: twin, no finding either way.
//
//spmd:kernel
func OnceUniform(l spmd.Lane, out []int) {
	if l.Count() > 0 {
		flow.Once(l, func(l spmd.Lane) { l.Barrier() })
	}
	out[l.Index()] = 1
}

// LeaderConvergentStage: flow.RunLeader runs the stages under its own
// per-lane test (l.Index() == 0); here a stage reduces. The divergent branch
// is in flow, the convergent op in this package. Question: is the finding
// on flow's p.Run call (flow.go), on the s(l, v) call in Pipeline.Run, here,
// or nowhere? Runtime: bug.
//
//spmd:kernel
func LeaderConvergentStage(l spmd.Lane, out []int) {
	p := &flow.Pipeline{Stages: []flow.Stage{func(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }}}
	out[l.Index()] = flow.RunLeader(l, p, 5) // AMBIG
}

// NotifyConvergentHook: flow.Notify calls the hook under a per-lane test;
// here the hook reduces. Same question. Runtime: bug.
//
//spmd:kernel
func NotifyConvergentHook(l spmd.Lane, out []int) {
	total := 0
	cfg := flow.Build(flow.WithHook(func(x int) { total += spmd.ReduceAdd(l, x) }))
	flow.Notify(l, cfg, data[:4]) // AMBIG
	out[l.Index()] = total
}

// HandoffDivergent: a convergent pipeline handed to a helper under a
// per-lane test. Runtime: bug.
//
//spmd:kernel
func HandoffDivergent(l spmd.Lane, out []int) {
	p := &flow.Pipeline{Stages: []flow.Stage{func(l spmd.Lane, v int) int { l.Barrier(); return v }}}
	r := 0
	if data[l.Index()] < 2 {
		r = flow.Handoff(l, p, 1) // AMBIG
	}
	out[l.Index()] = r
}

// HandlerLaneKey: two convergent handlers picked by a per-lane key and called
// at one call site: every lane calls "a" convergent function at the same
// line, but different functions. Question: is a call through a divergent
// function value divergent control? Runtime: bug (different sites).
//
//spmd:kernel
func HandlerLaneKey(l spmd.Lane, out []int) {
	h := flow.Handlers{
		"sum": func(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) },
		"max": func(l spmd.Lane, v int) int { return spmd.ReduceMax(l, v) },
	}
	keys := []string{"sum", "max"}
	out[l.Index()] = h[keys[l.Index()%2]](l, data[l.Index()]) // AMBIG
}

// HandlerUniformKey: twin, uniform key: no finding either way.
//
//spmd:kernel
func HandlerUniformKey(l spmd.Lane, out []int) {
	h := flow.Handlers{
		"sum": func(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) },
		"max": func(l spmd.Lane, v int) int { return spmd.ReduceMax(l, v) },
	}
	keys := []string{"sum", "max"}
	out[l.Index()] = h[keys[l.Count()%2]](l, data[l.Index()])
}

// StageConstIndexDivergent: a convergent stage from a slice at a constant
// index, called under a per-lane test. Runtime: bug.
//
//spmd:kernel
func StageConstIndexDivergent(l spmd.Lane, out []int) {
	stages := []flow.Stage{func(l spmd.Lane, v int) int { return spmd.ReduceMax(l, v) }}
	v := data[l.Index()]
	if v > 2 {
		v = stages[0](l, v) // AMBIG
	}
	out[l.Index()] = v
}

// LaneStepsRange: the iterator value only captures the (uniform) lane handle,
// but yields Index()+1 times. Question: must a checker see that the trip count
// of a range-over-func over a uniform iterator value depends on the lane
// (the divergence is inside flow.LaneSteps)? Runtime: bug.
//
//spmd:kernel
func LaneStepsRange(l spmd.Lane, out []int) {
	n := 0
	for range flow.LaneSteps(l) {
		l.Barrier() // AMBIG
		n++
	}
	out[l.Index()] = n
}

// OptionsMixedFields: Build gets one per-lane option (Scale) and one uniform
// option (Rounds); only cfg.Rounds decides control. The call result (a whole
// Config) is divergent as a value, Rounds is not. Question: must results be
// tracked field by field? Runtime: correct.
//
//spmd:kernel
func OptionsMixedFields(l spmd.Lane, out []int) {
	cfg := flow.Build(flow.WithRounds(2), flow.WithScale(data[l.Index()]))
	s := 0
	for r := 0; r < cfg.Rounds; r++ {
		s += spmd.ReduceAdd(l, cfg.Scale) // AMBIG (no finding expected by runtime)
	}
	out[l.Index()] = s
}

// PipelineReduceResult: a pipeline whose last stage reduces; its result is
// uniform at run time, but it comes from calls of function values with a
// per-lane argument, which the API doc says are "taken to have divergent
// results exactly when some argument is divergent" when unresolved.
// Runtime: correct.
//
//spmd:kernel
func PipelineReduceResult(l spmd.Lane, out []int) {
	p := &flow.Pipeline{Stages: []flow.Stage{
		func(_ spmd.Lane, v int) int { return v * 2 },
		func(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) },
	}}
	r := p.Run(l, data[l.Index()])
	if r > 3 {
		l.Barrier() // AMBIG (no finding expected by runtime)
	}
	out[l.Index()] = r
}

type syncer interface{ Sync() }

// syncAll calls Sync through a type-parameter constraint.
func syncAll[S syncer](xs []S) {
	for _, x := range xs {
		x.Sync()
	}
}

// GenericConstraintDivergent: the generic helper calls a convergent method
// through its type parameter, instantiated with *lanekit.State, under a
// per-lane test. "Analyze the generic body": in the body the call is
// dynamic. Runtime: bug.
//
//spmd:kernel
func GenericConstraintDivergent(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	if s.Val > 1 {
		syncAll([]*lanekit.State{s}) // AMBIG
	}
	out[l.Index()] = s.Val
}

// GenericConstraintQuiet: twin, instantiated with the non-convergent Quiet.
//
//spmd:kernel
func GenericConstraintQuiet(l spmd.Lane, out []int) {
	q := &lanekit.Quiet{State: lanekit.New(l, data[l.Index()])}
	if q.Val > 1 {
		syncAll([]*lanekit.Quiet{q})
	}
	out[l.Index()] = q.Calls
}
