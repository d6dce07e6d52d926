package calls

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round10/data/vocab"
	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %T %v", err, err)
	}
	t.Log(err)
}

func wantNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("want nil, got %v", err)
	}
}

func TestHelperSyncDivergent(t *testing.T) {
	wantDivergence(t, spmd.Run(4, HelperSyncDivergent))
}

func TestHelperSyncUniform(t *testing.T) {
	var passed int32
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { HelperSyncUniform(l, &passed) }))
	if passed != 4 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestHelperTotalBranch(t *testing.T) {
	s := &Shared{}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { HelperTotalBranch(l, s) }))
	if s.Out != [8]int{6, 6, 6, 6} {
		t.Fatalf("out %v", s.Out)
	}
}

func TestHelperStripeLoop(t *testing.T) {
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { HelperStripeLoop(l, 6) }))
}

func TestHelperTilesLoop(t *testing.T) {
	var passed int32
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { HelperTilesLoop(l, 10, &passed) }))
	if passed != 12 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestHelperScaledUniformArg(t *testing.T) {
	var passed int32
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { HelperScaledUniformArg(l, 3, &passed) }))
	if passed != 4 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestHelperScaledLaneArg(t *testing.T) {
	wantDivergence(t, spmd.Run(4, HelperScaledLaneArg))
}

func TestSlotLeaderReduce(t *testing.T) {
	s := &Shared{}
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { SlotLeaderReduce(l, s) }))
}

func TestOddGroupSync(t *testing.T) {
	wantDivergence(t, spmd.Run(4, OddGroupSync))
}

func TestGroupSyncRounds(t *testing.T) {
	var passed int32
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { GroupSyncRounds(l, 3, &passed) }))
	if passed != 12 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestGenerationBranch(t *testing.T) {
	var passed int32
	vocab.Advance()
	vocab.Advance()
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { GenerationBranch(l, &passed) }))
	if passed != 4 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestReadLaneFixedSrc(t *testing.T) {
	s := &Shared{}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { ReadLaneFixedSrc(l, s) }))
	if s.Out != [8]int{10, 10, 10, 10} {
		t.Fatalf("out %v", s.Out)
	}
}

func TestReadLaneNeighbour(t *testing.T) {
	wantDivergence(t, spmd.Run(4, ReadLaneNeighbour))
}

func TestReadLaneInBranch(t *testing.T) {
	s := &Shared{}
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { ReadLaneInBranch(l, s) }))
}

func TestJitterBackoff(t *testing.T) {
	for try := 0; try < 100; try++ {
		if err := spmd.Run(8, JitterBackoff); err != nil {
			wantDivergence(t, err)
			return
		}
	}
	t.Fatal("no divergence in 100 runs")
}

func TestLaunchOwnData(t *testing.T) {
	wantDivergence(t, LaunchOwnData([]int{1, 0, 1, 0}))
}

func TestLaunchLen(t *testing.T) {
	data := []int{1, 2, 3, 4}
	wantNil(t, LaunchLen(data))
	if data[0] != 2 || data[3] != 5 {
		t.Fatalf("data %v", data)
	}
}

func TestGenericSumInLeader(t *testing.T) {
	out := make([]float64, 4)
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { GenericSumInLeader(l, out) }))
}

func TestGenericSumBranch(t *testing.T) {
	out := make([]float64, 4)
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { GenericSumBranch(l, out) }))
	for _, v := range out {
		if v != 6 {
			t.Fatalf("out %v", out)
		}
	}
}

func TestGenericMineBranch(t *testing.T) {
	names := []string{"a", "b"}
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { GenericMineBranch(l, names) }))
}

func TestPublishInLowLanes(t *testing.T) {
	s := &Shared{}
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { PublishInLowLanes(l, s) }))
}

func TestPublishThenBranch(t *testing.T) {
	s := &Shared{}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { PublishThenBranch(l, s) }))
	if s.X != 4 || s.Out != [8]int{4, 4, 4, 4} {
		t.Fatalf("shared %+v", s)
	}
}

func TestQueueFlushOwnItems(t *testing.T) {
	q := &vocab.Queue[int]{Items: []int{1, 2, 3, 4}}
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { QueueFlushOwnItems(l, q) }))
}

func TestQueueFlushWhenFull(t *testing.T) {
	q := &vocab.Queue[int]{Items: []int{1, 2, 3, 4}}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { QueueFlushWhenFull(l, q) }))
	if q.Done != 4 || len(q.Items) != 0 {
		t.Fatalf("queue %+v", q)
	}
}

func TestConcreteSyncerInBranch(t *testing.T) {
	wantDivergence(t, spmd.Run(4, ConcreteSyncerInBranch))
}

func TestNopSyncerInBranch(t *testing.T) {
	var passed int32
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { NopSyncerInBranch(l, &passed) }))
	if passed != 1 {
		t.Fatalf("passed = %d", passed)
	}
}

func TestVoteSyncerInBranch(t *testing.T) {
	wantDivergence(t, spmd.Run(4, VoteSyncerInBranch))
}

func TestMergeMethodValue(t *testing.T) {
	wantDivergence(t, spmd.Run(4, MergeMethodValue))
}

func TestMergeMethodValueAll(t *testing.T) {
	s := &Shared{}
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { MergeMethodValueAll(l, s) }))
	if s.Out != [8]int{1, 1, 1, 1} {
		t.Fatalf("out %v", s.Out)
	}
}

func TestDeferSyncInLeader(t *testing.T) {
	wantDivergence(t, spmd.Run(4, DeferSyncInLeader))
}

func TestDeferSyncUniformReturn(t *testing.T) {
	for _, n := range []int{0, 3} {
		s := &Shared{}
		wantNil(t, spmd.Run(4, func(l spmd.Lane) { DeferSyncUniformReturn(l, n, s) }))
		if s.Out[3] != n {
			t.Fatalf("n=%d out %v", n, s.Out)
		}
	}
}

func TestRecoverThenBarrier(t *testing.T) {
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { RecoverThenBarrier(l, 2) }))
}

func TestReduceThenCheck(t *testing.T) {
	in := []int{1, 2, -3, 4}
	out := make([]int, 4)
	wantNil(t, spmd.Run(4, func(l spmd.Lane) { ReduceThenCheck(l, in, out) }))
	if out[0] != 4 || out[1] != 4 || out[2] != -1 || out[3] != 4 {
		t.Fatalf("out %v", out)
	}
}
