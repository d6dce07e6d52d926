// Package branches holds kernels where convergent calls follow switches,
// type switches, selects, if/else chains, labelled breaks, gotos and
// short-circuit operators on lane-dependent values, after the lanes have
// re-converged; next to buggy twins that keep a convergent call inside the
// divergent region.
package branches

import "github.com/spmdvet/spmdvet/spmd"

// SwitchThenLoop (correct): an expression switch on idx%3 computes a
// per-lane value; a loop with a barrier follows the switch.
//
//spmd:kernel
func SwitchThenLoop(l spmd.Lane, out []int, n int) {
	idx := l.Index()
	v := 0
	switch idx % 3 {
	case 0:
		v = 10
	case 1:
		v = 20
	default:
		v = 30
	}
	for i := 0; i < n; i++ {
		l.Barrier()
		v++
	}
	out[idx] = v
}

// SwitchCaseBarrier (buggy twin): the barrier is in one case of the switch.
//
//spmd:kernel
func SwitchCaseBarrier(l spmd.Lane, out []int, n int) {
	idx := l.Index()
	v := 0
	switch idx % 3 {
	case 0:
		v = 10
	case 1:
		v = 20
		l.Barrier() // EXPECT
	default:
		v = 30
	}
	out[idx] = v + n
}

// UniformSwitchAfterChain (correct): an if/else-if chain on the lane index,
// then a switch on the uniform n whose case calls ReduceAdd.
//
//spmd:kernel
func UniformSwitchAfterChain(l spmd.Lane, out []int, n int) {
	idx := l.Index()
	w := 0
	if idx < 2 {
		w = 1
	} else if idx < 5 {
		w = 2
	} else {
		w = 3
	}
	switch n {
	case 0:
		w = 0
	case 1:
		w = spmd.ReduceAdd(l, w)
	default:
		w = spmd.ReduceMax(l, w)
	}
	out[idx] = w
}

// FallthroughThenReduce (correct): a tagless switch on lane-dependent
// conditions with fallthrough; ReduceAdd after the switch.
//
//spmd:kernel
func FallthroughThenReduce(l spmd.Lane, out []int) {
	idx := l.Index()
	x := 0
	switch {
	case idx < 2:
		x++
		fallthrough
	case idx < 4:
		x++
	case idx == 6:
		x = 7
	}
	out[idx] = spmd.ReduceAdd(l, x)
}

// SwitchCaseReturn (buggy twin): one case returns on a lane-dependent tag,
// so the ReduceAdd after the switch is not reached by those lanes.
//
//spmd:kernel
func SwitchCaseReturn(l spmd.Lane, out []int) {
	idx := l.Index()
	x := 0
	switch {
	case idx < 2:
		x++
		fallthrough
	case idx < 4:
		x++
	case idx == 6:
		return
	}
	out[idx] = spmd.ReduceAdd(l, x) // EXPECT
}

// SwitchBreakThenBarrier (correct): `break` inside a case on a
// lane-dependent condition leaves only the switch; the barrier after the
// switch is reached by all lanes.
//
//spmd:kernel
func SwitchBreakThenBarrier(l spmd.Lane, out []int, n int) {
	idx := l.Index()
	x := 0
	switch n % 2 {
	case 0:
		if idx%2 == 1 {
			break
		}
		x = 5
	case 1:
		x = 6
	}
	l.Barrier()
	out[idx] = x
}

// SwitchBreakLoop (buggy twin): inside a loop, a case breaks the enclosing
// loop (labelled break) on a lane-dependent tag; the barrier after the
// switch, inside the loop, diverges.
//
//spmd:kernel
func SwitchBreakLoop(l spmd.Lane, out []int, n int) {
	idx := l.Index()
	x := 0
loop:
	for i := 0; i < n; i++ {
		switch i - idx {
		case 0:
			break loop
		case 1:
			x += 2
		}
		l.Barrier() // EXPECT
		x++
	}
	out[idx] = x
}

// SwitchBreakInLoop (correct): the same loop with an unlabelled break,
// which leaves only the switch; the barrier runs in every iteration.
//
//spmd:kernel
func SwitchBreakInLoop(l spmd.Lane, out []int, n int) {
	idx := l.Index()
	x := 0
	for i := 0; i < n; i++ {
		switch i - idx {
		case 0:
			break
		case 1:
			x += 2
		}
		l.Barrier()
		x++
	}
	out[idx] = x
}

// TypeSwitchThenBarrier (correct): a type switch on a per-lane interface
// value, then a barrier after it.
//
//spmd:kernel
func TypeSwitchThenBarrier(l spmd.Lane, out []int) {
	idx := l.Index()
	var v any = idx
	if idx%2 == 1 {
		v = "odd"
	}
	x := 0
	switch t := v.(type) {
	case int:
		x = t * 10
	case string:
		x = len(t)
	}
	l.Barrier()
	out[idx] = x
}

// TypeSwitchCaseBarrier (buggy twin): the barrier is in the string case.
//
//spmd:kernel
func TypeSwitchCaseBarrier(l spmd.Lane, out []int) {
	idx := l.Index()
	var v any = idx
	if idx%2 == 1 {
		v = "odd"
	}
	x := 0
	switch t := v.(type) {
	case int:
		x = t * 10
	case string:
		l.Barrier() // EXPECT
		x = len(t)
	}
	out[idx] = x
}

// UniformTypeSwitchAfterIf (correct): a divergent if, then a type switch
// on the uniform parameter cfg with collectives in its cases.
//
//spmd:kernel
func UniformTypeSwitchAfterIf(l spmd.Lane, out []int, cfg any) {
	idx := l.Index()
	x := idx
	if idx > 3 {
		x = -idx
	}
	switch c := cfg.(type) {
	case int:
		x = spmd.ReduceAdd(l, x*c)
	case bool:
		if spmd.All(l, c) {
			x = 1
		}
	}
	out[idx] = x
}

// SelectThenBarrier (correct): a select on a per-lane channel (only even
// lanes have something to receive); the barrier follows the select.
//
//spmd:kernel
func SelectThenBarrier(l spmd.Lane, chans []chan int, out []int) {
	idx := l.Index()
	x := 0
	select {
	case v := <-chans[idx]:
		x = v
	default:
		x = -1
	}
	l.Barrier()
	out[idx] = x
}

// SelectCaseBarrier (buggy twin): the barrier is in the receive case.
//
//spmd:kernel
func SelectCaseBarrier(l spmd.Lane, chans []chan int, out []int) {
	idx := l.Index()
	x := 0
	select {
	case v := <-chans[idx]:
		l.Barrier() // EXPECT
		x = v
	default:
		x = -1
	}
	out[idx] = x
}

// ChainThenAny (correct): an if/else-if chain on lane-dependent conditions,
// then Any, and a barrier under the uniform result of Any.
//
//spmd:kernel
func ChainThenAny(l spmd.Lane, data, out []int) {
	idx := l.Index()
	d := data[idx%len(data)]
	c := 0
	if d < 0 {
		c = -1
	} else if d == 0 {
		c = 0
	} else if d < 10 {
		c = 1
	} else {
		c = 2
	}
	if spmd.Any(l, c < 0) {
		l.Barrier()
		c += 100
	}
	out[idx] = c
}

// sync2 performs two barriers; calls to it are convergent.
func sync2(l spmd.Lane) {
	l.Barrier()
	l.Barrier()
}

// ChainArmCallsSync (buggy twin): one arm of the chain calls a helper that
// performs barriers.
//
//spmd:kernel
func ChainArmCallsSync(l spmd.Lane, data, out []int) {
	idx := l.Index()
	d := data[idx%len(data)]
	c := 0
	if d < 0 {
		c = -1
	} else if d == 0 {
		sync2(l) // EXPECT
	} else {
		c = 1
	}
	out[idx] = c
}

// ChainThenSync (correct): the same chain, with the helper called after it.
//
//spmd:kernel
func ChainThenSync(l spmd.Lane, data, out []int) {
	idx := l.Index()
	d := data[idx%len(data)]
	c := 0
	if d < 0 {
		c = -1
	} else if d == 0 {
		c = 0
	} else {
		c = 1
	}
	sync2(l)
	out[idx] = c
}

// GotoForward (correct): a lane-dependent goto jumps forward over some
// code to a label; the barrier is after the label.
//
//spmd:kernel
func GotoForward(l spmd.Lane, out []int) {
	idx := l.Index()
	x := 1
	if idx%3 == 0 {
		goto done
	}
	x *= 7
	x += idx
done:
	l.Barrier()
	out[idx] = x
}

// GotoOverBarrier (buggy twin): the goto jumps over the barrier.
//
//spmd:kernel
func GotoOverBarrier(l spmd.Lane, out []int) {
	idx := l.Index()
	x := 1
	if idx%3 == 0 {
		goto done
	}
	x *= 7
	l.Barrier() // EXPECT
	x += idx
done:
	out[idx] = x
}

// GotoLoopAfterIf (correct): a loop built from a backward goto with a
// uniform counter, following a lane-dependent if.
//
//spmd:kernel
func GotoLoopAfterIf(l spmd.Lane, out []int, n int) {
	idx := l.Index()
	x := 0
	if idx > 4 {
		x = 100
	}
	i := 0
again:
	if i < n {
		x += spmd.ReduceAdd(l, 1)
		i++
		goto again
	}
	out[idx] = x
}

// IrreducibleDivergentEntry (buggy): a lane-dependent branch enters the
// cycle A -> B -> A at A for odd lanes and at B for even lanes; the cycle
// is not m-converged and i differs between lanes inside it.
//
//spmd:kernel
func IrreducibleDivergentEntry(l spmd.Lane, out []int) {
	idx := l.Index()
	i := 0
	if idx%2 == 0 {
		goto B
	}
A:
	i++
B:
	l.Barrier() // EXPECT
	if i < 3 {
		goto A
	}
	out[idx] = i
}

// IrreducibleUniformEntry (correct twin): the same irreducible cycle,
// entered through a uniform branch: all lanes enter at the same place.
//
//spmd:kernel
func IrreducibleUniformEntry(l spmd.Lane, out []int, n int) {
	idx := l.Index()
	i := 0
	if n%2 == 0 {
		goto B
	}
A:
	i++
B:
	l.Barrier()
	if i < 3 {
		goto A
	}
	out[idx] = i
}

// LabelledSwitchBreak (correct): a labelled switch inside a loop, left by
// `break sw` on a lane-dependent condition; the barrier is after the
// switch, so it runs in every iteration.
//
//spmd:kernel
func LabelledSwitchBreak(l spmd.Lane, data, out []int) {
	idx := l.Index()
	x := 0
	for i := range len(data) {
	sw:
		switch data[i] % 2 {
		case 0:
			if data[i] == idx {
				break sw
			}
			x++
		default:
			x += 10
		}
		l.Barrier()
	}
	out[idx] = x
}

// AndLeftDivergentOutside (correct): && with a lane-dependent left operand;
// the convergent call is after the if, outside the short circuit.
//
//spmd:kernel
func AndLeftDivergentOutside(l spmd.Lane, out []int, n int) {
	idx := l.Index()
	x := 0
	if idx > 2 && n > 0 {
		x = 1
	}
	out[idx] = spmd.ReduceAdd(l, x)
}

// AndRightCollective (buggy twin): Any is the right operand of && whose
// left operand is lane-dependent: lanes where it is false skip Any.
//
//spmd:kernel
func AndRightCollective(l spmd.Lane, out []int, n int) {
	idx := l.Index()
	x := 0
	if idx > 2 && spmd.Any(l, n > 0) { // EXPECT
		x = 1
	}
	out[idx] = x
}

// AndUniformLeftCollective (correct): Any is the right operand of && whose
// left operand is uniform, after a lane-dependent if.
//
//spmd:kernel
func AndUniformLeftCollective(l spmd.Lane, out []int, n int) {
	idx := l.Index()
	x := 0
	if idx > 2 {
		x = 5
	}
	if n > 0 && spmd.Any(l, x > 0) {
		x++
	}
	out[idx] = x
}

// OrCollectiveLeft (correct): All is the left operand of ||, always
// evaluated; the lane-dependent right operand is only evaluated afterwards;
// a barrier follows the if.
//
//spmd:kernel
func OrCollectiveLeft(l spmd.Lane, out []int) {
	idx := l.Index()
	x := 0
	if spmd.All(l, idx >= 0) || idx == 3 {
		x = 1
	}
	l.Barrier()
	out[idx] = x
}

// OrRightCollective (buggy twin): All is the right operand of || whose
// left operand is lane-dependent.
//
//spmd:kernel
func OrRightCollective(l spmd.Lane, out []int) {
	idx := l.Index()
	x := 0
	if idx == 3 || spmd.All(l, idx >= 0) { // EXPECT
		x = 1
	}
	out[idx] = x
}

// ManyConstructs (correct): a break loop, a switch, a forward goto and an
// if chain, all on lane-dependent values, in a row; then a barrier and a
// reduction.
//
//spmd:kernel
func ManyConstructs(l spmd.Lane, data, out []int) {
	idx := l.Index()
	p := 0
	for p < len(data) && data[p] != idx {
		p++
	}
	switch p % 3 {
	case 0:
		p += 10
	case 1:
		p += 20
	}
	if p > 20 {
		goto skip
	}
	p *= 2
skip:
	if p%2 == 0 {
		p++
	} else if p%5 == 0 {
		p--
	}
	l.Barrier()
	out[idx] = spmd.ReduceAdd(l, p)
}

// ManyConstructsLeak (buggy twin): the same sequence, but the goto jumps
// over the barrier and lands before the reduction; the reduction after
// the label is reached by all lanes.
//
//spmd:kernel
func ManyConstructsLeak(l spmd.Lane, data, out []int) {
	idx := l.Index()
	p := 0
	for p < len(data) && data[p] != idx {
		p++
	}
	switch p % 3 {
	case 0:
		p += 10
	case 1:
		p += 20
	}
	if p > 20 {
		goto skip
	}
	p *= 2
	l.Barrier() // EXPECT
skip:
	out[idx] = spmd.ReduceAdd(l, p)
}
