package ambig

import (
	"slices"
	"testing"
)

var data8 = []float64{3, -1, 4, 0, -5, 9, 2, 6}

func TestTallyPipeline(t *testing.T) {
	out, syncs, err := TallyPipeline(data8, 5)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(out, []float64{6, -2, 8, 0, -10, 0, 0, 0}) || !slices.Equal(syncs, []int{1, 1, 1, 1, 1, 0, 0, 0}) {
		t.Errorf("TallyPipeline = %v, %v", out, syncs)
	}
}

func TestTallyInterface(t *testing.T) {
	counts, err := TallyInterface(data8)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(counts, []int{1, 0, 1, 0, 0, 1, 1, 1}) {
		t.Errorf("TallyInterface = %v", counts)
	}
}

func TestPickedReceiver(t *testing.T) {
	out, err := PickedReceiver(data8)
	if err != nil {
		t.Fatal(err)
	}
	for i := range out {
		if out[i] != data8[i^1] {
			t.Errorf("PickedReceiver[%d] = %g", i, out[i])
		}
	}
}

func TestSharedQuiet(t *testing.T) {
	for _, q := range []bool{false, true} {
		out, err := SharedQuiet(data8, q)
		if err != nil {
			t.Fatal(err)
		}
		want := append(slices.Clone(data8[1:]), data8[0])
		if !slices.Equal(out, want) {
			t.Errorf("SharedQuiet(%v) = %v", q, out)
		}
	}
}

func TestScratchBothArms(t *testing.T) {
	shared, err := ScratchBothArms(data8, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{3, 1, 4, 0, 5, 9, 2, 6, 0, 0, 0, 0, 0, 0, 0, 0}
	if !slices.Equal(shared, want) {
		t.Errorf("ScratchBothArms = %v", shared)
	}
}
