package spmd

import "testing"

func TestFormatLanes(t *testing.T) {
	tests := []struct {
		lanes []int
		want  string
	}{
		{[]int{3}, "lane 3"},
		{[]int{0, 1}, "lanes [0 1]"},
		{[]int{0, 1, 2}, "lanes [0-2]"},
		{[]int{0, 2, 4}, "lanes [0 2 4]"},
		{[]int{0, 1, 3, 4, 5, 9}, "lanes [0 1 3-5 9]"},
		{[]int{1, 2, 3, 4, 6, 7}, "lanes [1-4 6 7]"},
	}
	for _, tt := range tests {
		if got := formatLanes(tt.lanes); got != tt.want {
			t.Errorf("formatLanes(%v) = %q, want %q", tt.lanes, got, tt.want)
		}
	}
}
