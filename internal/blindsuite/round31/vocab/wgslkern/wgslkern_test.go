package wgslkern

import (
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/internal/check"
)

var wantDivergence = check.Divergence

func near(a, b float32) bool {
	return math.Abs(float64(a-b)) <= 1e-4*math.Max(1, math.Abs(float64(b)))
}

func seq(n int, f func(i int) float32) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

func TestBlur3(t *testing.T) {
	x := seq(20, func(i int) float32 { return float32(i * i % 7) })
	got, err := Blur3(x)
	if err != nil {
		t.Fatal(err)
	}
	for i := range x {
		want := (x[max(i-1, 0)] + x[i] + x[min(i+1, len(x)-1)]) / 3
		if !near(got[i], want) {
			t.Fatalf("Blur3[%d] = %g, want %g", i, got[i], want)
		}
	}
	_, err = Blur3HaloBarrier(x)
	wantDivergence(t, err)
}

func TestReverseTiles(t *testing.T) {
	in := make([]int32, 13)
	for i := range in {
		in[i] = int32(i)
	}
	got, err := ReverseTiles(in)
	want := []int32{7, 6, 5, 4, 3, 2, 1, 0, 12, 11, 10, 9, 8}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("ReverseTiles = %v, %v; want %v", got, err, want)
	}
	_, err = ReverseTilesEarlyReturn(in)
	wantDivergence(t, err)
}

func TestTileLighting(t *testing.T) {
	lights := []Light{
		{X: 5, Radius: 1, Intensity: 1},
		{X: 15, Radius: 2, Intensity: 2},
		{X: 25, Radius: 1, Intensity: 4},
		{X: 10, Radius: 1, Intensity: 8}, // touches tiles 0 and 1
		{X: 35, Radius: 1, Intensity: 16},
		{X: 100, Radius: 1, Intensity: 32},
		{X: 2, Radius: 0.5, Intensity: 64},
		{X: 28, Radius: 3, Intensity: 128},
	}
	got, err := TileLighting(lights, 3, 10)
	want := []float32{1 + 8 + 64, 2 + 8, 4 + 128}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("TileLighting = %v, %v; want %v", got, err, want)
	}
	_, err = TileLightingVisibleOnly(lights, 3, 10)
	wantDivergence(t, err)
}

func TestGroupSums(t *testing.T) {
	x := seq(19, func(i int) float32 { return float32(i) })
	got, err := GroupSums(x)
	if err != nil || !slices.Equal(got, []float32{28, 92, 16 + 17 + 18}) {
		t.Fatalf("GroupSums = %v, %v", got, err)
	}
	_, err = GroupSumsElectFirst(x)
	wantDivergence(t, err)
}

func TestCountBelowPivot(t *testing.T) {
	keys := []float32{5, 1, 9, -2, 7, 3, 8, 4}
	got, err := CountBelowPivot(keys, []uint32{0, 9, 9, 9, 9, 9, 9, 9})
	if err != nil || got != 4 { // 1, -2, 3, 4 are below 5
		t.Fatalf("CountBelowPivot = %g, %v; want 4", got, err)
	}
	sel := []uint32{0, 1, 2, 3, 4, 5, 6, 7} // lane 3 picks the negative key
	_, err = CountBelowOwnPivot(keys, sel)
	wantDivergence(t, err)
}

func TestReverseIfMarked(t *testing.T) {
	x := []float32{-1, 2, 3, 4, 5, 6, 7, 8}
	got, err := ReverseIfMarked(x)
	if err != nil || !slices.Equal(got, []float32{8, 7, 6, 5, 4, 3, 2, -1}) {
		t.Fatalf("ReverseIfMarked = %v, %v", got, err)
	}
	plain := []float32{1, 2, 3, 4, 5, 6, 7, 8}
	if got, err := ReverseIfMarked(plain); err != nil || !slices.Equal(got, plain) {
		t.Fatalf("ReverseIfMarked(plain) = %v, %v", got, err)
	}
	_, err = ReverseAfterMarker(x)
	wantDivergence(t, err)
}

func TestRefineIfFlagged(t *testing.T) {
	x := []float32{2, 4, 6, 8, 10, 12, 14, 16}
	got, err := RefineIfFlagged(3, x)
	if err != nil || !slices.Equal(got, []float32{3, 5, 7, 9, 11, 13, 15, 9}) {
		t.Fatalf("RefineIfFlagged = %v, %v", got, err)
	}
	if got, err := RefineIfFlagged(2, x); err != nil || !slices.Equal(got, x) {
		t.Fatalf("RefineIfFlagged(2) = %v, %v", got, err)
	}
	_, err = RefineIfFlaggedPrivate(3, x)
	wantDivergence(t, err)
}

func TestRaggedRounds(t *testing.T) {
	lens := []uint32{1, 3, 0, 2, 3, 1, 0, 2}
	got, err := RaggedRounds(lens)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]uint32, 3)
	for lid, n := range lens {
		for r := uint32(0); r < n; r++ {
			want[r] += uint32(lid)*100 + r
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("RaggedRounds = %v, want %v", got, want)
	}
	_, err = RaggedRoundsOwnLength(lens)
	wantDivergence(t, err)
}

func TestMarchRays(t *testing.T) {
	const steps = 6
	field := make([]float32, Size*steps)
	for ray := 0; ray < Size; ray++ {
		hitAt := ray % 4 // rays 0 and 4 hit at once, rays 3 and 7 at step 3
		if ray == 6 {
			hitAt = steps // never hits
		}
		for s := 0; s < steps; s++ {
			field[ray*steps+s] = float32(hitAt - s)
		}
	}
	hits, dist, err := MarchRays(field, steps, 1, 100)
	if err != nil || hits != 7 || dist != steps {
		t.Fatalf("MarchRays = %g, %g, %v; want 7, %d", hits, dist, err, steps)
	}
	_, _, err = MarchRaysOwnExit(field, steps, 1, 2.5)
	wantDivergence(t, err)
}

func TestClearCounters(t *testing.T) {
	counters := []uint32{5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
	seen, err := ClearCounters(counters, 3)
	if err != nil || !slices.Equal(seen, []uint32{0, 0, 0}) || slices.Max(counters) != 0 {
		t.Fatalf("ClearCounters = %v, %v (counters %v)", seen, err, counters)
	}
	counters = []uint32{5, 6, 7}
	_, err = ClearCountersFirstInvocation(counters, 3)
	wantDivergence(t, err)
}

func TestSubgroupSums(t *testing.T) {
	x := seq(Size, func(i int) float32 { return float32(i + 1) })
	if got, err := SubgroupOrTileSum(x); err != nil || got != 36 {
		t.Fatalf("SubgroupOrTileSum = %g, %v; want 36", got, err)
	}
	if got, err := HalfSubgroupAddMasked(x); err != nil || got != 36 {
		t.Fatalf("HalfSubgroupAddMasked = %g, %v; want 36", got, err)
	}
	_, err := HalfSubgroupAdd(x)
	wantDivergence(t, err)
}

func TestSmooth(t *testing.T) {
	x := seq(Size, func(i int) float32 { return float32(i * 8) })
	passes := []uint32{0, 1, 2, 0, 1, 0, 0, 1}
	got, err := Smooth(x, passes)
	if err != nil {
		t.Fatal(err)
	}
	ref := slices.Clone(x)
	for range 2 {
		next := make([]float32, Size)
		for i := range ref {
			next[i] = (ref[i] + ref[(i+1)%Size]) / 2
		}
		ref = next
	}
	if !slices.Equal(got, ref) {
		t.Errorf("Smooth = %v, want %v", got, ref)
	}
	_, err = SmoothOwnPasses(x, passes)
	wantDivergence(t, err)
}

func TestScaleRotate(t *testing.T) {
	x := seq(Size, func(i int) float32 { return float32(i) })
	f := seq(Size, func(i int) float32 { return float32(i % 3) })
	got, err := ScaleRotate(x, f)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		j := (i + Size - 1) % Size
		if got[i] != x[j]*f[j] {
			t.Fatalf("ScaleRotate = %v", got)
		}
	}
}

func TestTileMeans(t *testing.T) {
	x := seq(20, func(i int) float32 { return float32(i) })
	got, err := TileMeans(x)
	if err != nil || !slices.Equal(got, []float32{3.5, 11.5, 17.5}) {
		t.Fatalf("TileMeans = %v, %v", got, err)
	}
	_, err = TileMeansStrided(x)
	wantDivergence(t, err)
}

func TestCopyUntilSentinel(t *testing.T) {
	x := seq(24, func(i int) float32 { return float32(i + 1) })
	x[10] = -1 // in the second tile
	got, err := CopyUntilSentinel(x)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]float32, 24)
	for i := 0; i < 16; i++ {
		if i != 10 {
			want[i] = x[i]
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("CopyUntilSentinel = %v, want %v", got, want)
	}
	_, err = CopyUntilSentinelOwnStop(x)
	wantDivergence(t, err)
}

func TestRotateTiles(t *testing.T) {
	x := seq(20, func(i int) float32 { return float32(i) })
	got, err := RotateTiles(x)
	want := []float32{1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, 17, 18, 19, 16}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("RotateTiles = %v, %v; want %v", got, err, want)
	}
	_, err = RotateStrided(x)
	wantDivergence(t, err)
}

func TestSaxpy(t *testing.T) {
	x := seq(19, func(i int) float32 { return float32(i) })
	y := seq(19, func(int) float32 { return 1 })
	if err := Saxpy(2, x, y); err != nil || y[18] != 37 || y[0] != 1 {
		t.Fatalf("Saxpy: y = %v, %v", y, err)
	}
}
