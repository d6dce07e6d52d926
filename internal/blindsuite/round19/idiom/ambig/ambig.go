// Package ambig holds kernels for which the specification (sections 1-3) does
// not settle, to my reading, whether the checker must report. Each kernel's
// comment states the question. The EXPECT annotations are my best guess; a
// line without EXPECT is one where I lean to "no finding". Tests record what
// spmd.Run actually does.
package ambig

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/spmdvet/spmdvet/spmd"
)

// SortedKeys sorts the keys of a shared map. The spec says keys from ranging
// over a map are divergent (per-lane order), but after sorting they are the
// same in every lane. Question: is slices.Sorted(maps.Keys(m)) uniform?
// Runtime: no divergence. Guess: no finding (uniform in truth).
//
//spmd:kernel
func SortedKeys(l spmd.Lane, m map[string]int, out []string) {
	ks := slices.Sorted(maps.Keys(m))
	if ks[0] == "a" {
		l.Barrier()
	}
	out[l.Index()] = ks[0]
}

// CollectKeys collects the keys of a shared map without sorting: each lane
// sees its own order. Question: must the checker see through maps.Keys and
// slices.Collect (bodies in the standard library, no directives) to learn that
// the order is per lane? With the conservative rule "divergent iff an argument
// is divergent" the result is uniform (m is a kernel parameter). Runtime:
// diverges. Guess: finding.
//
//spmd:kernel
func CollectKeys(l spmd.Lane, m map[string]int, first string, out []string) {
	ks := slices.Collect(maps.Keys(m))
	if ks[0] == first {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = ks[0]
}

// KeysSeqStop ranges over maps.Keys (range over func) and stops at a shared
// key. The loop body is a closure whose parameter k comes from an iterator
// that ranges over a map. Question: is the yield parameter divergent?
// Runtime: diverges (lanes stop after different numbers of barriers).
// Guess: finding.
//
//spmd:kernel
func KeysSeqStop(l spmd.Lane, m map[string]int, stop string, out []int) {
	n := 0
	for k := range maps.Keys(m) {
		l.Barrier() // EXPECT
		n++
		if k == stop {
			break
		}
	}
	out[l.Index()] = n
}

// BuilderLen grows a per-lane strings.Builder a lane-dependent number of
// times. The writes happen inside method calls on &sb, not as Store
// instructions of the kernel. Question: is sb.Len() divergent by the memory
// rule of the spec? Runtime: diverges. Guess: finding.
//
//spmd:kernel
func BuilderLen(l spmd.Lane, out []int) {
	var sb strings.Builder
	for range l.Index() {
		sb.WriteString("x")
	}
	if sb.Len() > 2 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = sb.Len()
}

// CloneStore writes the lane index into a clone of shared data. The clone is
// per-lane memory, but it is neither an Alloc of the kernel nor a parameter or
// global. Question: does the memory rule cover it? Runtime: diverges.
// Guess: finding.
//
//spmd:kernel
func CloneStore(l spmd.Lane, data []int, out []int) {
	s := slices.Clone(data)
	s[0] = l.Index()
	if slices.Max(s) > 2 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = s[0]
}

// ErrorfNonNil builds an error from lane data; it is never nil. Propagation
// through the call makes err, and so err != nil, divergent, but every lane
// takes the branch. Question: must the checker report? Runtime: no
// divergence. Guess: no finding (a finding is the conservative answer the
// spec's propagation rules give).
//
//spmd:kernel
func ErrorfNonNil(l spmd.Lane, out []string) {
	err := fmt.Errorf("lane %d", l.Index())
	if err != nil {
		l.Barrier()
	}
	out[l.Index()] = err.Error()
}

// ClearLiteral stores the lane index into a slice literal (an Alloc of the
// kernel) and then clears it. The spec's memory rule ("a load is divergent if
// any store to that memory stores a divergent value") makes buf[0] divergent,
// but after clear it is 0 in every lane. Runtime: no divergence. Guess: no
// finding (the spec's rule predicts one).
//
//spmd:kernel
func ClearLiteral(l spmd.Lane, out []int) {
	buf := []int{l.Index(), 1}
	clear(buf)
	if buf[0] == 0 {
		l.Barrier()
	}
	out[l.Index()] = buf[1]
}
