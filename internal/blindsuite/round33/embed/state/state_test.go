package state

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var div *spmd.DivergenceError
	if !errors.As(err, &div) {
		t.Fatalf("%s: got error %v, want a *spmd.DivergenceError", name, err)
	}
	t.Logf("%s: %v", name, err)
}

func wantNil(t *testing.T, name string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestCompact(t *testing.T) {
	// lanes = 4: lane 1 sees -1, -5, 0 (never keeps anything).
	in := []float64{3, -1, 4, 1, 5, -5, 9, 2, 6, 0, 5, 3}
	out := make([]float64, len(in))
	var n int
	wantNil(t, "Compact", Compact(in, out, 4, &n))
	want := []float64{}
	for _, v := range in {
		if v > 0 {
			want = append(want, v)
		}
	}
	if !slices.Equal(out[:n], want) {
		t.Errorf("Compact = %v, want %v", out[:n], want)
	}
	wantDivergence(t, "CompactKeepers", CompactKeepers(in, make([]float64, len(in)), 4, &n))
}

func TestChunkMax(t *testing.T) {
	in := []float64{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7}
	lanes, chunk := 3, 2 // rounds of 6 items: 3 rounds, the last one partial
	maxes := make([]float64, 3)
	wantNil(t, "ChunkMax", ChunkMax(in, lanes, chunk, maxes))
	if want := []float64{9, 8, 9}; !slices.Equal(maxes, want) {
		t.Errorf("ChunkMax = %v, want %v", maxes, want)
	}
	wantDivergence(t, "ChunkMaxUntilEmpty", ChunkMaxUntilEmpty(in, lanes, chunk, make([]float64, 3)))
}

func TestStridedMax(t *testing.T) {
	in := []float64{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5}
	var m float64
	wantNil(t, "StridedMax", StridedMax(in, 4, &m))
	if m != 9 {
		t.Errorf("StridedMax = %g, want 9", m)
	}
	wantDivergence(t, "StridedMaxOwn", StridedMaxOwn(in, 4, &m))
}

func TestPositiveTotal(t *testing.T) {
	// 3 lanes x 4 values; lane 1 has no positive value.
	in := []float64{1, 2, 3, 4, -1, 0, -2, -3, 5, -6, 7, 8}
	var s float64
	wantNil(t, "PositiveTotal", PositiveTotal(in, 3, 4, 2, &s))
	if s != 30 {
		t.Errorf("PositiveTotal = %g, want 30", s)
	}
	wantDivergence(t, "PositiveTotalWhenFull", PositiveTotalWhenFull(in, 3, 4, 2, &s))
}

func TestDecay(t *testing.T) {
	for _, trace := range []bool{false, true} {
		buf := []float64{8, 4, 2, 16}
		var log []float64
		wantNil(t, "Decay", Decay(buf, 3, 0.5, trace, &log))
		if want := []float64{1, 0.5, 0.25, 2}; !slices.Equal(buf, want) {
			t.Errorf("Decay(trace=%v) buf = %v, want %v", trace, buf, want)
		}
		var wantLog []float64
		if trace {
			wantLog = []float64{8, 4, 2}
		}
		if !slices.Equal(log, wantLog) {
			t.Errorf("Decay(trace=%v) log = %v, want %v", trace, log, wantLog)
		}
	}
	var log []float64
	wantDivergence(t, "DecayLeaderTrace", DecayLeaderTrace([]float64{8, 4, 2, 16}, 3, 0.5, &log))
}

func TestGroupSum(t *testing.T) {
	in := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	for _, every := range []int{1, 3, 4, 5} {
		var s float64
		wantNil(t, "GroupSum", GroupSum(in, 4, 4, every, &s))
		if s != 136 {
			t.Errorf("GroupSum(every=%d) = %g, want 136", every, s)
		}
	}
	var s float64
	wantDivergence(t, "GroupSumWeighted", GroupSumWeighted(in, 4, 4, []int{0, 1, 0, 1}, &s))
}

func TestPrefixSums(t *testing.T) {
	for _, n := range []int{1, 5, 8, 13} {
		buf := make([]float64, n)
		want := make([]float64, n)
		s := 0.0
		for i := range buf {
			buf[i] = float64(i%4 + 1)
			s += buf[i]
			want[i] = s
		}
		wantNil(t, "PrefixSums", PrefixSums(buf))
		if !slices.Equal(buf, want) {
			t.Errorf("PrefixSums(%d) = %v, want %v", n, buf, want)
		}
	}
	wantDivergence(t, "PrefixSumsOwn", PrefixSumsOwn([]float64{1, 2, 3, 4, 5, 6}))
}

func TestCool(t *testing.T) {
	buf := []float64{8, 16, 4, 2}
	out := make([]float64, len(buf))
	wantNil(t, "Cool", Cool(buf, out, &Plan{Rounds: 2, Decay: 0.5}))
	if want := []float64{3, 2.5, 0.75, 0.5}; !slices.Equal(out, want) {
		t.Errorf("Cool = %v, want %v", out, want)
	}
	plans := []*Plan{{2, 0.5}, {2, 0.5}, {2, 0.5}, {1, 0.5}}
	wantDivergence(t, "CoolPerLane", CoolPerLane([]float64{8, 16, 4, 2}, make([]float64, 4), plans))
}

var _ = near
