package ambig

import (
	"math"
	"slices"
	"testing"
)

func TestPingPongFrozen(t *testing.T) {
	init := []float64{4, 0, 0, 8, 0, 0, 2}
	frozen := []bool{false, false, false, true, false, false, false}
	for _, steps := range []int{0, 1, 2, 5} {
		a := slices.Clone(init)
		b := make([]float64, len(a))
		if err := PingPongFrozen(a, b, frozen, steps); err != nil {
			t.Fatal(err)
		}
		want := slices.Clone(init)
		for range steps {
			next := slices.Clone(want)
			for i := 1; i < len(want)-1; i++ {
				if !frozen[i] {
					next[i] = 0.5 * (want[i-1] + want[i+1])
				}
			}
			want = next
		}
		got := a
		if steps%2 == 1 {
			got = b
		}
		if !slices.Equal(got, want) {
			t.Errorf("steps=%d: got %v, want %v", steps, got, want)
		}
	}
}

func TestRunningPeaks(t *testing.T) {
	x := []float64{1, -2, 3, 4, -1, 2, 0}
	sums, peaks, err := RunningPeaks(x, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{2, 5, 6, 5, 1}; !slices.Equal(sums, want) {
		t.Errorf("sums = %v, want %v", sums, want)
	}
	if want := []float64{4, 7, 6}; !slices.Equal(peaks, want) {
		t.Errorf("peaks = %v, want %v", peaks, want)
	}
}

func TestRelaxUntilFlag(t *testing.T) {
	u := []float64{0, 5, 0, 5, 0, 10}
	iters, err := RelaxUntilFlag(u, 1e-6, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if iters < 10 || iters >= 1000 {
		t.Errorf("iters = %d", iters)
	}
	for i := range u {
		if want := 2.0 * float64(i); math.Abs(u[i]-want) > 1e-4 {
			t.Errorf("u[%d] = %g, want %g", i, u[i], want)
		}
	}
}

func TestChecksums(t *testing.T) {
	x := []int{3, 1, 4, 1, 5}
	init := []int{0, 9, 0, 2}
	sums, total, err := Checksums(x, init)
	if err != nil {
		t.Fatal(err)
	}
	wantTotal := 0
	for i := range init {
		acc, k := 0, 0
		if i%2 == 1 {
			acc, k = init[i], 1
		} else {
			acc += x[0] * (i + 1)
			k = 1
		}
		acc = acc*31 + 7
		for ; k < len(x); k++ {
			acc += x[k] * (i + 1)
			acc = acc*31 + 7
		}
		if sums[i] != acc {
			t.Errorf("lane %d: %d, want %d", i, sums[i], acc)
		}
		wantTotal += acc
	}
	if total != wantTotal {
		t.Errorf("total = %d, want %d", total, wantTotal)
	}
}

func TestClaimSlots(t *testing.T) {
	free := []bool{false, true, false, false, true, false}
	got, err := ClaimSlots(free)
	if err != nil {
		t.Fatal(err)
	}
	// Lanes 0 and 1 want slot 1, lanes 2-4 want slot 4, lane 5 finds none (6).
	if want := []int{-1, 1, -1, -1, 4, 6}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestNewtonVote(t *testing.T) {
	a := []float64{2, 9, 0.25, 100}
	x, err := NewtonVote(a, 1e-12, 100)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if math.Abs(x[i]-math.Sqrt(a[i])) > 1e-9 {
			t.Errorf("sqrt(%g) = %g", a[i], x[i])
		}
	}
}
