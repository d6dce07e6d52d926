// Package ctl holds kernels about control flow: short-circuit operators,
// switch, labelled break and continue, goto, defer, panic, select and loops.
package ctl

import "github.com/spmdvet/spmdvet/spmd"

// ShortAndBad tests a collective in the right operand of && whose left operand is lane-dependent.
func ShortAndBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		if l.Index() > 0 && spmd.Any(l, l.Index()%2 == 0) { // EXPECT
			out[l.Index()] = 1
		}
	})
	return out, err
}

// ShortAndGood tests a collective in the left operand of && (every lane evaluates it), and in the right operand under a uniform left operand.
func ShortAndGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		if spmd.Any(l, l.Index()%2 == 1) && l.Index() > 0 {
			out[l.Index()] = 1
		}
		if l.Count() > 1 && spmd.All(l, l.Index() >= 0) {
			out[l.Index()] += 10
		}
	})
	return out, err
}

// ShortOrBad tests a collective in the right operand of a lane-dependent || in an assignment.
func ShortOrBad(lanes int) ([]bool, error) {
	out := make([]bool, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		ok := l.Index() == 0 || spmd.Ballot(l, true) != 0 // EXPECT
		out[l.Index()] = ok
	})
	return out, err
}

// NestedShortBad tests a uniform && whose right operand is a lane-dependent || guarding a second collective.
func NestedShortBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		even := l.Index()%2 == 0
		if spmd.Any(l, even) &&
			(even || spmd.All(l, !even)) { // EXPECT
			out[l.Index()] = 1
		}
	})
	return out, err
}

// NestedShortGood tests the same nesting where the inner || has a uniform left operand.
func NestedShortGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		even := l.Index()%2 == 0
		if spmd.Any(l, even) &&
			(l.Count() > 64 || spmd.All(l, even || l.Count() == 1)) {
			out[l.Index()] = 1
		}
		out[l.Index()] += 2
	})
	return out, err
}

// SwitchCaseBad tests a collective in a later case expression, evaluated only by lanes that failed a lane-dependent earlier case.
func SwitchCaseBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		switch {
		case l.Index() == 0:
			out[l.Index()] = 1
		case spmd.Any(l, l.Index() > 2): // EXPECT
			out[l.Index()] = 2
		}
	})
	return out, err
}

// SwitchCaseGood tests case expressions that are all collectives with uniform results.
func SwitchCaseGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		switch {
		case spmd.All(l, l.Index() > 2):
			out[l.Index()] = 1
		case spmd.Any(l, l.Index() > 2):
			out[l.Index()] = 2 + l.Index()
		}
	})
	return out, err
}

// FallthroughBad tests a lane-dependent case that falls through into the case holding the barrier while other lanes match no case.
func FallthroughBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		v := 0
		switch {
		case l.Index() == 0:
			v = 1
			fallthrough
		case l.Index() == 1:
			v += 2
			l.Barrier() // EXPECT
		}
		out[l.Index()] = v
	})
	return out, err
}

// FallthroughGood tests a lane-dependent switch with fallthrough followed by a collective where lanes reconverge, and a uniform switch falling through into a barrier.
func FallthroughGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		v := 0
		switch l.Index() % 3 {
		case 0:
			v = 1
			fallthrough
		case 1:
			v += 2
		default:
			v = 10
		}
		s := spmd.ReduceAdd(l, v)
		switch l.Count() {
		case 4:
			s++
			fallthrough
		case 5:
			l.Barrier()
		}
		out[l.Index()] = s
	})
	return out, err
}

// SwitchBreakGood tests that break inside a switch leaves the switch, not the enclosing loop.
func SwitchBreakGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		x := 0
		for i := 0; i < 3; i++ {
			switch l.Index() % 2 {
			case 0:
				if i == 1 {
					break
				}
				x += i
			default:
				x -= i
			}
			l.Barrier()
		}
		out[l.Index()] = x
	})
	return out, err
}

// SwitchBreakBad tests a labelled break out of the loop from inside a lane-dependent switch.
func SwitchBreakBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		x := 0
	loop:
		for i := 0; i < 3; i++ {
			switch l.Index() % 2 {
			case 0:
				if i == 1 {
					break loop
				}
				x += i
			default:
				x -= i
			}
			l.Barrier() // EXPECT
		}
		out[l.Index()] = x
	})
	return out, err
}

// LabelledBreakBad tests a lane-dependent break out of two nested loops, skipping the barrier of the outer body.
func LabelledBreakBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		acc := 0
	outer:
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				if i+j == l.Index() {
					break outer
				}
				acc += j
			}
			l.Barrier() // EXPECT
		}
		out[l.Index()] = acc
	})
	return out, err
}

// InnerBreakGood tests a lane-dependent break of the inner loop only: lanes reconverge before the barrier of the outer body.
func InnerBreakGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		acc := 0
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				if i+j == l.Index() {
					break
				}
				acc += j
			}
			l.Barrier()
		}
		out[l.Index()] = acc
	})
	return out, err
}

// LabelledContinueBad tests a lane-dependent continue of the outer loop from the inner loop, skipping the barrier after the inner loop.
func LabelledContinueBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		acc := 0
	outer:
		for i := 0; i < 3; i++ {
			for j := 0; j < 2; j++ {
				if j == l.Index() {
					continue outer
				}
				acc++
			}
			l.Barrier() // EXPECT
		}
		out[l.Index()] = acc
	})
	return out, err
}

// ContinueAfterBarrierGood tests lane-dependent continue statements (plain and labelled) placed after the barrier of the iteration.
func ContinueAfterBarrierGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		acc := 0
		for i := 0; i < 4; i++ {
			l.Barrier()
			if i == l.Index() {
				continue
			}
			acc += i
		}
	outer:
		for i := 0; i < 3; i++ {
			l.Barrier()
			for j := 0; j < 3; j++ {
				if j == l.Index() {
					continue outer
				}
				acc += 10
			}
		}
		out[l.Index()] = acc
	})
	return out, err
}

// GotoSkipBad tests a lane-dependent goto that jumps over the barrier.
func GotoSkipBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		if l.Index() == 0 {
			goto done
		}
		l.Barrier() // EXPECT
	done:
		out[l.Index()] = 1
	})
	return out, err
}

// GotoJoinGood tests a lane-dependent goto to a label placed before the barrier, where lanes reconverge.
func GotoJoinGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		v := 1
		if l.Index() == 0 {
			goto join
		}
		v = 2
	join:
		l.Barrier()
		out[l.Index()] = spmd.ReduceAdd(l, v)
	})
	return out, err
}

// GotoLoopBad tests a loop written with goto whose back edge is taken by a lane-dependent condition.
func GotoLoopBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := 0
	again:
		l.Barrier() // EXPECT
		i++
		if i <= l.Index() {
			goto again
		}
		out[l.Index()] = i
	})
	return out, err
}

// GotoLoopGood tests a goto loop with a uniform back edge and a lane-dependent if that reconverges before the barrier.
func GotoLoopGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i, acc := 0, 0
	again:
		if i%2 == l.Index()%2 {
			acc += i
		}
		l.Barrier()
		i++
		if i < l.Count() {
			goto again
		}
		out[l.Index()] = acc
	})
	return out, err
}

// IrreducibleBad tests an irreducible goto cycle entered at two labels by a lane-dependent branch, with the barrier inside.
func IrreducibleBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		n := 0
		if l.Index()%2 == 0 {
			goto a
		}
		goto b
	a:
		l.Barrier() // EXPECT
	b:
		n++
		if n < 3 {
			goto a
		}
		out[l.Index()] = n
	})
	return out, err
}

// IrreducibleGood tests the same irreducible cycle entered through a uniform branch.
func IrreducibleGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		n, acc := 0, 0
		if l.Count()%2 == 0 {
			goto a
		}
		goto b
	a:
		l.Barrier()
		acc += l.Index()
	b:
		n++
		if n < 3 {
			goto a
		}
		out[l.Index()] = acc
	})
	return out, err
}

// TemporalBad tests temporal divergence: n is uniform inside the loop but lanes leave in different iterations, and n then guards a collective.
func TemporalBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		n := 0
		for {
			n++
			if n > l.Index() {
				break
			}
		}
		if n > 2 {
			n += spmd.ReduceAdd(l, 1) // EXPECT
		}
		out[l.Index()] = n
	})
	return out, err
}

// TemporalGood tests the same loop shape with a uniform exit: n is uniform after the loop.
func TemporalGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		n, acc := 0, 0
		for {
			n++
			acc += l.Index()
			if n >= l.Count() {
				break
			}
		}
		if n > 2 {
			acc = spmd.ReduceAdd(l, acc)
		}
		out[l.Index()] = acc
	})
	return out, err
}

// LoopExitReconvergeGood tests a collective right after a loop with a lane-dependent exit, whose result is uniform again and guards a barrier.
func LoopExitReconvergeGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		n := 0
		for n <= l.Index() {
			n++
		}
		m := spmd.ReduceMax(l, n)
		if m > 2 {
			l.Barrier()
		}
		out[l.Index()] = m*10 + n
	})
	return out, err
}

// StridedBad tests a grid-stride loop (lane-dependent trip count) with a collective in its body.
func StridedBad(lanes int, data []int) (int, error) {
	total := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		sum := 0
		for i := l.Index(); i < len(data); i += l.Count() {
			sum += spmd.ReduceAdd(l, data[i]) // EXPECT
		}
		if l.Index() == 0 {
			total = sum
		}
	})
	return total, err
}

// StridedGood tests the tiled form: a uniform trip count and a lane-dependent guard around the load only.
func StridedGood(lanes int, data []int) (int, error) {
	total := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		sum := 0
		for base := 0; base < len(data); base += l.Count() {
			v := 0
			if i := base + l.Index(); i < len(data) {
				v = data[i]
			}
			sum += spmd.ReduceAdd(l, v)
		}
		if l.Index() == 0 {
			total = sum
		}
	})
	return total, err
}

// AnyLoopGood tests a loop whose condition is a vote (uniform), with lane-dependent work and a barrier in the body.
func AnyLoopGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		x := 0
		for spmd.Any(l, x < 10) {
			if x < 10 {
				x += l.Index() + 1
			}
			l.Barrier()
		}
		out[l.Index()] = x
	})
	return out, err
}

// AnyLoopBad tests the same loop with the lane's own condition as loop condition and the vote in the body.
func AnyLoopBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		x := 0
		for x < 10 {
			x += l.Index() + 1
			if spmd.Any(l, x >= 10) { // EXPECT
				x++
			}
		}
		out[l.Index()] = x
	})
	return out, err
}

// DeferBad tests a deferred barrier registered only by some lanes.
func DeferBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		if l.Index()%2 == 0 {
			defer l.Barrier() // EXPECT
		}
		out[l.Index()] = 1
	})
	return out, err
}

// DeferGood tests a deferred barrier registered by every lane and run at the single exit after a lane-dependent if.
func DeferGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		defer l.Barrier()
		if l.Index()%2 == 0 {
			out[l.Index()] = 1
		} else {
			out[l.Index()] = 2
		}
	})
	return out, err
}

// PanicUniformGood tests a panic guarded by a uniform condition before a barrier.
func PanicUniformGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		if l.Count() > len(out) {
			panic("more lanes than outputs")
		}
		out[l.Index()] = l.Index()
		l.Barrier()
		next := out[(l.Index()+1)%l.Count()]
		l.Barrier()
		out[l.Index()] += next
	})
	return out, err
}

// RecoverGood tests a lane-dependent panic (division by zero in lane 1) recovered inside an inner call, with the barrier after the call.
func RecoverGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		func() {
			defer func() { _ = recover() }()
			out[l.Index()] = 12 / (l.Index() - 1)
		}()
		l.Barrier()
		s := spmd.ReduceAdd(l, out[l.Index()])
		l.Barrier()
		out[l.Index()] = s
	})
	return out, err
}

// SelectGood tests a select whose outcome depends on timing, followed by a collective where lanes reconverge.
func SelectGood(lanes int) (int, error) {
	tokens := make(chan int, lanes)
	for i := 0; i < lanes/2; i++ {
		tokens <- i
	}
	got := make([]int, lanes)
	total := 0
	err := spmd.Run(lanes, func(l spmd.Lane) {
		select {
		case <-tokens:
			got[l.Index()] = 1
		default:
		}
		s := spmd.ReduceAdd(l, got[l.Index()])
		if l.Index() == 0 {
			total = s
		}
	})
	return total, err
}

// MethodValueBad tests a barrier called through a method value under a lane-dependent condition.
func MethodValueBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		sync := l.Barrier
		if l.Index() < 2 {
			sync() // EXPECT
		}
		out[l.Index()] = 1
	})
	return out, err
}

// MethodValueGood tests a barrier called through a method value in a loop with a uniform trip count.
func MethodValueGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		sync := l.Barrier
		acc := 0
		for i := 0; i < l.Count(); i++ {
			acc += i * l.Index()
			sync()
		}
		out[l.Index()] = acc
	})
	return out, err
}

// BothBranchesBad tests barriers on both sides of a lane-dependent if: two different call sites.
func BothBranchesBad(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		if l.Index()%2 == 0 {
			l.Barrier() // EXPECT
		} else {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = 1
	})
	return out, err
}

// BothBranchesGood tests the barrier hoisted after the lane-dependent if.
func BothBranchesGood(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		v := 2
		if l.Index()%2 == 0 {
			v = 1
		}
		l.Barrier()
		out[l.Index()] = v
	})
	return out, err
}
