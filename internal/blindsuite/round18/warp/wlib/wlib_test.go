package wlib

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestBadLeaderSync(t *testing.T) {
	var de *spmd.DivergenceError
	if err := spmd.Run(4, BadLeaderSync); !errors.As(err, &de) {
		t.Fatalf("want DivergenceError, got %v", err)
	}
}

func TestHelpers(t *testing.T) {
	got := make([]int, 8)
	err := RunWarp(8, func(l spmd.Lane) {
		i := l.Index()
		a, ok := ElectU(l, i >= 3)
		b, _ := Elect(l, i >= 3)
		s := WarpSum(l, 1)
		p := Pick(l, i*10, 2)
		Sync(l)
		n := Neighbor(l, i)
		if !ok || a != 3 || b != 3 || s != 8 || p != 20 || n != i^1 || LaneBit(l) != 1<<i || WarpOf(l) != 0 {
			panic("bad helper result")
		}
		LeaderDo(l, func() { got[0] = 1 })
	})
	if err != nil || got[0] != 1 {
		t.Fatal(err, got)
	}
}
