package temporal

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
	t.Log(err)
}

func near(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-9*(1+math.Abs(b[i])) {
			return false
		}
	}
	return true
}

var collatzStarts = []int{1, 2, 3, 6, 7, 9, 27, 16}

func TestCollatzLong(t *testing.T) {
	steps, long, err := CollatzLong(collatzStarts, 10)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 1, 7, 8, 16, 19, 111, 4}; !slices.Equal(steps, want) || long != 3 {
		t.Errorf("got %v %d, want %v 3", steps, long, want)
	}
}

func TestCollatzLongGuarded(t *testing.T) {
	_, _, err := CollatzLongGuarded(collatzStarts, 10)
	wantDivergence(t, err)
}

func pack(strs []string, stride int) []byte {
	b := make([]byte, len(strs)*stride)
	for i, s := range strs {
		copy(b[i*stride:], s)
	}
	return b
}

var words = []string{"lane", "warp", "barrier", "go", "", "shuffle"}

func TestLengthProfile(t *testing.T) {
	lengths, prof, err := LengthProfile(pack(words, 8), 8)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{4, 4, 7, 2, 0, 7}; !slices.Equal(lengths, want) {
		t.Errorf("lengths = %v, want %v", lengths, want)
	}
	if want := []int{5, 5, 4, 4, 2, 2, 2}; !slices.Equal(prof, want) {
		t.Errorf("profile = %v, want %v", prof, want)
	}
}

func TestLengthProfileOwn(t *testing.T) {
	_, _, err := LengthProfileOwn(pack(words, 8), 8)
	wantDivergence(t, err)
}

// forest: {0,1,2,5} rooted at 0, {3,4} rooted at 3, {6,7} rooted at 7.
var parent = []int{0, 0, 1, 3, 3, 2, 7, 7}

func TestCleanFirstComponent(t *testing.T) {
	for _, tc := range []struct {
		dirty     []bool
		wantClean int
		wantDirty []bool
	}{
		// root 0 dirty: its component is cleaned.
		{[]bool{true, true, false, false, true, true, false, true},
			6, []bool{false, false, false, false, true, false, false, true}},
		// root 0 clean: nothing changes.
		{[]bool{false, true, false, true, true, true, false, true},
			3, []bool{false, true, false, true, true, true, false, true}},
	} {
		dirty := slices.Clone(tc.dirty)
		roots, clean, err := CleanFirstComponent(parent, dirty)
		if err != nil {
			t.Fatal(err)
		}
		if want := []int{0, 0, 0, 3, 3, 0, 7, 7}; !slices.Equal(roots, want) {
			t.Errorf("roots = %v, want %v", roots, want)
		}
		if clean != tc.wantClean || !slices.Equal(dirty, tc.wantDirty) {
			t.Errorf("got %d %v, want %d %v", clean, dirty, tc.wantClean, tc.wantDirty)
		}
	}
}

func TestCleanOwnComponent(t *testing.T) {
	dirty := []bool{true, true, false, false, true, true, false, false}
	_, _, err := CleanOwnComponent(parent, dirty)
	wantDivergence(t, err)
}

func smoothRef(u []float64, sweeps int) []float64 {
	u = slices.Clone(u)
	n := len(u)
	for range sweeps {
		next := slices.Clone(u)
		for i := 1; i < n-1; i++ {
			next[i] = (u[i-1] + u[i] + u[i+1]) / 3
		}
		u = next
	}
	return u
}

var (
	smoothU   = []float64{0, 9, 0, 3, 3, 0, 6, 1}
	smoothEst = []float64{0.1, 0.8, 0.3, 0.05, 0.4, 0.2, 0.9, 0.1}
)

func TestSmoothToEstimate(t *testing.T) {
	u := slices.Clone(smoothU)
	sweeps, err := SmoothToEstimate(u, smoothEst, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	if sweeps != 4 { // 0.9 -> 0.45 -> 0.225 -> 0.1125 -> 0.05625
		t.Errorf("sweeps = %d, want 4", sweeps)
	}
	if want := smoothRef(smoothU, 4); !near(u, want) {
		t.Errorf("u = %v, want %v", u, want)
	}
}

func TestSmoothToEstimateOwn(t *testing.T) {
	_, err := SmoothToEstimateOwn(slices.Clone(smoothU), smoothEst, 0.1)
	wantDivergence(t, err)
}

var sqrtIn = []float64{2, 9, 100, 0.25, 1e6, 7}

func TestNewtonSqrt(t *testing.T) {
	for _, tc := range []struct {
		guess    float64
		wantSlow bool
	}{{1, true}, {0, false}} {
		guess := make([]float64, len(sqrtIn))
		for i := range guess {
			guess[i] = tc.guess
			if tc.guess == 0 {
				guess[i] = math.Sqrt(sqrtIn[i]) * 1.01 // good guesses
			}
		}
		orig := slices.Clone(guess)
		roots, iters, checksum, err := NewtonSqrt(sqrtIn, guess, 1e-9, 5, 100)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for i, a := range sqrtIn {
			if math.Abs(roots[i]-math.Sqrt(a)) > 1e-9 {
				t.Errorf("sqrt(%g) = %g", a, roots[i])
			}
			sum += roots[i]
		}
		slow := iters > 5
		if slow != tc.wantSlow {
			t.Errorf("iters = %d, want slow=%v", iters, tc.wantSlow)
		}
		if slow && (math.Abs(checksum-sum) > 1e-9 || !near(guess, roots)) {
			t.Errorf("slow: checksum %g, want %g; guesses %v", checksum, sum, guess)
		}
		if !slow && (checksum != 0 || !slices.Equal(guess, orig)) {
			t.Errorf("fast: checksum %g, guesses %v", checksum, guess)
		}
	}
}

func TestNewtonSqrtLocal(t *testing.T) {
	guess := []float64{1, 3, 1, 0.5, 1, 1} // 9 and 0.25 start at their root
	_, _, _, err := NewtonSqrtLocal(sqrtIn, guess, 1e-9, 5, 100)
	wantDivergence(t, err)
}

var (
	advX0  = []float64{0, 1, 2, 3}
	advVel = []float64{1, -0.5, 2, 0.25}
	advH   = []float64{0.25, 0.5, 0.0625, 0.125}
)

func TestAdvect(t *testing.T) {
	pos, stiff, err := Advect(advX0, advVel, advH, 0.5, 3, 4)
	if err != nil {
		t.Fatal(err)
	}
	n := len(advX0)
	for step := range 3 {
		for i := range n {
			want := advX0[i] + advVel[i]*0.5*float64(step+1)
			if math.Abs(pos[step*n+i]-want) > 1e-12 {
				t.Errorf("step %d particle %d at %g, want %g", step, i, pos[step*n+i], want)
			}
		}
	}
	// sub-steps: 2, 1, 8, 4: only particle 2 has more than 4.
	if want := []int{1, 1, 1}; !slices.Equal(stiff, want) {
		t.Errorf("stiff = %v, want %v", stiff, want)
	}
}

func TestAdvectGuarded(t *testing.T) {
	_, _, err := AdvectGuarded(advX0, advVel, advH, 0.5, 3, 4)
	wantDivergence(t, err)
}

var (
	weights = []float64{0.5, 2, 1, 0.25}
	masks   = []bool{
		false, false, false, false, // mean 3.75/4
		true, false, true, false, // mean 2.25/2
		true, true, true, false, // mean 0.25
	}
)

func TestMaskedMean(t *testing.T) {
	got, err := MaskedMean(weights, masks)
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{3.75 / 4 / 2, 2.25 / 2 / 2, 0.25 / 2}; !near(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	got, err = MaskedMean([]float64{0.5, 1, 0.25, 0.25}, masks)
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{0.5, 0.625, 0.25}; !near(got, want) {
		t.Errorf("no rescale: got %v, want %v", got, want)
	}
}

func TestMaskedMeanByCount(t *testing.T) {
	_, err := MaskedMeanByCount(weights, masks)
	wantDivergence(t, err)
}

var (
	groupV  = []int{1, 2, 3, 4, 10, 20, 100, 1000}
	groupID = []int{0, 0, 0, 0, 1, 1, 2, 3}
)

func TestGroupSums(t *testing.T) {
	got, err := GroupSums(groupV, groupID)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{10, 10, 10, 10, 30, 30, 100, 1000}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestGroupSumsOwnWidth(t *testing.T) {
	_, err := GroupSumsOwnWidth(groupV, groupID)
	wantDivergence(t, err)
}

// grid4 is 5 rows of 4 columns.
var grid4 = []int{
	1, 2, 3, 4,
	5, 6, 7, 8,
	9, 10, 11, 12,
	13, 14, 15, 16,
	17, 18, 19, 20,
}

func TestColumnSumsFrom(t *testing.T) {
	for _, tc := range []struct {
		keys      []int
		wantStart int
	}{
		{[]int{11, 6, 20, 99}, 1},
		{[]int{99, 98, 97, 96}, 5},
	} {
		sums, start, err := ColumnSumsFrom(grid4, 5, tc.keys)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]int, 4)
		for i := range 4 {
			for s := tc.wantStart; s < 5; s++ {
				want[i] += grid4[s*4+(i+1)%4]
			}
		}
		if !slices.Equal(sums, want) || start != tc.wantStart {
			t.Errorf("keys %v: got %v from %d, want %v from %d", tc.keys, sums, start, want, tc.wantStart)
		}
	}
}

func TestColumnSumsFromOwnRow(t *testing.T) {
	_, err := ColumnSumsFromOwnRow(grid4, 5, []int{11, 6, 20, 99})
	wantDivergence(t, err)
}
