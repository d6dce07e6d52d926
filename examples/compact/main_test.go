package main

import (
	"slices"
	"testing"
)

func TestPositive(t *testing.T) {
	for _, n := range []int{0, 1, 15, 16, 17, 100} {
		in := make([]int, n)
		want := []int{}
		for i := range in {
			in[i] = (i*7)%11 - 5
			if in[i] > 0 {
				want = append(want, in[i])
			}
		}
		got, err := Positive(in)
		if err != nil {
			t.Fatalf("Positive(%d values): %v", n, err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("Positive(%v) = %v, want %v", in, got, want)
		}
	}
}
