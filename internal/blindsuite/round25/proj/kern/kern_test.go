package kern

import (
	"errors"
	"math"
	"sync/atomic"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round25/proj/internal/testutil"
	"github.com/spmdvet/spmdvet/spmd"
)

// run launches k; it has no //spmd: directive.
func run(t *testing.T, n int, k func(spmd.Lane)) error {
	t.Helper()
	return spmd.Run(n, k)
}

// wantOK is a helper that calls a helper.
func wantOK(t *testing.T, n int, k func(spmd.Lane)) {
	t.Helper()
	if err := run(t, n, k); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func wantDiverge(t *testing.T, n int, k func(spmd.Lane)) {
	t.Helper()
	err := run(t, n, k)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("got %v, want a *spmd.DivergenceError", err)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestJob(t *testing.T) {
	j := &Job{In: []float64{1, 2, 3, 4}, Out: make([]float64, 4), Scale: 10}
	wantOK(t, 4, j.Normalize)
	if !near(j.Out[3], 4) {
		t.Fatalf("Normalize: %v", j.Out)
	}
	j = &Job{In: []float64{1, 0, 3, 4}, Out: make([]float64, 4), Scale: 8}
	wantDiverge(t, 4, j.NormalizeSkipZero)
	wantOK(t, 4, j.NormalizeZeroSafe)
	if !near(j.Out[0], 1) || j.Out[1] != 0 {
		t.Fatalf("NormalizeZeroSafe: %v", j.Out)
	}
	j = &Job{In: []float64{0, 0, 6, 0}, Out: make([]float64, 4), Steps: 1}
	wantOK(t, 4, j.Relax)
	if !near(j.Out[1], 2) || !near(j.Out[2], 2) || !near(j.Out[3], 2) || j.Out[0] != 0 {
		t.Fatalf("Relax: %v", j.Out)
	}
	j = &Job{In: []float64{0, 0, 6, 0}, Out: make([]float64, 4), Steps: 1}
	wantDiverge(t, 4, j.RelaxOdd)
}

func TestSumGeneric(t *testing.T) {
	xs := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	var got int
	wantOK(t, 4, func(l spmd.Lane) { Sum(l, xs, &got) })
	if got != 55 {
		t.Fatalf("Sum[int] = %d", got)
	}
	fs := []float64{0.5, 0.25, 0.25}
	var fgot float64
	wantOK(t, 2, func(l spmd.Lane) { Sum(l, fs, &fgot) })
	if fgot != 1 {
		t.Fatalf("Sum[float64] = %v", fgot)
	}
	wantDiverge(t, 4, func(l spmd.Lane) { SumEager(l, xs, &got) })
	var u8 uint8
	wantDiverge(t, 3, func(l spmd.Lane) { SumEager(l, []uint8{1, 2, 3, 4}, &u8) })
}

func TestMaxOf(t *testing.T) {
	var m int
	testutil.Launch(t, 4, MaxOf([]int{3, -1, 9, 2}, &m))
	if m != 9 {
		t.Fatalf("MaxOf = %d", m)
	}
	var f float32
	testutil.LaunchKernel(t, 2, MaxOf([]float32{-2, -1}, &f))
	if f != 0 {
		t.Fatalf("MaxOf = %v", f)
	}
	testutil.Diverges(t, 4, MaxOfPositive([]int{3, -1, 9, 2}, &m))
}

// Kernels of this file that call the library's helpers with uniform and
// lane-dependent arguments.
func TestHelperArguments(t *testing.T) {
	data := []float64{1, 2, 4, 8}

	// kernel(ok): Weight at a uniform index is uniform.
	wantOK(t, 4, func(l spmd.Lane) {
		if Weight(data, 2) > 1 {
			l.Barrier()
		}
	})
	// kernel(bug): Weight at the lane's index is not.
	wantDiverge(t, 4, func(l spmd.Lane) {
		if Weight(data, l.Index()) > 1 {
			l.Barrier() // EXPECT
		}
	})
	// kernel(ok): Pick with a uniform argument.
	wantOK(t, 4, func(l spmd.Lane) {
		p := Pick(l, data, 3)
		if p > 1 {
			spmd.ReduceAdd(l, p)
		}
	})
	// kernel(bug): Pick with a lane-dependent argument.
	wantDiverge(t, 4, func(l spmd.Lane) {
		p := Pick(l, data, l.Index()+1)
		if p > 1 {
			spmd.ReduceAdd(l, p) // EXPECT
		}
	})
	// kernel(bug): Exchange performs barriers; Own is lane-dependent.
	buf := make([]float64, 4)
	wantDiverge(t, 4, func(l spmd.Lane) {
		if Own(l, data) > 1 {
			Exchange(l, buf, 1) // EXPECT
		}
	})
	// kernel(ok): Exchange called by every lane; the sum of its results is uniform.
	var got float64
	wantOK(t, 4, func(l spmd.Lane) {
		r := Exchange(l, buf, Own(l, data))
		s := spmd.ReduceAdd(l, r)
		if s > 0 {
			l.Barrier()
			if l.Index() == 0 {
				got = s
			}
		}
	})
	if got != 15 {
		t.Fatalf("Exchange sum = %v", got)
	}
	// kernel(bug): custom //spmd:laneid source guards a convergent wrapper.
	wantDiverge(t, 4, func(l spmd.Lane) {
		if Slot(l) == 0 {
			_ = From(l, 1, 0) // EXPECT
		}
	})
	// kernel(ok): From with a uniform src is uniform (//spmd:uniform src).
	wantOK(t, 4, func(l spmd.Lane) {
		v := From(l, Own(l, data), 0)
		if v > 0 {
			l.Barrier()
		}
	})
	// kernel(bug): From with a lane-dependent src is not.
	wantDiverge(t, 4, func(l spmd.Lane) {
		v := From(l, Own(l, data), Slot(l)%2)
		if v > 1 {
			l.Barrier() // EXPECT
		}
	})
}

func TestGather(t *testing.T) {
	xs := []float64{0, 2, 4, 8}
	s := &Stats{Part: make([]float64, 4)}
	testutil.LaunchKernel(t, 4, func(l spmd.Lane) { Gather(l, xs, s) })
	if s.Max != 8 || s.Part[2] != 0.5 {
		t.Fatalf("Gather: %+v", s)
	}
	testutil.Diverges(t, 4, func(l spmd.Lane) { GatherOwn(l, xs, &Stats{Part: make([]float64, 4)}) })
}

func TestCountAbove(t *testing.T) {
	xs := []float64{1, 5, 7, 2}
	var ctr atomic.Int64
	var mean float64
	wantOK(t, 4, func(l spmd.Lane) { CountAbove(l, xs, 3, &ctr, &mean) })
	if mean != 6 || ctr.Load() != 2 {
		t.Fatalf("CountAbove: mean %v count %d", mean, ctr.Load())
	}
	ctr.Store(0)
	wantDiverge(t, 4, func(l spmd.Lane) { CountAboveLast(l, xs, 3, &ctr, &mean) })
}

// The table's kernels capture variables of the test function: shared by all lanes.
func TestTable(t *testing.T) {
	squares := make([]int, 4)
	squares2 := make([]int, 4)
	limit := 2
	var total, total2 atomic.Int64
	grid := []int{
		1, 2, 3, 4,
		5, -1, 7, 8,
		9, 10, 11, 12,
		-1, 14, 15, 16,
	}
	limits := []int{1, 3, 1, 3}
	weights := []int{1, 2, 3, 4}
	cfg := map[string]int{"warm": 1, "a": 0, "b": 2, "c": 0, "d": 2}
	names := []string{"a", "b", "c", "d"}
	var anyNeg bool
	var rowSum int

	cases := []struct {
		name    string
		lanes   int
		k       func(spmd.Lane)
		diverge bool
	}{
		// kernel(ok): shared slice read at uniform indices after a barrier.
		{"publish-uniform-read", 4, func(l spmd.Lane) {
			i := l.Index()
			squares[i] = i * i
			l.Barrier()
			if squares[0]+squares[l.Count()-1] > 4 {
				spmd.ReduceAdd(l, squares[i])
			}
		}, false},
		// kernel(bug): shared slice read at the neighbour's index.
		{"publish-neighbour-read", 4, func(l spmd.Lane) {
			i := l.Index()
			squares2[i] = i * i
			l.Barrier()
			if squares2[(i+1)%l.Count()] > 4 {
				spmd.ReduceAdd(l, squares2[i]) // EXPECT
			}
		}, true},
		// kernel(bug): lanes past the captured limit return before the barrier.
		{"early-exit-lane", 4, func(l spmd.Lane) {
			if l.Index() >= limit {
				return
			}
			l.Barrier() // EXPECT
		}, true},
		// kernel(ok): the same return on a uniform condition.
		{"early-exit-uniform", 4, func(l spmd.Lane) {
			if l.Count() <= limit {
				return
			}
			l.Barrier()
		}, false},
		// kernel(bug): reduction inside a per-lane branch.
		{"reduce-in-branch", 4, func(l spmd.Lane) {
			v := l.Index() + 1
			if v%2 == 0 {
				total.Add(int64(spmd.ReduceAdd(l, v))) // EXPECT
			}
		}, true},
		// kernel(ok): the branch selects the operand, the reduction is outside.
		{"reduce-then-branch", 4, func(l spmd.Lane) {
			v := l.Index() + 1
			w := 0
			if v%2 == 0 {
				w = v
			}
			s := spmd.ReduceAdd(l, w)
			if l.Index() == 0 {
				total2.Store(int64(s))
			}
		}, false},
		// kernel(bug): Any on the right of && under a lane test.
		{"any-after-lane-test", 4, func(l spmd.Lane) {
			neg := grid[l.Index()*4+1] < 0
			if l.Index() > 0 && spmd.Any(l, neg) { // EXPECT
				l.Barrier() // EXPECT
			}
		}, true},
		// kernel(ok): Any on the right of && under a uniform test.
		{"any-after-uniform-test", 4, func(l spmd.Lane) {
			neg := grid[l.Index()*4+1] < 0
			if l.Count() > 1 && spmd.Any(l, neg) {
				l.Barrier()
				if l.Index() == 0 {
					anyNeg = true
				}
			}
		}, false},
		// kernel(bug): per-lane break out of a loop with a reduction.
		{"divergent-break", 4, func(l spmd.Lane) {
			sum := 0
			for k := 0; k < 4; k++ {
				v := grid[l.Index()*4+k]
				if v < 0 {
					break
				}
				sum += spmd.ReduceAdd(l, v) // EXPECT
			}
			_ = sum
		}, true},
		// kernel(ok): the break condition is made uniform by Any.
		{"uniform-break", 4, func(l spmd.Lane) {
			sum := 0
			for k := 0; k < 4; k++ {
				v := grid[l.Index()*4+k]
				if spmd.Any(l, v < 0) {
					break
				}
				sum += spmd.ReduceAdd(l, v)
			}
			if l.Index() == 0 {
				rowSum = sum
			}
		}, false},
		// kernel(bug): steps is uniform inside the loop but lanes leave it in
		// different iterations (temporal divergence).
		{"temporal-divergence", 4, func(l spmd.Lane) {
			steps := 0
			for {
				steps++
				if steps >= limits[l.Index()] {
					break
				}
			}
			if steps > 2 {
				l.Barrier() // EXPECT
			}
		}, true},
		// kernel(ok): the exit count is made uniform by ReduceMax.
		{"temporal-reduced", 4, func(l spmd.Lane) {
			steps := 0
			for {
				steps++
				if steps >= limits[l.Index()] {
					break
				}
			}
			steps = spmd.ReduceMax(l, steps)
			if steps > 2 {
				l.Barrier()
			}
		}, false},
		// kernel(bug): the trip count is the lane index.
		{"lane-trip-count", 4, func(l spmd.Lane) {
			acc := 0
			for j := 0; j < l.Index(); j++ {
				acc += spmd.ReduceAdd(l, j) // EXPECT
			}
			_ = acc
		}, true},
		// kernel(ok): the trip count is the group size.
		{"count-trip-count", 4, func(l spmd.Lane) {
			acc := 0
			for j := 0; j < l.Count(); j++ {
				acc += spmd.ReduceAdd(l, j)
			}
			_ = acc
		}, false},
		// kernel(ok): per-lane array filled with uniform values.
		{"lane-array-uniform", 4, func(l spmd.Lane) {
			var acc [4]int
			for j := range acc {
				acc[j] = weights[j] * 2
			}
			if acc[1] > 2 {
				l.Barrier()
			}
		}, false},
		// kernel(bug): per-lane array filled with lane-dependent values.
		{"lane-array-divergent", 4, func(l spmd.Lane) {
			var acc [4]int
			for j := range acc {
				acc[j] = weights[j] * l.Index()
			}
			if acc[1] > 2 {
				l.Barrier() // EXPECT
			}
		}, true},
		// kernel(ok): captured map read at a constant key.
		{"map-uniform-key", 4, func(l spmd.Lane) {
			if cfg["warm"] > 0 {
				l.Barrier()
			}
		}, false},
		// kernel(bug): captured map read at a lane-dependent key.
		{"map-lane-key", 4, func(l spmd.Lane) {
			if cfg[names[l.Index()]] > 0 {
				l.Barrier() // EXPECT
			}
		}, true},
		// kernel(bug): switch on the lane index with collectives in the cases.
		{"switch-lane", 4, func(l spmd.Lane) {
			switch l.Index() % 3 {
			case 0:
				spmd.Ballot(l, true) // EXPECT
			default:
				l.Barrier() // EXPECT
			}
		}, true},
		// kernel(ok): the same switch on the group size.
		{"switch-count", 4, func(l spmd.Lane) {
			switch l.Count() % 3 {
			case 0:
				spmd.Ballot(l, true)
			default:
				l.Barrier()
			}
		}, false},
		// kernel(bug): goto makes a cycle with two entries; even lanes enter
		// it at tail, odd lanes at head.
		{"goto-two-entries", 4, func(l spmd.Lane) {
			i := 0
			if l.Index()%2 == 0 {
				goto tail
			}
		head:
			l.Barrier() // EXPECT
		tail:
			i++
			if i < 3 {
				goto head
			}
		}, true},
		// kernel(ok): the same cycle entered on a uniform condition.
		{"goto-uniform-entry", 4, func(l spmd.Lane) {
			i := 0
			if l.Count()%2 == 0 {
				goto tail
			}
		head:
			l.Barrier()
		tail:
			i++
			if i < 3 {
				goto head
			}
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.diverge {
				wantDiverge(t, c.lanes, c.k)
			} else {
				wantOK(t, c.lanes, c.k)
			}
		})
	}
	if total2.Load() != 6 || !anyNeg || rowSum != 0 {
		t.Fatalf("total2 %d anyNeg %v rowSum %d", total2.Load(), anyNeg, rowSum)
	}
}

func TestSubtests(t *testing.T) {
	t.Run("struct-uniform", func(t *testing.T) {
		type acc struct {
			part  []int
			total int
		}
		a := &acc{part: make([]int, 4)}
		// kernel(ok): the sum of a shared slice over uniform indices.
		wantOK(t, 4, func(l spmd.Lane) {
			a.part[l.Index()] = l.Index() + 1
			l.Barrier()
			s := 0
			for _, p := range a.part {
				s += p
			}
			if s == 10 {
				spmd.ReduceAdd(l, 1)
			}
			if l.Index() == 0 {
				a.total = s
			}
		})
		if a.total != 10 {
			t.Fatalf("total %d", a.total)
		}
	})
	t.Run("struct-suffix", func(t *testing.T) {
		type acc struct {
			part  []int
			total int
		}
		a := &acc{part: make([]int, 4)}
		// kernel(bug): each lane sums its own suffix of the shared slice.
		wantDiverge(t, 4, func(l spmd.Lane) {
			a.part[l.Index()] = l.Index() + 1
			l.Barrier()
			s := 0
			for _, p := range a.part[l.Index():] {
				s += p
			}
			if s > 5 {
				spmd.ReduceAdd(l, 1) // EXPECT
			}
		})
	})
	type window struct{ lo, hi int }
	t.Run("lane-struct-divergent", func(t *testing.T) {
		// kernel(bug): a struct of the lane's own, written under a lane test.
		wantDiverge(t, 4, func(l spmd.Lane) {
			var w window
			if l.Index()%2 == 0 {
				w.hi = 3
			}
			if w.hi > w.lo {
				spmd.Ballot(l, true) // EXPECT
			}
		})
	})
	t.Run("lane-struct-uniform", func(t *testing.T) {
		// kernel(ok): the same struct written under a uniform test.
		var mask uint64
		wantOK(t, 4, func(l spmd.Lane) {
			var w window
			if l.Count()%2 == 0 {
				w.hi = 3
			}
			if w.hi > w.lo {
				m := spmd.Ballot(l, l.Index() < 2)
				if l.Index() == 0 {
					mask = m
				}
			}
		})
		if mask != 3 {
			t.Fatalf("mask %b", mask)
		}
	})
	t.Run("atomic-first-arrival", func(t *testing.T) {
		var arrivals atomic.Int32
		// kernel(bug): the first lane to arrive waits alone.
		wantDiverge(t, 4, func(l spmd.Lane) {
			if arrivals.Add(1) == 1 {
				l.Barrier() // EXPECT
			}
		})
	})
	t.Run("atomic-after-barrier", func(t *testing.T) {
		var arrivals atomic.Int32
		var done bool
		// kernel(ok): the counter is read back after a barrier.
		wantOK(t, 4, func(l spmd.Lane) {
			arrivals.Add(1)
			l.Barrier()
			if arrivals.Load() == int32(l.Count()) {
				l.Barrier()
				if l.Index() == 0 {
					done = true
				}
			}
		})
		if !done {
			t.Fatal("not done")
		}
	})
	t.Run("atomic-funcs", func(t *testing.T) {
		var hits int64
		// kernel(ok): atomic.AddInt64 on a captured int64, LoadInt64 after a barrier.
		wantOK(t, 4, func(l spmd.Lane) {
			atomic.AddInt64(&hits, int64(l.Index()))
			l.Barrier()
			if atomic.LoadInt64(&hits) == 6 {
				spmd.ReduceAdd(l, 1)
			}
		})
		hits = 0
		// kernel(bug): the result of AddInt64 decides who reduces.
		wantDiverge(t, 4, func(l spmd.Lane) {
			if atomic.AddInt64(&hits, 1) > 2 {
				spmd.ReduceAdd(l, 1) // EXPECT
			}
		})
	})
}
