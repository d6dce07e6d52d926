package reduce

import (
	"errors"
	"math"
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

func near(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func floats(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = float64((i*37)%19) - 7.5
	}
	return out
}

func TestMeanVar(t *testing.T) {
	for _, n := range []int{1, 40, 64, 100, 1000} {
		in := floats(n)
		var mu, v float64
		for _, x := range in {
			mu += x
		}
		mu /= float64(n)
		for _, x := range in {
			v += (x - mu) * (x - mu)
		}
		v /= float64(n)
		gm, gv, err := MeanVar(in)
		if err != nil {
			t.Fatalf("MeanVar(%d): %v", n, err)
		}
		if !near(gm, mu) || !near(gv, v) {
			t.Errorf("MeanVar(%d) = %g, %g, want %g, %g", n, gm, gv, mu, v)
		}
	}
	_, _, err := MeanVarBug(floats(100))
	wantDivergence(t, "MeanVarBug", err)
}

func TestSum(t *testing.T) {
	for _, n := range []int{0, 1, 40, 64, 65, 1000} {
		in := make([]int64, n)
		var want int64
		for i := range in {
			in[i] = int64(i*i%101) - 50
			want += in[i]
		}
		got, err := Sum(in)
		if err != nil || got != want {
			t.Errorf("Sum(%d) = %d, %v, want %d", n, got, err, want)
		}
	}
	in := make([]int64, 40)
	for i := range in {
		in[i] = int64(i)
	}
	_, err := SumBug(in)
	wantDivergence(t, "SumBug", err)
}

func TestSumLastWarp(t *testing.T) {
	for _, n := range []int{0, 3, 128, 300, 1025} {
		in := make([]float32, n)
		var want float32
		for i := range in {
			in[i] = float32(i%7 - 3)
			want += in[i]
		}
		got, err := SumLastWarp(in)
		if err != nil || got != want {
			t.Errorf("SumLastWarp(%d) = %g, %v, want %g", n, got, err, want)
		}
	}
	in := make([]float32, 300)
	for i := range in {
		in[i] = 1
	}
	_, err := SumLastWarpBug(in)
	wantDivergence(t, "SumLastWarpBug", err)
}

func TestChunkMax(t *testing.T) {
	for _, n := range []int{1, 64, 100, 257} {
		in := floats(n)
		got, err := ChunkMax(in)
		if err != nil {
			t.Fatalf("ChunkMax(%d): %v", n, err)
		}
		for c := range got {
			want := math.Inf(-1)
			for i := c * block; i < min(n, (c+1)*block); i++ {
				want = max(want, in[i])
			}
			if got[c] != want {
				t.Errorf("ChunkMax(%d)[%d] = %g, want %g", n, c, got[c], want)
			}
		}
	}
	_, err := ChunkMaxBug(floats(100))
	wantDivergence(t, "ChunkMaxBug", err)
}

func TestPrefixUntilSentinel(t *testing.T) {
	in := make([]int, 200)
	for i := range in {
		in[i] = i%9 + 1
	}
	in[90] = -1 // in the middle of the second round
	want := 0
	for _, v := range in[:90] {
		want += v
	}
	got, err := PrefixUntilSentinel(in)
	if err != nil || got != want {
		t.Errorf("PrefixUntilSentinel = %d, %v, want %d", got, err, want)
	}
	all := 0
	for _, v := range in[91:] {
		all += v
	}
	got, err = PrefixUntilSentinel(in[91:])
	if err != nil || got != all {
		t.Errorf("PrefixUntilSentinel(no sentinel) = %d, %v, want %d", got, err, all)
	}
	_, err = PrefixUntilSentinelBug(in)
	wantDivergence(t, "PrefixUntilSentinelBug", err)
}

func TestBlockFixedSum(t *testing.T) {
	in := make([]float64, 150)
	want := 0.0
	for i := range in {
		if i%5 != 0 {
			in[i] = float64(i*31%200-100) / 4
		}
		want += in[i]
	}
	got, err := BlockFixedSum(in)
	if err != nil || got != want {
		t.Errorf("BlockFixedSum = %g, %v, want %g", got, err, want)
	}
	_, err = BlockFixedSumBug(in)
	wantDivergence(t, "BlockFixedSumBug", err)
}

func TestCosine(t *testing.T) {
	n := 100
	a, b := floats(n), make([]float64, n)
	var dot, na, nb float64
	for i := range b {
		b[i] = float64(i%5) + 0.25
		dot += a[i] * b[i]
		na += a[i] * a[i]
		nb += b[i] * b[i]
	}
	want := dot / math.Sqrt(na*nb)
	got, err := Cosine(a, b)
	if err != nil || !near(got, want) {
		t.Errorf("Cosine = %g, %v, want %g", got, err, want)
	}
	_, err = CosineBug(a, b)
	wantDivergence(t, "CosineBug", err)
}

func TestArgMin(t *testing.T) {
	in := make([]int32, 150)
	for i := range in {
		in[i] = int32((i*53)%151) + 10
	}
	in[97] = 3
	in[120] = 3
	got, err := ArgMin(in)
	if err != nil || got != 97 {
		t.Errorf("ArgMin = %d, %v, want 97", got, err)
	}
	got, err = ArgMin(nil)
	if err != nil || got != -1 {
		t.Errorf("ArgMin(nil) = %d, %v, want -1", got, err)
	}
	_, err = ArgMinBug(in)
	wantDivergence(t, "ArgMinBug", err)
}
