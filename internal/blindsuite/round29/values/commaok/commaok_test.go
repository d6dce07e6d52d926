package commaok

import (
	"errors"
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

func closedChan(vals ...int) chan int {
	ch := make(chan int, len(vals))
	for _, v := range vals {
		ch <- v
	}
	close(ch)
	return ch
}

func openChan(vals ...int) chan int {
	ch := make(chan int, len(vals))
	for _, v := range vals {
		ch <- v
	}
	return ch
}

func TestWeightedSumByLane(t *testing.T) {
	data := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	_, err := WeightedSumByLane(data, map[int]float64{0: 1, 2: 0.5, 4: 2})
	wantDivergence(t, err)
}

func TestWeightedSumByName(t *testing.T) {
	data := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	got, err := WeightedSumByName(data, map[string]float64{"half": 0.5, "two": 2}, "two")
	wantNil(t, err)
	if got != 72 {
		t.Errorf("sum = %v, want 72", got)
	}
	got, err = WeightedSumByName(data, map[string]float64{"half": 0.5}, "missing")
	wantNil(t, err)
	if got != 0 {
		t.Errorf("missing weight: sum = %v, want 0", got)
	}
}

func TestTagAtOffset(t *testing.T) {
	_, err := TagAtOffset([]int{1, 1, 1, 1, 1, 1, 1, 1}, map[int]int{0: 5, 3: 7})
	wantDivergence(t, err)
}

func TestTagAtEnd(t *testing.T) {
	sizes := []int{1, 2, 3, 4}
	got, err := TagAtEnd(sizes, map[int]int{10: 3, 4: 100})
	wantNil(t, err)
	if got != 30 {
		t.Errorf("got %d, want 30", got)
	}
	got, err = TagAtEnd(sizes, map[int]int{4: 100})
	wantNil(t, err)
	if got != 0 {
		t.Errorf("no trailer: got %d, want 0", got)
	}
}

func TestSumFields(t *testing.T) {
	_, err := SumFields([]string{"1", "2", "x", "4"})
	wantDivergence(t, err)
}

func TestSumFieldsScaled(t *testing.T) {
	got, err := SumFieldsScaled([]string{"1", "2", "x", "4"}, "3")
	wantNil(t, err)
	if got != 21 {
		t.Errorf("got %d, want 21", got)
	}
	got, err = SumFieldsScaled([]string{"1", "2"}, "three")
	wantNil(t, err)
	if got != 0 {
		t.Errorf("bad scale: got %d, want 0", got)
	}
}

func TestCountHeavy(t *testing.T) {
	_, err := CountHeavy([]float64{10, 1, 1, 1, 1, 1, 1, 1})
	wantDivergence(t, err)
}

func TestLargestShare(t *testing.T) {
	w := []float64{4, 2, 1, 1}
	got, err := LargestShare(w, 5)
	wantNil(t, err)
	if got != 0.5 {
		t.Errorf("got %v, want 0.5", got)
	}
	got, err = LargestShare(w, 100)
	wantNil(t, err)
	if got != -1 {
		t.Errorf("below floor: got %v, want -1", got)
	}
}

func TestSumFloats(t *testing.T) {
	_, err := SumFloats([]any{1.5, 2, "x", 4.5})
	wantDivergence(t, err)
}

func TestSumScaledBy(t *testing.T) {
	vals := []float64{1, 2, 3, 4}
	got, err := SumScaledBy(vals, 0.5)
	wantNil(t, err)
	if got != 5 {
		t.Errorf("got %v, want 5", got)
	}
	got, err = SumScaledBy(vals, "half")
	wantNil(t, err)
	if got != 0 {
		t.Errorf("non-float option: got %v, want 0", got)
	}
}

func TestDrainOnce(t *testing.T) {
	_, err := DrainOnce(closedChan(5, 6, 7), 8)
	wantDivergence(t, err)
}

func TestDrainBatch(t *testing.T) {
	got, err := DrainBatch(closedChan(5, 6, 7), 8)
	wantNil(t, err)
	if got != 18 {
		t.Errorf("got %d, want 18", got)
	}
	got, err = DrainBatch(closedChan(), 8)
	wantNil(t, err)
	if got != 0 {
		t.Errorf("empty: got %d, want 0", got)
	}
}

func rotateScan(vals, steps []int) []int {
	n := len(vals)
	cur := append([]int(nil), vals...)
	for _, s := range steps {
		next := make([]int, n)
		for i := range n {
			next[i] = cur[i] + cur[(i+s)%n]
		}
		cur = next
	}
	return cur
}

func TestRunPhases(t *testing.T) {
	vals := []int{1, 2, 3, 4, 5, 6, 7, 8}
	steps := []int{1, 2, 4}
	got, err := RunPhases(vals, steps)
	wantNil(t, err)
	want := rotateScan(vals, steps)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

func TestRunLanePhases(t *testing.T) {
	_, err := RunLanePhases([]int{1, 2, 3, 4}, []int{1, 2, 3})
	wantDivergence(t, err)
}

func TestTakeJob(t *testing.T) {
	_, err := TakeJob(openChan(3, 4, 5), 8)
	wantDivergence(t, err)
}

func TestTakeJobAny(t *testing.T) {
	got, err := TakeJobAny(openChan(3, 4, 5), 8)
	wantNil(t, err)
	if got != 12 {
		t.Errorf("got %d, want 12", got)
	}
	got, err = TakeJobAny(openChan(), 8)
	wantNil(t, err)
	if got != 0 {
		t.Errorf("no jobs: got %d, want 0", got)
	}
}

func TestServePriority(t *testing.T) {
	_, _, err := ServePriority(openChan(9, 2), openChan(1, 2, 3), 8)
	wantDivergence(t, err)
}

func TestServePriorityAfter(t *testing.T) {
	m, s, err := ServePriorityAfter(openChan(9, 2), openChan(1, 2, 3), 8)
	wantNil(t, err)
	if m != 9 || s != 6 {
		t.Errorf("got max %d sum %d, want 9 and 6", m, s)
	}
}

func TestPollUntilClosed(t *testing.T) {
	_, err := PollUntilClosed(closedChan(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 4)
	wantDivergence(t, err)
}

func TestPollRounds(t *testing.T) {
	got, err := PollRounds(closedChan(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 4, 4)
	wantNil(t, err)
	if got != 55 {
		t.Errorf("got %d, want 55", got)
	}
}
