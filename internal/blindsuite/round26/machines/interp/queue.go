package interp

import "github.com/spmdvet/spmdvet/spmd"

// drainOwn adds up the queues slot by slot over the group. Each lane walks
// its own queue, so the lanes with longer queues sum alone.
func drainOwn(l spmd.Lane, queues [][]int) int {
	s := 0
	for _, v := range queues[l.Index()] {
		s += spmd.ReduceAdd(l, v) // EXPECT
	}
	return s
}

// drainAll adds up the queues slot by slot over the group, for as many slots
// as the longest queue has; a lane past the end of its queue adds 0.
func drainAll(l spmd.Lane, queues [][]int) int {
	depth := spmd.ReduceMax(l, len(queues[l.Index()]))
	s := 0
	for i := 0; i < depth; i++ {
		v := 0
		if q := queues[l.Index()]; i < len(q) {
			v = q[i]
		}
		s += spmd.ReduceAdd(l, v)
	}
	return s
}

// RunEmit runs progs[i] in lane i; Emit queues acc in queues[i]. After the
// programs the group adds up what was emitted: out[i] gets the total.
//
// kernel(ok)
func RunEmit(progs [][]Op, queues [][]int, out []int) error {
	return spmd.Run(len(progs), func(l spmd.Lane) {
		me := l.Index()
		acc := 0
		for _, op := range progs[me] {
			if op.Code == Emit {
				queues[me] = append(queues[me], acc)
				continue
			}
			acc = apply(op, acc, nil, me, 1)
		}
		out[me] = drainAll(l, queues)
	})
}

// RunEmitOwn is RunEmit that drains with drainOwn.
//
// kernel(bug)
func RunEmitOwn(progs [][]Op, queues [][]int, out []int) error {
	return spmd.Run(len(progs), func(l spmd.Lane) {
		me := l.Index()
		acc := 0
		for _, op := range progs[me] {
			if op.Code == Emit {
				queues[me] = append(queues[me], acc)
				continue
			}
			acc = apply(op, acc, nil, me, 1)
		}
		out[me] = drainOwn(l, queues)
	})
}
