package launch

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round30/generics/gen"
	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("got error %v, want a *spmd.DivergenceError", err)
	}
}

func wantNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func TestNormalize(t *testing.T) {
	in := []Volts{2, 0, -8, 4}
	err := gen.Launch(len(in), NormalizeBug[Volts], Vec[Volts]{in, make([]Volts, len(in))})
	wantDivergence(t, err)
	out := make([]Volts, len(in))
	err = gen.Launch(len(in), NormalizeOK[Volts], Vec[Volts]{in, out})
	wantNil(t, err)
	if want := []Volts{25, 0, -100, 50}; !slices.Equal(out, want) {
		t.Errorf("NormalizeOK[Volts] = %v, want %v", out, want)
	}
	ints := []int{5, 0, 10}
	iout := make([]int, 3)
	err = gen.Launch(3, NormalizeOK[int], Vec[int]{ints, iout})
	wantNil(t, err)
	if want := []int{50, 0, 100}; !slices.Equal(iout, want) {
		t.Errorf("NormalizeOK[int] = %v, want %v", iout, want)
	}
}

func TestSmooth(t *testing.T) {
	mk := func() []float64 { return []float64{0, 0, 8, 0, 0} }
	err := gen.Launch(5, SmoothDriverBug[float64], SmoothJob[float64]{mk(), []int{1, 1, 2, 1, 1}})
	wantDivergence(t, err)
	cells := mk()
	err = gen.Launch(5, SmoothDriverOK[float64], SmoothJob[float64]{cells, []int{2, 1, 2, 1, 1}})
	wantNil(t, err)
	want := mk()
	for range 2 {
		next := slices.Clone(want)
		for i := range want {
			next[i] = (want[max(i-1, 0)] + 2*want[i] + want[min(i+1, 4)]) / 4
		}
		want = next
	}
	if !slices.Equal(cells, want) {
		t.Errorf("SmoothDriverOK = %v, want %v", cells, want)
	}
	// SmoothK directly, with a uniform count.
	cells = mk()
	err = spmd.Run(5, func(l spmd.Lane) { SmoothK(l, cells, 2) })
	wantNil(t, err)
	if !slices.Equal(cells, want) {
		t.Errorf("SmoothK = %v, want %v", cells, want)
	}
}

func TestPositive(t *testing.T) {
	in := []Hits{3, -1, 4, 0}
	err := gen.Launch(4, PositiveTotalBug[Hits], Vec[Hits]{in, make([]Hits, 4)})
	wantDivergence(t, err)
	out := make([]Hits, 4)
	err = gen.Launch(4, PositiveDoubleOK[Hits], Vec[Hits]{in, out})
	wantNil(t, err)
	if want := []Hits{6, 0, 8, 0}; !slices.Equal(out, want) {
		t.Errorf("PositiveDoubleOK = %v, want %v", out, want)
	}
}

func TestRing(t *testing.T) {
	vals := []string{"a", "b", "c", "d"}
	err := gen.LaunchGroup(4, RingBug(vals, []int{1, 2, 1, 1}, make([]string, 4)))
	wantDivergence(t, err)
	out := make([]string, 4)
	err = gen.LaunchGroup(4, RingOK(vals, []int{2, 1, 1, 1}, out))
	wantNil(t, err)
	if want := []string{"c", "d", "a", "b"}; !slices.Equal(out, want) {
		t.Errorf("RingOK = %v, want %v", out, want)
	}
}

func TestCap(t *testing.T) {
	err := gen.Launch(4, CapBug[int], Buf[int]{In: []int{1, 1, 1, 1}, Out: make([]int, 4), Shared: make([]int, 4), Cap: 2})
	wantDivergence(t, err)
	b := Buf[int]{In: []int{4, 2, 6, 8}, Out: make([]int, 4), Shared: make([]int, 4), Cap: 10}
	err = gen.Launch(4, CapOK[int], b)
	wantNil(t, err)
	if want := []int{2, 1, 3, 4}; !slices.Equal(b.Out, want) || !slices.Equal(b.Shared, want) {
		t.Errorf("CapOK = %v / %v, want %v", b.Out, b.Shared, want)
	}
	fb := Buf[Volts]{In: []Volts{1, 2, 3, 4}, Out: make([]Volts, 4), Shared: make([]Volts, 4), Cap: 100}
	err = gen.Launch(4, CapOK[Volts], fb)
	wantNil(t, err)
	if !slices.Equal(fb.Out, fb.In) {
		t.Errorf("CapOK under capacity = %v, want %v", fb.Out, fb.In)
	}
}

func TestGroupSum(t *testing.T) {
	in := []float64{1.5, 0, 2.5}
	err := gen.Launch(3, GroupSumBug[float64], Vec[float64]{in, make([]float64, 3)})
	wantDivergence(t, err)
	out := make([]float64, 3)
	err = gen.Launch(3, GroupSumOK[float64], Vec[float64]{in, out})
	wantNil(t, err)
	if want := []float64{4, 0, 4}; !slices.Equal(out, want) {
		t.Errorf("GroupSumOK = %v, want %v", out, want)
	}
}

func TestTree(t *testing.T) {
	vals := []Hits{1, 2, 3, 4, 5, 6, 7, 8}
	var sum Hits
	err := gen.LaunchGroup(8, TreeBug(vals, &sum))
	wantDivergence(t, err)
	err = gen.LaunchGroup(8, TreeOK(vals, &sum))
	wantNil(t, err)
	if sum != 36 {
		t.Errorf("TreeOK = %v, want 36", sum)
	}
}

func TestRunningMax(t *testing.T) {
	in := []Hits{3, 1, 4, 1, 5, 9, 2, 6, 5, 3}
	err := gen.Launch(4, RunningMaxBug[Hits], Vec[Hits]{in, make([]Hits, len(in))})
	wantDivergence(t, err)
	out := make([]Hits, len(in))
	err = gen.Launch(4, RunningMaxOK[Hits], Vec[Hits]{in, out})
	wantNil(t, err)
	if want := []Hits{4, 4, 4, 4, 9, 9, 9, 9, 9, 9}; !slices.Equal(out, want) {
		t.Errorf("RunningMaxOK = %v, want %v", out, want)
	}
}

func TestTimeStep(t *testing.T) {
	bodies := []Ball{{V: 2}, {V: 10, Off: true}, {V: 4}}
	err := gen.Launch(3, TimeStepBug[Ball], Step[Ball]{bodies, make([]float64, 3)})
	wantDivergence(t, err)
	dt := make([]float64, 3)
	err = gen.Launch(3, TimeStepOK[Ball], Step[Ball]{bodies, dt})
	wantNil(t, err)
	if want := []float64{0.25, 0.25, 0.25}; !slices.Equal(dt, want) {
		t.Errorf("TimeStepOK = %v, want %v", dt, want)
	}
}
