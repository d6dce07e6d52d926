// Package sparse holds sparse linear algebra and stream compaction kernels.
package sparse

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round21/lib/block"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round21/lib/warp"
	"github.com/spmdvet/spmdvet/spmd"
)

// CSR is a compressed sparse row matrix.
type CSR struct {
	Rows   int
	RowPtr []int
	Col    []int
	Val    []float64
}

// SpMVScalar computes y = m*x with one row per lane. There is no collective
// in the row loop; the barrier comes after it.
//
//spmd:kernel
func SpMVScalar(l spmd.Lane, m CSR, x, y []float64) {
	for row := l.Index(); row < m.Rows; row += l.Count() {
		s := 0.0
		for k := m.RowPtr[row]; k < m.RowPtr[row+1]; k++ {
			s += m.Val[k] * x[m.Col[k]]
		}
		y[row] = s
	}
	l.Barrier()
}

// SpMVScalarNorm also accumulates the norm of y with a reduction inside the
// per-lane row loop, whose trip count depends on the lane.
//
//spmd:kernel
func SpMVScalarNorm(l spmd.Lane, m CSR, x, y []float64, norm []float64) {
	total := 0.0
	for row := l.Index(); row < m.Rows; row += l.Count() {
		s := 0.0
		for k := m.RowPtr[row]; k < m.RowPtr[row+1]; k++ {
			s += m.Val[k] * x[m.Col[k]]
		}
		y[row] = s
		total += warp.Sum(l, s*s) // EXPECT
	}
	if l.Index() == 0 {
		norm[0] = total
	}
}

// SpMVVector computes y = m*x with all lanes on each row and a reduction
// per row. The row loop is uniform.
//
//spmd:kernel
func SpMVVector(l spmd.Lane, m CSR, x, y []float64) {
	for row := 0; row < m.Rows; row++ {
		s := 0.0
		for k := m.RowPtr[row] + l.Index(); k < m.RowPtr[row+1]; k += l.Count() {
			s += m.Val[k] * x[m.Col[k]]
		}
		s = spmd.ReduceAdd(l, s)
		if l.Index() == 0 {
			y[row] = s
		}
	}
}

// SpMVVectorSkipIdle lets the lanes that had no nonzero of the row skip the
// reduction.
//
//spmd:kernel
func SpMVVectorSkipIdle(l spmd.Lane, m CSR, x, y []float64) {
	for row := 0; row < m.Rows; row++ {
		s := 0.0
		cnt := 0
		for k := m.RowPtr[row] + l.Index(); k < m.RowPtr[row+1]; k += l.Count() {
			s += m.Val[k] * x[m.Col[k]]
			cnt++
		}
		if cnt > 0 {
			s = spmd.ReduceAdd(l, s) // EXPECT
		}
		if l.Index() == 0 {
			y[row] = s
		}
	}
}

// SpMVVectorSkipEmpty skips empty rows: the row length is read at a uniform
// address of a kernel parameter, so every lane skips together.
//
//spmd:kernel
func SpMVVectorSkipEmpty(l spmd.Lane, m CSR, x, y []float64) {
	for row := 0; row < m.Rows; row++ {
		if m.RowPtr[row+1] == m.RowPtr[row] {
			continue
		}
		s := 0.0
		for k := m.RowPtr[row] + l.Index(); k < m.RowPtr[row+1]; k += l.Count() {
			s += m.Val[k] * x[m.Col[k]]
		}
		s = warp.Sum(l, s)
		if l.Index() == 0 {
			y[row] = s
		}
	}
}

// SpMVAcc accumulates |m*x|_1 in a per-lane accumulator and reduces it once.
//
//spmd:kernel
func SpMVAcc(l spmd.Lane, m CSR, x []float64, out []float64) {
	a := block.NewAcc[float64](l)
	for row := l.Index(); row < m.Rows; row += l.Count() {
		for k := m.RowPtr[row]; k < m.RowPtr[row+1]; k++ {
			a.Add(m.Val[k] * x[m.Col[k]])
		}
	}
	t := a.Total()
	if l.Index() == 0 {
		out[0] = t
	}
}

// SpMVAccNonzero reduces only in the lanes whose own sum is positive.
//
//spmd:kernel
func SpMVAccNonzero(l spmd.Lane, m CSR, x []float64, out []float64) {
	a := block.NewAcc[float64](l)
	for row := l.Index(); row < m.Rows; row += l.Count() {
		for k := m.RowPtr[row]; k < m.RowPtr[row+1]; k++ {
			a.Add(m.Val[k] * x[m.Col[k]])
		}
	}
	if a.Local() > 0 {
		out[0] = a.Total() // EXPECT
	}
}

// RowCombine reduces each row with the combiner the caller chose. The call
// is made by every lane for every row.
//
//spmd:kernel
func RowCombine(l spmd.Lane, m CSR, c block.Combiner[float64], y []float64) {
	for row := 0; row < m.Rows; row++ {
		v := 0.0
		if k := m.RowPtr[row] + l.Index(); k < m.RowPtr[row+1] {
			v = m.Val[k]
		}
		v = block.Combine(l, c, v)
		if l.Index() == 0 {
			y[row] = v
		}
	}
}

// RowCombineNonzero sums the nonzero entries of each row with a direct call
// of the generic method SumOf[float64].Combine, but only in the lanes that
// hold a nonzero.
//
//spmd:kernel
func RowCombineNonzero(l spmd.Lane, m CSR, y []float64) {
	for row := 0; row < m.Rows; row++ {
		v := 0.0
		if k := m.RowPtr[row] + l.Index(); k < m.RowPtr[row+1] {
			v = m.Val[k]
		}
		if v != 0 {
			v = block.SumOf[float64]{}.Combine(l, v) // EXPECT
		}
		if l.Index() == 0 {
			y[row] = v
		}
	}
}

// Compact copies the positive values of in to out, in order, and stores
// their number in count[0]. Tiles of Count items, uniform tile loop.
//
//spmd:kernel
func Compact(l spmd.Lane, in, out []int, count []int) {
	base := 0
	for t := 0; t < len(in); t += l.Count() {
		i := t + l.Index()
		keep := i < len(in) && in[i] > 0
		k := 0
		if keep {
			k = 1
		}
		off := spmd.ExclusiveAdd(l, k)
		if keep {
			out[base+off] = in[i]
		}
		base += spmd.ReduceAdd(l, k)
	}
	if l.Index() == 0 {
		count[0] = base
	}
}

// CompactGuarded takes the offset only in the lanes that keep their value.
//
//spmd:kernel
func CompactGuarded(l spmd.Lane, in, out []int, count []int) {
	base := 0
	for t := 0; t < len(in); t += l.Count() {
		i := t + l.Index()
		if i < len(in) && in[i] > 0 {
			off := spmd.ExclusiveAdd(l, 1) // EXPECT
			out[base+off] = in[i]
		}
		base += spmd.ReduceAdd(l, 1)
	}
	count[0] = base
}

// CompactBallot compacts with a ballot: warp.Rank and warp.Count.
//
//spmd:kernel
func CompactBallot(l spmd.Lane, in, out []int, count []int) {
	base := 0
	for t := 0; t < len(in); t += l.Count() {
		i := t + l.Index()
		keep := i < len(in) && in[i] > 0
		pos := base + warp.Rank(l, keep)
		if keep {
			out[pos] = in[i]
		}
		base += warp.Count(l, keep)
	}
	if warp.Leader(l) {
		count[0] = base
	}
}

// CompactBallotGuarded ranks only among the lanes that keep their value.
//
//spmd:kernel
func CompactBallotGuarded(l spmd.Lane, in, out []int) {
	for t := 0; t < len(in); t += l.Count() {
		i := t + l.Index()
		if i < len(in) && in[i] > 0 {
			out[t+warp.Rank(l, true)] = in[i] // EXPECT
		}
	}
}

// WorkQueue has each lane take items from a shared atomic counter and
// synchronize after each item. Lanes take different numbers of items.
//
//spmd:kernel
func WorkQueue(l spmd.Lane, items []int, next *int64, out []int) {
	for {
		idx := atomic.AddInt64(next, 1) - 1
		if idx >= int64(len(items)) {
			break
		}
		out[idx] = items[idx] * 2
		warp.Fence(l) // EXPECT
	}
}

// WorkQueueLeader has lane 0 take a whole tile and broadcast its start: the
// exit test is uniform.
//
//spmd:kernel
func WorkQueueLeader(l spmd.Lane, items []int, next *int64, out []int) {
	c := int64(l.Count())
	for {
		var grabbed int64
		if l.Index() == 0 {
			grabbed = atomic.AddInt64(next, c) - c
		}
		start := spmd.BroadcastFirst(l, grabbed)
		if start >= int64(len(items)) {
			break
		}
		if i := start + int64(l.Index()); i < int64(len(items)) {
			out[i] = items[i] * 2
		}
		warp.Sync(l)
	}
}

// WorkQueueTiles has the first lane of each 4-lane tile take work for its
// tile. The start looks like a broadcast, but its source lane is
// warp.TileBase, which depends on the lane.
//
//spmd:kernel
func WorkQueueTiles(l spmd.Lane, items []int, next *int64, out []int) {
	for {
		var grabbed int64
		if warp.TileBase(l, 4) == l.Index() {
			grabbed = atomic.AddInt64(next, 4) - 4
		}
		start := warp.From(l, grabbed, warp.TileBase(l, 4)) // EXPECT
		if start >= int64(len(items)) {
			break
		}
		if i := start + int64(l.Index()%4); i < int64(len(items)) {
			out[i] = items[i] * 2
		}
		warp.Sync(l) // EXPECT
	}
}

// Dot computes x.y with strided partial sums and one reduction.
//
//spmd:kernel
func Dot(l spmd.Lane, x, y []float64, out []float64) {
	s := 0.0
	for i := l.Index(); i < len(x); i += l.Count() {
		s += x[i] * y[i]
	}
	s = warp.Sum(l, s)
	if l.Index() == 0 {
		out[0] = s
	}
}

// DotSkipZeros reduces inside the tile only where x is nonzero.
//
//spmd:kernel
func DotSkipZeros(l spmd.Lane, x, y []float64, out []float64) {
	acc := 0.0
	for t := 0; t < len(x); t += l.Count() {
		i := t + l.Index()
		if i < len(x) && x[i] != 0 {
			acc += warp.Sum(l, x[i]*y[i]) // EXPECT
		}
	}
	out[0] = acc
}

// RowRounds synchronizes once per nonzero of row 0, whose length lane 0
// broadcasts: the source lane is uniform.
//
//spmd:kernel
func RowRounds(l spmd.Lane, m CSR, rounds []int) {
	i := l.Index()
	n := 0
	if i < m.Rows {
		n = m.RowPtr[i+1] - m.RowPtr[i]
	}
	r := warp.Bcast(l, n, 0)
	for k := 0; k < r; k++ {
		l.Barrier()
	}
	last := warp.From(l, n, l.Count()-1)
	for k := 0; k < last; k++ {
		l.Barrier()
	}
	if i == 0 {
		rounds[0] = r + last
	}
}

// RowRoundsPartner takes the round count from the partner lane.
//
//spmd:kernel
func RowRoundsPartner(l spmd.Lane, m CSR) {
	i := l.Index()
	n := 0
	if i < m.Rows {
		n = m.RowPtr[i+1] - m.RowPtr[i]
	}
	r := warp.Bcast(l, n, i^1)
	for k := 0; k < r; k++ {
		l.Barrier() // EXPECT
	}
}

// RowRoundsNext takes the round count from the next lane, through the
// directive-less wrapper.
//
//spmd:kernel
func RowRoundsNext(l spmd.Lane, m CSR) {
	i := l.Index()
	n := 0
	if i < m.Rows {
		n = m.RowPtr[i+1] - m.RowPtr[i]
	}
	if warp.From(l, n, (i+1)%l.Count()) > 1 {
		warp.Sync(l) // EXPECT
	}
}

// SegmentSums sums each segment of vals (one value per lane) and writes the
// sum at the segment's last lane.
//
//spmd:kernel
func SegmentSums(l spmd.Lane, vals []int, heads []bool, out []int) {
	i := l.Index()
	s := block.SegScan(l, vals[i], heads[i])
	if i+1 == l.Count() || heads[i+1] {
		out[i] = s
	}
}

// SegmentSumsNonEmpty scans only in the lanes with a nonzero value.
//
//spmd:kernel
func SegmentSumsNonEmpty(l spmd.Lane, vals []int, heads []bool, out []int) {
	i := l.Index()
	if vals[i] != 0 {
		out[i] = block.SegScan(l, vals[i], heads[i]) // EXPECT
	}
}

// MaxRowLength stores the longest row length, when rows are not all empty.
//
//spmd:kernel
func MaxRowLength(l spmd.Lane, m CSR, out []int) {
	i := l.Index()
	n := 0
	if i < m.Rows {
		n = m.RowPtr[i+1] - m.RowPtr[i]
	}
	if m.Rows > 0 && !warp.Unanimous(l, n == 0) {
		out[0] = warp.Max(l, n)
	}
}
