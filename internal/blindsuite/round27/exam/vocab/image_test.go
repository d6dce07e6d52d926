package vocab

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round27/exam/vocab/gpu"
	"github.com/spmdvet/spmdvet/spmd"
)

var px = []int{5, 1, 6, 2, 7, 3, 4, 0}

func newImage() *Image {
	return &Image{Px: slices.Clone(px), Out: make([]int, len(px)), Cut: 3, Width: 4}
}

func want(vals ...int) func(*testing.T, []int) {
	return func(t *testing.T, out []int) {
		t.Helper()
		for i, o := range out {
			w := vals[0]
			if len(vals) > 1 {
				w = vals[i]
			}
			if o != w {
				t.Errorf("Out = %v, want %v", out, vals)
				return
			}
		}
	}
}

func entry(k func(gpu.Thread, int, []int, []int)) func(*Image) error {
	return func(im *Image) error {
		return gpu.Launch(im.n(), func(t gpu.Thread) { k(t, im.Width, im.Px, im.Out) })
	}
}

func TestKernels(t *testing.T) {
	cases := []struct {
		name  string
		run   func(*Image) error
		check func(*testing.T, []int) // nil: a bug, must diverge
		tries int                     // runs allowed (per-thread hardware values)
	}{
		{"LeftEdgeSync", (*Image).LeftEdgeSync, nil, 1},
		{"WideBlockSync", (*Image).WideBlockSync, want(px...), 1},
		{"SlotParitySync", (*Image).SlotParitySync, nil, 20},
		{"SlotParityCountSync", (*Image).SlotParityCountSync, want(1), 1},
		{"FirstBlockSync", (*Image).FirstBlockSync, want(px...), 1},
		{"FirstQuadSync", (*Image).FirstQuadSync, nil, 1},
		{"RootPivotSync", (*Image).RootPivotSync, want(5), 1},
		{"NeighbourPivotSync", (*Image).NeighbourPivotSync, nil, 1},
		{"JitterSync", (*Image).JitterSync, nil, 20},
		{"JitterTotalSync", (*Image).JitterTotalSync, want(1), 1},
		{"BrightTotal", (*Image).BrightTotal, nil, 1},
		{"CutTotal", (*Image).CutTotal, want(28), 1},
		{"OddFence", (*Image).OddFence, nil, 1},
		{"EvenBlockFence", (*Image).EvenBlockFence, want(px...), 1},
		{"PublishBright", (*Image).PublishBright, nil, 1},
		{"PublishAll", (*Image).PublishAll, want(1, 6, 2, 7, 3, 4, 0, 5), 1},
		{"Blur", entry(Blur), want(7), 1},
		{"BlurBright", entry(BlurBright), nil, 1},
		{"TailSync", (*Image).TailSync, nil, 1},
		{"RowSync", (*Image).RowSync, want(1), 1},
		{"DarkDoubleSync", (*Image).DarkDoubleSync, nil, 1},
		{"DoubleSync", (*Image).DoubleSync, want(px...), 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.check != nil {
				im := newImage()
				if err := c.run(im); err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				c.check(t, im.Out)
				return
			}
			var err error
			for range c.tries {
				if err = c.run(newImage()); err != nil {
					break
				}
			}
			var de *spmd.DivergenceError
			if !errors.As(err, &de) {
				t.Fatalf("want *spmd.DivergenceError, got %v", err)
			}
		})
	}
}
