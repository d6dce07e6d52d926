package reduce

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/apps/gpu"
	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("diverged as expected: %v", err)
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*(1+math.Abs(b)) }

func TestSum(t *testing.T) {
	data := make([]float64, 100)
	for i := range data {
		data[i] = float64(i + 1)
	}
	var out float64
	smem := make([]float64, 8)
	if err := spmd.Run(8, func(l spmd.Lane) { Sum(l, data, smem, &out) }); err != nil {
		t.Fatal(err)
	}
	if out != 5050 {
		t.Fatalf("sum %v", out)
	}
	ints := []int{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5}
	var isum int
	ismem := make([]int, 7)
	if err := gpu.Launch(7, func(l spmd.Lane) { Sum(l, ints, ismem, &isum) }); err != nil {
		t.Fatal(err)
	}
	if isum != 44 {
		t.Fatalf("int sum %d", isum)
	}
}

func TestWarpSums(t *testing.T) {
	data := make([]float64, 20)
	for i := range data {
		data[i] = float64(i)
	}
	out := make([]float64, 3)
	if err := spmd.Run(8, func(l spmd.Lane) { WarpSums(l, data, out) }); err != nil {
		t.Fatal(err)
	}
	if out[0] != 28 || out[1] != 92 || out[2] != 16+17+18+19 {
		t.Fatalf("warp sums %v", out)
	}
}

func TestMaxAbs(t *testing.T) {
	data := []float32{1, -7, 3, 2, -1}
	var out float32
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { MaxAbs(l, data, &out) }))
}

func TestExclusiveScan(t *testing.T) {
	in := make([]int, 21)
	for i := range in {
		in[i] = i*i%7 + 1
	}
	out := make([]int, len(in))
	temp := make([]int, 8)
	if err := spmd.Run(4, func(l spmd.Lane) { ExclusiveScan(l, in, out, temp) }); err != nil {
		t.Fatal(err)
	}
	acc := 0
	for i, v := range in {
		if out[i] != acc {
			t.Fatalf("out[%d] = %d, want %d (%v)", i, out[i], acc, out)
		}
		acc += v
	}
}

func TestInclusiveScan(t *testing.T) {
	in := []int{1, 2, 3, 4, 5, 6, 7, 8}
	out, a, b := make([]int, 8), make([]int, 8), make([]int, 8)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { InclusiveScan(l, in, out, a, b) }))
}

func TestSoftmax(t *testing.T) {
	x := make([]float64, 13)
	for i := range x {
		x[i] = math.Sin(float64(i)) * 5
	}
	y := make([]float64, len(x))
	if err := spmd.Run(8, func(l spmd.Lane) { Softmax(l, x, y) }); err != nil {
		t.Fatal(err)
	}
	m := slices.Max(x)
	var s float64
	for _, v := range x {
		s += math.Exp(v - m)
	}
	for i, v := range x {
		if !near(y[i], math.Exp(v-m)/s, 1e-12) {
			t.Fatalf("y[%d] = %v", i, y[i])
		}
	}
}

func TestMaskedSoftmax(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	mask := []bool{true, true, false, true, true, true, false, true}
	y := make([]float64, 8)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { MaskedSoftmax(l, x, mask, y) }))
}

func histRef(data []byte, bins int) []int64 {
	h := make([]int64, bins)
	for _, b := range data {
		h[int(b)%bins]++
	}
	return h
}

func TestHistogram(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, 100)
	for i := range data {
		data[i] = byte(r.IntN(256))
	}
	local := make([]int32, 16)
	global := make([]int64, 16)
	if err := gpu.LaunchGrid(3, 8, func(th gpu.Thread) { Histogram(th, data, local, global) }); err != nil {
		t.Fatal(err)
	}
	if want := histRef(data, 16); !slices.Equal(global, want) {
		t.Fatalf("histogram %v, want %v", global, want)
	}
}

func TestHistogramTail(t *testing.T) {
	data := make([]byte, 20)
	for i := range data {
		data[i] = byte(i * 7)
	}
	local := make([]int32, 4)
	global := make([]int64, 4)
	wantDivergence(t, gpu.LaunchGrid(gpu.CeilDiv(len(data), 8), 8, func(th gpu.Thread) { HistogramTail(th, data, local, global) }))
}

func TestCompactPositive(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	in := make([]int, 50)
	for i := range in {
		in[i] = r.IntN(21) - 10
	}
	out := make([]int, len(in))
	var n int
	if err := spmd.Run(16, func(l spmd.Lane) { CompactPositive(l, in, out, &n) }); err != nil {
		t.Fatal(err)
	}
	var want []int
	for _, v := range in {
		if v > 0 {
			want = append(want, v)
		}
	}
	if n != len(want) || !slices.Equal(out[:n], want) {
		t.Fatalf("compact %v (%d), want %v", out[:n], n, want)
	}
}

func TestCompactNonZero(t *testing.T) {
	in := []float32{0, 1, 0, 2, 3, 0, 0, 4, 5, 0}
	out := make([]float32, len(in))
	var n int
	wantDivergence(t, spmd.Run(4, func(l spmd.Lane) { CompactNonZero(l, in, out, &n) }))
}

func TestRelax(t *testing.T) {
	u := make([]float64, 20)
	u[19] = 1
	scratch := make([]float64, 20)
	scratch[19] = 1
	var iters int
	if err := spmd.Run(8, func(l spmd.Lane) { Relax(l, u, scratch, 1e-10, 100000, &iters) }); err != nil {
		t.Fatal(err)
	}
	if iters == 0 || iters >= 100000 {
		t.Fatalf("iters %d", iters)
	}
	for i, v := range u {
		if math.Abs(v-float64(i)/19) > 1e-5 {
			t.Fatalf("u[%d] = %v after %d sweeps", i, v, iters)
		}
	}
}

func TestNewtonSqrt(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	guess := slices.Clone(x)
	active := make([]int, 50)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { NewtonSqrt(l, x, guess, active, 50) }))
}

func TestHasNegative(t *testing.T) {
	data := make([]float64, 13)
	for i := range data {
		data[i] = float64(i)
	}
	var found bool
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { HasNegative(l, data, &found) }))
}

func TestHasNegativeVote(t *testing.T) {
	data := make([]float64, 13)
	for i := range data {
		data[i] = float64(i)
	}
	var found bool
	if err := spmd.Run(8, func(l spmd.Lane) { HasNegativeVote(l, data, &found) }); err != nil || found {
		t.Fatalf("err %v found %v", err, found)
	}
	data[11] = -1
	if err := spmd.Run(8, func(l spmd.Lane) { HasNegativeVote(l, data, &found) }); err != nil || !found {
		t.Fatalf("err %v found %v", err, found)
	}
}

func TestVariance(t *testing.T) {
	data := make([]float64, 37)
	for i := range data {
		data[i] = math.Cos(float64(i)) * 3
	}
	out := make([]float64, 2)
	if err := spmd.Run(8, func(l spmd.Lane) { Variance(l, data, out) }); err != nil {
		t.Fatal(err)
	}
	var mu, v float64
	for _, x := range data {
		mu += x
	}
	mu /= float64(len(data))
	for _, x := range data {
		v += (x - mu) * (x - mu)
	}
	v /= float64(len(data))
	if !near(out[0], mu, 1e-9) || !near(out[1], v, 1e-9) {
		t.Fatalf("got %v, want %v %v", out, mu, v)
	}
}

func TestVarianceSkipIdle(t *testing.T) {
	data := []float64{1, 2, 3, 4, 5}
	out := make([]float64, 2)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { VarianceSkipIdle(l, data, out) }))
}

func TestCountAbove(t *testing.T) {
	data := []float64{0, 0, 9, 0, 0, 0, 0, 0, 0, 0}
	var out int
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { CountAbove(l, data, 5, &out) }))
}

func TestSumLastArriver(t *testing.T) {
	data := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9}
	tally := &Tally{Partial: make([]float64, 8)}
	var out float64
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { SumLastArriver(l, data, tally, &out) }))
}

func TestBudgetedScore(t *testing.T) {
	weights := map[string]float64{"a": 1, "b": 2, "c": 4, "d": 8, "e": 16, "f": 32, "g": 64, "h": 128}
	x := make([]float64, 16)
	score := make([]float64, 16)
	var err error
	for range 20 { // lanes iterate the map in random orders; retry the unlikely case they agree
		if err = spmd.Run(16, func(l spmd.Lane) { BudgetedScore(l, x, weights, 100, score) }); err != nil {
			break
		}
	}
	wantDivergence(t, err)
}

func TestChunkedDot(t *testing.T) {
	a, b := make([]float64, 21), make([]float64, 21)
	var want float64
	for i := range a {
		a[i], b[i] = float64(i), float64(2*i+1)
		want += a[i] * b[i]
	}
	sa, sb := make([]float64, 8), make([]float64, 8)
	var out float64
	if err := spmd.Run(8, func(l spmd.Lane) { ChunkedDot(l, a, b, sa, sb, &out) }); err != nil {
		t.Fatal(err)
	}
	if out != want {
		t.Fatalf("dot %v, want %v", out, want)
	}
}

func TestNormalizeFlush(t *testing.T) {
	data := make([]float64, 13)
	for i := range data {
		data[i] = float64(i + 1)
	}
	staged := make([]float64, 13)
	wantDivergence(t, spmd.Run(8, func(l spmd.Lane) { NormalizeFlush(l, data, staged) }))
}
