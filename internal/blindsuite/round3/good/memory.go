package good

import (
	"math"
	"math/bits"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round3/helpers"
	"github.com/spmdvet/spmdvet/spmd"
)

// Passes is a global tuning knob: uniform.
var Passes = 2

// Weights is a global lookup table: shared memory.
var Weights = []int{3, 1, 4, 1, 5, 9, 2, 6}

// LocalViaPointer lets a helper in another package compute the round count
// into a kernel-local variable, from uniform inputs only.
func LocalViaPointer(lanes int, data []int, out []int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		var rounds int
		helpers.ComputeRounds(&rounds, len(data), l.Count())
		acc := 0
		for r := 0; r < rounds; r++ {
			j := r*l.Count() + l.Index()
			v := 0
			if j < len(data) {
				v = data[j]
			}
			acc += helpers.BlockReduce(l, sh, v)
		}
		out[l.Index()] = acc
	})
}

// PublishThenBranch publishes each lane's value through a helper that
// writes shared memory, then branches on the first and last slots: loads
// at uniform addresses of shared memory.
func PublishThenBranch(lanes int, data []int, out []int) error {
	sh := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		helpers.Publish(l, sh, data[i])
		first, last := sh[0], sh[l.Count()-1]
		if first > last {
			v := sh[(i+1)%l.Count()]
			l.Barrier()
			sh[i] = v
			l.Barrier()
		}
		out[i] = sh[i]
	})
}

// SharedFlag: lane 0 decides on behalf of the block and stores the decision
// through a pointer the host passed in; after the barrier every lane reads
// the same address.
func SharedFlag(lanes int, data []int, flag *int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		if i == 0 {
			*flag = 0
			for _, v := range data {
				if v < 0 {
					*flag = 1
				}
			}
		}
		l.Barrier()
		if *flag == 1 {
			out[i] = spmd.ReduceMin(l, data[i])
		} else {
			out[i] = spmd.ReduceMax(l, data[i])
		}
	})
}

// GlobalKnobs loops a global number of passes and branches on a global
// table entry at a uniform index.
func GlobalKnobs(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		for p := 0; p < Passes; p++ {
			w := Weights[p%len(Weights)]
			v := data[(i+1)%l.Count()]
			l.Barrier()
			if w > 2 {
				data[i] += v * w
				l.Barrier()
			}
		}
	})
}

// ConfigMap reads its iteration count from a shared map with a constant
// key.
func ConfigMap(lanes int, cfg map[string]int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		iters := cfg["iters"]
		for k := 0; k < iters; k++ {
			v := data[(l.Index()+1)%l.Count()]
			l.Barrier()
			data[l.Index()] += v
			l.Barrier()
		}
	})
}

// MapSum sums the values of a shared map in each lane (in each lane's own
// iteration order), weighs them by the lane, and reduces after the loop.
func MapSum(lanes int, m map[string]int, out *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		s := 0
		for _, v := range m {
			s += v
		}
		t := spmd.ReduceAdd(l, s*l.Index())
		if l.Index() == 0 {
			*out = t
		}
	})
}

// ChannelWork takes one job per lane from a pre-filled buffered channel and
// reduces the results; the receive only feeds a collective's argument.
func ChannelWork(lanes int, jobs chan int, out *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		j := <-jobs
		r := j * j
		s := spmd.ReduceAdd(l, r)
		if l.Index() == 0 {
			*out = s
		}
	})
}

// SelectWork takes urgent work if there is any, normal work otherwise;
// only plain code runs in the select arms, the barrier comes after.
func SelectWork(lanes int, urgent, normal chan int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		var v int
		select {
		case u := <-urgent:
			v = u * 100
		case n := <-normal:
			v = n
		}
		out[i] = v
		l.Barrier()
		s := spmd.ReduceAdd(l, v)
		out[i] = s
	})
}

// Stencil is a 1-D Jacobi solver configuration.
type Stencil struct {
	Iters int
	Eps   float64
	A, B  []float64
}

// Solve runs Jacobi sweeps on shared double buffers until the largest
// change, combined with ReduceMax, drops below Eps.
func (s Stencil) Solve(l spmd.Lane) int {
	n := len(s.A)
	src, dst := s.A, s.B
	it := 0
	for ; it < s.Iters; it++ {
		diff := 0.0
		for j := l.Index(); j < n; j += l.Count() {
			if j == 0 || j == n-1 {
				dst[j] = src[j]
				continue
			}
			dst[j] = (src[j-1] + src[j+1]) / 2
			diff = max(diff, math.Abs(dst[j]-src[j]))
		}
		l.Barrier()
		src, dst = dst, src
		if spmd.ReduceMax(l, diff) < s.Eps {
			break
		}
	}
	return it
}

// JacobiMethod runs Stencil.Solve; s is a kernel parameter (uniform).
func JacobiMethod(lanes int, s Stencil, iters *int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		n := s.Solve(l)
		if l.Index() == 0 {
			*iters = n
		}
	})
}

// NormalizeGeneric scales each lane's value so the block's values sum to 1.
func NormalizeGeneric[F float32 | float64](lanes int, data []F) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		x := data[l.Index()]
		sum := spmd.ReduceAdd(l, x)
		if sum == 0 {
			return
		}
		data[l.Index()] = x / sum
		l.Barrier()
	})
}

// PivotBroadcast partitions around the value of the middle lane, sent with
// Broadcast from a uniform source lane, and counts each side.
func PivotBroadcast(lanes int, data []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		v := data[l.Index()]
		pivot := spmd.Broadcast(l, v, l.Count()/2)
		below := spmd.ReduceAdd(l, b2i(v < pivot))
		if below > 0 {
			l.Barrier()
		}
		if l.Index() == 0 {
			out[0], out[1] = pivot, below
		}
	})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// LeaderChoice: lane 0 picks a start offset from its own data, which every
// lane adopts with BroadcastFirst; the loop it bounds is uniform.
func LeaderChoice(lanes int, data []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		start := spmd.BroadcastFirst(l, data[i]%4)
		acc := 0
		for k := start; k < 4; k++ {
			acc += spmd.ReduceAdd(l, data[i]*k)
		}
		out[i] = acc
	})
}

// LeaderLoop serialises over the lanes that have a request: the uniform
// ballot mask is consumed one set bit at a time, and each request is
// broadcast from its (uniform) owner to every lane.
func LeaderLoop(lanes int, req []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		mask := spmd.Ballot(l, req[i] > 0)
		served := 0
		for mask != 0 {
			owner := bits.TrailingZeros64(mask)
			mask &= mask - 1
			r := spmd.Broadcast(l, req[i], owner)
			served += r
			l.Barrier()
		}
		out[i] = served
	})
}

// UniformLoopExit: the loop exits on a uniform condition (a counter and
// spmd.Any), so the counter is still uniform after the loop.
func UniformLoopExit(lanes int, data []int, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		x := data[i]
		k := 0
		for k < 10 && spmd.Any(l, x > 1) {
			if x > 1 {
				x /= 2
			}
			k++
		}
		if k > 3 {
			l.Barrier()
		}
		out[i] = k
	})
}
