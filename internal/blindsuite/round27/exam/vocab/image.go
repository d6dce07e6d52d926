// Package vocab holds image kernels written against package gpu, whose
// vocabulary is declared by //spmd: directives rather than by package spmd.
package vocab

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round27/exam/vocab/gpu"
)

// Image is the state of an image kernel: one pixel per thread.
type Image struct {
	Px    []int
	Out   []int
	Cut   int
	Width int
}

func (im *Image) n() int { return len(im.Px) }

// kernel(bug): the laneid method ID decides who syncs.
func (im *Image) LeftEdgeSync() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		i := t.ID()
		if i < 2 {
			t.Sync() // EXPECT
		}
		im.Out[i] = im.Px[i]
	})
}

// kernel(ok): the uniform method Size decides.
func (im *Image) WideBlockSync() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		i := t.ID()
		if t.Size() > 2 {
			t.Sync()
		}
		im.Out[i] = im.Px[i]
	})
}

// kernel(bug): the hardware slot differs per thread.
func (im *Image) SlotParitySync() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		if gpu.HWSlot()%2 == 0 {
			t.Sync() // EXPECT
		}
		im.Out[t.ID()] = 1
	})
}

// kernel(ok): the slot parities are summed over the block first.
func (im *Image) SlotParityCountSync() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		if gpu.Sum(t, gpu.HWSlot()%2) >= 0 {
			t.Sync()
		}
		im.Out[t.ID()] = 1
	})
}

// kernel(ok): Block is declared uniform.
func (im *Image) FirstBlockSync() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		i := t.ID()
		if t.Block() == 0 {
			t.Sync()
		}
		im.Out[i] = im.Px[i]
	})
}

// kernel(bug): the quad of a thread is not.
func (im *Image) FirstQuadSync() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		i := t.ID()
		if t.ID()/4 == 0 {
			t.Sync() // EXPECT
		}
		im.Out[i] = im.Px[i]
	})
}

// kernel(ok): Bcast from a fixed root is uniform.
func (im *Image) RootPivotSync() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		i := t.ID()
		pivot := gpu.Bcast(t, im.Px[i], 0)
		if pivot > im.Cut {
			t.Sync()
		}
		im.Out[i] = pivot
	})
}

// kernel(bug): Bcast from a per-thread root is not.
func (im *Image) NeighbourPivotSync() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		i := t.ID()
		pivot := gpu.Bcast(t, im.Px[i], (i+1)%t.Size())
		if pivot > im.Cut {
			t.Sync() // EXPECT
		}
		im.Out[i] = pivot
	})
}

// kernel(bug): Jitter is declared divergent.
func (im *Image) JitterSync() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		if gpu.Jitter(2) == 0 {
			t.Sync() // EXPECT
		}
		im.Out[t.ID()] = 1
	})
}

// kernel(ok): the jitter is summed over the block first.
func (im *Image) JitterTotalSync() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		if gpu.Sum(t, gpu.Jitter(2)) >= 0 {
			t.Sync()
		}
		im.Out[t.ID()] = 1
	})
}

// kernel(bug): the generic convergent Sum, in bright pixels only.
func (im *Image) BrightTotal() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		i := t.ID()
		total := 0.0
		if im.Px[i] > im.Cut {
			total = gpu.Sum(t, float64(im.Px[i])) // EXPECT
		}
		im.Out[i] = int(total)
	})
}

// kernel(ok): the generic convergent Sum, when the cut allows it.
func (im *Image) CutTotal() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		i := t.ID()
		total := 0.0
		if im.Cut > 0 {
			total = gpu.Sum(t, float64(im.Px[i]))
		}
		im.Out[i] = int(total)
	})
}

// kernel(bug): Fence (declared a barrier) in odd threads only.
func (im *Image) OddFence() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		i := t.ID()
		if i%2 == 1 {
			t.Fence() // EXPECT
		}
		im.Out[i] = im.Px[i]
	})
}

// kernel(ok): Fence when the block size is even.
func (im *Image) EvenBlockFence() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		i := t.ID()
		if t.Size()%2 == 0 {
			t.Fence()
		}
		im.Out[i] = im.Px[i]
	})
}

// kernel(bug): a generic tile published by bright pixels only.
func (im *Image) PublishBright() error {
	tile := &gpu.Tile[int]{Data: make([]int, im.n())}
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		i := t.ID()
		if im.Px[i] > im.Cut {
			tile.Publish(t, im.Px[i]) // EXPECT
		}
		im.Out[i] = tile.Data[i]
	})
}

// kernel(ok): a generic tile published by every pixel.
func (im *Image) PublishAll() error {
	tile := &gpu.Tile[int]{Data: make([]int, im.n())}
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		i := t.ID()
		if im.Cut >= 0 {
			tile.Publish(t, im.Px[i])
		}
		im.Out[i] = tile.Data[(i+1)%t.Size()]
	})
}

// Blur replaces each pixel by that of thread width (modulo the block size)
// when width is positive.
//
// kernel(ok): width is a parameter of a kernel entry.
//
//spmd:kernel
func Blur(t gpu.Thread, width int, px, out []int) {
	i := t.ID()
	v := px[i]
	if width > 0 {
		v = gpu.Bcast(t, px[i], width%t.Size())
	}
	out[i] = v
}

// BlurBright replaces each bright pixel by another.
//
// kernel(bug): the branch is on the thread's pixel.
//
//spmd:kernel
func BlurBright(t gpu.Thread, width int, px, out []int) {
	i := t.ID()
	v := px[i]
	if px[i] > width {
		v = gpu.Bcast(t, px[i], width%t.Size()) // EXPECT
	}
	out[i] = v
}

// tailSync syncs the block except for its last two threads.
func tailSync(t gpu.Thread) {
	if t.ID() >= t.Size()-2 {
		return
	}
	t.Sync() // EXPECT
}

// rowSync syncs the block unless there are no rows.
func rowSync(t gpu.Thread, rows int) {
	if rows == 0 {
		return
	}
	t.Sync()
}

// kernel(bug): a lane-typed helper that decides on its thread ID.
func (im *Image) TailSync() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		tailSync(t)
		im.Out[t.ID()] = 1
	})
}

// kernel(ok): a lane-typed helper that decides on the row count.
func (im *Image) RowSync() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		rowSync(t, im.n()/im.Width)
		im.Out[t.ID()] = 1
	})
}

// kernel(bug): a helper from gpu that syncs (by fact, not directive) in dark
// pixels only.
func (im *Image) DarkDoubleSync() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		i := t.ID()
		if im.Px[i] <= im.Cut {
			gpu.SyncTwice(t) // EXPECT
		}
		im.Out[i] = im.Px[i]
	})
}

// kernel(ok): the same helper in every pixel.
func (im *Image) DoubleSync() error {
	return gpu.Launch(im.n(), func(t gpu.Thread) {
		i := t.ID()
		if im.Cut <= im.Width {
			gpu.SyncTwice(t)
		}
		im.Out[i] = im.Px[i]
	})
}
