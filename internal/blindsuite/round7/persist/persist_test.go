package persist

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestWorker(t *testing.T) {
	work := []int{1, 2, 3, 4, 5}
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) { Worker(l, work, out) })
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want divergence, got %v", err)
	}
	t.Log(err)
}

func TestWorkerAligned(t *testing.T) {
	work := []int{1, 2, 3, 4, 5}
	out := make([]int, 4)
	if err := spmd.Run(4, func(l spmd.Lane) { WorkerAligned(l, work, out) }); err != nil {
		t.Fatal(err)
	}
	// reference
	acc := make([]int, 4)
	var want int
	for round := 0; round < 3; round++ {
		want = 0
		for tid := 0; tid < 4; tid++ {
			if round > 0 || tid%2 == 0 {
				acc[tid] += work[(round*4+tid)%len(work)]
			}
			want += acc[tid]
		}
	}
	for i, v := range out {
		if v != want {
			t.Fatalf("out[%d] = %d want %d", i, v, want)
		}
	}
}
