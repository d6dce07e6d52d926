// Package ctrl has kernels whose divergence is in control flow: if, early
// return, && and ||, switch (tag, case values, fallthrough), loops, labelled
// break and continue, goto (joins, loops, irreducible cycles), branches that
// only decide a panic, and range over a function.
package ctrl

import (
	"github.com/spmdvet/spmdvet/spmd"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round6/lib"
)

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// ---- if

func PosIf(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index() < 2 {
			l.Barrier() // EXPECT
		}
	})
}

func NegIf(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Count() < 8 {
			l.Barrier()
		} else {
			_ = spmd.ReduceAdd(l, l.Index())
		}
	})
}

// ---- early return

func PosEarlyReturn(n int) error {
	data := seq(n)
	for i := range data {
		data[i] %= 3
	}
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		if data[i] == 0 {
			return
		}
		total := spmd.ReduceAdd(l, data[i]) // EXPECT
		_ = total
	})
}

func NegEarlyReturn(n int) error {
	data := seq(n)
	return spmd.Run(n, func(l spmd.Lane) {
		if len(data) == 0 {
			return
		}
		total := spmd.ReduceAdd(l, data[l.Index()])
		_ = total
	})
}

// ---- && : the right operand runs under the left one's control

func PosAndAnd(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		ok := l.Index()%2 == 0 &&
			spmd.Any(l, true) // EXPECT
		_ = ok
	})
}

func NegAndAnd(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		ok := l.Count()%2 == 0 &&
			spmd.Any(l, l.Index() == 0)
		_ = ok
	})
}

// The collective on the left of && runs in every lane.
func NegAndAndLeft(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		ok := spmd.Any(l, l.Index() == 0) && l.Index()%2 == 0
		_ = ok
	})
}

// ---- ||

func PosOrOr(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		ok := l.Index()%2 == 0 ||
			spmd.All(l, true) // EXPECT
		_ = ok
	})
}

func NegOrOr(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		ok := l.Count() < 0 ||
			spmd.All(l, l.Index() >= 0)
		_ = ok
	})
}

// ---- switch on a lane-dependent tag

func PosSwitchTag(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		switch l.Index() % 3 {
		case 0:
			x = spmd.ReduceAdd(l, 1) // EXPECT
		case 1:
			x++
		default:
			x--
		}
		_ = x
	})
}

func NegSwitchTag(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		switch l.Count() % 3 {
		case 0:
			x = spmd.ReduceAdd(l, 1)
		case 1:
			l.Barrier()
		default:
			x = spmd.ReduceMax(l, l.Index())
		}
		_ = x
	})
}

// ---- switch with a lane-dependent case value

func PosSwitchCase(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		t := 1
		switch t {
		case l.Index() % 2:
			l.Barrier() // EXPECT
		}
	})
}

func NegSwitchCase(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		t := 0
		switch t {
		case l.Count() % 2:
			l.Barrier()
		}
	})
}

// ---- fallthrough

func PosFallthrough(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		switch {
		case l.Index() == 0:
			x++
			fallthrough
		case n > 100:
			l.Barrier() // EXPECT
		}
		_ = x
	})
}

// Every lane reaches the default body: the ones of the first case through
// fallthrough, the others directly.
func NegFallthrough(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		switch {
		case l.Index() == 0:
			x++
			fallthrough
		default:
			l.Barrier()
		}
		_ = x
	})
}

// ---- for: trip count

func PosForTrip(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		for j := 0; j < l.Index()%3; j++ {
			l.Barrier() // EXPECT
		}
	})
}

func NegForTrip(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		for j := 0; j < l.Count()%3+1; j++ {
			l.Barrier()
		}
	})
}

// ---- for: break

func PosBreak(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		for j := 0; j < 4; j++ {
			if j == l.Index()%4 {
				break
			}
			l.Barrier() // EXPECT
		}
	})
}

func NegBreak(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		for j := 0; j < 4; j++ {
			if j == l.Count()%4+2 {
				break
			}
			l.Barrier()
		}
	})
}

// ---- for: continue

func PosContinue(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		for j := 0; j < 3; j++ {
			if j < l.Index()%3 {
				continue
			}
			_ = spmd.ReduceAdd(l, j) // EXPECT
		}
	})
}

func NegContinue(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		for j := 0; j < 3; j++ {
			if j < l.Count()%3 {
				continue
			}
			_ = spmd.ReduceAdd(l, j)
		}
	})
}

// ---- labelled continue

func PosLabelContinue(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
	outer:
		for a := 0; a < 2; a++ {
			for b := 0; b < 2; b++ {
				if b == l.Index()%4 {
					continue outer
				}
			}
			l.Barrier() // EXPECT
		}
	})
}

func NegLabelContinue(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
	outer:
		for a := 0; a < 2; a++ {
			for b := 0; b < 2; b++ {
				if b == l.Count()%4+1 {
					continue outer
				}
			}
			l.Barrier()
		}
	})
}

// ---- labelled break

func PosLabelBreak(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
	outer:
		for a := 0; a < 3; a++ {
			for b := 0; b < 3; b++ {
				if a+b == l.Index()%4 {
					break outer
				}
			}
			_ = spmd.ReduceAdd(l, a) // EXPECT
		}
	})
}

// The lanes leave the nest at different points, but all of them reach the
// collective after it.
func NegLabelBreak(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		s := 0
	outer:
		for a := 0; a < 3; a++ {
			for b := 0; b < 3; b++ {
				if a+b == l.Index()%4 {
					break outer
				}
				s++
			}
		}
		_ = spmd.ReduceAdd(l, s)
	})
}

// ---- temporal divergence: a value used after a loop lanes leave at
// different iterations

func PosTemporal(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		j := 0
		for {
			j++
			if j > l.Index()%3 {
				break
			}
		}
		if j >= 2 {
			l.Barrier() // EXPECT
		}
	})
}

func NegTemporal(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		j := 0
		for {
			j++
			if j > l.Index()%3 {
				break
			}
		}
		s := spmd.ReduceAdd(l, j)
		if s >= 2 {
			l.Barrier()
		}
	})
}

// ---- goto over a barrier, and a goto join

func PosGotoSkip(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		if l.Index()%2 == 0 {
			goto skip
		}
		l.Barrier() // EXPECT
	skip:
		x++
		_ = x
	})
}

func NegGotoJoin(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		if l.Index()%2 == 0 {
			goto join
		}
		x = l.Index()
	join:
		l.Barrier()
		_ = x
	})
}

// ---- a loop built with goto

func PosGotoLoop(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		k := 0
	again:
		l.Barrier() // EXPECT
		k++
		if k <= l.Index()%3 {
			goto again
		}
	})
}

func NegGotoLoop(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		k := 0
	again:
		l.Barrier()
		k++
		if k <= l.Count()%3 {
			goto again
		}
	})
}

// ---- irreducible cycles

// The cycle A-B has two entries; even lanes enter at A, odd lanes at B.
func PosIrreducible(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		c := 0
		if l.Index()%2 == 0 {
			goto A
		}
		goto B
	A:
		l.Barrier() // EXPECT
		c++
	B:
		c++
		if c < 3 {
			goto A
		}
	})
}

// The same cycle, entered at one entry or the other by all lanes together.
func NegIrreducible(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		c := 0
		if l.Count()%2 == 0 {
			goto A
		}
		goto B
	A:
		l.Barrier()
		c++
	B:
		c++
		if c < 3 {
			goto A
		}
	})
}

// The cycle L1-L2 runs a fixed number of rounds, but lanes that diverged
// enter it at different blocks.
func PosIrreducible2(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		k := 0
		if l.Index() < 2 {
			goto L2
		}
	L1:
		k++
		if k > 3 {
			goto done
		}
	L2:
		_ = spmd.ReduceAdd(l, k) // EXPECT
		goto L1
	done:
	})
}

// Lanes diverge before the cycle but meet again before a uniform branch
// chooses its entry.
func NegIrreducible2(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		if l.Index()%2 == 0 {
			x = 1
		}
		x = spmd.ReduceAdd(l, x)
		k := 0
		if l.Count() < 2 {
			goto L2
		}
	L1:
		k++
		if k > 3 {
			goto done
		}
	L2:
		_ = spmd.ReduceAdd(l, k)
		goto L1
	done:
		_ = x
	})
}

// A cycle with a single entry, which lanes reach after a divergent goto has
// joined again (at join, before the cycle's header).
func NegGotoOneEntry(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		k := 0
		x := 0
		if l.Index()%2 == 0 {
			goto join
		}
		x = 1
	join:
		x = spmd.ReduceAdd(l, x)
	start:
		l.Barrier()
		k++
		if k < 3 {
			goto start
		}
		_ = x
	})
}

// ---- branches that only decide a panic

func NegPanicOnly(n int) error {
	data := seq(n)
	return spmd.Run(n, func(l spmd.Lane) {
		if data[l.Index()] < 0 {
			panic("negative input")
		}
		l.Barrier()
	})
}

func NegPanicSwitch(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		switch l.Index() % 2 {
		case 0, 1:
		default:
			panic("unreachable")
		}
		_ = spmd.ReduceAdd(l, 1)
	})
}

// With a recover deferred, the lanes that panic return: that is divergence.
func PosPanicRecover(n int) error {
	data := seq(n)
	data[1] = -1
	return spmd.Run(n, func(l spmd.Lane) {
		defer func() { recover() }()
		if data[l.Index()] < 0 {
			panic("negative input")
		}
		l.Barrier() // EXPECT
	})
}

// ---- range over a function

func PosRangeFunc(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		for x := range lib.Upto(4) {
			if x >= l.Index()%4 {
				break
			}
			l.Barrier() // EXPECT
		}
	})
}

func NegRangeFunc(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		for x := range lib.Upto(3) {
			_ = x
			l.Barrier()
		}
	})
}

// ---- nested branches: a phi two levels down

func PosNestedPhi(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		if l.Count() > 0 {
			if l.Index() < 2 {
				x = 5
			}
		}
		if x == 5 {
			l.Barrier() // EXPECT
		}
	})
}

func NegNestedPhi(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		if l.Index() < 2 {
			if l.Count() > 0 {
				x = 5
			}
		}
		_ = x
		l.Barrier()
	})
}
