// Package kit holds the small helpers our team wrote around spmd: a lane
// wrapper, reductions, a per-lane random number generator and a shared tile.
// It has no kernels of its own, only helpers that kernels call.
//
// Helpers that perform a collective or a barrier are straight-line code (or
// their loops have no convergent call inside), so they are correct wherever
// they are called from uniform control; the kernels that call them decide
// whether they are called correctly.
package kit

import (
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// Team wraps a lane the way our CUDA code wraps threadIdx/blockDim.
//
//spmd:lane
type Team struct {
	L spmd.Lane
}

// ID is the lane's index (threadIdx.x).
//
//spmd:laneid
func (t Team) ID() int { return t.L.Index() }

// Size is the group size (blockDim.x).
//
//spmd:uniform
func (t Team) Size() int { return t.L.Count() }

// Sync is __syncthreads.
//
//spmd:convergent barrier
func (t Team) Sync() { t.L.Barrier() }

// SyncThreads is the free-function spelling of Team.Sync, declared as a
// barrier binding.
//
//spmd:convergent barrier
func SyncThreads(l spmd.Lane) { l.Barrier() }

// Vote counts the lanes where p holds (a warp vote + popc). Declared
// convergent and uniform like a binding; implemented with Ballot, so it needs
// at most 64 lanes.
//
//spmd:convergent
//spmd:uniform
func Vote(l spmd.Lane, p bool) int { return bits.OnesCount64(spmd.Ballot(l, p)) }

// BcastF returns v of lane src, declared uniform when src is.
//
//spmd:uniform src
func BcastF(l spmd.Lane, v float64, src int) float64 { return spmd.Broadcast(l, v, src) }

// Sum is a generic wrapper around ReduceAdd.
func Sum[T spmd.Number](l spmd.Lane, v T) T { return spmd.ReduceAdd(l, v) }

// SumSlice adds up xs across the group: every lane sums a strided part, then
// the parts are reduced. The strided loop has a per-lane trip count but no
// collective inside; the ReduceAdd after it is reached by every lane.
func SumSlice[T spmd.Number](l spmd.Lane, xs []T) T {
	var part T
	for i := l.Index(); i < len(xs); i += l.Count() {
		part += xs[i]
	}
	return spmd.ReduceAdd(l, part)
}

// MaxAbs is the largest |x| over xs, computed like SumSlice.
func MaxAbs(l spmd.Lane, xs []float64) float64 {
	m := 0.0
	for i := l.Index(); i < len(xs); i += l.Count() {
		a := xs[i]
		if a < 0 {
			a = -a
		}
		if a > m {
			m = a
		}
	}
	return spmd.ReduceMax(l, m)
}

// Converged reports whether delta is at most tol in every lane. The result is
// uniform whenever tol is: ReduceMax is uniform.
func Converged[T spmd.Number](l spmd.Lane, delta, tol T) bool {
	return spmd.ReduceMax(l, delta) <= tol
}

// Offsets returns the lane's exclusive prefix of n and the group total, for
// lanes that append n items each to a shared buffer.
func Offsets(l spmd.Lane, n int) (off, total int) {
	off = spmd.ExclusiveAdd(l, n)
	total = spmd.ReduceAdd(l, n)
	return off, total
}

// Tile is block-shared memory ("__shared__ T tile[blockDim]").
type Tile[T any] struct {
	Buf []T
}

// NewTile allocates a tile for a group of n lanes.
func NewTile[T any](n int) *Tile[T] { return &Tile[T]{Buf: make([]T, n)} }

// Stage stores v in the lane's slot and waits for the whole group, after
// which every slot may be read.
func (t *Tile[T]) Stage(l spmd.Lane, v T) {
	t.Buf[l.Index()] = v
	l.Barrier()
}

// RNG is a per-lane xorshift64* generator.
type RNG struct{ s uint64 }

// NewRNG seeds a generator; seed 0 is remapped.
func NewRNG(seed uint64) RNG {
	s := seed*0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D
	if s == 0 {
		s = 1
	}
	return RNG{s: s}
}

// Next returns the next 64 random bits.
func (r *RNG) Next() uint64 {
	r.s ^= r.s >> 12
	r.s ^= r.s << 25
	r.s ^= r.s >> 27
	return r.s * 2685821657736338717
}

// Float64 returns a number in [0, 1).
func (r *RNG) Float64() float64 { return float64(r.Next()>>11) / (1 << 53) }
