package gotoloops

import "github.com/spmdvet/spmdvet/spmd"

// FitWindow finds a window size that fits every lane's record, doubling it
// per attempt (at most 8). Each attempt the group counts the bytes the
// window delivers; out[i] gets the final window, delivered[k] the count of
// attempt k.
//
// kernel(ok)
func FitWindow(lens []int, delivered []int, out []int) error {
	return spmd.Run(len(lens), func(l spmd.Lane) {
		need := lens[l.Index()]
		window, tries := 1, 0
	retry:
		got := spmd.ReduceAdd(l, min(need, window))
		if l.Index() == 0 {
			delivered[tries] = got
		}
		tries++
		if !spmd.All(l, need <= window) && tries < 8 {
			window *= 2
			goto retry
		}
		out[l.Index()] = window
	})
}

// FitWindowEach is FitWindow where each lane stops doubling once its own
// record fits.
//
// kernel(bug)
func FitWindowEach(lens []int, delivered []int, out []int) error {
	return spmd.Run(len(lens), func(l spmd.Lane) {
		need := lens[l.Index()]
		window, tries := 1, 0
	retry:
		got := spmd.ReduceAdd(l, min(need, window)) // EXPECT
		if l.Index() == 0 {
			delivered[tries] = got
		}
		tries++
		if need > window && tries < 8 {
			window *= 2
			goto retry
		}
		out[l.Index()] = window
	})
}

// GroupSum adds vals over the group with a butterfly written as a goto
// loop. The group size must be a power of two.
//
// kernel(ok)
func GroupSum(vals []int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		v := vals[l.Index()]
		stride := l.Count() / 2
	step:
		if stride > 0 {
			v += spmd.ShuffleXor(l, v, stride)
			stride /= 2
			goto step
		}
		out[l.Index()] = v
	})
}

// GroupSumSparse is GroupSum where a lane whose partial sum is zero stops
// exchanging.
//
// kernel(bug)
func GroupSumSparse(vals []int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		v := vals[l.Index()]
		stride := l.Count() / 2
	step:
		if stride > 0 {
			if v == 0 {
				goto done
			}
			v += spmd.ShuffleXor(l, v, stride) // EXPECT
			stride /= 2
			goto step
		}
	done:
		out[l.Index()] = v
	})
}

// Drain empties per-lane queues in rounds: the loop is entered at its test,
// where the group takes a ballot of lanes with work left. Each round ends
// with a barrier before the lanes write their progress.
//
// kernel(ok)
func Drain(queues [][]int, progress []int, out []int) error {
	return spmd.Run(len(queues), func(l spmd.Lane) {
		me := l.Index()
		q := queues[me]
		pos, sum := 0, 0
		var mask uint64
		goto check
	work:
		if pos < len(q) {
			sum += q[pos]
			pos++
		}
		l.Barrier()
		progress[me] = pos
	check:
		mask = spmd.Ballot(l, pos < len(q))
		if mask != 0 {
			goto work
		}
		out[me] = sum
	})
}

// DrainEager is Drain where a lane with work goes straight to its first
// item instead of the test.
//
// kernel(bug)
func DrainEager(queues [][]int, progress []int, out []int) error {
	return spmd.Run(len(queues), func(l spmd.Lane) {
		me := l.Index()
		q := queues[me]
		pos, sum := 0, 0
		var mask uint64
		if pos < len(q) {
			goto work
		}
		goto check
	work:
		if pos < len(q) {
			sum += q[pos]
			pos++
		}
		l.Barrier() // EXPECT
		progress[me] = pos
	check:
		mask = spmd.Ballot(l, pos < len(q)) // EXPECT
		if mask != 0 {
			goto work
		}
		out[me] = sum
	})
}
