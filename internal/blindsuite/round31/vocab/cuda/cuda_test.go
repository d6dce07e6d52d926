package cuda_test

import (
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/cuda"
)

// TestIntrinsics runs one kernel that uses every intrinsic of the binding
// with all threads taking part, and checks what each returns.
func TestIntrinsics(t *testing.T) {
	const grid, block = 2, 8
	shared := make([]float32, block)
	type result struct {
		idx, dim, bidx, gdim, gidx, lane int
		or                               bool
		count                            int
		sum, down, xor, idx3, bsum       float32
		max                              int
		ballot                           uint64
	}
	res := make([]result, grid*block)
	var counter int32
	olds := make([]int32, grid*block)
	err := cuda.Launch(grid, block, func(th cuda.Thread) {
		g := th.GlobalIdx()
		v := float32(th.ThreadIdx() + 1)
		r := result{
			idx:  th.ThreadIdx(),
			dim:  th.BlockDim(),
			bidx: th.BlockIdx(),
			gdim: th.GridDim(),
			gidx: g,
			lane: th.LaneID(),
		}
		th.SyncThreads()
		th.SyncWarp()
		r.or = th.SyncThreadsOr(th.ThreadIdx() == 3)
		r.count = th.SyncThreadsCount(th.ThreadIdx()%2 == 0)
		r.sum = th.WarpReduceSum(v)
		r.max = th.WarpReduceMax(th.ThreadIdx() * 10)
		r.down = th.ShflDown(v, 2)
		r.xor = th.ShflXor(v, 1)
		r.idx3 = th.ShflIdx(v, 3)
		r.ballot = th.BallotSync(th.ThreadIdx() >= 6)
		r.bsum = th.BlockReduceSum(shared, v)
		olds[g] = th.AtomicAdd(&counter, 1)
		res[g] = r
	})
	if err != nil {
		t.Fatal(err)
	}
	for g, r := range res {
		i := g % block
		want := result{
			idx: i, dim: block, bidx: g / block, gdim: grid, gidx: g, lane: i,
			or: true, count: block / 2, sum: 36, max: 70,
			xor:  float32(i ^ 1 + 1),
			idx3: 4, ballot: 0xC0, bsum: 36,
		}
		if i+2 >= block {
			want.down = float32(i + 1)
		} else {
			want.down = float32(i + 3)
		}
		if r != want {
			t.Errorf("thread %d: got %+v, want %+v", g, r, want)
		}
	}
	slices.Sort(olds)
	for k, o := range olds {
		if int(o) != k {
			t.Fatalf("atomic tickets %v", olds)
		}
	}
}

// TestPhases checks that Phases runs every phase in every thread.
func TestPhases(t *testing.T) {
	counts := make([]int, 4)
	err := cuda.Launch(1, 4, func(th cuda.Thread) {
		th.Phases(3, func(k int) { counts[th.ThreadIdx()] += k })
	})
	if err != nil || !slices.Equal(counts, []int{3, 3, 3, 3}) {
		t.Fatalf("Phases: %v, %v", counts, err)
	}
}
