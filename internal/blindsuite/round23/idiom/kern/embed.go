package kern

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round23/idiom/lanekit"
	"github.com/spmdvet/spmdvet/spmd"
)

// TileSyncDivergent calls the promoted Sync of an embedded State under a per-lane test.
//
//spmd:kernel
func TileSyncDivergent(l spmd.Lane, out []int) {
	t := &lanekit.Tile{State: lanekit.State{L: l, Val: data[l.Index()]}, Width: 2}
	if t.Val > 2 {
		t.Sync() // EXPECT
	}
	out[l.Index()] = t.Val
}

// TileSyncUniform: twin, the test is on the uniform Width field.
//
//spmd:kernel
func TileSyncUniform(l spmd.Lane, out []int) {
	t := &lanekit.Tile{State: lanekit.State{L: l, Val: data[l.Index()]}, Width: 2}
	if t.Width > 1 {
		t.Sync()
	}
	out[l.Index()] = t.Val
}

// AreaInLoop: a method of the outer type that uses the promoted reduction, in a
// loop whose trip count is per lane.
//
//spmd:kernel
func AreaInLoop(l spmd.Lane, out []int) {
	t := lanekit.Tile{State: lanekit.State{L: l, Val: 1}, Width: 3}
	a := 0
	for i := 0; i < l.Index(); i++ {
		a += t.Area() // EXPECT
	}
	out[l.Index()] = a
}

// AreaUniformLoop: twin, the trip count is the group size.
//
//spmd:kernel
func AreaUniformLoop(l spmd.Lane, out []int) {
	t := lanekit.Tile{State: lanekit.State{L: l, Val: 1}, Width: 3}
	a := 0
	for i := 0; i < l.Count(); i++ {
		a += t.Area()
	}
	out[l.Index()] = a
}

// QuietShadow: Quiet.Sync shadows the embedded barrier and only counts, so
// calling it under a per-lane test is fine.
//
//spmd:kernel
func QuietShadow(l spmd.Lane, out []int) {
	q := &lanekit.Quiet{State: lanekit.New(l, data[l.Index()])}
	if q.Val > 0 {
		q.Sync()
	}
	out[l.Index()] = q.Calls
}

// QuietExplicit: twin, the embedded State's own Sync is named explicitly.
//
//spmd:kernel
func QuietExplicit(l spmd.Lane, out []int) {
	q := &lanekit.Quiet{State: lanekit.New(l, data[l.Index()])}
	if q.Val > 0 {
		q.State.Sync() // EXPECT
	}
	out[l.Index()] = q.Calls
}

// MethodValueDivergent binds a barrier method value and calls it in some lanes.
//
//spmd:kernel
func MethodValueDivergent(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	sync := s.Sync
	if s.Val%2 == 0 {
		sync() // EXPECT
	}
	out[l.Index()] = s.Val
}

// MethodValueUniform: twin.
//
//spmd:kernel
func MethodValueUniform(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	sync := s.Sync
	if l.Count() > 1 {
		sync()
	}
	out[l.Index()] = s.Val
}

// MethodValueGetter binds a non-convergent value-receiver method and calls it
// under a per-lane test: fine.
//
//spmd:kernel
func MethodValueGetter(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	get := s.Get
	v := 0
	if s.Val > 0 {
		v = get()
	}
	out[l.Index()] = v
}

// MethodValueTotal: twin, the bound value-receiver method reduces.
//
//spmd:kernel
func MethodValueTotal(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	total := s.Total
	v := 0
	if s.Val > 0 {
		v = total() // EXPECT
	}
	out[l.Index()] = v
}

// MethodExprDivergent calls a pointer method expression in some lanes.
//
//spmd:kernel
func MethodExprDivergent(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	step := (*lanekit.State).Step
	if l.Index() < 2 {
		step(s) // EXPECT
	}
	out[l.Index()] = s.Round
}

// MethodExprUniform: twin.
//
//spmd:kernel
func MethodExprUniform(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	step := (*lanekit.State).Step
	if l.Count() > 2 {
		step(s)
	}
	out[l.Index()] = s.Round
}

// MethodExprValueLoop: value method expression in a per-lane loop.
//
//spmd:kernel
func MethodExprValueLoop(l spmd.Lane, out []int) {
	s := lanekit.State{L: l, Val: 2}
	lead := lanekit.State.Lead
	acc := 0
	for i := 0; i <= l.Index(); i++ {
		acc += lead(s) // EXPECT
	}
	out[l.Index()] = acc
}

// MethodExprValueFixed: twin, a constant trip count.
//
//spmd:kernel
func MethodExprValueFixed(l spmd.Lane, out []int) {
	s := lanekit.State{L: l, Val: 2}
	lead := lanekit.State.Lead
	acc := 0
	for i := 0; i < 3; i++ {
		acc += lead(s)
	}
	out[l.Index()] = acc
}

// InterfacePlainDivergent: an interface call under a per-lane test, where the
// interface holds a non-convergent type: fine.
//
//spmd:kernel
func InterfacePlainDivergent(l spmd.Lane, out []int) {
	var m lanekit.Meter = lanekit.Plain{K: 3}
	v := data[l.Index()]
	if v > 0 {
		v = m.Measure(v)
	}
	out[l.Index()] = v
}

// InterfaceCounterDivergent: pointer-receiver non-convergent implementation.
//
//spmd:kernel
func InterfaceCounterDivergent(l spmd.Lane, out []int) {
	c := &lanekit.Counter{}
	var m lanekit.Meter = c
	for i := 0; i < l.Index(); i++ {
		m.Measure(i)
	}
	out[l.Index()] = c.N
}

// InterfaceSumUniform: a convergent implementation called through the
// interface by every lane: fine.
//
//spmd:kernel
func InterfaceSumUniform(l spmd.Lane, out []int) {
	var m lanekit.Meter = lanekit.SumMeter{L: l}
	v := data[l.Index()]
	if l.Count() >= 2 {
		v = m.Measure(v)
	}
	out[l.Index()] = v
}

// InterfaceSliceUniform: several meters, convergent and not, called in a loop
// with a uniform trip count.
//
//spmd:kernel
func InterfaceSliceUniform(l spmd.Lane, out []int) {
	sm := &lanekit.SyncMeter{L: l}
	ms := []lanekit.Meter{lanekit.Plain{K: 2}, lanekit.SumMeter{L: l}, sm, &lanekit.Counter{}}
	v := 1
	for _, m := range ms {
		v = m.Measure(v)
	}
	out[l.Index()] = v + sm.N
}
