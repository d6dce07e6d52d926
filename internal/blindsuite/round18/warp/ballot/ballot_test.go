package ballot

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func run(n int, k func(spmd.Lane)) error { return spmd.Run(n, k) }

func wantDiv(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want DivergenceError, got %v", err)
	}
}

func wantOK(t *testing.T, err error, got, want []int) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
}

func fill(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func TestLeaderElectCorrect(t *testing.T) {
	in := []int{0, 0, 5, 3, 0, 0, 0, 0}
	out := make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { LeaderElectCorrect(l, in, out) }), out, fill(8, 5))
	in = make([]int, 8)
	out = make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { LeaderElectCorrect(l, in, out) }), out, fill(8, 0))
}

func TestLeaderElectBug(t *testing.T) {
	in := []int{0, 0, 5, 3, 0, 0, 0, 0}
	out := make([]int, 8)
	wantDiv(t, run(8, func(l spmd.Lane) { LeaderElectBug(l, in, out) }))
}

func TestPopcountBranchCorrect(t *testing.T) {
	in := []int{1, 1, 1, 1, 1, 0, 0, 0}
	out := make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { PopcountBranchCorrect(l, in, out) }), out, fill(8, 5))
	in = []int{1, 0, 0, 0, 0, 0, 0, 0}
	out = make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { PopcountBranchCorrect(l, in, out) }), out, fill(8, 1))
}

func TestRankParityBug(t *testing.T) {
	in, out := fill(8, 1), make([]int, 8)
	wantDiv(t, run(8, func(l spmd.Lane) { RankParityBug(l, in, out) }))
}

func TestOwnBitBug(t *testing.T) {
	in, out := []int{1, 0, 1, 0, 1, 0, 1, 0}, make([]int, 8)
	wantDiv(t, run(8, func(l spmd.Lane) { OwnBitBug(l, in, out) }))
}

func TestUniformBitCorrect(t *testing.T) {
	in, out := []int{0, 0, 7, 0, 0, 0, 0, 0}, make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { UniformBitCorrect(l, in, out, 2) }), out, fill(8, 7))
	out = make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { UniformBitCorrect(l, in, out, 3) }), out, fill(8, 0))
}

func TestLeaderWorkThenBarrierCorrect(t *testing.T) {
	in, out := []int{0, 0, 0, 7, 1, 0, 0, 0}, make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { LeaderWorkThenBarrierCorrect(l, in, out) }), out, fill(8, 70))
}

func TestBarrierInsideLeaderBug(t *testing.T) {
	in, out := []int{0, 0, 0, 7, 1, 0, 0, 0}, make([]int, 8)
	wantDiv(t, run(8, func(l spmd.Lane) { BarrierInsideLeaderBug(l, in, out) }))
}

func TestLeaderReturnBug(t *testing.T) {
	in, out := []int{0, 0, 0, 7, 1, 0, 0, 0}, make([]int, 8)
	wantDiv(t, run(8, func(l spmd.Lane) { LeaderReturnBug(l, in, out) }))
}

func TestAllVotedCorrect(t *testing.T) {
	in, out := []int{1, 2, 3, 4, 5, 6, 7, 8}, make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { AllVotedCorrect(l, in, out) }), out, fill(8, 36))
}

func TestLaneMaskShiftBug(t *testing.T) {
	in, out := []int{1, 0, 0, 0, 0, 0, 0, 0}, make([]int, 8)
	wantDiv(t, run(8, func(l spmd.Lane) { LaneMaskShiftBug(l, in, out) }))
}

func TestMissingLanesCorrect(t *testing.T) {
	in, out := []int{1, 1, 0, 1, 1, 1, 1, 1}, make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { MissingLanesCorrect(l, in, out) }), out, fill(8, 200))
}

func TestBallotOfDivergentCorrect(t *testing.T) {
	out := make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { BallotOfDivergentCorrect(l, nil, out) }), out, fill(8, 4))
}

func TestLastVoterCorrect(t *testing.T) {
	in, out := []int{1, 0, 3, 0, 9, 0, 0, 0}, make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { LastVoterCorrect(l, in, out) }), out, fill(8, 9))
}

func TestBroadcastDivergentSrcBug(t *testing.T) {
	in, out := []int{1, 0, 0, 0, 0, 0, 0, 0}, make([]int, 8)
	wantDiv(t, run(8, func(l spmd.Lane) { BroadcastDivergentSrcBug(l, in, out) }))
}

func TestBroadcastLeaderCorrect(t *testing.T) {
	in, out := []int{0, 4, 0, 2, 0, 0, 0, 0}, make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { BroadcastLeaderCorrect(l, in, out) }), out, fill(8, 4))
}

func TestShortCircuitBug(t *testing.T) {
	in, out := []int{1, 0, 0, 0, 0, 0, 0, 0}, make([]int, 8)
	wantDiv(t, run(8, func(l spmd.Lane) { ShortCircuitBug(l, in, out) }))
}

func TestShortCircuitCorrect(t *testing.T) {
	in, out := []int{1, 2, 3, 6, 0, 0, 0, 0}, make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { ShortCircuitCorrect(l, in, out) }), out, []int{3, 3, 3, 3, 1, 1, 1, 1})
}

func TestSwitchPopcountCorrect(t *testing.T) {
	in, out := []int{0, 0, 1, 0, 0, 0, 0, 0}, make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { SwitchPopcountCorrect(l, in, out) }), out, fill(8, 1))
	in, out = fill(8, 1), make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { SwitchPopcountCorrect(l, in, out) }), out, fill(8, 8))
}

func TestSwitchLaneBitsBug(t *testing.T) {
	in, out := fill(8, 1), make([]int, 8)
	wantDiv(t, run(8, func(l spmd.Lane) { SwitchLaneBitsBug(l, in, out) }))
}

func TestAtomicLeaderBug(t *testing.T) {
	var ctr int32
	out := make([]int, 8)
	wantDiv(t, run(8, func(l spmd.Lane) { AtomicLeaderBug(l, out, &ctr) }))
}

func TestAtomicLeaderCorrect(t *testing.T) {
	var ctr int32
	out := make([]int, 8)
	wantOK(t, run(8, func(l spmd.Lane) { AtomicLeaderCorrect(l, out, &ctr) }), out, fill(8, 42))
}
