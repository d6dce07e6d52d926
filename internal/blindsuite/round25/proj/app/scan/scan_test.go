package scan_test

import (
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round25/proj/app/scan"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round25/proj/internal/testutil"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestStencil(t *testing.T) {
	tile := func() []float64 { return []float64{0, 0, 0, 9, 0, 0, 0, 0} }
	blur := scan.Stencil{Radius: 1, Iters: 1, Tile: tile()}
	skip := scan.Stencil{Radius: 1, Iters: 1, Tile: tile()}
	clamp := scan.Stencil{Radius: 1, Iters: 2, Tile: tile()}
	testutil.RunCases(t, []testutil.Case{
		{Name: "blur", Lanes: 8, Kernel: blur.Blur, Check: func(t *testing.T) {
			if !slices.Equal(blur.Tile, []float64{0, 0, 3, 3, 3, 0, 0, 0}) {
				t.Fatalf("Blur: %v", blur.Tile)
			}
		}},
		{Name: "skip-edges", Lanes: 8, Kernel: skip.BlurSkipEdges, Diverge: true},
		{Name: "clamp-edges", Lanes: 8, Kernel: clamp.BlurClampEdges, Check: func(t *testing.T) {
			if !slices.Equal(clamp.Tile, []float64{0, 1, 2, 3, 2, 1, 0, 0}) {
				t.Fatalf("BlurClampEdges: %v", clamp.Tile)
			}
		}},
	})
}

func TestCompact(t *testing.T) {
	in := []int{3, -1, 4, 0, 5}
	out := make([]int, 5)
	var n int
	testutil.Launch(t, 5, func(l spmd.Lane) { scan.Compact(l, in, out, &n) })
	if n != 3 || !slices.Equal(out[:n], []int{3, 4, 5}) {
		t.Fatalf("Compact: %d %v", n, out)
	}
	testutil.Diverges(t, 5, func(l spmd.Lane) { scan.CompactKept(l, in, out, &n) })
}

func TestScans(t *testing.T) {
	xs := []int{1, 2, 3, 4, 5}
	testutil.Launch(t, 5, func(l spmd.Lane) { scan.ScanShuffle(l, xs) })
	if !slices.Equal(xs, []int{1, 3, 6, 10, 15}) {
		t.Fatalf("ScanShuffle: %v", xs)
	}
	testutil.Diverges(t, 5, func(l spmd.Lane) { scan.ScanShuffleShort(l, []int{1, 2, 3, 4, 5}) })

	fs := []float32{0.5, 1, 2}
	testutil.Launch(t, 3, func(l spmd.Lane) { scan.Exclusive(l, fs) })
	if !slices.Equal(fs, []float32{0, 0.5, 1.5}) {
		t.Fatalf("Exclusive[float32]: %v", fs)
	}
	is := []int64{4, 4, 4, 4}
	testutil.Launch(t, 4, func(l spmd.Lane) { scan.Exclusive(l, is) })
	if !slices.Equal(is, []int64{0, 4, 8, 12}) {
		t.Fatalf("Exclusive[int64]: %v", is)
	}
}

func TestReserve(t *testing.T) {
	counts := []int{2, 1, 3, 0}
	buf := []int{9, 9, 9, 9, 9, 9}
	base := make([]int, 4)
	testutil.Launch(t, 4, func(l spmd.Lane) { scan.Reserve(l, counts, buf, base) })
	if !slices.Equal(base, []int{0, 2, 3, 6}) || buf[0] != 0 {
		t.Fatalf("Reserve: %v %v", base, buf)
	}
	testutil.Diverges(t, 4, func(l spmd.Lane) { scan.ReserveInside(l, counts, buf, base) })
}

func TestReductions(t *testing.T) {
	xs := []int{1, 2, 3, 4, 5, 6, 7, 8}
	var got int
	testutil.Launch(t, 8, func(l spmd.Lane) { scan.Butterfly(l, xs, &got) })
	if got != 36 {
		t.Fatalf("Butterfly = %d", got)
	}
	testutil.Diverges(t, 8, func(l spmd.Lane) { scan.ButterflyHalf(l, xs, &got) })
	buf := slices.Clone(xs)
	testutil.Launch(t, 8, func(l spmd.Lane) { scan.TreeSum(l, buf) })
	if buf[0] != 36 {
		t.Fatalf("TreeSum = %d", buf[0])
	}
	testutil.Diverges(t, 8, func(l spmd.Lane) { scan.TreeSumEarly(l, slices.Clone(xs)) })
}

// Kernels written in the test itself, with labelled loops.
func TestLabelled(t *testing.T) {
	// Four rows of three samples per lane; lane i owns rows[i].
	rows := [][]int{
		{1, 2, 3},
		{4, -5, 6},
		{7, 8, 9},
		{-1, 0, 2},
	}
	const reps = 2

	// kernel(bug): continue outer skips the reduction in some lanes.
	testutil.Diverges(t, 4, func(l spmd.Lane) {
		row := rows[l.Index()]
	outer:
		for r := 0; r < reps; r++ {
			for _, v := range row {
				if v < 0 {
					continue outer
				}
			}
			spmd.ReduceAdd(l, r) // EXPECT
		}
	})
	// kernel(ok): the lanes vote with Any before continuing.
	var good int
	testutil.Launch(t, 4, func(l spmd.Lane) {
		row := rows[l.Index()]
		n := 0
	outer:
		for r := 0; r < reps; r++ {
			bad := false
			for _, v := range row {
				if v < 0 {
					bad = true
				}
			}
			if spmd.Any(l, bad) {
				continue outer
			}
			n += spmd.ReduceAdd(l, 1)
		}
		if l.Index() == 0 {
			good = n
		}
	})
	if good != 0 {
		t.Fatalf("good %d", good)
	}
	// kernel(bug): break search leaves the outer loop per lane.
	testutil.Diverges(t, 4, func(l spmd.Lane) {
		row := rows[l.Index()]
	search:
		for r := 0; r < reps; r++ {
			for _, v := range row {
				if v == 8 {
					break search
				}
			}
			l.Barrier() // EXPECT
		}
	})
	// kernel(ok): the found flag is combined with Any and the break is uniform.
	var rounds int
	testutil.Launch(t, 4, func(l spmd.Lane) {
		row := rows[l.Index()]
		r := 0
	search:
		for ; r < reps; r++ {
			found := false
			for _, v := range row {
				if v == 8 {
					found = true
				}
			}
			if spmd.Any(l, found) {
				break search
			}
			l.Barrier()
		}
		if l.Index() == 0 {
			rounds = r
		}
	})
	if rounds != 0 {
		t.Fatalf("rounds %d", rounds)
	}
}

// Kernels that capture a counter and a slice of the test, launched by a
// helper without directives that a second helper calls.
func launchAll(t *testing.T, lanes int, ks ...func(spmd.Lane)) []error {
	t.Helper()
	var errs []error
	for _, k := range ks {
		errs = append(errs, testutil.Try(lanes, k))
	}
	return errs
}

func TestCapturedCounter(t *testing.T) {
	calls := 0
	seen := make([]int, 4)
	errs := launchAll(t, 4,
		// kernel(ok): lane 0 counts the rounds; the count is read after a barrier.
		func(l spmd.Lane) {
			for r := 0; r < 3; r++ {
				if l.Index() == 0 {
					calls++
				}
				l.Barrier()
				seen[l.Index()] = calls
				l.Barrier()
			}
			if calls == 3 {
				spmd.ReduceAdd(l, 1)
			}
		},
		// kernel(bug): each lane records what it saw; the record is per lane.
		func(l spmd.Lane) {
			mine := seen[l.Index()] + l.Index()
			if mine > 4 {
				spmd.ReduceAdd(l, 1) // EXPECT
			}
		},
	)
	if errs[0] != nil || calls != 3 || !slices.Equal(seen, []int{3, 3, 3, 3}) {
		t.Fatalf("first: %v calls %d seen %v", errs[0], calls, seen)
	}
	if !testutil.IsDivergence(errs[1]) {
		t.Fatalf("second: %v", errs[1])
	}
}

func TestMapOrder(t *testing.T) {
	m := map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6}
	order := []string{"a", "b", "c", "d", "e", "f"}
	diverged := false
	for try := 0; try < 50 && !diverged; try++ {
		// kernel(bug): how many keys come before "c" depends on the lane's
		// map iteration order.
		err := testutil.Try(4, func(l spmd.Lane) {
			n := 0
			for k := range m {
				if k == "c" {
					break
				}
				n++
			}
			for j := 0; j < n; j++ {
				l.Barrier() // EXPECT
			}
		})
		diverged = testutil.IsDivergence(err)
	}
	if !diverged {
		t.Fatal("map order never diverged in 50 runs")
	}
	var before int
	// kernel(ok): the same search over a slice with a fixed order.
	testutil.Launch(t, 4, func(l spmd.Lane) {
		n := 0
		for _, k := range order {
			if k == "c" {
				break
			}
			n++
		}
		for j := 0; j < n; j++ {
			l.Barrier()
		}
		if l.Index() == 0 {
			before = n + m["a"]
		}
	})
	if before != 3 {
		t.Fatalf("before %d", before)
	}
}
