// Package org holds kernels split into helpers from package helpers.
package org

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round19/idiom/org/helpers"
	"github.com/spmdvet/spmdvet/spmd"
)

// LeaderPublishes reduces in every lane and lets the leader publish.
//
//spmd:kernel
func LeaderPublishes(l spmd.Lane, out *float64) {
	t := helpers.Total(l, float64(l.Index()))
	if helpers.Leader(l) {
		*out = t
	}
}

// LeaderReduces reduces only in the leader.
//
//spmd:kernel
func LeaderReduces(l spmd.Lane, out *float64) {
	if helpers.Leader(l) {
		*out = helpers.Total(l, float64(l.Index())) // EXPECT
	}
}

// RankSyncs syncs once per lower lane.
//
//spmd:kernel
func RankSyncs(l spmd.Lane, out []int) {
	n := 0
	for i := 0; i < helpers.Rank(l); i++ {
		helpers.Sync(l) // EXPECT
		n++
	}
	out[l.Index()] = n
}

// WidthSyncs syncs once per lane of the group in every lane.
//
//spmd:kernel
func WidthSyncs(l spmd.Lane, out []int) {
	n := 0
	for i := 0; i < helpers.Width(l); i++ {
		helpers.Sync(l)
		n++
	}
	out[l.Index()] = n
}

// ChunkSum sums each lane's chunk and totals the chunks.
//
//spmd:kernel
func ChunkSum(l spmd.Lane, data []float64, out *float64) {
	lo, hi := helpers.Chunk(l, len(data))
	s := 0.0
	for _, x := range data[lo:hi] {
		s += x
	}
	t := helpers.Total(l, s)
	if helpers.Leader(l) {
		*out = t
	}
}

// ChunkSumSkipEmpty returns early from lanes with an empty chunk.
//
//spmd:kernel
func ChunkSumSkipEmpty(l spmd.Lane, data []float64, out *float64) {
	lo, hi := helpers.Chunk(l, len(data))
	if lo >= hi {
		return
	}
	s := 0.0
	for _, x := range data[lo:hi] {
		s += x
	}
	t := helpers.Total(l, s) // EXPECT
	if helpers.Leader(l) {
		*out = t
	}
}

// OffsetSync syncs in the lanes whose offset is past 3.
//
//spmd:kernel
func OffsetSync(l spmd.Lane, counts []int, out []int) {
	off := helpers.Offset(l, counts[l.Index()])
	if off > 3 {
		helpers.Sync(l) // EXPECT
	}
	out[l.Index()] = off
}

// OffsetTotalSync syncs when the uniform total of the counts is past 3.
//
//spmd:kernel
func OffsetTotalSync(l spmd.Lane, counts []int, out []int) {
	off := helpers.Offset(l, counts[l.Index()])
	total := helpers.Total(l, float64(counts[l.Index()]))
	if total > 3 {
		helpers.Sync(l)
	}
	out[l.Index()] = off
}

// MeanCentered computes the mean with nested helpers in every lane, then
// syncs when it is positive.
//
//spmd:kernel
func MeanCentered(l spmd.Lane, data []float64, out []float64) {
	m := helpers.Mean(l, data)
	if m > 0 {
		helpers.Sync(l)
	}
	lo, hi := helpers.Chunk(l, len(data))
	for i := lo; i < hi; i++ {
		out[i] = data[i] - m
	}
}

// MeanWhenNegative computes the mean only in lanes that see a negative datum.
//
//spmd:kernel
func MeanWhenNegative(l spmd.Lane, data []float64, out []float64) {
	if data[l.Index()%len(data)] < 0 {
		m := helpers.Mean(l, data) // EXPECT
		out[l.Index()] = m
	}
}

// FenceOdd calls the directive-declared fence in odd lanes.
//
//spmd:kernel
func FenceOdd(l spmd.Lane, out []int) {
	if l.Index()%2 == 1 {
		helpers.Fence(l) // EXPECT
	}
	out[l.Index()] = 1
}

// FenceGroups fences a uniform number of times.
//
//spmd:kernel
func FenceGroups(l spmd.Lane, out []int) {
	for range helpers.Groups() {
		helpers.Fence(l)
	}
	out[l.Index()] = helpers.Groups()
}

// CtxSum sums through a context method in every lane, then syncs on it.
//
//spmd:kernel
func CtxSum(l spmd.Lane, data []float64, out *float64) {
	c := helpers.Ctx{L: l, Data: data}
	s := c.Sum()
	if s > 1 {
		helpers.Sync(l)
	}
	if helpers.Leader(l) {
		*out = s
	}
}

// CtxSumMine sums only in the lanes whose own element is positive.
//
//spmd:kernel
func CtxSumMine(l spmd.Lane, data []float64, out []float64) {
	c := helpers.Ctx{L: l, Data: data}
	if c.Mine() > 0 {
		out[l.Index()] = c.Sum() // EXPECT
	}
}

// TotalOfRank reduces lane-dependent values and branches on the uniform
// result of the helper.
//
//spmd:kernel
func TotalOfRank(l spmd.Lane, out []int) {
	if helpers.Total(l, float64(helpers.Rank(l))) > 3 {
		helpers.Sync(l)
	}
	out[l.Index()] = 1
}
