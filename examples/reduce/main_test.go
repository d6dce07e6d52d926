package main

import "testing"

func TestSum(t *testing.T) {
	for _, n := range []int{0, 1, 7, 8, 9, 100, 1000} {
		data := make([]float64, n)
		want := 0.0
		for i := range data {
			data[i] = float64(i%13) - 4
			want += data[i]
		}
		got, err := Sum(data)
		if err != nil {
			t.Fatalf("Sum(%d values): %v", n, err)
		}
		if got != want {
			t.Errorf("Sum(%d values) = %g, want %g", n, got, want)
		}
	}
}
