package mem

import (
	"sync/atomic"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/exam/internal/check"
	"github.com/spmdvet/spmdvet/spmd"
)

const N = 4

func TestLocals(t *testing.T) {
	check.Div(t, spmd.Run(N, LocalDivStore))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { LocalUniStore(l, 3, out) }))
	check.Ints(t, out, check.Fill(N, 6))
	check.Div(t, spmd.Run(N, LocalStoreUnderDiv))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { LocalStoreUnderUni(l, 2, out) }))
	check.Ints(t, out, check.Fill(N, 1))
	check.Div(t, spmd.Run(N, NewDivStore))
	check.Div(t, spmd.Run(N, LocalDivAddrLoad))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { LocalUniAddrLoad(l, out) }))
	check.Ints(t, out, check.Fill(N, 2))
}

func TestShared(t *testing.T) {
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { ParamDivAddr(l, []int{1, 0, 1, 1}) }))
	out := make([]int, N)
	x := 4
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { ParamUniAddr(l, []int{0, 3}, &x, out) }))
	check.Ints(t, out, check.Fill(N, 7))
	check.Div(t, spmd.Run(N, GlobalDivAddr))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { GlobalUniAddr(l, out) }))
	check.Ints(t, out, check.Fill(N, 3))
	out = make([]int, N)
	data := make([]int, 1)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { SharedAfterBarrier(l, data, out) }))
	check.Ints(t, out, check.Fill(N, 7))
	shared := make([]int, N)
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { SharedDivStoreDivLoad(l, shared) }))
	flag, err := CapturedShared(N)
	check.OK(t, err)
	if flag != 5 {
		t.Fatalf("flag = %d", flag)
	}
	check.Div(t, CapturedDivAddr(N, []int{0, 1, 0, 1}))
}

func TestAtomics(t *testing.T) {
	var c32 int32
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { AtomicAddDiv(l, &c32) }))
	c32 = 0
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { AtomicCASDiv(l, &c32) }))
	var c64 int64
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { AtomicSwapDiv(l, &c64) }))
	var ci atomic.Int64
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { AtomicMethodDiv(l, &ci) }))
	c32 = 0
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { AtomicLoadUni(l, &c32, out) }))
	check.Ints(t, out, check.Fill(N, N))
}
