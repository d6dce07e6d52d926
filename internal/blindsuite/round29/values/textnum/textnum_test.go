package textnum

import (
	"errors"
	"math"
	"math/cmplx"
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

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestVowelProfile(t *testing.T) {
	_, err := VowelProfile([]string{"banana", "kiwi", "fig", "apple"})
	wantDivergence(t, err)
}

func TestPatternProfile(t *testing.T) {
	got, err := PatternProfile([]string{"banana", "kiwi", "fig", "apple"}, "bin")
	wantNil(t, err)
	// b: banana; i: kiwi, fig; n: banana.
	if want := []int{1, 2, 1}; !equalInts(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestMatchCounts(t *testing.T) {
	_, err := MatchCounts("ab?d", []string{"abcd", "abxd", "zbcd", "abcz"})
	wantDivergence(t, err)
}

func TestMatchCountsWild(t *testing.T) {
	got, err := MatchCountsWild("ab?d", []string{"abcd", "abxd", "zbcd", "abcz"})
	wantNil(t, err)
	if want := []int{3, 4, -1, 3}; !equalInts(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestCountCapitalized(t *testing.T) {
	_, err := CountCapitalized([]string{"Ada", "bob", "Cy", "dee"})
	wantDivergence(t, err)
}

func TestCountWithInitial(t *testing.T) {
	names := []string{"Ada", "bob", "Cy", "Al"}
	got, err := CountWithInitial(names, "Alan")
	wantNil(t, err)
	if got != 2 {
		t.Errorf("got %d, want 2", got)
	}
	got, err = CountWithInitial(names, "alan")
	wantNil(t, err)
	if got != -1 {
		t.Errorf("lower-case initial: got %d, want -1", got)
	}
}

func TestPrefixedTotal(t *testing.T) {
	table := map[string]int{"x.ad": 1, "x.cy": 5}
	_, err := PrefixedTotal([]string{"ada", "bob", "cyd", "dee"}, table, "x.")
	wantDivergence(t, err)
}

func TestSectionTotal(t *testing.T) {
	table := map[string]int{"x.ad": 1, "x.cy": 5}
	names := []string{"ada", "bob", "cyd", "deed"}
	got, err := SectionTotal(names, table, "x.", "cycles")
	wantNil(t, err)
	if got != 65 {
		t.Errorf("got %d, want 65", got)
	}
	got, err = SectionTotal(names, table, "x.", "zz")
	wantNil(t, err)
	if got != 0 {
		t.Errorf("missing key: got %d, want 0", got)
	}
}

func TestCombinePerKey(t *testing.T) {
	_, err := CombinePerKey([]string{"SUM", "max", "Sum", "MAX"}, []float64{1, 2, 3, 4})
	wantDivergence(t, err)
}

func TestCombine(t *testing.T) {
	vals := []float64{1, 2, 3, 4}
	got, err := Combine("SuM", vals)
	wantNil(t, err)
	if got != 10 {
		t.Errorf("sum: got %v, want 10", got)
	}
	got, err = Combine("MAX", vals)
	wantNil(t, err)
	if got != 4 {
		t.Errorf("max: got %v, want 4", got)
	}
}

func TestSumAssignments(t *testing.T) {
	_, err := SumAssignments([]string{"a=1", "b=2", "junk", "d=4"})
	wantDivergence(t, err)
}

func TestSumInUnit(t *testing.T) {
	got, err := SumInUnit([]int{1, 2, 3, 4}, "mm=10")
	wantNil(t, err)
	if got != 100 {
		t.Errorf("got %d, want 100", got)
	}
	got, err = SumInUnit([]int{1, 2}, "mm")
	wantNil(t, err)
	if got != 0 {
		t.Errorf("bad spec: got %d, want 0", got)
	}
}

var points = []complex128{2, 0, -1, 0.5 + 0.5i, 1, -2, 0.25, 1i}

func escapeRef(c complex128, maxIter int) int {
	var z complex128
	for k := range maxIter {
		z = z*z + c
		if real(z)*real(z)+imag(z)*imag(z) > 4 {
			return k + 1
		}
	}
	return maxIter
}

func TestEscapeEarlyExit(t *testing.T) {
	_, err := EscapeEarlyExit(points, 50)
	wantDivergence(t, err)
}

func TestEscapeMasked(t *testing.T) {
	got, err := EscapeMasked(points, 50)
	wantNil(t, err)
	for i, c := range points {
		if want := escapeRef(c, 50); got[i] != want {
			t.Errorf("point %v: got %d, want %d", c, got[i], want)
		}
	}
	// All escape: the group stops early.
	got, err = EscapeMasked([]complex128{3, 2, -3}, 50)
	wantNil(t, err)
	if !equalInts(got, []int{1, 2, 1}) {
		t.Errorf("escaping points: got %v", got)
	}
}

var signal = []complex128{1, 2, 0, -1, 1i, 0.5, -2, 1}

func TestSpectrum(t *testing.T) {
	n := len(signal)
	bins, peaks, err := Spectrum(signal, 3)
	wantNil(t, err)
	for k := range n {
		var X complex128
		top := 0.0
		for j, v := range signal {
			p := v * cmplx.Rect(1, -2*math.Pi*float64(k*j)/float64(n))
			X += p
			top = max(top, cmplx.Abs(p))
		}
		if cmplx.Abs(bins[k]-X) > 1e-9 {
			t.Errorf("bin %d = %v, want %v", k, bins[k], X)
		}
		want := 0.0
		if cmplx.Abs(X) > 3 {
			want = top
		}
		if math.Abs(peaks[k]-want) > 1e-9 {
			t.Errorf("peak %d = %v, want %v", k, peaks[k], want)
		}
	}
}

func TestSpectrumPerTerm(t *testing.T) {
	_, _, err := SpectrumPerTerm(signal, 1.5)
	wantDivergence(t, err)
}
