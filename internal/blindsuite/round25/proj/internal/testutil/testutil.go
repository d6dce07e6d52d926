// Package testutil holds the launch helpers and canned kernels shared by
// the tests of every package in the project.
package testutil

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// Launch runs k on n lanes and fails the test if the run reports an error.
// It carries no directive: the kernels passed to it are found by their
// spmd.Lane parameter.
func Launch(t testing.TB, n int, k func(spmd.Lane)) {
	t.Helper()
	if err := spmd.Run(n, k); err != nil {
		t.Fatalf("run on %d lanes: %v", n, err)
	}
}

// Diverges runs k on n lanes and fails the test unless the run stops with
// a *spmd.DivergenceError.
//
//spmd:kernel k
func Diverges(t testing.TB, n int, k func(spmd.Lane)) {
	t.Helper()
	err := spmd.Run(n, k)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("run on %d lanes: got %v, want a divergence error", n, err)
	}
}

// LaunchKernel is Launch for callers that want the kernel entry spelled out.
//
//spmd:kernel k
func LaunchKernel(t testing.TB, n int, k func(spmd.Lane)) {
	t.Helper()
	Launch(t, n, k)
}

// Try runs k and returns what Run returned.
func Try(n int, k func(spmd.Lane)) error {
	return spmd.Run(n, k)
}

// IsDivergence reports whether err is a *spmd.DivergenceError.
func IsDivergence(err error) bool {
	var de *spmd.DivergenceError
	return errors.As(err, &de)
}

// Case is one row of a table-driven kernel test.
type Case struct {
	Name    string
	Lanes   int
	Kernel  func(spmd.Lane)
	Diverge bool // the run must stop with a divergence error
	Check   func(t *testing.T)
}

// RunCases runs every case as a subtest.
func RunCases(t *testing.T, cases []Case) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			if c.Diverge {
				Diverges(t, c.Lanes, c.Kernel)
				return
			}
			Launch(t, c.Lanes, c.Kernel)
			if c.Check != nil {
				c.Check(t)
			}
		})
	}
}

// SumInto returns a kernel that stores the sum of xs in *out.
// kernel(ok): strided partial sums, reduction after the loop.
func SumInto(xs []int, out *int) func(spmd.Lane) {
	return func(l spmd.Lane) {
		part := 0
		for i := l.Index(); i < len(xs); i += l.Count() {
			part += xs[i]
		}
		s := spmd.ReduceAdd(l, part)
		if l.Index() == 0 {
			*out = s
		}
	}
}

// SumIntoLeader is SumInto as a junior wrote it first: only lane 0 reduces.
// kernel(bug): reduction in a per-lane branch.
func SumIntoLeader(xs []int, out *int) func(spmd.Lane) {
	return func(l spmd.Lane) {
		part := 0
		for i := l.Index(); i < len(xs); i += l.Count() {
			part += xs[i]
		}
		if l.Index() == 0 {
			*out = spmd.ReduceAdd(l, part) // EXPECT
		}
	}
}

// Iota returns a kernel that writes each lane's index into out, then
// checks with a barrier-separated read that the neighbour did the same.
// kernel(ok): shared slice read at a uniform index after a barrier.
func Iota(out []int, ok *bool) func(spmd.Lane) {
	return func(l spmd.Lane) {
		out[l.Index()] = l.Index()
		l.Barrier()
		last := out[l.Count()-1]
		if last == l.Count()-1 {
			spmd.Ballot(l, true)
			if l.Index() == 0 {
				*ok = true
			}
		}
	}
}

// IotaNeighbour is Iota checking its neighbour's slot instead.
// kernel(bug): shared slice read at a lane-dependent index.
func IotaNeighbour(out []int, ok *bool) func(spmd.Lane) {
	return func(l spmd.Lane) {
		out[l.Index()] = l.Index()
		l.Barrier()
		next := out[(l.Index()+1)%l.Count()]
		if next != 0 {
			spmd.Ballot(l, true) // EXPECT
			if l.Index() == 0 {
				*ok = true
			}
		}
	}
}
