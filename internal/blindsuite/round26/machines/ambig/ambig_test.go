package ambig

import (
	"slices"
	"testing"
)

func TestSmoothWarm(t *testing.T) {
	out := make([]int, 2)
	if err := SmoothWarm([]int{100, 300}, []bool{true, false}, 2, out); err != nil {
		t.Fatal(err)
	}
	t.Log(out)
}

func TestPadLengths(t *testing.T) {
	bufs := [][]byte{{0x81, 0x02}, {0x05, 0x00}, {0x80, 0x10}}
	for _, checked := range []bool{false, true} {
		out := make([]int, 4)
		if err := PadLengths(bufs, checked, 100, out); err != nil {
			t.Fatal(err)
		}
		want := []int{100, 5, 16, 102}
		if checked {
			want = []int{258, 5, 16, 260}
		}
		if !slices.Equal(out, want) {
			t.Fatalf("checked=%v: got %v want %v", checked, out, want)
		}
	}
}

func TestSteps(t *testing.T) {
	out := make([]int, 3)
	if err := Steps([][]int{{1, 0, 2}, {0, 0, 5}, {3, 3, 0}}, 3, out); err != nil {
		t.Fatal(err)
	}
	// sums at the top of step 3: acc = [1, 0, 6]
	if !slices.Equal(out, []int{7, 7, 7}) {
		t.Fatalf("got %v", out)
	}
}

func TestQueueEnds(t *testing.T) {
	out := make([]int, 1)
	if err := QueueEnds([][]int{{1, 2, 0, 4}, {0}, {7, 7, 7}}, 8, out); err != nil {
		t.Fatal(err)
	}
	if out[0] != 5 {
		t.Fatalf("got %v", out)
	}
}

func TestDivide(t *testing.T) {
	out := make([]int, 3)
	if err := Divide([]int{0, 100, 0}, []int{1, 2, 3}, out); err != nil {
		t.Fatal(err)
	}
	// sum 6 -> 100*1000/6+1 = 16667 each -> sum 50001
	if !slices.Equal(out, []int{50001, 50001, 50001}) {
		t.Fatalf("got %v", out)
	}
}
