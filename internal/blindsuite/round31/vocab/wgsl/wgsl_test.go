package wgsl_test

import (
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/vocab/wgsl"
	"github.com/spmdvet/spmdvet/spmd"
)

// TestBuiltins dispatches two workgroups that use every builtin of the
// binding with all invocations taking part.
func TestBuiltins(t *testing.T) {
	const groups, size = 2, 4
	type result struct {
		lid, wsize, ssize, sid uint32
		add                    float32
		max                    uint32
		any, all, elect        bool
		first, bc, shuf        float32
		scan                   uint32
		ul                     int32
	}
	res := make([]result, groups*size)
	var shared int32
	err := wgsl.Dispatch(groups, size, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		v := float32(lid + 1)
		r := result{lid: lid, wsize: wgsl.WorkgroupSize(l), ssize: wgsl.SubgroupSize(l), sid: wgsl.SubgroupInvocationID(l)}
		if lid == 0 {
			shared = int32(wg) + 40
		}
		r.ul = wgsl.WorkgroupUniformLoad(l, &shared)
		wgsl.WorkgroupBarrier(l)
		wgsl.StorageBarrier(l)
		r.add = wgsl.SubgroupAdd(l, v)
		r.max = wgsl.SubgroupMax(l, lid*2)
		r.any = wgsl.SubgroupAny(l, lid == 2)
		r.all = wgsl.SubgroupAll(l, lid < 4)
		r.first = wgsl.SubgroupBroadcastFirst(l, v)
		r.bc = wgsl.SubgroupBroadcast(l, v, 2)
		r.shuf = wgsl.SubgroupShuffle(l, v, 3-lid)
		r.scan = wgsl.SubgroupExclusiveAdd(l, 2)
		r.elect = wgsl.SubgroupElect(l)
		res[int(wg)*size+int(lid)] = r
	})
	if err != nil {
		t.Fatal(err)
	}
	for g, r := range res {
		lid := uint32(g % size)
		want := result{
			lid: lid, wsize: size, ssize: size, sid: lid, add: 10, max: 6,
			any: true, all: true, elect: lid == 0, first: 1, bc: 3,
			shuf: float32(4 - lid), scan: 2 * lid, ul: int32(g/size) + 40,
		}
		if r != want {
			t.Errorf("invocation %d: got %+v, want %+v", g, r, want)
		}
	}
}

// TestIterators checks Tiles and Strided.
func TestIterators(t *testing.T) {
	var bases []uint32
	seen := make([]int, 10)
	err := wgsl.Dispatch(1, 4, func(l spmd.Lane, wg uint32) {
		lid := wgsl.LocalInvocationIndex(l)
		for base := range wgsl.Tiles(l, 10) {
			if lid == 0 {
				bases = append(bases, base)
			}
		}
		for i := range wgsl.Strided(l, 10) {
			seen[i]++
		}
	})
	if err != nil || !slices.Equal(bases, []uint32{0, 4, 8}) {
		t.Fatalf("Tiles: %v, %v", bases, err)
	}
	for i, s := range seen {
		if s != 1 {
			t.Errorf("Strided: seen[%d] = %d", i, s)
		}
	}
}
