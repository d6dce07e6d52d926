// Package kern holds kernels built on lanekit's state types: methods,
// embedding, method values and expressions, interfaces and generics.
package kern

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round23/idiom/lanekit"
	"github.com/spmdvet/spmdvet/spmd"
)

var data = lanekit.Data

// SyncOddLanes calls a pointer-receiver barrier method in odd lanes only.
//
//spmd:kernel
func SyncOddLanes(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	if l.Index()%2 == 1 {
		s.Sync() // EXPECT
	}
	out[l.Index()] = s.Val
}

// SyncEvenGroup: twin, the condition is on the group size.
//
//spmd:kernel
func SyncEvenGroup(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	if l.Count()%2 == 0 {
		s.Sync()
	}
	out[l.Index()] = s.Val
}

// TotalIfPositive calls a value-receiver reduction under a per-lane field test.
//
//spmd:kernel
func TotalIfPositive(l spmd.Lane, out []int) {
	s := lanekit.State{L: l, Val: data[l.Index()]}
	t := 0
	if s.Val > 0 {
		t = s.Total() // EXPECT
	}
	out[l.Index()] = t
}

// TotalThenPositive: twin, reduce first, then branch.
//
//spmd:kernel
func TotalThenPositive(l spmd.Lane, out []int) {
	s := lanekit.State{L: l, Val: data[l.Index()]}
	t := s.Total()
	if s.Val <= 0 {
		t = 0
	}
	out[l.Index()] = t
}

// SyncIfPositive branches on a method result computed from per-lane memory.
//
//spmd:kernel
func SyncIfPositive(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	if s.Positive() {
		s.Sync() // EXPECT
	}
	out[l.Index()] = s.Val
}

// SyncIfAnyNeg: twin, the method reduces the per-lane test first.
//
//spmd:kernel
func SyncIfAnyNeg(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	if s.AnyNeg() {
		s.Sync()
	}
	out[l.Index()] = s.Val
}

// StepUntilVal loops on the per-lane field: lanes leave in different iterations.
//
//spmd:kernel
func StepUntilVal(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	for s.Get() < 5 {
		s.Bump(1)
		s.Step() // EXPECT
	}
	out[l.Index()] = s.Round
}

// StepUntilRounds: twin, the loop tests the uniform field next to the per-lane one.
//
//spmd:kernel
func StepUntilRounds(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	for s.Rounds() < 3 {
		s.Bump(1)
		s.Step()
	}
	out[l.Index()] = s.Round + s.Val
}

// MaxAfterDivergentReturn: lanes with negative data leave before the reduction.
//
//spmd:kernel
func MaxAfterDivergentReturn(l spmd.Lane, out []int) {
	s := &lanekit.State{L: l, Val: data[l.Index()]}
	if s.Val < 0 {
		return
	}
	out[l.Index()] = s.Max() // EXPECT
}

// MaxBeforeReturn: twin, reduce and then leave.
//
//spmd:kernel
func MaxBeforeReturn(l spmd.Lane, out []int) {
	s := &lanekit.State{L: l, Val: data[l.Index()]}
	m := s.Max()
	if s.Val < 0 {
		return
	}
	out[l.Index()] = m
}

// LeaderSyncs: the helper's own divergent branch is the bug (reported inside
// lanekit); calling the helper itself is fine since all lanes call it.
//
//spmd:kernel
func LeaderSyncs(l spmd.Lane, out []int) {
	s := lanekit.New(l, 1)
	s.SyncIfLeader()
	out[l.Index()] = s.Val
}

// WideSyncs: twin, the helper branches on Count.
//
//spmd:kernel
func WideSyncs(l spmd.Lane, out []int) {
	s := lanekit.New(l, 1)
	s.SyncIfWide()
	out[l.Index()] = s.Val
}

// LeadIfLeader: a divergent-result method decides a value-receiver broadcast.
//
//spmd:kernel
func LeadIfLeader(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	v := -1
	if !s.Leader() {
		v = s.Lead() // EXPECT
	}
	out[l.Index()] = v
}

// LeadThenLeader: twin.
//
//spmd:kernel
func LeadThenLeader(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	v := s.Lead()
	if s.Leader() {
		v = -1
	}
	out[l.Index()] = v
}

// ShortCircuitLeft: the collective is the right operand of && after a per-lane test.
//
//spmd:kernel
func ShortCircuitLeft(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	r := 0
	if s.Val > 0 && s.AnyNeg() { // EXPECT
		r = 1
	}
	out[l.Index()] = r
}

// ShortCircuitRight: twin, the collective runs first, in every lane.
//
//spmd:kernel
func ShortCircuitRight(l spmd.Lane, out []int) {
	s := lanekit.New(l, data[l.Index()])
	r := 0
	if s.AnyNeg() && s.Val > 0 {
		r = 1
	}
	out[l.Index()] = r
}
