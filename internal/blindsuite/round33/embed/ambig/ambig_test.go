package ambig

import (
	"errors"
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

// At run time the lanes of MixedStats wait at two different collectives.
func TestMixedStats(t *testing.T) {
	in := []float64{1, 2, 3, 4}
	wantDivergence(t, "MixedStats", MixedStats(in, make([]float64, len(in))))
}

// With no zero element every lane calls Sync and the kernel works; with a
// zero, the lanes calling Skip return while the others wait.
func TestPublishNonzero(t *testing.T) {
	in := []float64{1, 2, 3}
	buf := make([]float64, len(in))
	wantNil(t, "PublishNonzero (no zero)", PublishNonzero(in, buf))
	if want := []float64{2, 4, 6}; !slices.Equal(buf, want) {
		t.Errorf("PublishNonzero = %v, want %v", buf, want)
	}
	wantDivergence(t, "PublishNonzero", PublishNonzero([]float64{1, 0, 3}, make([]float64, 3)))
}

// The Go compiler copies the deferred call to each return of invert, so
// spmd.Run sees two different barrier sites when some element is zero.
func TestInvert(t *testing.T) {
	in := []float64{1, 2, 4}
	out := make([]float64, len(in))
	wantNil(t, "Invert (no zero)", Invert(in, out))
	if want := []float64{1, 0.5, 0.25}; !slices.Equal(out, want) {
		t.Errorf("Invert = %v, want %v", out, want)
	}
	wantDivergence(t, "Invert", Invert([]float64{1, 0, 4}, make([]float64, 3)))
}

func TestRowSync(t *testing.T) {
	in := []float64{1, 2, 3, 4, 5, 6, 7}
	for _, w := range []int{1, 3} {
		out := make([]float64, len(in))
		wantNil(t, "RowSync", RowSync(in, out, w))
		for i := range in {
			start := i - i%w
			s := 0.0
			for k := start; k < min(start+w, len(in)); k++ {
				s += in[k]
			}
			if out[i] != s {
				t.Errorf("RowSync(w=%d): out[%d] = %g, want %g", w, i, out[i], s)
			}
		}
	}
}

func TestColumnScan(t *testing.T) {
	w, rows := 3, 4
	in := make([]float64, w*rows)
	for i := range in {
		in[i] = float64(i + 1)
	}
	out := make([]float64, len(in))
	wantNil(t, "ColumnScan", ColumnScan(in, out, w, rows))
	for i := range in {
		want := 0.0
		for k := i % w; k <= i; k += w {
			want += in[k]
		}
		if out[i] != want {
			t.Errorf("ColumnScan: out[%d] = %g, want %g", i, out[i], want)
		}
	}
}

func TestHalfGroup(t *testing.T) {
	in := []float64{1, 2, 3, 4}
	out := make([]float64, len(in))
	wantNil(t, "HalfGroup (no extra lanes)", HalfGroup(in, out, 4))
	if want := []float64{2, 3, 4, 1}; !slices.Equal(out, want) {
		t.Errorf("HalfGroup = %v, want %v", out, want)
	}
	wantDivergence(t, "HalfGroup", HalfGroup(in, make([]float64, len(in)), 6))
}

func TestFenceStages(t *testing.T) {
	in := []float64{1, 2, 3, 4}
	out := make([]float64, len(in))
	wantNil(t, "FenceStages (all on)", FenceStages(in, out, []bool{true, true}))
	if want := []float64{2, 4, 6, 8}; !slices.Equal(out, want) {
		t.Errorf("FenceStages = %v, want %v", out, want)
	}
	wantDivergence(t, "FenceStages", FenceStages(in, make([]float64, len(in)), []bool{true, false}))
}
