package proto

import "github.com/spmdvet/spmdvet/spmd"

// Commands of the shared control stream.
const (
	cmdReset = iota // clear, then flush, then ack
	cmdFlush        // flush, then ack
	cmdAck          // ack
	cmdBurst        // Arg rounds of exchange
	cmdNop
)

// Cmd is one command; Arg is its count where it has one.
type Cmd struct {
	Kind int
	Arg  int
}

// Control runs the shared command stream in every lane; lane i holds
// pending[i] bytes. Reset falls through into flush, flush (which adds up the
// pending bytes over the group) into ack. out[i] gets what lane i flushed
// last.
//
// kernel(ok)
func Control(cmds []Cmd, pending []int, out []int) error {
	return spmd.Run(len(pending), func(l spmd.Lane) {
		me := l.Index()
		p, flushed := pending[me], 0
		for _, c := range cmds {
			switch c.Kind {
			case cmdReset:
				p = 0
				fallthrough
			case cmdFlush:
				flushed = spmd.ReduceAdd(l, p)
				p = 0
				fallthrough
			case cmdAck:
				ack(l)
			}
		}
		out[me] = flushed
	})
}

// ControlLazy is Control where a lane with nothing pending skips the flush.
//
// kernel(bug)
func ControlLazy(cmds []Cmd, pending []int, out []int) error {
	return spmd.Run(len(pending), func(l spmd.Lane) {
		me := l.Index()
		p, flushed := pending[me], 0
		for _, c := range cmds {
			switch c.Kind {
			case cmdReset:
				p = 0
				fallthrough
			case cmdFlush:
				if p == 0 {
					break
				}
				flushed = spmd.ReduceAdd(l, p) // EXPECT
				p = 0
				fallthrough
			case cmdAck:
				ack(l) // EXPECT
			}
		}
		out[me] = flushed
	})
}

// Bursts runs the shared command stream; a burst command exchanges values
// with the right neighbour Arg times, each exchange between barriers.
// out[i] gets lane i's final value.
//
// kernel(ok)
func Bursts(cmds []Cmd, vals []int, shared []int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		me := l.Index()
		v := vals[me]
		for _, c := range cmds {
			switch c.Kind {
			case cmdBurst:
				for k := 0; k < c.Arg; k++ {
					shared[me] = v
					l.Barrier()
					v += shared[(me+1)%l.Count()]
					l.Barrier()
				}
			case cmdNop:
			}
		}
		out[me] = v
	})
}

// BurstsOwn is Bursts where each lane's burst length comes from its own
// table.
//
// kernel(bug)
func BurstsOwn(cmds []Cmd, lens [][]int, vals []int, shared []int, out []int) error {
	return spmd.Run(len(vals), func(l spmd.Lane) {
		me := l.Index()
		v := vals[me]
		for i, c := range cmds {
			switch c.Kind {
			case cmdBurst:
				for k := 0; k < lens[i][me]; k++ {
					shared[me] = v
					l.Barrier() // EXPECT
					v += shared[(me+1)%l.Count()]
					l.Barrier() // EXPECT
				}
			case cmdNop:
			}
		}
		out[me] = v
	})
}

// Elect runs a group election in rounds: every lane proposes itself while
// its ticket is below the round; once a majority proposes, the group moves
// to the commit state, where it sums the tickets, then to done. out gets
// the commit round and the sum.
//
// kernel(ok)
func Elect(tickets []int, out []int) error {
	return spmd.Run(len(tickets), func(l spmd.Lane) {
		t := tickets[l.Index()]
		const (
			propose = iota
			commit
			done
		)
		state, round, sum := propose, 0, 0
		for state != done {
			switch state {
			case propose:
				round++
				votes := spmd.Ballot(l, t < round)
				n := 0
				for ; votes != 0; votes &= votes - 1 {
					n++
				}
				if 2*n > l.Count() {
					state = commit
				}
			case commit:
				sum = spmd.ReduceAdd(l, t)
				state = done
			}
		}
		if l.Index() == 0 {
			out[0], out[1] = round, sum
		}
	})
}

// ElectEach is Elect where each lane commits as soon as its own ticket is
// below the round.
//
// kernel(bug)
func ElectEach(tickets []int, out []int) error {
	return spmd.Run(len(tickets), func(l spmd.Lane) {
		t := tickets[l.Index()]
		const (
			propose = iota
			commit
			done
		)
		state, round, sum := propose, 0, 0
		for state != done {
			switch state {
			case propose:
				round++
				votes := spmd.Ballot(l, t < round) // EXPECT
				n := 0
				for ; votes != 0; votes &= votes - 1 {
					n++
				}
				if 2*n > l.Count() || t < round {
					state = commit
				}
			case commit:
				sum = spmd.ReduceAdd(l, t) // EXPECT
				state = done
			}
		}
		if l.Index() == 0 {
			out[0], out[1] = round, sum
		}
	})
}

// Modes reads a batch of messages, message m of stream i from msgs[m][i].
// A 'z' byte marks a compressed message (the rest of it is skipped), an 'r'
// byte a raw one. After the batch, if any lane saw a compressed message the
// group adds up the message counts.
//
// kernel(ok)
func Modes(msgs [][]string, out []int) error {
	return spmd.Run(len(msgs[0]), func(l spmd.Lane) {
		me := l.Index()
		mode, count := 0, 0
	batch:
		for m := range msgs {
			count++
			for _, b := range []byte(msgs[m][me]) {
				switch b {
				case 'z':
					mode = 2
					continue batch
				case 'r':
					mode = 1
				}
			}
		}
		if spmd.Any(l, mode == 2) {
			n := spmd.ReduceAdd(l, count)
			if me == 0 {
				out[0] = n
			}
		}
	})
}

// ModesOwn is Modes where each lane decides from its own mode.
//
// kernel(bug)
func ModesOwn(msgs [][]string, out []int) error {
	return spmd.Run(len(msgs[0]), func(l spmd.Lane) {
		me := l.Index()
		mode, count := 0, 0
	batch:
		for m := range msgs {
			count++
			for _, b := range []byte(msgs[m][me]) {
				switch b {
				case 'z':
					mode = 2
					continue batch
				case 'r':
					mode = 1
				}
			}
		}
		if mode == 2 {
			n := spmd.ReduceAdd(l, count) // EXPECT
			if me == 0 {
				out[0] = n
			}
		}
	})
}
