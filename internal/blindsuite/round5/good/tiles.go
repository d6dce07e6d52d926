package good

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round5/dev"
	"github.com/spmdvet/spmdvet/spmd"
)

// TiledReverseScale stages each tile of in into shared memory, then every
// lane reads its mirror element in the tile. Tiles are uniform; the ragged
// last tile is handled by guarded loads and stores, not by skipping barriers.
func TiledReverseScale(lanes int, in []float64, k float64) ([]float64, error) {
	out := make([]float64, len(in))
	tile := make([]float64, lanes)
	ntiles := (len(in) + lanes - 1) / lanes
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		for t := 0; t < ntiles; t++ {
			g := t*l.Count() + tid
			if g < len(in) {
				tile[tid] = in[g]
			} else {
				tile[tid] = 0
			}
			l.Barrier()
			j := l.Count() - 1 - tid
			v := tile[j] * k
			l.Barrier()
			if gm := t*l.Count() + j; gm < len(in) {
				out[gm] = v
			}
		}
	})
	return out, err
}

// TileIterSum walks the tiles with a range-over-func iterator whose bounds
// are uniform; the body has barriers.
func TileIterSum(lanes int, in []int) ([]int, error) {
	sh := make([]int, lanes)
	var sums []int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		for _, off := range dev.Tiles(len(in), l.Count()) {
			v := 0
			if off+tid < len(in) {
				v = in[off+tid]
			}
			s := dev.TreeReduce(l, sh, v)
			l.Barrier()
			if tid == 0 {
				sums = append(sums, s)
			}
		}
	})
	return sums, err
}

// StridedIterSum is a grid-stride loop written with an iterator: the
// iteration count differs between lanes, but nothing convergent is inside.
func StridedIterSum(lanes int, data []float64) (float64, error) {
	var total float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var part float64
		for i := range dev.Strided(l.Index(), len(data), l.Count()) {
			part += data[i]
		}
		s := spmd.BroadcastFirst(l, spmd.ReduceAdd(l, part))
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// PhasesIter runs a fixed number of phases through dev.Seq.
func PhasesIter(lanes, phases int, buf []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		tid := l.Index()
		for p := range dev.Seq(phases) {
			v := buf[(tid+1)%l.Count()]
			l.Barrier()
			buf[tid] = v + p
			l.Barrier()
		}
	})
}

// StageTiles uses a pointer-receiver method to stage and a value-receiver
// method for the uniform loop bound.
func StageTiles(lanes int, src []float64) (float64, error) {
	t := dev.Tile{W: lanes, H: 2}
	sh := make([]float64, t.Area())
	var total float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		for base := 0; base+t.Area() <= len(src); base += t.Area() {
			t.Stage(l, sh, src, base)
			var part float64
			for i := l.Index(); i < t.Area(); i += l.Count() {
				part += sh[i]
			}
			s := spmd.ReduceAdd(l, part)
			l.Barrier()
			if l.Index() == 0 {
				total += s
			}
		}
	})
	return total, err
}

// LocalTileArea builds a tile descriptor in each lane from uniform values
// and uses its value-receiver method as a loop bound around barriers.
func LocalTileArea(lanes int) (int, error) {
	n := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		t := dev.Tile{W: l.Count() / 4, H: 2}
		for i := 0; i < t.Area(); i++ {
			l.Barrier()
			if l.Index() == 0 {
				n++
			}
		}
	})
	return n, err
}

// Transpose2 transposes a lanes x 2 matrix through a shared tile, with the
// global id from a //spmd:laneid helper used only as an address.
func Transpose2(lanes int, in []int) ([]int, error) {
	out := make([]int, len(in))
	tile := make([]int, len(in))
	err := spmd.Run(lanes, func(l spmd.Lane) {
		for block := 0; block < 2; block++ {
			gid := dev.GlobalID(l, block)
			tile[gid] = in[gid]
		}
		l.Barrier()
		r := l.Index()
		out[r] = tile[2*r]
		out[l.Count()+r] = tile[2*r+1]
	})
	return out, err
}
