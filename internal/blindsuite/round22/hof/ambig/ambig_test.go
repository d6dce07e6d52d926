package ambig

import (
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func bad(name string, k func(spmd.Lane)) kcase {
	return kcase{name, 8, func() (func(spmd.Lane), func() error) { return k, nil }}
}

func ok(name string, setup func() (func(spmd.Lane), func() error)) kcase {
	return kcase{name, 8, setup}
}

func okOut(name string, n int, want []int, k func(l spmd.Lane, out []int)) kcase {
	return ok(name, func() (func(spmd.Lane), func() error) {
		out := make([]int, n)
		return func(l spmd.Lane) { k(l, out) }, func() error { return eq("out", out[n-len(want):], want) }
	})
}

func rep(v, n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func TestAmbig(t *testing.T) {
	runCases(t, []kcase{
		okOut("Rounds", 8, rep(0, 8), func(l spmd.Lane, out []int) { Rounds(l, 3) }),
		bad("BadKernelArgLane", func(l spmd.Lane) { BadKernelArgLane(l) }),
		okOut("OkKernelArgAll", 8, rep(0, 8), func(l spmd.Lane, out []int) { OkKernelArgAll(l) }),
		okOut("Relay", 8, rep(0, 8), func(l spmd.Lane, out []int) { Relay(l, 2) }),
		bad("BadKernelArgRelay", func(l spmd.Lane) { BadKernelArgRelay(l) }),
		okOut("StoreOnly", 8, rep(5, 8), func(l spmd.Lane, out []int) { StoreOnly(l, 5, out) }),
		okOut("OkKernelArgLaneStoreOnly", 8, []int{0, 0, 0, 3, 4, 5, 6, 7}, func(l spmd.Lane, out []int) { OkKernelArgLaneStoreOnly(l, out) }),
		okOut("UsedAfter", 8, rep(6, 8), func(l spmd.Lane, out []int) { UsedAfter(l, 2, out) }),
		okOut("OkKernelArgUsedAfter", 8, []int{8, 7, 6, 5, 4, 3, 2, 1}, func(l spmd.Lane, out []int) { OkKernelArgUsedAfter(l, out) }),
		bad("BadMapRangeSync", func(l spmd.Lane) { BadMapRangeSync(l) }),
		okOut("OkMapRangeStore", 8, rep(11, 8), func(l spmd.Lane, out []int) { OkMapRangeStore(l, out) }),
		okOut("OkMapRangeCountBarrier", 8, rep(6, 8), func(l spmd.Lane, out []int) {
			OkMapRangeCountBarrier(l, map[int]int{1: 0, 2: 0, 3: 0}, out)
		}),
		bad("BadLaneChosenCallback", func(l spmd.Lane) { BadLaneChosenCallback(l, make([]int, 8)) }),
		okOut("OkUniformChosenCallback", 16, rep(2, 8), func(l spmd.Lane, out []int) { OkUniformChosenCallback(l, out) }),
	})
}
