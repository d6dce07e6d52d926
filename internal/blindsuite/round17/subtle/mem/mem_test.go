package mem

import (
	"sync/atomic"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestBuggy(t *testing.T) {
	for name, k := range map[string]func(spmd.Lane, []int){
		"ChanEcho":         ChanEcho,
		"SelectReady":      SelectReady,
		"MapFill":          MapFill,
		"StoreRankKernel":  StoreRankKernel,
		"StateInit":        StateInit,
		"FlagSlot":         FlagSlot,
		"ClosureLateStore": ClosureLateStore,
	} {
		t.Run(name, func(t *testing.T) {
			out := make([]int, 4)
			mustDiverge(t, 4, func(l spmd.Lane) { k(l, out) })
		})
	}
}

func TestFirstKey(t *testing.T) {
	m := map[int]int{}
	for i := range 8 {
		m[i] = i
	}
	mustDivergeSometimes(t, 8, 50, func() func(spmd.Lane) {
		out := make([]int, 8)
		return func(l spmd.Lane) { FirstKey(l, m, out) }
	})
}

func TestFirstArrival(t *testing.T) {
	var c atomic.Int32
	out := make([]int, 4)
	mustDiverge(t, 4, func(l spmd.Lane) { FirstArrival(l, &c, out) })
}

func TestClaimOnce(t *testing.T) {
	var flag int32
	out := make([]int, 4)
	mustDiverge(t, 4, func(l spmd.Lane) { ClaimOnce(l, &flag, out) })
}

func TestNeighborParity(t *testing.T) {
	buf, out := make([]int, 4), make([]int, 4)
	mustDiverge(t, 4, func(l spmd.Lane) { NeighborParity(l, buf, out) })
}

func TestCorrect(t *testing.T) {
	for name, c := range map[string]struct {
		k    func(spmd.Lane, []int)
		want []int
	}{
		"ChanEchoGroup":   {ChanEchoGroup, rep(4, 1)},
		"StoreSizeKernel": {StoreSizeKernel, rep(4, 4)},
	} {
		t.Run(name, func(t *testing.T) {
			out := make([]int, 4)
			mustRun(t, 4, func(l spmd.Lane) { c.k(l, out) }, out, c.want)
		})
	}
}

func TestMapLookup(t *testing.T) {
	m := map[int]int{1: 3, 2: 4, 3: 5}
	out := make([]int, 4)
	mustRun(t, 4, func(l spmd.Lane) { MapLookup(l, m, out) }, out, rep(4, 4))
}

func TestCountArrivals(t *testing.T) {
	var c atomic.Int32
	out := make([]int, 4)
	mustRun(t, 4, func(l spmd.Lane) { CountArrivals(l, &c, out) }, out, rep(4, 4))
}

func TestPublishThenRead(t *testing.T) {
	ResetPhaseFlag()
	out := make([]int, 4)
	mustRun(t, 4, func(l spmd.Lane) { PublishThenRead(l, out) }, out, rep(4, 4))
}

func TestSlotZeroParity(t *testing.T) {
	buf, out := make([]int, 4), make([]int, 4)
	mustRun(t, 4, func(l spmd.Lane) { SlotZeroParity(l, buf, out) }, out, rep(4, 4))
}
