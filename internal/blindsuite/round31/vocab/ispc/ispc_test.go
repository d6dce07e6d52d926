package ispc_test

import (
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/ispc"
	"github.com/spmdvet/spmdvet/spmd"
)

// TestGang runs one gang through every function of the binding, all
// program instances together.
func TestGang(t *testing.T) {
	const gang = 8
	type result struct {
		idx, count, radd, rmax int
		rmin                   float64
		any, all               bool
		bc                     int
		bcf, shuf, rot         float64
		scan, packed           int
	}
	res := make([]result, gang)
	out := make([]int, gang)
	err := spmd.Run(gang, func(l spmd.Lane) {
		i := ispc.ProgramIndex(l)
		f := float64(i)
		r := result{idx: i, count: ispc.ProgramCount(l)}
		r.radd = ispc.ReduceAdd(l, i)
		r.rmax = ispc.ReduceMax(l, i*3)
		r.rmin = ispc.ReduceMin(l, f-2)
		r.any = ispc.Any(l, i == 5)
		r.all = ispc.All(l, i < 8)
		r.bc = ispc.Broadcast(l, i*i, 3)
		r.bcf = ispc.BroadcastFloat(l, f/2, 7)
		r.shuf = ispc.Shuffle(l, f, gang-1-i)
		r.rot = ispc.Rotate(l, f, -1)
		r.scan = ispc.ExclusiveScanAdd(l, 1)
		r.packed = ispc.PackedStoreActive(l, out, 0, i*10, i%3 == 0)
		res[i] = r
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range res {
		want := result{
			idx: i, count: gang, radd: 28, rmax: 21, rmin: -2, any: true, all: true,
			bc: 9, bcf: 3.5, shuf: float64(gang - 1 - i), rot: float64((i + gang - 1) % gang),
			scan: i, packed: 3,
		}
		if r != want {
			t.Errorf("instance %d: got %+v, want %+v", i, r, want)
		}
	}
	if !slices.Equal(out[:3], []int{0, 30, 60}) {
		t.Errorf("packed store: %v", out)
	}
}

// TestLoops checks ForEach, ForEachTile and LaunchTasks.
func TestLoops(t *testing.T) {
	seen := make([]int, 11)
	tiles := 0
	err := spmd.Run(4, func(l spmd.Lane) {
		ispc.ForEach(l, len(seen), func(i int) { seen[i]++ })
		n := 0
		ispc.ForEachTile(l, len(seen), func(i int, active bool) {
			n += ispc.ReduceAdd(l, 1)
			if active {
				seen[i] += 10
			}
		})
		if ispc.ProgramIndex(l) == 0 {
			tiles = n
		}
	})
	if err != nil || tiles != 12 {
		t.Fatalf("tiles %d, %v", tiles, err)
	}
	for i, s := range seen {
		if s != 11 {
			t.Errorf("seen[%d] = %d", i, s)
		}
	}
	sums := make([]int, 3)
	err = ispc.LaunchTasks(3, 4, func(l spmd.Lane, ti, tc int) {
		s := ispc.ReduceAdd(l, ti*tc)
		if ispc.ProgramIndex(l) == 0 {
			sums[ti] = s
		}
	})
	if err != nil || !slices.Equal(sums, []int{0, 12, 24}) {
		t.Fatalf("LaunchTasks: %v, %v", sums, err)
	}
}
