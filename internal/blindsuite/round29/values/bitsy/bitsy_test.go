package bitsy

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("got %v, want a *spmd.DivergenceError", err)
	}
}

func wantNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func TestPropagatePerLane(t *testing.T) {
	_, err := PropagatePerLane([]int{3, 9, 1, 4}, []int{1, 3, 2, 3}, 3)
	wantDivergence(t, err)
}

func TestPropagate(t *testing.T) {
	vals := []int{3, 9, 1, 4, 0, 2}
	got, err := Propagate(vals, 2, 5)
	wantNil(t, err)
	// after two hops lane i holds max(vals[i], vals[i+1], vals[i+2]).
	want := []int{9, 9, 4, 4, 3, 9}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	got, err = Propagate(vals, 0, 5)
	wantNil(t, err)
	if want := []int{9, 9, 4, 4, 2, 3}; !slices.Equal(got, want) {
		t.Errorf("one hop: got %v, want %v", got, want)
	}
}

func TestSumQueues(t *testing.T) {
	_, err := SumQueues([][]int{{1, 2}, {}, {3}, {4, 5, 6}})
	wantDivergence(t, err)
}

func TestSumQueuesChecked(t *testing.T) {
	work := [][]int{{1, 2}, {}, {3}, {4, 5, 6}}
	got, err := SumQueuesChecked(work, 4)
	wantNil(t, err)
	if got != 21 {
		t.Errorf("got %d, want 21", got)
	}
	got, err = SumQueuesChecked(work, 8)
	wantNil(t, err)
	if got != -1 {
		t.Errorf("mismatch: got %d, want -1", got)
	}
}

func TestLastOfScratch(t *testing.T) {
	scratch := [][]int{make([]int, 0, 4), make([]int, 0, 2), make([]int, 0, 8), make([]int, 0, 4)}
	_, err := LastOfScratch(scratch, 3)
	wantDivergence(t, err)
}

func TestLastOfPool(t *testing.T) {
	pool := make([]int, 12)
	got, err := LastOfPool(pool, 3, 4)
	wantNil(t, err)
	// each lane's last value is 2*i: 0+2+4+6.
	if got != 12 {
		t.Errorf("got %d, want 12", got)
	}
	if pool[5] != 2 || pool[11] != 6 {
		t.Errorf("pool = %v", pool)
	}
	got, err = LastOfPool(make([]int, 5), 3, 4)
	wantNil(t, err)
	if got != -1 {
		t.Errorf("small pool: got %d, want -1", got)
	}
}

func TestOwnedMax(t *testing.T) {
	_, err := OwnedMax([]int{0, 4, 8, 1, 5, 2, 3, 7}, 4)
	wantDivergence(t, err)
}

func TestScaledMax(t *testing.T) {
	got, err := ScaledMax([]int{1, -2, 3}, 4)
	wantNil(t, err)
	if want := []int{4, -2, 12}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestFullWindowSum(t *testing.T) {
	_, err := FullWindowSum([]float64{1, 2, 3, 4, 5, 6, 7}, 2, 4)
	wantDivergence(t, err)
}

func TestFilterSum(t *testing.T) {
	data := []float64{1, 2, 3, 4}
	got, err := FilterSum(data, []float64{1, 0, 0, 1, 99})
	wantNil(t, err)
	// each data value appears once per tap: (1+0+0+1)*10.
	if got != 20 {
		t.Errorf("got %v, want 20", got)
	}
	got, err = FilterSum(data, []float64{1, 1})
	wantNil(t, err)
	if got != -1 {
		t.Errorf("short filter: got %v, want -1", got)
	}
}

func TestZeroClassPerLane(t *testing.T) {
	// 2 lanes, 2 rounds; lane 1 never sees a key divisible by 4.
	keys := []int{
		0, 1, 2, 3 /* r0 lane 0 */, 1, 2, 3, 5, /* r0 lane 1 */
		4, 8, 1, 1 /* r1 lane 0 */, 1, 1, 1, 1, /* r1 lane 1 */
	}
	_, err := ZeroClassPerLane(keys, 2)
	wantDivergence(t, err)
}

func TestZeroClassWeighted(t *testing.T) {
	keys := []int{0, 4, 1, 2 /* round 0 */, 1, 2, 3, 5 /* round 1 */, 8, 1, 1, 1 /* round 2 */}
	got, err := ZeroClassWeighted(keys, []int{1, 2, 3}, 3)
	wantNil(t, err)
	if want := []int{12, 0, 6}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestDenseFlagBits(t *testing.T) {
	_, err := DenseFlagBits([]uint64{0xff, 0x1, 0xf0f, 0})
	wantDivergence(t, err)
}

func TestMajorityFlagBits(t *testing.T) {
	got, err := MajorityFlagBits([]uint64{0xff, 0x1, 0xf0f, 0})
	wantNil(t, err)
	if got != 8+1+8 {
		t.Errorf("got %d, want 17", got)
	}
	got, err = MajorityFlagBits([]uint64{0xfe, 0x1, 0xf0e, 0})
	wantNil(t, err)
	if got != -1 {
		t.Errorf("minority: got %d, want -1", got)
	}
}

func TestSumOwnVote(t *testing.T) {
	_, err := SumOwnVote([]int{3, -1, 4, -1, 5, 9, -2, 6})
	wantDivergence(t, err)
}

func TestSumIfLastVoted(t *testing.T) {
	got, err := SumIfLastVoted([]int{3, -1, 4, -1, 5, 9, -2, 6})
	wantNil(t, err)
	if got != 23 {
		t.Errorf("got %d, want 23", got)
	}
	got, err = SumIfLastVoted([]int{3, 1, -6})
	wantNil(t, err)
	if got != 0 {
		t.Errorf("last lane negative: got %d, want 0", got)
	}
}

func TestSumLowerVoters(t *testing.T) {
	_, err := SumLowerVoters([]int{3, -1, 4, -1, 5, 9, -2, 6})
	wantDivergence(t, err)
}

func TestSumVoters(t *testing.T) {
	got, err := SumVoters([]int{3, -1, 4, -1, 5, 9, -2, 6})
	wantNil(t, err)
	if got != 27 {
		t.Errorf("got %d, want 27", got)
	}
	got, err = SumVoters([]int{-3, -1})
	wantNil(t, err)
	if got != 0 {
		t.Errorf("no voters: got %d, want 0", got)
	}
}

func TestWeightByNeighbour(t *testing.T) {
	_, err := WeightByNeighbour([]int{3, -1, 4, 2})
	wantDivergence(t, err)
}

func TestWeightByLeader(t *testing.T) {
	got, err := WeightByLeader([]int{0, 2, -1, 4})
	wantNil(t, err)
	if got != 10 {
		t.Errorf("got %d, want 10", got)
	}
	got, err = WeightByLeader([]int{0, -2, 5})
	wantNil(t, err)
	if got != 0 {
		t.Errorf("negative leader: got %d, want 0", got)
	}
	got, err = WeightByLeader([]int{0, 0})
	wantNil(t, err)
	if got != 0 {
		t.Errorf("all zero: got %d, want 0", got)
	}
}

func TestLargestSpillPerLane(t *testing.T) {
	_, err := LargestSpillPerLane([]int{4, 4, 4, 4}, 10)
	wantDivergence(t, err)
}

func TestLargestWhenOver(t *testing.T) {
	got, err := LargestWhenOver([]int{4, 7, 2, 4}, 10)
	wantNil(t, err)
	if got != 7 {
		t.Errorf("got %d, want 7", got)
	}
	got, err = LargestWhenOver([]int{1, 2}, 10)
	wantNil(t, err)
	if got != 0 {
		t.Errorf("fits: got %d, want 0", got)
	}
}

func TestCompareExchange(t *testing.T) {
	_, _, err := CompareExchange([]int{5, 1, 2, 8})
	wantDivergence(t, err)
}

func TestCountBelowPivot(t *testing.T) {
	got, err := CountBelowPivot([]int{5, 1, 2, 8, 5, 3}, 10)
	wantNil(t, err)
	if got != 3 {
		t.Errorf("got %d, want 3", got)
	}
	got, err = CountBelowPivot([]int{50, 1}, 10)
	wantNil(t, err)
	if got != -1 {
		t.Errorf("pivot over limit: got %d, want -1", got)
	}
}
