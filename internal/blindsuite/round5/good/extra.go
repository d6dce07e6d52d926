package good

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round5/dev"
	"github.com/spmdvet/spmdvet/spmd"
)

// validate panics on a negative value and recovers from its own panic:
// the lane-dependent control stays inside validate, which every lane
// leaves normally.
func validate(v int) (okay bool) {
	defer func() {
		if recover() != nil {
			okay = false
		}
	}()
	if v < 0 {
		panic("negative")
	}
	return true
}

// RecoveredHelper calls a helper that recovers from lane-dependent panics,
// then meets at a barrier.
func RecoveredHelper(lanes int, data []int) (int, error) {
	bad := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		okay := validate(data[l.Index()])
		l.Barrier()
		n := 0
		if !okay {
			n = 1
		}
		s := spmd.ReduceAdd(l, n)
		if l.Index() == 0 {
			bad = s
		}
	})
	return bad, err
}

// AnyEarlyReturn returns early in every lane at once when no lane has work.
func AnyEarlyReturn(lanes int, data []int) (int, error) {
	total := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		x := data[l.Index()]
		if !spmd.Any(l, x > 0) {
			return
		}
		l.Barrier()
		s := spmd.ReduceAdd(l, max(x, 0))
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// SearchThenReduce searches a key table (lanes leave the loop at different
// iterations), and feeds the lane-dependent position through ReduceMax
// before using it as a bound.
func SearchThenReduce(lanes int, keys []int) (int, error) {
	phases := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		steps := 0
		for j := 0; j < len(keys); j++ {
			steps = j + 1
			if keys[j] == l.Index() {
				break
			}
		}
		m := spmd.ReduceMax(l, steps)
		for s := 0; s < m; s++ {
			l.Barrier()
			if l.Index() == 0 {
				phases++
			}
		}
	})
	return phases, err
}

// RangeFuncAllBreak leaves a range-over-func loop when all lanes agree.
func RangeFuncAllBreak(lanes int, data []int) (int, error) {
	rounds := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		x := data[l.Index()]
		for v := range dev.Seq(10) {
			if spmd.All(l, v >= x) {
				break
			}
			l.Barrier()
			if l.Index() == 0 {
				rounds++
			}
		}
	})
	return rounds, err
}
