package vocab

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestLeaderSync(t *testing.T) {
	err := spmd.Run(4, LeaderSync)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %T %v", err, err)
	}
	t.Log(err)
}

func TestHelpers(t *testing.T) {
	h := &Hist{}
	lo := make([]int, 4)
	hi := make([]int, 4)
	err := spmd.Run(4, func(l spmd.Lane) {
		var mine Hist
		mine.Add(l.Index() + 1)
		if mine.Merge(l) != 4 {
			panic("merge")
		}
		if l.Index() == 0 {
			*h = mine
		}
		lo[l.Index()], hi[l.Index()] = Stripe(l, 6)
		tiles, scaled, total, sum := Tiles(l, 6), Scaled(l, 2), Total(l, 1), Sum(l, 0.5)
		if tiles != 2 || scaled != 8 || total != 4 || sum != 2 {
			panic("helpers")
		}
		Sync(l)
		GroupSync(l)
	})
	if err != nil {
		t.Fatal(err)
	}
	if h.Bins != [4]int{1, 1, 1, 1} || h.Fullest() != 0 {
		t.Fatalf("hist %+v", h)
	}
	if lo[3] != 6 || hi[2] != 6 || lo[1] != 2 {
		t.Fatalf("stripes %v %v", lo, hi)
	}
}
