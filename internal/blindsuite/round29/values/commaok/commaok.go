// Package commaok holds kernels whose control hangs on the second value of
// Go's comma-ok forms (map lookups, type assertions, channel receives), on
// select statements, and on multi-value results with blank identifiers.
package commaok

import (
	"strconv"

	"github.com/spmdvet/spmdvet/spmd"
)

// ---------------------------------------------------------------------------
// Map lookups.

// WeightedSumByLane sums data[i]*weight[i] over the lanes that have a
// weight in the sparse weight table, keyed by lane.
//
// kernel(bug): the key of the lookup is the lane index, so ok differs
// between lanes, and the lanes without a weight never reach the reduction.
func WeightedSumByLane(data []float64, weight map[int]float64) (float64, error) {
	var total float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		if w, ok := weight[i]; ok {
			s := spmd.ReduceAdd(l, data[i]*w) // EXPECT
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// WeightedSumByName sums data scaled by the weight registered under name,
// and leaves the total at 0 when there is no such weight.
//
// kernel(ok): the key is a kernel parameter, so every lane gets the same ok.
func WeightedSumByName(data []float64, weight map[string]float64, name string) (float64, error) {
	var total float64
	err := spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		if w, ok := weight[name]; ok {
			s := spmd.ReduceAdd(l, data[i]*w)
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// TagAtOffset packs records of the given sizes one after another and adds
// up the tags that marks puts at the start offset of each record.
//
// kernel(bug): ExclusiveAdd gives each lane its own offset, so the lookup's
// ok is per lane.
func TagAtOffset(sizes []int, marks map[int]int) (int, error) {
	var total int
	err := spmd.Run(len(sizes), func(l spmd.Lane) {
		i := l.Index()
		off := spmd.ExclusiveAdd(l, sizes[i])
		if tag, ok := marks[off]; ok {
			s := spmd.ReduceAdd(l, tag) // EXPECT
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// TagAtEnd packs records of the given sizes and, if marks has a trailer tag
// at the end of the packed buffer, returns the size-weighted sum of that tag.
//
// kernel(ok): ReduceAdd gives every lane the same end offset.
func TagAtEnd(sizes []int, marks map[int]int) (int, error) {
	var total int
	err := spmd.Run(len(sizes), func(l spmd.Lane) {
		i := l.Index()
		end := spmd.ReduceAdd(l, sizes[i])
		if tag, ok := marks[end]; ok {
			s := spmd.ReduceAdd(l, tag*sizes[i])
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// ---------------------------------------------------------------------------
// (value, error) results and blank identifiers.

// SumFields parses one field per lane and adds them up; a lane whose field
// does not parse drops out.
//
// kernel(bug): err is per lane, and the lanes that return early leave the
// others waiting at the reduction.
func SumFields(fields []string) (int, error) {
	var total int
	err := spmd.Run(len(fields), func(l spmd.Lane) {
		i := l.Index()
		n, err := strconv.Atoi(fields[i])
		if err != nil {
			return
		}
		s := spmd.ReduceAdd(l, n) // EXPECT
		if i == 0 {
			total = s
		}
	})
	return total, err
}

// SumFieldsScaled parses the scale once and adds up the fields times the
// scale; fields that do not parse count as zero (the error is discarded).
//
// kernel(ok): the scale is a kernel parameter, so err is the same in every
// lane and either all lanes return or none.
func SumFieldsScaled(fields []string, scale string) (int, error) {
	var total int
	err := spmd.Run(len(fields), func(l spmd.Lane) {
		i := l.Index()
		k, err := strconv.Atoi(scale)
		if err != nil {
			return
		}
		n, _ := strconv.Atoi(fields[i])
		s := spmd.ReduceAdd(l, n*k)
		if i == 0 {
			total = s
		}
	})
	return total, err
}

// shares returns the group total of x and the lane's share of it.
func shares(l spmd.Lane, x float64) (total, share float64) {
	total = spmd.ReduceAdd(l, x)
	share = x / total
	return total, share
}

// CountHeavy counts the lanes that hold more than a quarter of the total
// weight.
//
// kernel(bug): the second result of shares is the lane's own share, and the
// count is only reached by the heavy lanes.
func CountHeavy(w []float64) (int, error) {
	var heavy int
	err := spmd.Run(len(w), func(l spmd.Lane) {
		i := l.Index()
		_, share := shares(l, w[i])
		if share > 0.25 {
			n := spmd.ReduceAdd(l, 1) // EXPECT
			heavy = n
		}
	})
	return heavy, err
}

// LargestShare returns the largest share of the total weight held by one
// lane, if the total is above floor, and -1 otherwise.
//
// kernel(ok): the first result of shares is a reduction, the same in every
// lane.
func LargestShare(w []float64, floor float64) (float64, error) {
	top := -1.0
	err := spmd.Run(len(w), func(l spmd.Lane) {
		i := l.Index()
		total, share := shares(l, w[i])
		if total > floor {
			m := spmd.ReduceMax(l, share)
			if i == 0 {
				top = m
			}
		}
	})
	return top, err
}

// ---------------------------------------------------------------------------
// Type assertions.

// SumFloats adds up the float64 items of a heterogeneous list, one item per
// lane.
//
// kernel(bug): the dynamic type of items[i] differs between lanes, so ok does.
func SumFloats(items []any) (float64, error) {
	var total float64
	err := spmd.Run(len(items), func(l spmd.Lane) {
		i := l.Index()
		if f, ok := items[i].(float64); ok {
			s := spmd.ReduceAdd(l, f) // EXPECT
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// SumScaledBy adds up vals times the scale carried in opt, when opt holds a
// float64; otherwise it leaves the sum at 0.
//
// kernel(ok): opt is a kernel parameter, so the assertion goes the same way
// in every lane.
func SumScaledBy(vals []float64, opt any) (float64, error) {
	var total float64
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		if scale, ok := opt.(float64); ok {
			s := spmd.ReduceAdd(l, vals[i]*scale)
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// ---------------------------------------------------------------------------
// Channel receives.

// DrainOnce takes one result per lane from a shared, closed channel and adds
// them up; lanes that find the channel drained stop.
//
// kernel(bug): the channel is shared, so which lanes get a value (ok) is per
// lane, and the drained lanes return before the reduction.
func DrainOnce(results <-chan int, lanes int) (int, error) {
	var total int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		v, ok := <-results
		if !ok {
			return
		}
		s := spmd.ReduceAdd(l, v) // EXPECT
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// DrainBatch takes one result per lane from a shared, closed channel and
// adds them up; the group stops only when no lane got anything.
//
// kernel(ok): Ballot makes the decision to stop the same in every lane; the
// lanes that got nothing add the zero value v has after a failed receive.
func DrainBatch(results <-chan int, lanes int) (int, error) {
	var total int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		v, ok := <-results
		if spmd.Ballot(l, ok) == 0 {
			return
		}
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// RunPhases runs a rotate-and-add scan over lanes: for every step s, in
// order, each lane adds the value of lane i+s (mod lanes). Each lane keeps
// its schedule in a private queue, which it fills with the shared steps.
//
// kernel(ok): the queue is the lane's own channel, filled with the same
// values in every lane, so the range over it stops in the same iteration
// everywhere.
func RunPhases(vals []int, steps []int) ([]int, error) {
	n := len(vals)
	cur := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		q := make(chan int, len(steps))
		for _, s := range steps {
			q <- s
		}
		close(q)
		v := vals[i]
		for s := range q {
			cur[i] = v
			l.Barrier()
			v += cur[(i+s)%n]
			l.Barrier()
		}
		cur[i] = v
	})
	return cur, err
}

// RunLanePhases is RunPhases where each lane schedules only a prefix of the
// steps, longer for higher lanes.
//
// kernel(bug): the lane's queue is filled by a loop whose trip count depends
// on the lane, so the range over it ends in different iterations and the
// barriers inside are reached by some lanes only.
func RunLanePhases(vals []int, steps []int) ([]int, error) {
	n := len(vals)
	cur := make([]int, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		q := make(chan int, len(steps))
		for _, s := range steps[:i%len(steps)+1] {
			q <- s
		}
		close(q)
		v := vals[i]
		for s := range q {
			cur[i] = v
			l.Barrier() // EXPECT
			v += cur[(i+s)%n]
			l.Barrier() // EXPECT
		}
		cur[i] = v
	})
	return cur, err
}

// ---------------------------------------------------------------------------
// Select.

// TakeJob lets each lane take a job from a shared queue without blocking and
// adds up the jobs taken.
//
// kernel(bug): which lanes find a job is per lane, and only they reach the
// reduction inside the case.
func TakeJob(jobs chan int, lanes int) (int, error) {
	var total int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		select {
		case j := <-jobs:
			s := spmd.ReduceAdd(l, j) // EXPECT
			if l.Index() == 0 {
				total = s
			}
		default:
		}
	})
	return total, err
}

// TakeJobAny lets each lane take a job from a shared queue without blocking
// and, if any lane got one, adds up the jobs taken.
//
// kernel(ok): the select only records what it got; Any decides for all.
func TakeJobAny(jobs chan int, lanes int) (int, error) {
	var total int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		j, got := 0, false
		select {
		case v := <-jobs:
			j, got = v, true
		default:
		}
		if spmd.Any(l, got) {
			s := spmd.ReduceAdd(l, j)
			if l.Index() == 0 {
				total = s
			}
		}
	})
	return total, err
}

// ServePriority serves one request per lane from an urgent and a normal
// queue and combines what was served.
//
// kernel(bug): each case of the select holds a collective, and which case a
// lane takes (or the default) is per lane.
func ServePriority(urgent, normal chan int, lanes int) (maxUrgent, sumNormal int, err error) {
	err = spmd.Run(lanes, func(l spmd.Lane) {
		select {
		case v := <-urgent:
			m := spmd.ReduceMax(l, v) // EXPECT
			if l.Index() == 0 {
				maxUrgent = m
			}
		case v := <-normal:
			s := spmd.ReduceAdd(l, v) // EXPECT
			if l.Index() == 0 {
				sumNormal = s
			}
		default:
		}
	})
	return maxUrgent, sumNormal, err
}

// ServePriorityAfter serves one request per lane from an urgent and a
// normal queue and then combines what was served.
//
// kernel(ok): the cases only record the value; the reductions come after
// the select, where all lanes meet.
func ServePriorityAfter(urgent, normal chan int, lanes int) (maxUrgent, sumNormal int, err error) {
	err = spmd.Run(lanes, func(l spmd.Lane) {
		u, n := 0, 0
		select {
		case v := <-urgent:
			u = v
		case v := <-normal:
			n = v
		default:
		}
		m := spmd.ReduceMax(l, u)
		s := spmd.ReduceAdd(l, n)
		if l.Index() == 0 {
			maxUrgent, sumNormal = m, s
		}
	})
	return maxUrgent, sumNormal, err
}

// PollUntilClosed lets the lanes drain a shared task channel, one task per
// lane per round with a barrier between rounds, and adds up the tasks.
//
// kernel(bug): the labelled break leaves the loop from inside the select,
// in the round where the lane finds the channel closed; the lanes that got a
// task in that round wait at the barrier for lanes that have left.
func PollUntilClosed(tasks chan int, lanes int) (int, error) {
	var total int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		acc := 0
	poll:
		for {
			select {
			case t, ok := <-tasks:
				if !ok {
					break poll
				}
				acc += t
			default:
				break poll
			}
			l.Barrier() // EXPECT
		}
		s := spmd.ReduceAdd(l, acc)
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// PollRounds lets the lanes take tasks from a shared channel for a fixed
// number of rounds, with a barrier between rounds, and adds up the tasks.
//
// kernel(ok): the unlabelled break only leaves the select; the loop runs
// rounds times in every lane, and every lane reaches each barrier.
func PollRounds(tasks chan int, lanes, rounds int) (int, error) {
	var total int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		acc := 0
		for range rounds {
			select {
			case t, ok := <-tasks:
				if !ok {
					break
				}
				acc += t
			default:
			}
			l.Barrier()
		}
		s := spmd.ReduceAdd(l, acc)
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}
