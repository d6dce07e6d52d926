// Package user holds kernels written against package lanes, whose //spmd:
// directives (on a user lane type, wrappers and a kernel launcher) are the
// only thing that tells a checker what its functions do.
package user

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round8/lanes"
	"github.com/spmdvet/spmdvet/spmd"
)

// WarpIDBad tests divergence from a user //spmd:laneid method reaching a user //spmd:convergent barrier method.
func WarpIDBad(n int) ([]int, error) {
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		w := lanes.Wrap(l)
		if w.ID() == 0 {
			w.Sync() // EXPECT
		}
		out[w.ID()] = 1
	})
	return out, err
}

// WarpSizeGood tests a user //spmd:uniform method guarding the user barrier, with lane-dependent work inside.
func WarpSizeGood(n int) ([]int, error) {
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		w := lanes.Wrap(l)
		if w.Size() > 1 {
			out[w.ID()] = w.ID() * 2
			w.Sync()
		}
	})
	return out, err
}

// JitterBad tests a user //spmd:divergent method guarding the user barrier.
func JitterBad(n int) ([]int, error) {
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		w := lanes.Wrap(l)
		if w.Jitter() > 1 {
			w.Sync() // EXPECT
		}
		out[w.ID()] = 1
	})
	return out, err
}

// VoteBad tests a user //spmd:convergent method in the right operand of a lane-dependent &&.
func VoteBad(n int) ([]int, error) {
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		w := lanes.Wrap(l)
		if w.ID() > 1 && w.Vote(true) { // EXPECT
			out[w.ID()] = 1
		}
	})
	return out, err
}

// VoteGood tests the same user vote called by every lane: its result is uniform by directive although its argument is lane-dependent.
func VoteGood(n int) ([]int, error) {
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		w := lanes.Wrap(l)
		if w.Vote(w.ID() > 1) {
			w.Sync()
			out[w.ID()] = 1
		}
	})
	return out, err
}

// ReadFromGood tests a user //spmd:uniform src method with a uniform src and a lane-dependent value.
func ReadFromGood(n int) ([]int, error) {
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		w := lanes.Wrap(l)
		x := w.ReadFrom(w.ID()*10, 0)
		if x == 0 {
			w.Sync()
		}
		out[w.ID()] = x + 1
	})
	return out, err
}

// ReadFromBad tests the same method with a lane-dependent src.
func ReadFromBad(n int) ([]int, error) {
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		w := lanes.Wrap(l)
		x := w.ReadFrom(w.ID()*10, w.ID()%2)
		if x == 0 {
			w.Sync() // EXPECT
		}
		out[w.ID()] = x + 1
	})
	return out, err
}

// GetGood tests a user //spmd:uniform key function: uniform key, lane-dependent (ignored) hint.
func GetGood(n int) ([]int, error) {
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		w := lanes.Wrap(l)
		rounds := lanes.Get("b", w.ID())
		for i := 0; i < rounds; i++ {
			w.Sync()
			out[w.ID()]++
		}
	})
	return out, err
}

// GetBad tests the same function with a lane-dependent key.
func GetBad(n int) ([]int, error) {
	keys := []string{"a", "b"}
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		w := lanes.Wrap(l)
		rounds := lanes.Get(keys[w.ID()%2], 0)
		for i := 0; i < rounds; i++ {
			w.Sync() // EXPECT
			out[w.ID()]++
		}
	})
	return out, err
}

// FenceBad tests a user //spmd:convergent function (not a barrier, body opaque) called under a lane-dependent condition.
func FenceBad(n int) ([]int, error) {
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		w := lanes.Wrap(l)
		if w.ID()%2 == 0 {
			lanes.Fence(w) // EXPECT
		}
		out[w.ID()] = 1
	})
	return out, err
}

// SyncTwiceBad tests a function convergent by fact (it calls a directive-only barrier) called under a lane-dependent condition.
func SyncTwiceBad(n int) ([]int, error) {
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		w := lanes.Wrap(l)
		if w.ID() < 1 {
			lanes.SyncTwice(w) // EXPECT
		}
		out[w.ID()] = 1
	})
	return out, err
}

// SyncTwiceGood tests the same function called by every lane after lane-dependent work.
func SyncTwiceGood(n int) ([]int, error) {
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		w := lanes.Wrap(l)
		if w.ID() < 1 {
			out[w.ID()] = 5
		}
		lanes.SyncTwice(w)
		out[w.ID()]++
	})
	return out, err
}

// AgreeBad tests a generic function convergent by directive only, in the right operand of a lane-dependent ||.
func AgreeBad(n int) ([]int, error) {
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		w := lanes.Wrap(l)
		if w.ID() == 0 || lanes.Agree(w, "x", "x") { // EXPECT
			out[w.ID()] = 1
		}
	})
	return out, err
}

// AgreeGood tests the same generic function called by every lane; its result is uniform by directive and guards a barrier.
func AgreeGood(n int) ([]int, error) {
	out := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		w := lanes.Wrap(l)
		if !lanes.Agree(w, w.ID(), 0) {
			w.Sync()
			out[w.ID()] = 1
		}
	})
	return out, err
}

// TotalBad tests a generic function from another package, convergent through its body, called under a lane-dependent condition.
func TotalBad(n int) ([]float64, error) {
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		w := lanes.Wrap(l)
		if w.ID() != 1 {
			out[w.ID()] = lanes.Total(w, 2.5) // EXPECT
		}
	})
	return out, err
}

// LaunchGood tests a kernel started through a user //spmd:kernel body launcher: its parameter n is uniform.
func LaunchGood(n, rounds int) ([]int, error) {
	out := make([]int, n)
	err := lanes.Launch(n, rounds, func(w lanes.Warp, k int) {
		for i := 0; i < k; i++ {
			w.Sync()
			out[w.ID()] += i
		}
	})
	return out, err
}

// LaunchBad tests the same launcher with a trip count that mixes n with the lane index.
func LaunchBad(n, rounds int) ([]int, error) {
	out := make([]int, n)
	err := lanes.Launch(n, rounds, func(w lanes.Warp, k int) {
		for i := 0; i < k+w.ID()%2; i++ {
			w.Sync() // EXPECT
			out[w.ID()] += i
		}
	})
	return out, err
}

var results [8]int

// rounds is a kernel entry declared with //spmd:kernel: its parameter k is uniform.
//
//spmd:kernel
func rounds(w lanes.Warp, k int) {
	for i := 0; i < k; i++ {
		w.Sync()
		results[w.ID()] += i
	}
}

// KernelDeclGood tests a declared //spmd:kernel function with a non-lane parameter looping over a barrier.
func KernelDeclGood(n, k int) ([]int, error) {
	results = [8]int{}
	err := lanes.Launch(n, k, rounds)
	return append([]int(nil), results[:n]...), err
}

// skewed is the same kernel entry with a lane-dependent trip count.
//
//spmd:kernel
func skewed(w lanes.Warp, k int) {
	for i := 0; i < k-w.ID(); i++ {
		w.Sync() // EXPECT
	}
}

// KernelDeclBad tests skewed.
func KernelDeclBad(n, k int) error {
	return lanes.Launch(n, k, skewed)
}
