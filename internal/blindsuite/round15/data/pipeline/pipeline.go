// Package pipeline holds kernels that get their data structures from the
// helpers of package build (another package of this module): slices and
// generic containers built there, and convergent helpers defined there.
package pipeline

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round15/data/build"
	"github.com/spmdvet/spmdvet/spmd"
)

// CyclicShare (bug): build.LaneShare returns the lane's cyclic share of
// 0..n-1, whose length depends on the lane when Count does not divide n; the
// loop calls build.Total, which is convergent through its body.
//
//spmd:kernel
func CyclicShare(l spmd.Lane, data []int, out []int) {
	s := 0
	for _, j := range build.LaneShare(l, len(data)) {
		s += build.Total(l, data[j]) // EXPECT
	}
	out[l.Index()] = s
}

// LaneDigits (bug, may): one collective per decimal digit of a
// lane-dependent number.
//
//spmd:kernel
func LaneDigits(l spmd.Lane, out []int) {
	s := 0
	for _, d := range build.Digits(l.Index() * 37) {
		s += spmd.ReduceAdd(l, d) // EXPECT
	}
	out[l.Index()] = s
}

// CountDigits (correct): the digits of a uniform number (Count times 1000);
// the digit values feed a lane-dependent product but the length is uniform.
//
//spmd:kernel
func CountDigits(l spmd.Lane, out []int) {
	s := 0
	for _, d := range build.Digits(l.Count() * 1000) {
		s += spmd.ReduceAdd(l, d*l.Index())
		build.Sync(l)
	}
	out[l.Index()] = s
}

// SharedSet (correct): a generic build.Set filled from shared data; its size
// is the same in every lane.
//
//spmd:kernel
func SharedSet(l spmd.Lane, data []int, out []int) {
	set := build.NewSet[int]()
	for _, d := range data {
		set.Add(d)
	}
	for k := 0; k < set.Len(); k++ {
		build.Sync(l)
	}
	out[l.Index()] = set.Len()
}

// LaneSet (bug): the same generic set filled with d mod (Index+1); its size
// depends on the lane.
//
//spmd:kernel
func LaneSet(l spmd.Lane, data []int, out []int) {
	set := build.NewSet[int]()
	for _, d := range data {
		set.Add(d % (l.Index() + 1))
	}
	for k := 0; k < set.Len(); k++ {
		build.Sync(l) // EXPECT
	}
	out[l.Index()] = set.Len()
}

// SharedChunks (correct): build.Chunk of shared data with a constant size
// gives the same chunks in every lane.
//
//spmd:kernel
func SharedChunks(l spmd.Lane, data []int, out []int) {
	s := 0
	for _, ch := range build.Chunk(data, 3) {
		part := 0
		for _, v := range ch {
			part += v
		}
		s += build.Total(l, part*l.Index())
	}
	out[l.Index()] = s
}

// LaneChunks (bug): the chunk size depends on the lane, and so does the
// number of chunks.
//
//spmd:kernel
func LaneChunks(l spmd.Lane, data []int, out []int) {
	s := 0
	for _, ch := range build.Chunk(data, l.Index()+1) {
		s += spmd.ReduceAdd(l, len(ch)) // EXPECT
	}
	out[l.Index()] = s
}

// RangeSync (correct): build.Range of a uniform length; one barrier per
// element in every lane.
//
//spmd:kernel
func RangeSync(l spmd.Lane, data []int, out []int) {
	for _, k := range build.Range(len(data)) {
		out[l.Index()] += data[k]
		build.Sync(l)
	}
}

// LaneRange (bug): build.Range of a lane-dependent length.
//
//spmd:kernel
func LaneRange(l spmd.Lane, out []int) {
	for range build.Range(l.Index()) {
		build.Sync(l) // EXPECT
		out[l.Index()]++
	}
}
