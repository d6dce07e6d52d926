package branches

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

const lanes = 8

func ok(t *testing.T, name string, want []int, k func(l spmd.Lane, out []int)) {
	t.Helper()
	out := make([]int, lanes)
	if err := spmd.Run(lanes, func(l spmd.Lane) { k(l, out) }); err != nil {
		t.Fatalf("%s: unexpected error: %v", name, err)
	}
	if !slices.Equal(out, want) {
		t.Fatalf("%s: out = %v, want %v", name, out, want)
	}
}

func bad(t *testing.T, name string, k func(l spmd.Lane, out []int)) {
	t.Helper()
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) { k(l, out) })
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("%s: want *spmd.DivergenceError, got %v", name, err)
	}
	t.Logf("%s: %v", name, err)
}

func perLane(f func(idx int) int) []int {
	w := make([]int, lanes)
	for i := range w {
		w[i] = f(i)
	}
	return w
}

func TestSwitch(t *testing.T) {
	ok(t, "SwitchThenLoop", perLane(func(i int) int { return []int{10, 20, 30}[i%3] + 4 }),
		func(l spmd.Lane, out []int) { SwitchThenLoop(l, out, 4) })
	bad(t, "SwitchCaseBarrier", func(l spmd.Lane, out []int) { SwitchCaseBarrier(l, out, 4) })
	// w: lanes 0,1 -> 1; 2,3,4 -> 2; 5,6,7 -> 3. Sum 17, max 3.
	ok(t, "UniformSwitchAfterChain/1", perLane(func(int) int { return 17 }),
		func(l spmd.Lane, out []int) { UniformSwitchAfterChain(l, out, 1) })
	ok(t, "UniformSwitchAfterChain/2", perLane(func(int) int { return 3 }),
		func(l spmd.Lane, out []int) { UniformSwitchAfterChain(l, out, 2) })
	// x: lanes 0,1 -> 2; 2,3 -> 1; 6 -> 7; sum 13.
	ok(t, "FallthroughThenReduce", perLane(func(int) int { return 13 }),
		func(l spmd.Lane, out []int) { FallthroughThenReduce(l, out) })
	bad(t, "SwitchCaseReturn", func(l spmd.Lane, out []int) { SwitchCaseReturn(l, out) })
	ok(t, "SwitchBreakThenBarrier", perLane(func(i int) int {
		if i%2 == 1 {
			return 0
		}
		return 5
	}), func(l spmd.Lane, out []int) { SwitchBreakThenBarrier(l, out, 4) })
	bad(t, "SwitchBreakLoop", func(l spmd.Lane, out []int) { SwitchBreakLoop(l, out, 6) })
	ok(t, "SwitchBreakInLoop", perLane(func(i int) int {
		if i+1 < 6 {
			return 8
		}
		return 6
	}), func(l spmd.Lane, out []int) { SwitchBreakInLoop(l, out, 6) })
}

func TestTypeSwitch(t *testing.T) {
	ok(t, "TypeSwitchThenBarrier", perLane(func(i int) int {
		if i%2 == 1 {
			return 3
		}
		return 10 * i
	}), func(l spmd.Lane, out []int) { TypeSwitchThenBarrier(l, out) })
	bad(t, "TypeSwitchCaseBarrier", func(l spmd.Lane, out []int) { TypeSwitchCaseBarrier(l, out) })
	// x: 0,1,2,3,-4,-5,-6,-7: sum -16, times 2.
	ok(t, "UniformTypeSwitchAfterIf/int", perLane(func(int) int { return -32 }),
		func(l spmd.Lane, out []int) { UniformTypeSwitchAfterIf(l, out, 2) })
	ok(t, "UniformTypeSwitchAfterIf/bool", perLane(func(int) int { return 1 }),
		func(l spmd.Lane, out []int) { UniformTypeSwitchAfterIf(l, out, true) })
}

func evenChans() []chan int {
	chans := make([]chan int, lanes)
	for i := range chans {
		chans[i] = make(chan int, 1)
		if i%2 == 0 {
			chans[i] <- 40 + i
		}
	}
	return chans
}

func TestSelect(t *testing.T) {
	chans := evenChans()
	ok(t, "SelectThenBarrier", perLane(func(i int) int {
		if i%2 == 0 {
			return 40 + i
		}
		return -1
	}), func(l spmd.Lane, out []int) { SelectThenBarrier(l, chans, out) })
	chans = evenChans()
	bad(t, "SelectCaseBarrier", func(l spmd.Lane, out []int) { SelectCaseBarrier(l, chans, out) })
}

func TestChain(t *testing.T) {
	data := []int{-3, 0, 5, 12}
	c := []int{-1, 0, 1, 2}
	ok(t, "ChainThenAny", perLane(func(i int) int { return c[i%4] + 100 }),
		func(l spmd.Lane, out []int) { ChainThenAny(l, data, out) })
	ok(t, "ChainThenAny/none", perLane(func(int) int { return 1 }),
		func(l spmd.Lane, out []int) { ChainThenAny(l, []int{7}, out) })
	bad(t, "ChainArmCallsSync", func(l spmd.Lane, out []int) { ChainArmCallsSync(l, data, out) })
	ok(t, "ChainThenSync", perLane(func(i int) int { return []int{-1, 0, 1, 1}[i%4] }),
		func(l spmd.Lane, out []int) { ChainThenSync(l, data, out) })
}

func TestGoto(t *testing.T) {
	ok(t, "GotoForward", perLane(func(i int) int {
		if i%3 == 0 {
			return 1
		}
		return 7 + i
	}), func(l spmd.Lane, out []int) { GotoForward(l, out) })
	bad(t, "GotoOverBarrier", func(l spmd.Lane, out []int) { GotoOverBarrier(l, out) })
	ok(t, "GotoLoopAfterIf", perLane(func(i int) int {
		if i > 4 {
			return 124
		}
		return 24
	}), func(l spmd.Lane, out []int) { GotoLoopAfterIf(l, out, 3) })
	bad(t, "IrreducibleDivergentEntry", func(l spmd.Lane, out []int) { IrreducibleDivergentEntry(l, out) })
	ok(t, "IrreducibleUniformEntry/even", perLane(func(int) int { return 3 }),
		func(l spmd.Lane, out []int) { IrreducibleUniformEntry(l, out, 2) })
	ok(t, "IrreducibleUniformEntry/odd", perLane(func(int) int { return 3 }),
		func(l spmd.Lane, out []int) { IrreducibleUniformEntry(l, out, 1) })
}

func TestLabelledSwitch(t *testing.T) {
	data := []int{0, 1, 2, 3, 4, 5}
	// even entries 0, 2, 4: x++ unless equal to idx; odd entries: +10 each.
	ok(t, "LabelledSwitchBreak", perLane(func(i int) int {
		x := 30 + 3
		if i == 0 || i == 2 || i == 4 {
			x--
		}
		return x
	}), func(l spmd.Lane, out []int) { LabelledSwitchBreak(l, data, out) })
}

func TestShortCircuit(t *testing.T) {
	ok(t, "AndLeftDivergentOutside", perLane(func(int) int { return 5 }),
		func(l spmd.Lane, out []int) { AndLeftDivergentOutside(l, out, 1) })
	bad(t, "AndRightCollective", func(l spmd.Lane, out []int) { AndRightCollective(l, out, 1) })
	ok(t, "AndUniformLeftCollective", perLane(func(i int) int {
		if i > 2 {
			return 6
		}
		return 1
	}), func(l spmd.Lane, out []int) { AndUniformLeftCollective(l, out, 1) })
	ok(t, "OrCollectiveLeft", perLane(func(int) int { return 1 }),
		func(l spmd.Lane, out []int) { OrCollectiveLeft(l, out) })
	bad(t, "OrRightCollective", func(l spmd.Lane, out []int) { OrRightCollective(l, out) })
}

func TestManyConstructs(t *testing.T) {
	data := []int{4, 0, 6, 1, 7, 2, 5, 3}
	ref := func(idx int) int {
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
		if p <= 20 {
			p *= 2
		}
		if p%2 == 0 {
			p++
		} else if p%5 == 0 {
			p--
		}
		return p
	}
	sum := 0
	for i := range lanes {
		sum += ref(i)
	}
	ok(t, "ManyConstructs", perLane(func(int) int { return sum }),
		func(l spmd.Lane, out []int) { ManyConstructs(l, data, out) })
	bad(t, "ManyConstructsLeak", func(l spmd.Lane, out []int) { ManyConstructsLeak(l, data, out) })
}
