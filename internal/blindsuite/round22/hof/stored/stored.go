// Package stored has kernels whose callbacks travel through data before they
// are called: struct fields, slices, maps, factories, method values, and two
// layers of helpers. As in package loops, a finding is expected at the
// kernel's call that runs a convergent callback under divergent control (the
// first line of that call expression).
package stored

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round22/hof/hof"
	"github.com/spmdvet/spmdvet/spmd"
)

// ---------------------------------------------------------------- struct fields

// BadStepStrided: a barrier callback in a struct field, run by a per-lane loop.
//
//spmd:kernel
func BadStepStrided(l spmd.Lane, n int) {
	s := hof.Step{Name: "sync", Do: func(l spmd.Lane, i int) { l.Barrier() }}
	hof.RunStrided(l, n, s) // EXPECT
}

// OkStepStridedStore: the same loop, the field stores.
//
//spmd:kernel
func OkStepStridedStore(l spmd.Lane, n int, out []int) {
	s := hof.Step{Name: "put", Do: func(l spmd.Lane, i int) { out[i] = -i }}
	hof.RunStrided(l, n, s)
}

// OkStepOnceBarrier: the barrier field, run once by every lane.
//
//spmd:kernel
func OkStepOnceBarrier(l spmd.Lane, out []int) {
	s := hof.Step{Name: "sync", Do: hof.SyncAt}
	out[l.Index()] = l.Index()
	hof.RunOnce(l, s)
	out[l.Count()+l.Index()] = out[l.Count()-1-l.Index()]
}

// BadStepMethodStrided: the Step.Strided method, with a reduction in the field.
//
//spmd:kernel
func BadStepMethodStrided(l spmd.Lane, n int, out []int) {
	s := hof.Step{Do: func(l spmd.Lane, i int) { out[i] = spmd.ReduceAdd(l, i) }}
	s.Strided(l, n) // EXPECT
}

// OkStepMethodStridedStore: the method with a storing field.
//
//spmd:kernel
func OkStepMethodStridedStore(l spmd.Lane, n int, out []int) {
	s := hof.Step{Do: func(l spmd.Lane, i int) { out[i] = i * 3 }}
	s.Strided(l, n)
}

// BadStepOnceUnderIf: the field is assigned after construction; RunOnce runs in low lanes.
//
//spmd:kernel
func BadStepOnceUnderIf(l spmd.Lane) {
	var s hof.Step
	s.Do = hof.SyncAt
	if l.Index() < 2 {
		hof.RunOnce(l, s) // EXPECT
	}
}

// OkStepOnceUnderIfStore: the same, with a storing field.
//
//spmd:kernel
func OkStepOnceUnderIfStore(l spmd.Lane, out []int) {
	var s hof.Step
	s.Do = func(l spmd.Lane, i int) { out[l.Index()] = 9 }
	if l.Index() < 2 {
		hof.RunOnce(l, s)
	}
}

// BadStepFieldCallUnderIf: the kernel calls the field directly under a lane branch.
//
//spmd:kernel
func BadStepFieldCallUnderIf(l spmd.Lane) {
	s := hof.Step{Do: hof.SyncAt}
	if l.Index() == 0 {
		s.Do(l, 0) // EXPECT
	}
}

// OkStepFieldCallAfterIf: the lane branch closes before the call.
//
//spmd:kernel
func OkStepFieldCallAfterIf(l spmd.Lane, out []int) {
	s := hof.Step{Do: hof.SyncAt}
	if l.Index() == 0 {
		out[0] = 1
	}
	s.Do(l, 0)
	out[l.Count()+l.Index()] = out[0]
}

// ---------------------------------------------------------------- slices

// OkPipelineRun: all stages run in every lane, in a uniform loop.
//
//spmd:kernel
func OkPipelineRun(l spmd.Lane, out, acc []int) {
	p := &hof.Pipeline{Stages: []func(spmd.Lane){hof.Marker(out), hof.Sync, hof.Totaler(acc, 2)}}
	p.Run(l)
}

// BadPipelineFromLane: lanes start at different stages of convergent stages.
//
//spmd:kernel
func BadPipelineFromLane(l spmd.Lane) {
	p := &hof.Pipeline{Stages: []func(spmd.Lane){hof.Sync, hof.Sync}}
	p.RunFromLane(l) // EXPECT
}

// OkPipelineFromLaneStore: the same with storing stages.
//
//spmd:kernel
func OkPipelineFromLaneStore(l spmd.Lane, out []int) {
	p := &hof.Pipeline{Stages: []func(spmd.Lane){hof.Marker(out), func(l spmd.Lane) { out[l.Index()] += 10 }}}
	p.RunFromLane(l)
}

// OkRunAllConvergent: convergent callbacks from a slice, all run by every lane.
//
//spmd:kernel
func OkRunAllConvergent(l spmd.Lane, acc []int) {
	hof.RunAll(l, []func(spmd.Lane){hof.Sync, hof.Syncer(), hof.Totaler(acc, 1)})
}

// BadRunMine: each lane runs its own element; only lanes 0 and 1 have one.
//
//spmd:kernel
func BadRunMine(l spmd.Lane) {
	hof.RunMine(l, []func(spmd.Lane){hof.Sync, hof.Sync}) // EXPECT
}

// OkRunMineStore: the same, with storing elements.
//
//spmd:kernel
func OkRunMineStore(l spmd.Lane, out []int) {
	hof.RunMine(l, []func(spmd.Lane){hof.Marker(out), hof.Marker(out)})
}

// BadSliceElemUnderIf: the kernel calls a slice element under a lane branch.
//
//spmd:kernel
func BadSliceElemUnderIf(l spmd.Lane, acc []int) {
	fs := []func(spmd.Lane){hof.Totaler(acc, 1)}
	if l.Index() == 0 {
		fs[0](l) // EXPECT
	}
}

// OkSliceElemUniform: the same element, called by every lane.
//
//spmd:kernel
func OkSliceElemUniform(l spmd.Lane, acc []int) {
	fs := []func(spmd.Lane){hof.Totaler(acc, 1)}
	fs[0](l)
}

// ---------------------------------------------------------------- maps

// BadMapDispatchUnderIf: a barrier from a map, dispatched in even lanes only.
//
//spmd:kernel
func BadMapDispatchUnderIf(l spmd.Lane, out []int) {
	m := map[string]func(spmd.Lane){"sync": hof.Sync, "mark": hof.Marker(out)}
	if l.Index()%2 == 0 {
		hof.Dispatch(l, m, "sync") // EXPECT
	}
}

// OkMapDispatchUnderIfMark: the same map, dispatching the storing entry.
//
//spmd:kernel
func OkMapDispatchUnderIfMark(l spmd.Lane, out []int) {
	m := map[string]func(spmd.Lane){"sync": hof.Sync, "mark": hof.Marker(out)}
	if l.Index()%2 == 0 {
		hof.Dispatch(l, m, "mark")
	}
}

// OkMapDispatchSync: dispatching the barrier in every lane.
//
//spmd:kernel
func OkMapDispatchSync(l spmd.Lane, out []int) {
	m := map[string]func(spmd.Lane){"sync": hof.Sync, "mark": hof.Marker(out)}
	hof.Dispatch(l, m, "mark")
	hof.Dispatch(l, m, "sync")
	out[l.Count()+l.Index()] = out[(l.Index()+3)%l.Count()]
}

// BadMapStrided: a reducing entry of a map, run by a per-lane loop.
//
//spmd:kernel
func BadMapStrided(l spmd.Lane, n int, out []int) {
	m := map[string]func(spmd.Lane, int){
		"sum": func(l spmd.Lane, i int) { out[i] = spmd.ReduceAdd(l, 1) },
		"put": func(l spmd.Lane, i int) { out[i] = 1 },
	}
	hof.Strided(l, n, m["sum"]) // EXPECT
}

// OkMapStridedStore: the storing entry of the same map.
//
//spmd:kernel
func OkMapStridedStore(l spmd.Lane, n int, out []int) {
	m := map[string]func(spmd.Lane, int){
		"sum": func(l spmd.Lane, i int) { out[i] = spmd.ReduceAdd(l, 1) },
		"put": func(l spmd.Lane, i int) { out[i] = 1 },
	}
	hof.Strided(l, n, m["put"])
}

// ---------------------------------------------------------------- factories

// BadSyncerUnderIf: a barrier callback from a factory, called in low lanes.
//
//spmd:kernel
func BadSyncerUnderIf(l spmd.Lane) {
	sync := hof.Syncer()
	if l.Index() < 2 {
		sync(l) // EXPECT
	}
}

// OkStorerUnderIf: a storing callback from a factory, called in low lanes.
//
//spmd:kernel
func OkStorerUnderIf(l spmd.Lane, out []int) {
	put := hof.Storer(out)
	if l.Index() < 2 {
		put(l, l.Index())
	}
}

// BadSyncerAtStrided: a factory's barrier callback in a per-lane loop.
//
//spmd:kernel
func BadSyncerAtStrided(l spmd.Lane, n int) {
	hof.Strided(l, n, hof.SyncerAt()) // EXPECT
}

// OkStorerStrided: a factory's storing callback in a per-lane loop.
//
//spmd:kernel
func OkStorerStrided(l spmd.Lane, n int, out []int) {
	hof.Strided(l, n, hof.Storer(out))
}

// BadGuardedSync: a factory that wraps the barrier in a lane-dependent guard.
//
//spmd:kernel
func BadGuardedSync(l spmd.Lane) {
	hof.Guarded(2, hof.Sync)(l) // EXPECT
}

// OkGuardedMarker: the same wrapper around a storing callback.
//
//spmd:kernel
func OkGuardedMarker(l spmd.Lane, out []int) {
	hof.Guarded(2, hof.Marker(out))(l)
}

// OkChainUniform: a chained barrier and reduction, called by every lane.
//
//spmd:kernel
func OkChainUniform(l spmd.Lane, acc []int) {
	hof.Chain(hof.Sync, hof.Totaler(acc, 2))(l)
}

// BadChainUnderLaneIf: a chain with a reduction, called in the high lanes.
//
//spmd:kernel
func BadChainUnderLaneIf(l spmd.Lane, out, acc []int) {
	c := hof.Chain(hof.Marker(out), hof.Totaler(acc, 1))
	if l.Index() >= 4 {
		c(l) // EXPECT
	}
}

// OkChainUnderLaneIfStores: a chain of stores, called in the high lanes.
//
//spmd:kernel
func OkChainUnderLaneIfStores(l spmd.Lane, out []int) {
	c := hof.Chain(hof.Marker(out), func(l spmd.Lane) { out[l.Index()] += 4 })
	if l.Index() >= 4 {
		c(l)
	}
}

// OkTotalerUniformLoop: a factory's reducing callback in a uniform loop.
//
//spmd:kernel
func OkTotalerUniformLoop(l spmd.Lane, acc []int) {
	t := hof.Totaler(acc, 1)
	for i := 0; i < 3; i++ {
		t(l)
	}
}

// ---------------------------------------------------------------- two layers

// BadStridedViaMin: a reduction through StridedVia, then Strided.
//
//spmd:kernel
func BadStridedViaMin(l spmd.Lane, n int, out []int) {
	hof.StridedVia(l, n, func(l spmd.Lane, i int) { out[i] = spmd.ReduceMin(l, i) }) // EXPECT
}

// OkStridedViaStore: the same two layers, storing.
//
//spmd:kernel
func OkStridedViaStore(l spmd.Lane, n int, out []int) {
	hof.StridedVia(l, n, func(l spmd.Lane, i int) { out[i] = i + 7 })
}

// OkOnceViaSync: two layers, no divergence.
//
//spmd:kernel
func OkOnceViaSync(l spmd.Lane, out []int) {
	out[l.Index()] = 5
	hof.OnceVia(l, hof.Sync)
	out[l.Count()+l.Index()] = out[(l.Index()+1)%l.Count()]
}

// BadFirstViaSync: the outer layer branches on the lane, the inner one calls.
//
//spmd:kernel
func BadFirstViaSync(l spmd.Lane) {
	hof.FirstVia(l, hof.Sync) // EXPECT
}

// OkFirstViaMarker: the same layers with a storing callback.
//
//spmd:kernel
func OkFirstViaMarker(l spmd.Lane, out []int) {
	hof.FirstVia(l, hof.Marker(out))
}

// OkIfWideViaSyncer: two layers around a uniform condition.
//
//spmd:kernel
func OkIfWideViaSyncer(l spmd.Lane, out []int) {
	out[l.Index()] = 2
	hof.IfWideVia(l, hof.Syncer())
	out[l.Count()+l.Index()] = out[(l.Index()+2)%l.Count()]
}

// ---------------------------------------------------------------- method values of user types

// BadGroupSyncStrided: the method value g.Sync in a per-lane loop.
//
//spmd:kernel
func BadGroupSyncStrided(l spmd.Lane, n int) {
	g := hof.Group{L: l}
	hof.StridedDo(l, n, g.Sync) // EXPECT
}

// OkGroupLogStrided: a non-convergent method in the same loop.
//
//spmd:kernel
func OkGroupLogStrided(l spmd.Lane, n int, out []int) {
	g := hof.Group{L: l}
	hof.StridedDo(l, n, func() { g.Log(out) })
}

// OkGroupSyncDo: the method value g.Sync, run once by every lane.
//
//spmd:kernel
func OkGroupSyncDo(l spmd.Lane, out []int) {
	g := hof.Group{L: l}
	out[l.Index()] = 3
	hof.Do(g.Sync)
	out[l.Count()+l.Index()] = out[(l.Index()+5)%l.Count()]
}
