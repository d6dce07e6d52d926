// Package ambig holds kernels the checker's specification does not settle:
// each runs without divergence under spmd.Run, but a static analysis that
// judges joins by paths rather than values may report it.
package ambig

import "github.com/spmdvet/spmdvet/spmd"

// SmoothWarm alternates smoothing and a group-wide normalisation; each lane
// decides whether it starts warm, at the normalisation. Every lane still
// runs the normalisation exactly rounds times, in the same order.
//
// kernel A1
func SmoothWarm(vals []int, warm []bool, rounds int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		v, i := vals[l.Index()], 0
		if warm[l.Index()] {
			goto normalise
		}
	smooth:
		v = (v + 100) / 2
	normalise:
		i++
		if t := spmd.ReduceAdd(l, v); t != 0 {
			v = v * 1000 / t
		}
		if i < rounds {
			goto smooth
		}
		out[l.Index()] = v
	})
}

// PadLengths decodes a length prefix per lane, one byte or two when its top
// bit is set; in checked mode a two-byte length skips the clamp. Both arms
// set the same padding, so pad is 2 in every lane.
//
// kernel A2
func PadLengths(bufs [][]byte, checked bool, limit int, out []int) error {
	return spmd.Run(len(bufs), func(l spmd.Lane) {
		b := bufs[l.Index()]
		n, pad := int(b[0]&0x7f), 0
		if b[0]&0x80 != 0 {
			pad = 2
			n = n<<8 | int(b[1])
			if checked {
				goto check
			}
		} else {
			pad = 2
		}
		n = min(n, limit)
	check:
		out[l.Index()] = n
		if pad == 2 {
			m := spmd.ReduceMax(l, n+pad)
			if l.Index() == 0 {
				out[len(bufs)] = m
			}
		}
	})
}

// Steps walks steps slots of data[i] in lane i, skipping empty slots, and
// adds up the group's running sum at the top of every step. step changes
// the same way in every lane before the lane-dependent continue.
//
// kernel A3
func Steps(data [][]int, steps int, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		me := l.Index()
		acc, sum, step := 0, 0, 0
		for step < steps {
			sum = spmd.ReduceAdd(l, acc)
			step++
			if data[me][step-1] == 0 {
				continue
			}
			acc += data[me][step-1]
		}
		out[me] = sum
	})
}

// QueueEnds finds the end (first zero) of each lane's queue. The limit is
// recomputed from the uniform capacity inside the loop that lanes leave in
// different iterations, then decides a collective after it.
//
// kernel A4
func QueueEnds(queues [][]int, capacity int, out []int) error {
	return spmd.Run(len(queues), func(l spmd.Lane) {
		q := queues[l.Index()]
		i, limit := 0, 0
		for {
			limit = capacity * 2
			if i >= len(q) || q[i] == 0 {
				break
			}
			i++
		}
		if limit > 10 {
			n := spmd.ReduceAdd(l, i)
			if l.Index() == 0 {
				out[0] = n
			}
		}
	})
}

// Divide runs a shared program of divisions and sums. A lane whose
// accumulator is zero at a division panics, which ends the whole run; the
// lanes that go on all reach the same sums.
//
// kernel A5
func Divide(prog []int, data []int, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		acc := data[l.Index()]
		for _, op := range prog {
			switch {
			case op > 0:
				if acc == 0 {
					panic("ambig: division by zero")
				}
				acc = op*1000/acc + 1
			case op == 0:
				acc = spmd.ReduceAdd(l, acc)
			}
		}
		out[l.Index()] = acc
	})
}
