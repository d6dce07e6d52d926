package interp

import "github.com/spmdvet/spmdvet/spmd"

// machine is a small protocol state machine stepped one event at a time:
// event 1 opens it (state 1), event 2 moves an open machine to state 2,
// event 0 closes it.
type machine struct {
	state int
	steps int
}

func (m *machine) step(ev int) {
	m.steps++
	switch m.state {
	case 0:
		if ev == 1 {
			m.state = 1
		}
	case 1:
		if ev == 2 {
			m.state = 2
		} else if ev == 0 {
			m.state = 0
		}
	case 2:
		if ev == 0 {
			m.state = 0
		}
	}
}

// Stepper steps a machine per lane through events[k][0], the group's
// event k. While open the lanes swap in the rest of the group's sum; in
// state 2 every step ends with a barrier.
//
// kernel(ok)
func Stepper(events [][]int, vals []int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		var m machine
		v := vals[l.Index()]
		for k := range events {
			m.step(events[k][0])
			switch m.state {
			case 1:
				v = spmd.ReduceAdd(l, v) - v
			case 2:
				l.Barrier()
			}
		}
		out[l.Index()] = v + m.steps
	})
}

// StepperOwn is Stepper where lane i follows events[k][i].
//
// kernel(bug)
func StepperOwn(events [][]int, vals []int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		var m machine
		v := vals[l.Index()]
		for k := range events {
			m.step(events[k][l.Index()])
			switch m.state {
			case 1:
				v = spmd.ReduceAdd(l, v) - v // EXPECT
			case 2:
				l.Barrier() // EXPECT
			}
		}
		out[l.Index()] = v + m.steps
	})
}
