package pipes

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round23/idiom/flow"
	"github.com/spmdvet/spmdvet/spmd"
)

// OptionRoundsLane: functional options carry a per-lane round count.
//
//spmd:kernel
func OptionRoundsLane(l spmd.Lane, out []int) {
	cfg := flow.Build(flow.WithRounds(l.Index() + 1))
	for r := 0; r < cfg.Rounds; r++ {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = cfg.Rounds
}

// OptionRoundsCount: twin, the rounds come from the group size.
//
//spmd:kernel
func OptionRoundsCount(l spmd.Lane, out []int) {
	cfg := flow.Build(flow.WithRounds(l.Count()))
	for r := 0; r < cfg.Rounds; r++ {
		l.Barrier()
	}
	out[l.Index()] = cfg.Rounds
}

// HookStoresOnly: the hook given through an option only accumulates; Notify
// calls it under a per-lane test; the kernel then reduces unconditionally.
//
//spmd:kernel
func HookStoresOnly(l spmd.Lane, out []int) {
	seen := 0
	cfg := flow.Build(flow.WithHook(func(x int) { seen += x }))
	flow.Notify(l, cfg, data[:4])
	out[l.Index()] = spmd.ReduceAdd(l, seen)
}

// HookSumDecides: twin, the kernel branches on the accumulated sum.
//
//spmd:kernel
func HookSumDecides(l spmd.Lane, out []int) {
	seen := 0
	cfg := flow.Build(flow.WithHook(func(x int) { seen += x }))
	flow.Notify(l, cfg, data[:4])
	if seen > 5 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = seen
}

func double(_ spmd.Lane, v int) int { return 2 * v }
func inc(_ spmd.Lane, v int) int    { return v + 1 }
func sum(l spmd.Lane, v int) int    { return spmd.ReduceAdd(l, v) }
func barrierStage(l spmd.Lane, v int) int {
	l.Barrier()
	return v
}

// PipelineEveryLane: a pipeline with convergent stages run by every lane.
//
//spmd:kernel
func PipelineEveryLane(l spmd.Lane, out []int) {
	p := &flow.Pipeline{Stages: []flow.Stage{double, barrierStage, sum}}
	out[l.Index()] = p.Run(l, data[l.Index()])
}

// PipelineResultDecides: twin, a non-convergent pipeline's per-lane result
// decides a barrier.
//
//spmd:kernel
func PipelineResultDecides(l spmd.Lane, out []int) {
	p := &flow.Pipeline{Stages: []flow.Stage{double, inc}}
	r := p.Run(l, data[l.Index()])
	if r > 4 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = r
}

// PipelineWide: flow.RunWide gates the convergent pipeline on the group size.
//
//spmd:kernel
func PipelineWide(l spmd.Lane, out []int) {
	p := &flow.Pipeline{Stages: []flow.Stage{inc, sum}}
	out[l.Index()] = flow.RunWide(l, p, data[l.Index()])
}

// PipelineLeaderStoreOnly: flow.RunLeader runs a non-convergent pipeline in lane 0.
//
//spmd:kernel
func PipelineLeaderStoreOnly(l spmd.Lane, out []int) {
	hits := 0
	p := &flow.Pipeline{Stages: []flow.Stage{func(_ spmd.Lane, v int) int { hits++; return v }}}
	r := flow.RunLeader(l, p, 5)
	out[l.Index()] = r + hits
}

// PipelineHandoff: the holder is handed on to another helper, every lane alike.
//
//spmd:kernel
func PipelineHandoff(l spmd.Lane, out []int) {
	p := &flow.Pipeline{Stages: []flow.Stage{sum, barrierStage, double}}
	out[l.Index()] = flow.Handoff(l, p, l.Index())
}

// PipelineHandoffDecides: twin, the per-lane result of the handed-on
// (non-convergent) pipeline decides a reduction.
//
//spmd:kernel
func PipelineHandoffDecides(l spmd.Lane, out []int) {
	p := &flow.Pipeline{Stages: []flow.Stage{inc, double}}
	r := flow.Handoff(l, p, l.Index())
	if r < 5 {
		r = spmd.ReduceMin(l, r) // EXPECT
	}
	out[l.Index()] = r
}

// HandlerConstantKey: a map of handlers indexed with a constant key, called by every lane.
//
//spmd:kernel
func HandlerConstantKey(l spmd.Lane, out []int) {
	h := flow.Handlers{"sum": sum, "double": double, "sync": barrierStage}
	v := h["double"](l, data[l.Index()])
	v = h["sum"](l, v)
	if l.Count() > 1 {
		v = h["sync"](l, v)
	}
	out[l.Index()] = v
}

// HandlerResultDecides: twin, a handler's per-lane result decides a barrier.
//
//spmd:kernel
func HandlerResultDecides(l spmd.Lane, out []int) {
	h := flow.Handlers{"sum": sum, "double": double}
	v := h["double"](l, data[l.Index()])
	if v > 3 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = v
}

// StageSliceUniformKey: a slice of stages indexed with a uniform key.
//
//spmd:kernel
func StageSliceUniformKey(l spmd.Lane, out []int) {
	stages := []flow.Stage{sum, barrierStage}
	k := l.Count() % 2
	out[l.Index()] = stages[k](l, l.Index()+1)
}

// StageSliceLaneKeyStoreOnly: a per-lane key into non-convergent stages: fine.
//
//spmd:kernel
func StageSliceLaneKeyStoreOnly(l spmd.Lane, out []int) {
	stages := []flow.Stage{double, inc}
	v := stages[l.Index()%2](l, l.Index())
	out[l.Index()] = spmd.ReduceAdd(l, v)
}
