package chains

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("err = %v, want a *spmd.DivergenceError", err)
	}
}

func wantOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("err = %v, want nil", err)
	}
}

func TestTileSums(t *testing.T) {
	in := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	got, err := TileSums(in, 4)
	wantOK(t, err)
	if !slices.Equal(got, []float64{10, 26, 19}) {
		t.Errorf("TileSums = %v, want [10 26 19]", got)
	}
	_, err = TileSumsBug(in, 4)
	wantDivergence(t, err)
}

func TestStagedCopy(t *testing.T) {
	queues := [][]float64{{1, 2}, {}, {3}, {}, {4, 5, 6}, {}}
	got, err := StagedCopy(queues, make([]float64, 6))
	wantOK(t, err)
	if !slices.Equal(got, []float64{1, 2, 3, 4, 5, 6}) {
		t.Errorf("StagedCopy = %v", got)
	}
	got, err = StagedCopy(make([][]float64, 4), make([]float64, 0))
	wantOK(t, err)
	if len(got) != 0 {
		t.Errorf("StagedCopy(nothing) = %v", got)
	}
	_, err = StagedCopyBug(queues, make([]float64, 6))
	wantDivergence(t, err)
}

func TestCacheUpdate(t *testing.T) {
	cache := []float64{1, 2, 3, 4}
	got, err := CacheUpdate(cache, []float64{1, 20, 3, 40})
	wantOK(t, err)
	if !slices.Equal(got, []float64{20, 3, 40, 1}) {
		t.Errorf("CacheUpdate = %v", got)
	}
	_, err = CacheUpdateBug([]float64{1, 2, 3, 4}, []float64{1, 20, 3, 40})
	wantDivergence(t, err)
}

func TestHeadScale(t *testing.T) {
	src := []float64{2, 1, 3, 5}
	got, err := HeadScale(src)
	wantOK(t, err)
	if !slices.Equal(got, []float64{4, 2, 6, 10}) {
		t.Errorf("HeadScale = %v", got)
	}
	_, err = HeadScaleBug(src)
	wantDivergence(t, err)
}

func TestRotate(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5}
	got, err := Rotate(x, 8)
	wantOK(t, err)
	if !slices.Equal(got, []float64{2, 3, 4, 5, 1}) {
		t.Errorf("Rotate = %v", got)
	}
	_, err = RotateBug(x, 8)
	wantDivergence(t, err)
}

func TestMirror(t *testing.T) {
	src := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	got, err := Mirror(src, 4)
	wantOK(t, err)
	if !slices.Equal(got, src) {
		t.Errorf("Mirror = %v", got)
	}
	_, err = MirrorBug(src, 4)
	wantDivergence(t, err)
}

func TestNormalizeValid(t *testing.T) {
	got, err := NormalizeValid([]float64{1, 3, 4, 2})
	wantOK(t, err)
	if !slices.Equal(got, []float64{0.1, 0.3, 0.4, 0.2}) {
		t.Errorf("NormalizeValid = %v", got)
	}
	got, err = NormalizeValid([]float64{1, -3, 4, 2})
	wantOK(t, err)
	if !slices.Equal(got, []float64{0, 0, 0, 0}) {
		t.Errorf("NormalizeValid(invalid) = %v, want all zero (gave up)", got)
	}
	_, err = NormalizeValidBug([]float64{1, -3, 4, 2})
	wantDivergence(t, err)
}

func TestTranspose(t *testing.T) {
	src := []float64{
		1, 2, 3, 4, 5,
		6, 7, 8, 9, 10,
		11, 12, 13, 14, 15,
	}
	got, err := Transpose(src, 3, 5, 4)
	wantOK(t, err)
	want := []float64{1, 6, 11, 2, 7, 12, 3, 8, 13, 4, 9, 14, 5, 10, 15}
	if !slices.Equal(got, want) {
		t.Errorf("Transpose = %v, want %v", got, want)
	}
	_, err = TransposeBug(src, 3, 5, 4)
	wantDivergence(t, err)
}

func TestDenoise(t *testing.T) {
	sig := []float64{0, 3, 0, 3, 0}
	got, err := Denoise(sig, 1)
	wantOK(t, err)
	if !slices.Equal(got, []float64{0, 1, 2, 1, 0}) {
		t.Errorf("Denoise = %v", got)
	}
	_, err = DenoiseBug(sig, []bool{false, true, false, false, true})
	wantDivergence(t, err)
}

func TestCenter(t *testing.T) {
	x := []float64{1, 2, 3, 6}
	for _, rounds := range []int{1, 2} {
		got, err := Center(x, rounds)
		wantOK(t, err)
		want := []float64{-2, -1, 0, 3}
		for i := range want {
			if math.Abs(got[i]-want[i]) > 1e-12 {
				t.Errorf("Center(%d rounds) = %v, want %v", rounds, got, want)
				break
			}
		}
	}
	_, err := CenterBug(x, []int{1, 2, 1, 1})
	wantDivergence(t, err)
}

func TestRunningTotals(t *testing.T) {
	streams := [][]float64{{1, 2, 3}, {10}, {100, 200}}
	got, err := RunningTotals(streams)
	wantOK(t, err)
	if !slices.Equal(got, []float64{111, 202, 3}) {
		t.Errorf("RunningTotals = %v, want [111 202 3]", got)
	}
	_, err = RunningTotalsBug(streams)
	wantDivergence(t, err)
}
