package proto

import "github.com/spmdvet/spmdvet/spmd"

// Connection states and events.
const (
	stClosed = iota
	stSynSent
	stOpen
	stClosing
)

const (
	evConnect = iota
	evSynAck
	evData
	evFin
	evAck
)

// Handshake drives one connection for the whole group through the shared
// event trace; lane i owns a slice of the connection. While the handshake
// is pending the lanes take a ballot of which of them saw the SYN-ACK; once
// open, each data event adds up the lanes' credit; while closing each event
// ends with a barrier. out gets the ballot, the credit and the barriers.
//
// kernel(ok)
func Handshake(trace []int, acked []bool, credit []int, out []int) error {
	return spmd.Run(len(acked), func(l spmd.Lane) {
		me := l.Index()
		state, mask, window, barriers := stClosed, uint64(0), 0, 0
		for _, ev := range trace {
			switch state {
			case stClosed:
				if ev == evConnect {
					state = stSynSent
				}
			case stSynSent:
				mask = spmd.Ballot(l, acked[me])
				if ev == evSynAck && spmd.All(l, acked[me]) {
					state = stOpen
				}
			case stOpen:
				if ev == evData {
					window += spmd.ReduceAdd(l, credit[me])
				}
				if ev == evFin {
					state = stClosing
				}
			case stClosing:
				l.Barrier()
				barriers++
				if ev == evAck {
					state = stClosed
				}
			}
		}
		if me == 0 {
			out[0], out[1], out[2] = int(mask), window, barriers
		}
	})
}

// HandshakeOwn is Handshake where each lane opens as soon as it has seen the
// SYN-ACK itself.
//
// kernel(bug)
func HandshakeOwn(trace []int, acked []bool, credit []int, out []int) error {
	return spmd.Run(len(acked), func(l spmd.Lane) {
		me := l.Index()
		state, mask, window, barriers := stClosed, uint64(0), 0, 0
		for _, ev := range trace {
			switch state {
			case stClosed:
				if ev == evConnect {
					state = stSynSent
				}
			case stSynSent:
				mask = spmd.Ballot(l, acked[me]) // EXPECT
				if ev == evSynAck && acked[me] {
					state = stOpen
				}
			case stOpen:
				if ev == evData {
					window += spmd.ReduceAdd(l, credit[me]) // EXPECT
				}
				if ev == evFin {
					state = stClosing
				}
			case stClosing:
				l.Barrier() // EXPECT
				barriers++
				if ev == evAck {
					state = stClosed
				}
			}
		}
		if me == 0 {
			out[0], out[1], out[2] = int(mask), window, barriers
		}
	})
}

// Send transmits one packet per lane over a shared medium in slots: each
// attempt starts and ends with a barrier, and lane i gets through on
// attempt k when (i+k) % loss[i] != 0. The group stops once every lane got
// through. tries[i] gets the attempts lane i needed.
//
// kernel(ok)
func Send(loss []int, maxTries int, tries []int) error {
	return spmd.Run(len(loss), func(l spmd.Lane) {
		me := l.Index()
		need, sent := maxTries, false
	attempts:
		for try := 0; try < maxTries; try++ {
			l.Barrier()
			if !sent && (me+try)%loss[me] != 0 {
				sent, need = true, try+1
			}
			if spmd.All(l, sent) {
				break attempts
			}
			l.Barrier()
		}
		tries[me] = need
	})
}

// SendEach is Send where each lane stops once its own packet got through.
//
// kernel(bug)
func SendEach(loss []int, maxTries int, tries []int) error {
	return spmd.Run(len(loss), func(l spmd.Lane) {
		me := l.Index()
		need, sent := maxTries, false
	attempts:
		for try := 0; try < maxTries; try++ {
			l.Barrier() // EXPECT
			if !sent && (me+try)%loss[me] != 0 {
				sent, need = true, try+1
			}
			if sent {
				break attempts
			}
			l.Barrier() // EXPECT
		}
		tries[me] = need
	})
}

// Leader runs a group-wide state machine where lane 0 reads the next state
// from its script and broadcasts it. In state 1 the group sums, in state 2
// it takes the maximum, state 0 ends. out[i] gets lane i's value.
//
// kernel(ok)
func Leader(script [][]int, vals []int, out []int) error {
	return spmd.Run(len(script), func(l spmd.Lane) {
		me := l.Index()
		v, state, step := vals[me], 1, 0
	machine:
		for {
			switch state {
			case 0:
				break machine
			case 1:
				v = spmd.ReduceAdd(l, v) - v
			case 2:
				v = spmd.ReduceMax(l, v)
			}
			next := 0
			if step < len(script[me]) {
				next = script[me][step]
			}
			step++
			state = spmd.BroadcastFirst(l, next)
		}
		out[me] = v
	})
}

// LeaderLocal is Leader where every lane follows its own script.
//
// kernel(bug)
func LeaderLocal(script [][]int, vals []int, out []int) error {
	return spmd.Run(len(script), func(l spmd.Lane) {
		me := l.Index()
		v, state, step := vals[me], 1, 0
	machine:
		for {
			switch state {
			case 0:
				break machine
			case 1:
				v = spmd.ReduceAdd(l, v) - v // EXPECT
			case 2:
				v = spmd.ReduceMax(l, v) // EXPECT
			}
			next := 0
			if step < len(script[me]) {
				next = script[me][step]
			}
			step++
			state = next
		}
		out[me] = v
	})
}
