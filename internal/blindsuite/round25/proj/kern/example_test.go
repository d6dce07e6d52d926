package kern_test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round25/proj/internal/testutil"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round25/proj/kern"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestMain(m *testing.M) {
	// kernel(ok): a smoke test of the runtime before the tests run.
	var n int
	err := spmd.Run(4, func(l spmd.Lane) {
		s := spmd.ReduceAdd(l, 1)
		if l.Index() == 0 {
			n = s
		}
	})
	if err != nil || n != 4 {
		fmt.Println("spmd smoke test:", n, err)
		os.Exit(1)
	}
	// kernel(bug): the runtime must catch a lone barrier.
	err = spmd.Run(4, func(l spmd.Lane) {
		if l.Index() == 0 {
			l.Barrier() // EXPECT
		}
	})
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		fmt.Println("spmd divergence smoke test:", err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

func ExampleSum() {
	xs := []int{1, 2, 3, 4, 5}
	var total int
	err := spmd.Run(2, func(l spmd.Lane) {
		kern.Sum(l, xs, &total)
	})
	fmt.Println(total, err)
	// Output: 15 <nil>
}

func ExampleJob_Normalize() {
	j := &kern.Job{In: []float64{1, 1, 2}, Out: make([]float64, 3), Scale: 4}
	err := spmd.Run(3, j.Normalize)
	fmt.Println(j.Out, err)
	// Output: [1 1 2] <nil>
}

func Example_barrierUnderBranch() {
	// kernel(bug): only the low half of the group reaches the barrier.
	err := spmd.Run(4, func(l spmd.Lane) {
		if l.Index() < l.Count()/2 {
			l.Barrier() // EXPECT
		}
	})
	fmt.Println(testutil.IsDivergence(err))
	// Output: true
}

func Example_barrierAfterBranch() {
	// kernel(ok): the branch reconverges before the barrier.
	out := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) {
		if l.Index() < l.Count()/2 {
			out[l.Index()] = 1
		}
		l.Barrier()
		if l.Index() == 0 {
			out[0] += out[1] + out[2] + out[3]
		}
	})
	fmt.Println(out, err)
	// Output: [2 1 0 0] <nil>
}

func BenchmarkSum(b *testing.B) {
	xs := make([]float64, 1024)
	for i := range xs {
		xs[i] = 1
	}
	var got float64
	for b.Loop() {
		// kernel(ok): benchmark body with a per-lane partial sum.
		err := spmd.Run(8, func(l spmd.Lane) {
			var part float64
			for i := l.Index(); i < len(xs); i += l.Count() {
				part += xs[i]
			}
			s := spmd.ReduceAdd(l, part)
			if l.Index() == 0 {
				got = s
			}
		})
		if err != nil || got != 1024 {
			b.Fatal(got, err)
		}
	}
}

func BenchmarkSumEarly(b *testing.B) {
	xs := make([]float64, 700)
	for i := 0; i < b.N; i++ {
		// kernel(bug): lanes whose first element is out of range leave early.
		err := spmd.Run(8, func(l spmd.Lane) {
			start := l.Index() * 128
			if start >= len(xs) {
				return
			}
			var part float64
			for _, x := range xs[start:min(start+128, len(xs))] {
				part += x
			}
			spmd.ReduceAdd(l, part) // EXPECT
		})
		if !testutil.IsDivergence(err) {
			b.Fatal(err)
		}
	}
}

func BenchmarkSumClamped(b *testing.B) {
	xs := make([]float64, 1000)
	for i := 0; i < b.N; i++ {
		// kernel(ok): BenchmarkSumEarly with an empty range instead of a return.
		err := spmd.Run(8, func(l spmd.Lane) {
			start := min(l.Index()*128, len(xs))
			var part float64
			for _, x := range xs[start:min(start+128, len(xs))] {
				part += x
			}
			spmd.ReduceAdd(l, part)
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// go test does not run benchmarks; run each once here so that their
// kernels are confirmed too.
func TestBenchmarks(t *testing.T) {
	if err := flag.Set("test.benchtime", "50x"); err != nil {
		t.Fatal(err)
	}
	for name, bf := range map[string]func(*testing.B){
		"Sum": BenchmarkSum, "SumEarly": BenchmarkSumEarly, "SumClamped": BenchmarkSumClamped,
	} {
		if r := testing.Benchmark(bf); r.N == 0 {
			t.Errorf("benchmark %s failed", name)
		}
	}
}

func FuzzCut(f *testing.F) {
	f.Add(1)
	f.Add(3)
	f.Fuzz(func(t *testing.T, cut int) {
		// kernel(bug): the cut comes from the fuzzer, the test is per lane.
		err := spmd.Run(4, func(l spmd.Lane) {
			if l.Index() < cut {
				return
			}
			spmd.ReduceAdd(l, 1) // EXPECT
		})
		if cut > 0 && cut < 4 && !testutil.IsDivergence(err) {
			t.Fatalf("cut %d: %v", cut, err)
		}
	})
}

func FuzzCutUniform(f *testing.F) {
	f.Add(1)
	f.Add(5)
	f.Fuzz(func(t *testing.T, cut int) {
		var got int
		// kernel(ok): the cut is compared with the group size, not the lane.
		err := spmd.Run(4, func(l spmd.Lane) {
			if l.Count() < cut {
				return
			}
			s := spmd.ReduceAdd(l, 1)
			if l.Index() == 0 {
				got = s
			}
		})
		if err != nil || (cut <= 4 && got != 4) {
			t.Fatalf("cut %d: got %d, %v", cut, got, err)
		}
	})
}
