// Package grid is the upper library layer (lib A). It builds on package
// fence (lib B), so kernels reach spmd through kernel -> grid -> fence -> spmd.
package grid

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round14/xlib/fence"
	"github.com/spmdvet/spmdvet/spmd"
)

// Step does one phase step: it bumps the lane's own cell and then waits at
// fence.Sync. Convergent only through fence.Sync (a fact from another package).
func Step(l spmd.Lane, cells []int) {
	cells[fence.Self(l)%len(cells)]++
	fence.Sync(l)
}

// Row returns the row of the lane in a grid w lanes wide: divergent, through
// fence.Self.
func Row(l spmd.Lane, w int) int {
	return fence.Self(l) / w
}

// Mean returns the mean of v over the lanes: uniform through fence.Total;
// convergent through fence.Total.
func Mean(l spmd.Lane, v int) float64 {
	return float64(fence.Total(l, v)) / float64(l.Count())
}

// Mix returns a times the group size. b does not reach the result, so the
// result is uniform whenever a is, whatever b is.
func Mix(l spmd.Lane, a, b int) int {
	return a * fence.Size(l)
}

// LeaderTotal is a buggy helper: only lane 0 takes part in the reduction.
// The bug is inside this package, visible by knowing that fence.Self is
// lane-dependent and fence.Total is a collective.
func LeaderTotal(l spmd.Lane, v int) int {
	if fence.Self(l) == 0 {
		return fence.Total(l, v) // EXPECT
	}
	return 0
}

// Tile is a lane's view of a tile of shared cells.
type Tile struct {
	L     spmd.Lane
	Cells []int
}

// NewTile returns a lane's view of cells.
func NewTile(l spmd.Lane, cells []int) *Tile {
	return &Tile{L: l, Cells: cells}
}

// Sync (pointer receiver) waits for every lane: convergent through fence.Sync.
func (t *Tile) Sync() {
	fence.Sync(t.L)
}

// Mine (value receiver) returns the lane's own cell: divergent.
func (t Tile) Mine() int {
	return t.Cells[t.L.Index()%len(t.Cells)]
}

// Sum (value receiver) adds up all cells, each lane taking a strided part,
// and combines the parts: convergent, uniform result.
func (t Tile) Sum() int {
	part := 0
	for i := t.L.Index(); i < len(t.Cells); i += t.L.Count() {
		part += t.Cells[i]
	}
	return spmd.ReduceAdd(t.L, part)
}

// Warp is this package's own lane handle type.
//
//spmd:lane
type Warp struct {
	l spmd.Lane
}

// NewWarp wraps l.
func NewWarp(l spmd.Lane) Warp {
	return Warp{l: l}
}

// ID is the warp's lane ID.
//
//spmd:laneid
func (w Warp) ID() int {
	return w.l.Index()
}

// Size is the warp size.
//
//spmd:uniform
func (w Warp) Size() int {
	return w.l.Count()
}

// Sync is the warp barrier, declared by directive.
//
//spmd:convergent barrier
func (w Warp) Sync() {
	w.l.Barrier()
}

// Vote reports whether p holds in every lane: convergent and uniform,
// learnt from the body.
func (w Warp) Vote(p bool) bool {
	return spmd.All(w.l, p)
}

// SumOf is a generic reduction: convergent, uniform result.
func SumOf[T spmd.Number](l spmd.Lane, v T) T {
	return spmd.ReduceAdd(l, v)
}

// Own returns the lane's own element of xs: divergent.
func Own[T any](l spmd.Lane, xs []T) T {
	return xs[l.Index()%len(xs)]
}

// Take returns v of lane src, generic; declared uniform when src is.
//
//spmd:uniform src
func Take[T any](l spmd.Lane, v T, src int) T {
	return spmd.Shuffle(l, v, src)
}

// syncHook holds fence.Sync as a function value: calls through it are
// calls of an unknown function for a static checker.
var syncHook = fence.Sync

// Publish stores v in the lane's slot and waits until every lane has
// published. The wait goes through syncHook, so the directive declares it.
//
//spmd:convergent
func Publish[T any](l spmd.Lane, slots []T, v T) {
	slots[l.Index()] = v
	syncHook(l)
}

// Twice calls f two times.
func Twice(f func()) {
	f()
	f()
}

// WithLane calls f with l.
func WithLane(l spmd.Lane, f func(spmd.Lane)) {
	f(l)
}

// Map replaces each cell x by f(x), each lane taking a strided part, and
// waits for all lanes: convergent through fence.Sync.
func Map(l spmd.Lane, cells []int, f func(int) int) {
	for i := l.Index(); i < len(cells); i += l.Count() {
		cells[i] = f(cells[i])
	}
	fence.Sync(l)
}

// Op is a per-lane operation that kernels and this package implement.
type Op interface {
	Apply(l spmd.Lane, v int) int
}

// Fold applies op in every lane and sums the results: convergent, uniform.
func Fold(l spmd.Lane, op Op, v int) int {
	return spmd.ReduceAdd(l, op.Apply(l, v))
}

// Add is an Op that adds K.
type Add struct{ K int }

// Apply returns v+K.
func (a Add) Apply(l spmd.Lane, v int) int { return v + a.K }

// Summer is an Op that replaces v by the sum over lanes: convergent.
type Summer struct{}

// Apply returns the sum of v over lanes.
func (Summer) Apply(l spmd.Lane, v int) int {
	return spmd.ReduceAdd(l, v)
}

// Launch runs body in a group of lanes with parameter n. body is a kernel
// entry: its parameters (the lane handle and n) are uniform.
//
//spmd:kernel body
func Launch(lanes, n int, body func(l spmd.Lane, n int)) error {
	return spmd.Run(lanes, func(l spmd.Lane) { body(l, n) })
}
