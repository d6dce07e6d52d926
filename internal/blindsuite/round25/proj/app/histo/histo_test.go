package histo

import (
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round25/proj/internal/testutil"
	"github.com/spmdvet/spmdvet/spmd"
)

// fill is a local helper that calls the shared helper.
func fill(t *testing.T, lanes int, k func(spmd.Lane)) {
	t.Helper()
	testutil.Launch(t, lanes, k)
}

func TestFill(t *testing.T) {
	xs := []float64{0.1, 0.5, 1.5, 2.5, 2.7, 3.9, 0.2}
	b := &Bins{Lo: 0, Width: 1, Counts: make([]int32, 4)}
	fill(t, 3, func(l spmd.Lane) { b.Fill(l, xs) })
	if !slices.Equal(b.Counts, []int32{3, 1, 2, 1}) {
		t.Fatalf("Fill: %v", b.Counts)
	}
	b2 := &Bins{Lo: 0, Width: 1, Counts: make([]int32, 4)}
	testutil.Diverges(t, 3, func(l spmd.Lane) { b2.FillStaged(l, xs) })
}

func TestPrivate(t *testing.T) {
	keys := []uint8{0, 1, 1, 3, 3, 3, 9}
	out := make([]int, 8)
	fill(t, 4, func(l spmd.Lane) { Private(l, keys, out) })
	if !slices.Equal(out, []int{1, 3, 0, 3, 0, 0, 0, 0}) {
		t.Fatalf("Private: %v", out)
	}
	testutil.Diverges(t, 4, func(l spmd.Lane) { PrivateSkipEmpty(l, keys, make([]int, 8)) })
}

func TestMode(t *testing.T) {
	counts := []int{2, 5, 5, 1}
	out := -1
	fill(t, 4, func(l spmd.Lane) { Mode(l, counts, &out) })
	if out != 1 {
		t.Fatalf("Mode = %d", out)
	}
	testutil.Diverges(t, 4, func(l spmd.Lane) { ModeEach(l, counts, &out) })
}

func TestEqualize(t *testing.T) {
	counts := []int{0, 2, 3, 5}
	cdf := make([]int, 4)
	fill(t, 4, func(l spmd.Lane) { Equalize(l, counts, cdf) })
	if !slices.Equal(cdf, []int{0, 51, 127, 255}) {
		t.Fatalf("Equalize: %v", cdf)
	}
	testutil.Diverges(t, 4, func(l spmd.Lane) { EqualizeNonEmpty(l, counts, make([]int, 4)) })
}

func TestFlag(t *testing.T) {
	counts := []int{0, 2, 3, 5}
	flags := make([]bool, 4)
	fill(t, 4, func(l spmd.Lane) { Flag(l, counts, flags) })
	if !slices.Equal(flags, []bool{false, true, true, true}) {
		t.Fatalf("Flag: %v", flags)
	}
	testutil.Diverges(t, 4, func(l spmd.Lane) { FlagNonEmpty(l, counts, make([]bool, 4)) })
}

func TestDrain(t *testing.T) {
	counts := []int{7, 2, 0, 5}
	const step = 2
	t.Run("per-lane-rounds", func(t *testing.T) {
		left := slices.Clone(counts)
		// kernel(bug): each lane drains its bin in its own number of rounds.
		testutil.Diverges(t, 4, func(l spmd.Lane) {
			c := left[l.Index()]
			for c > 0 {
				c -= step
				l.Barrier() // EXPECT
			}
			left[l.Index()] = c
		})
	})
	t.Run("uniform-rounds", func(t *testing.T) {
		left := slices.Clone(counts)
		// kernel(ok): the number of rounds is the group's maximum.
		fill(t, 4, func(l spmd.Lane) {
			c := left[l.Index()]
			rounds := spmd.ReduceMax(l, (c+step-1)/step)
			for r := 0; r < rounds; r++ {
				c = max(c-step, 0)
				l.Barrier()
			}
			left[l.Index()] = c
		})
		if !slices.Equal(left, []int{0, 0, 0, 0}) {
			t.Fatalf("left %v", left)
		}
	})
	t.Run("rescale-uniform-read", func(t *testing.T) {
		scaled := make([]int, 4)
		var top int
		// kernel(ok): scaled[0] is read at a uniform index after the barrier.
		fill(t, 4, func(l spmd.Lane) {
			c := counts[l.Index()]
			m := spmd.ReduceMax(l, c)
			scaled[l.Index()] = c * 100 / m
			l.Barrier()
			if scaled[0] == 100 {
				top = spmd.ReduceAdd(l, 1)
			}
		})
		if top != 4 {
			t.Fatalf("top %d", top)
		}
	})
	t.Run("rescale-own-read", func(t *testing.T) {
		scaled := make([]int, 4)
		// kernel(bug): scaled is read at the lane's own index.
		testutil.Diverges(t, 4, func(l spmd.Lane) {
			c := counts[l.Index()]
			m := spmd.ReduceMax(l, c)
			scaled[l.Index()] = c * 100 / m
			l.Barrier()
			if scaled[l.Index()] == 100 {
				spmd.ReduceAdd(l, 1) // EXPECT
			}
		})
	})
}

func FuzzZeroes(f *testing.F) {
	f.Add([]byte{1, 0, 2, 3})
	f.Add([]byte{4, 5, 6, 7})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 4 {
			return
		}
		zeros := 0
		for _, d := range data[:4] {
			if d == 0 {
				zeros++
			}
		}
		// kernel(bug): lanes whose byte is zero leave before the ballot.
		err := spmd.Run(4, func(l spmd.Lane) {
			if data[l.Index()] == 0 {
				return
			}
			spmd.Ballot(l, data[l.Index()]%2 == 0) // EXPECT
		})
		if (zeros > 0 && zeros < 4) != testutil.IsDivergence(err) {
			t.Fatalf("%v: %v", data[:4], err)
		}
		var mask uint64
		// kernel(ok): zero bytes vote false instead of leaving.
		err = spmd.Run(4, func(l spmd.Lane) {
			d := data[l.Index()]
			m := spmd.Ballot(l, d != 0 && d%2 == 0)
			if l.Index() == 0 {
				mask = m
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range data[:4] {
			if (mask>>i&1 == 1) != (d != 0 && d%2 == 0) {
				t.Fatalf("mask %b for %v", mask, data[:4])
			}
		}
	})
}

func BenchmarkPrivate(b *testing.B) {
	keys := make([]uint8, 4096)
	for i := range keys {
		keys[i] = uint8(i * 7)
	}
	out := make([]int, 8)
	for b.Loop() {
		if err := spmd.Run(16, func(l spmd.Lane) { Private(l, keys, out) }); err != nil {
			b.Fatal(err)
		}
	}
}

func TestBenchmarkPrivate(t *testing.T) {
	if r := testing.Benchmark(BenchmarkPrivate); r.N == 0 {
		t.Fatal("benchmark failed")
	}
}
