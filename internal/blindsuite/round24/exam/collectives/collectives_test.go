package collectives

import (
	"errors"
	"reflect"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func diverges(t *testing.T, lanes int, k func(spmd.Lane)) {
	t.Helper()
	err := spmd.Run(lanes, k)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want a DivergenceError, got %v", err)
	}
}

func runs(t *testing.T, lanes int, k func(spmd.Lane)) {
	t.Helper()
	if err := spmd.Run(lanes, k); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func same(t *testing.T, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func fill[T any](n int, v T) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func TestValid(t *testing.T) {
	data := []int{3, -1, 4, 1, 5, 9, 2, 6}
	fd := []float64{3, 1, 4, 1, 5, 9, 2, 6}
	n := 5
	buf := append([]int(nil), data...)
	diverges(t, 8, func(l spmd.Lane) { SyncValidBug(l, buf, n) })
	buf = append([]int(nil), data...)
	runs(t, 8, func(l spmd.Lane) { SyncValid(l, buf, n) })
	same(t, buf, []int{6, 4, 14, 8, 16, 9, 2, 6})

	ob := make([]bool, 8)
	diverges(t, 8, func(l spmd.Lane) { AnyValidBug(l, data, n, ob) })
	runs(t, 8, func(l spmd.Lane) { AnyValid(l, data, n, ob) })
	same(t, ob, fill(8, true))
	diverges(t, 8, func(l spmd.Lane) { AllValidBug(l, data, n, ob) })
	runs(t, 8, func(l spmd.Lane) { AllValid(l, data, n, ob) })
	same(t, ob, fill(8, false))

	ou := make([]uint64, 8)
	diverges(t, 8, func(l spmd.Lane) { BallotValidBug(l, data, n, ou) })
	runs(t, 8, func(l spmd.Lane) { BallotValid(l, data, n, ou) })
	same(t, ou, fill(8, uint64(0x1f)))

	of := make([]float64, 8)
	diverges(t, 8, func(l spmd.Lane) { SumValidBug(l, fd, n, of) })
	runs(t, 8, func(l spmd.Lane) { SumValid(l, fd, n, of) })
	same(t, of, fill(8, 14.0))

	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { MinValidBug(l, data, n, out) })
	runs(t, 8, func(l spmd.Lane) { MinValid(l, data, n, out) })
	same(t, out, fill(8, -1))
	diverges(t, 8, func(l spmd.Lane) { MaxValidBug(l, data, n, out) })
	runs(t, 8, func(l spmd.Lane) { MaxValid(l, data, n, out) })
	same(t, out, fill(8, 5))

	out = make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { PivotValidBug(l, data, n, out) })
	out = make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { PivotValid(l, data, n, out) })
	same(t, out, []int{4, 4, 4, 4, 4, 0, 0, 0})
	out = make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { LeaderValidBug(l, data, n, out) })
	out = make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { LeaderValid(l, data, n, out) })
	same(t, out, []int{3, 3, 3, 3, 3, 0, 0, 0})
	out = make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { ShiftValidBug(l, data, n, out) })
	out = make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { ShiftValid(l, data, n, out) })
	same(t, out, []int{-1, 4, 1, 5, 9, 0, 0, 0})
	out = make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { ButterflyValidBug(l, data, n, out) })
	out = make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { ButterflyValid(l, data, n, out) })
	same(t, out, []int{-1, 3, 1, 4, 9, 0, 0, 0})
	out = make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { ScanValidBug(l, data, n, out) })
	runs(t, 8, func(l spmd.Lane) { ScanValid(l, data, n, out) })
	same(t, out, []int{3, 2, 6, 7, 12, 12, 12, 12})
	out = make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { CompactValidBug(l, []int{1, 0, 2, 3, 0, 4, 5, 6}, n, out) })
	out = make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { CompactValid(l, []int{1, 0, 2, 3, 0, 4, 5, 6}, n, out) })
	same(t, out, []int{1, 2, 3, 0, 0, 0, 0, 0})
}

func TestCutting(t *testing.T) {
	data := []int{3, -1, 4, 1, 5, 9, 2, 6}
	d := append([]int(nil), data...)
	runs(t, 8, func(l spmd.Lane) { FixNegatives(l, d) })
	same(t, d, []int{3, 0, 4, 1, 5, 9, 2, 6})
	d = append([]int(nil), data...)
	diverges(t, 8, func(l spmd.Lane) { FixNegativesBug(l, d) })

	out := make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { AllDone(l, fill(8, true), out) })
	same(t, out, fill(8, 8))
	done := []bool{true, false, true, true, true, true, true, true}
	diverges(t, 8, func(l spmd.Lane) { PartnerDoneBug(l, done, out) })
	runs(t, 8, func(l spmd.Lane) { ActiveMask(l, done, out) })
	same(t, out, fill(8, 8))
	diverges(t, 8, func(l spmd.Lane) { ActiveMaskBug(l, done, out) })

	runs(t, 8, func(l spmd.Lane) { RangeCheck(l, data, out) })
	same(t, out, fill(8, 3))
	diverges(t, 8, func(l spmd.Lane) { RangeCheckBug(l, data, out) })
	runs(t, 8, func(l spmd.Lane) { LeaderDecides(l, data, out) })
	same(t, out, fill(8, 29))
	runs(t, 8, func(l spmd.Lane) { PivotDecides(l, data, 2, out) })
	same(t, out, fill(8, 29))
	diverges(t, 8, func(l spmd.Lane) { PivotDecidesBug(l, data, out) })
	diverges(t, 8, func(l spmd.Lane) { PrefixGateBug(l, data, out) })
	runs(t, 8, func(l spmd.Lane) { PrefixGate(l, data, out) })
	same(t, out, []int{1, 2, 3, 4, 5, 6, 7, 8})
	sizes := []int{2, 2, 2, 2, 2, 2, 2, 2}
	diverges(t, 8, func(l spmd.Lane) { RoomBug(l, sizes, 9, out) })
	runs(t, 8, func(l spmd.Lane) { Room(l, sizes, 16, out) })
	same(t, out, []int{0, 2, 4, 6, 8, 10, 12, 14})
}

func TestHelpers(t *testing.T) {
	data := []int{3, -1, 4, 1, 5, 9, 2, 6}
	buf := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { PublishPositiveBug(l, data, buf) })
	runs(t, 8, func(l spmd.Lane) { PublishPositive(l, data, buf) })
	same(t, buf, []int{3, 0, 4, 1, 5, 9, 2, 6})
	out := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { RingBug(l, data, buf, out) })
	runs(t, 8, func(l spmd.Lane) { Ring(l, data, buf, out) })
	same(t, out, []int{0, 4, 0, 5, 0, 2, 0, 3})
	out = make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { NeighborIndex(l, out) })
	same(t, out, []int{1, 0, 3, 0, 5, 0, 7, 0})

	diverges(t, 8, func(l spmd.Lane) { FenceQuarterBug(l, buf) })
	buf = make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { FenceQuarter(l, buf) })
	same(t, buf, []int{0, 0, 0, 0, 4, 0, 0, 0})
	ob := make([]bool, 8)
	diverges(t, 8, func(l spmd.Lane) { VoteOddBug(l, data, ob) })
	runs(t, 8, func(l spmd.Lane) { VoteOdd(l, data, ob) })
	same(t, ob, fill(8, true))

	load := []int{1, 2, 3, 4, 20, 6, 7, 8}
	runs(t, 8, func(l spmd.Lane) { Rebalance(l, load, out) })
	same(t, out, fill(8, 51))
	diverges(t, 8, func(l spmd.Lane) { RebalanceBug(l, load, out) })
	fd := []float64{2, -2, 2, 2, 2, 2, 2, 2}
	of := make([]float64, 8)
	runs(t, 8, func(l spmd.Lane) { SplitAt(l, fd, 2, of) })
	same(t, of, fill(8, 6.0))
	diverges(t, 8, func(l spmd.Lane) { SplitAtBug(l, fd, of) })
}

func TestKernelsAndGenerics(t *testing.T) {
	rows := [][]float64{fill(8, 1.0), {1, 1, 0, 1, 1, 1, 1, 1}}
	diverges(t, 8, func(l spmd.Lane) { BatchBug(l, rows) })
	rows = [][]float64{fill(8, 1.0), {0, 1, 1, 1, 1, 1, 1, 1}}
	runs(t, 8, func(l spmd.Lane) { Batch(l, rows) })
	same(t, rows, [][]float64{fill(8, 0.125), {0, 1, 1, 1, 1, 1, 1, 1}})
	fd := fill(8, 1.0)
	diverges(t, 8, func(l spmd.Lane) { ScaleHalfBug(l, fd) })
	fd = fill(8, 1.0)
	runs(t, 8, func(l spmd.Lane) { ScaleHalf(l, fd, true) })
	same(t, fd, fill(8, 2.0))

	counts := fill(8, 1)
	weights := fill(8, 0.5)
	scores := fill(8, float32(2))
	of := make([]float64, 8)
	diverges(t, 8, func(l spmd.Lane) { StatsBug(l, counts, weights, scores, 4, of) })
	of = make([]float64, 8)
	runs(t, 8, func(l spmd.Lane) { Stats(l, counts, weights, scores, 4, of) })
	same(t, of, []float64{28, 28, 28, 28, 0, 0, 0, 0})
	d64 := []int64{1, 0, 2, 3, 4, 5, 6, 7}
	o64 := make([]int64, 8)
	diverges(t, 8, func(l spmd.Lane) { FlushBug(l, d64, o64) })
	runs(t, 8, func(l spmd.Lane) { Flush(l, d64, o64) })
	same(t, o64, fill(8, int64(28)))
}

func TestLibrary(t *testing.T) {
	data := []int{3, 0, 4, 1, 5, 9, 2, 6}
	buf := make([]int, 8)
	diverges(t, 8, func(l spmd.Lane) { LibStageBug(l, data, buf) })
	runs(t, 8, func(l spmd.Lane) { LibStage(l, data, buf) })
	diverges(t, 8, func(l spmd.Lane) { LibSyncBug(l, data, buf) })
	runs(t, 8, func(l spmd.Lane) { LibSync(l, data, buf) })
	same(t, buf, data)
	ob := make([]bool, 8)
	diverges(t, 8, func(l spmd.Lane) { LibMajorityBug(l, data, ob) })
	out := make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { LibMajority(l, data, out) })
	same(t, out, fill(8, 8))
	runs(t, 8, func(l spmd.Lane) { LibCounts(l, data, out) })
	same(t, out, fill(8, 9))
	diverges(t, 8, func(l spmd.Lane) { LibCountsBug(l, data, out) })
	fd := []float64{1, -1, 1, 1, 1, 1, 1, 1}
	of := make([]float64, 8)
	runs(t, 8, func(l spmd.Lane) { LibFromLane(l, fd, 0, of) })
	same(t, of, fill(8, 6.0))
	diverges(t, 8, func(l spmd.Lane) { LibFromLaneBug(l, fd, of) })
	diverges(t, 8, func(l spmd.Lane) { LibRankBug(l, buf) })
	runs(t, 8, func(l spmd.Lane) { LibRank(l, buf) })
	diverges(t, 8, func(l spmd.Lane) { LibCoordsBug(l, out) })
	out = make([]int, 8)
	runs(t, 8, func(l spmd.Lane) { LibCoords(l, out) })
	same(t, out, []int{4, 0, 0, 0, 4, 0, 0, 0})
	a := fill(8, 2)
	b := fill(8, float32(1.5))
	diverges(t, 8, func(l spmd.Lane) { LibGenericBug(l, a, b, 4, of) })
	of = make([]float64, 8)
	runs(t, 8, func(l spmd.Lane) { LibGeneric(l, a, b, 4, of) })
	same(t, of, []float64{28, 28, 28, 28, 0, 0, 0, 0})
	runs(t, 8, func(l spmd.Lane) { LibMean(l, a, fill(8, 3.0), of) })
	same(t, of, fill(8, 24.0))
	diverges(t, 8, func(l spmd.Lane) { LibOffsetBug(l, fill(8, 2), 9, out) })
	diverges(t, 8, func(l spmd.Lane) { LibRotateBug(l, data, out) })
	d := []int{3, 20, 4, 1, 50, 9, 2, 6}
	runs(t, 8, func(l spmd.Lane) { LibClamp(l, d, out) })
	same(t, out, fill(8, 45))
}

func TestApps(t *testing.T) {
	data := []float64{1, 2, 3, 4}
	if err := Normalize(data, 5); err != nil {
		t.Fatal(err)
	}
	same(t, data, []float64{0.1, 0.2, 0.3, 0.4})
	var de *spmd.DivergenceError
	if err := NormalizeBug([]float64{1, 2, 3, 4}, 2); !errors.As(err, &de) {
		t.Fatalf("want DivergenceError, got %v", err)
	}
	h, err := Histogram([]int{0, 1, 1, 2, 5, 4}, 3)
	if err != nil {
		t.Fatal(err)
	}
	same(t, h, []int{1, 3, 2})
	if _, err := HistogramBug([]int{0, 1, 1, 2, 5, 4}, 3); !errors.As(err, &de) {
		t.Fatalf("want DivergenceError, got %v", err)
	}
	data = []float64{1, 5, 2, 6}
	if err := ScaleAbove(data, 3, 10); err != nil {
		t.Fatal(err)
	}
	same(t, data, []float64{1, 50, 2, 60})
	if err := ScaleAboveBug([]float64{1, 5, 2, 6}, 3, 10); !errors.As(err, &de) {
		t.Fatalf("want DivergenceError, got %v", err)
	}
}
