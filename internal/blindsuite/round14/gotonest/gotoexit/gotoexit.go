// Package gotoexit holds kernels whose loop nests are left with goto: to a
// label after the nest, to the label of a sibling loop that follows the nest,
// or to the header of a goto-built loop that follows it.
package gotoexit

import "github.com/spmdvet/spmdvet/spmd"

// GotoAfterNest: a lane-dependent goto out of two loops to a label right
// after the nest; lanes that finish the nest fall through to the same label,
// so the barrier there is reached together. Correct.
//
//spmd:kernel
func GotoAfterNest(l spmd.Lane, data []int, out []int) {
	pos := -1
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			if data[i*4+j] == l.Index() {
				pos = i*4 + j
				goto done
			}
		}
	}
done:
	l.Barrier()
	out[l.Index()] = pos
}

// GotoSkipsBarrier: the lane-dependent goto jumps over a barrier that the
// lanes finishing the nest execute; the barrier at the label is fine. Bug.
//
//spmd:kernel
func GotoSkipsBarrier(l spmd.Lane, out []int) {
	for i := range 4 {
		for j := range 4 {
			if i*4+j == l.Index()*3 {
				goto done
			}
		}
	}
	l.Barrier() // EXPECT
	out[l.Index()] = 1
done:
	l.Barrier()
}

// GotoSiblingForLabel: goto from the inner loop straight to the label of the
// for statement that follows the nest; it runs the sibling loop from its
// init, like the lanes that fall through, so its barrier is reached
// together. Correct.
//
//spmd:kernel
func GotoSiblingForLabel(l spmd.Lane, out []int) {
	for i := range 4 {
		for j := range 4 {
			if i*4+j == l.Index() {
				goto second
			}
		}
	}
second:
	for k := 0; k < 3; k++ {
		l.Barrier()
		out[l.Index()] += k
	}
}

// GotoSiblingGotoLoopHeader: goto from the inner loop straight to the header
// of a goto-built loop that follows the nest. Its counter k is set before
// the nest and not changed in it, so lanes enter with the same k and run the
// same number of rounds: the barrier is reached together. Correct.
//
//spmd:kernel
func GotoSiblingGotoLoopHeader(l spmd.Lane, out []int) {
	k := 0
	for i := range 4 {
		for j := range 4 {
			if i*4+j == l.Index() {
				goto head
			}
		}
	}
head:
	if k < 3 {
		l.Barrier()
		out[l.Index()] += k
		k++
		goto head
	}
}

// GotoSiblingHeaderCarriesCounter: the goto-built sibling loop continues
// counting with the outer loop's counter i, which lanes bring from different
// outer iterations. Bug.
//
//spmd:kernel
func GotoSiblingHeaderCarriesCounter(l spmd.Lane, out []int) {
	i := 0
	for i = 0; i < 4; i++ {
		for j := range 4 {
			if i*4+j == l.Index() {
				goto head
			}
		}
	}
head:
	if i < 4 {
		l.Barrier() // EXPECT
		out[l.Index()]++
		i++
		goto head
	}
}

// GotoSiblingForBoundFromOuter: the sibling for loop's bound is the last
// outer index, updated in the outer loop and different between lanes that
// leave in different outer iterations. Bug.
//
//spmd:kernel
func GotoSiblingForBoundFromOuter(l spmd.Lane, out []int) {
	last := 0
	for i := range 4 {
		last = i
		for j := range 4 {
			if i*4+j == l.Index() {
				goto second
			}
		}
	}
second:
	for k := 0; k < last; k++ {
		out[l.Index()] += spmd.ReduceAdd(l, k) // EXPECT
	}
}

// GotoUniformExitSkipsBarrier: goto out of the nest on a uniform condition
// (loop counters and l.Count()) jumps over a barrier, but all lanes jump
// together; the lane-dependent work does not decide control flow. Correct.
//
//spmd:kernel
func GotoUniformExitSkipsBarrier(l spmd.Lane, out []int) {
	for i := range 4 {
		for j := range 4 {
			if i*j == l.Count() {
				goto tail
			}
			out[l.Index()] += j * l.Index()
		}
	}
	l.Barrier()
tail:
	l.Barrier()
}

// GotoFoundOthersReturn: lanes that find their value jump to a barrier, the
// lanes that finish the nest without finding it return. Bug.
//
//spmd:kernel
func GotoFoundOthersReturn(l spmd.Lane, out []int) {
	for i := range 3 {
		for j := range 3 {
			if i+j == l.Index() {
				goto found
			}
		}
	}
	return
found:
	l.Barrier() // EXPECT
	out[l.Index()] = 1
}

// ReturnAfterLastBarrier: all barriers are in a uniform loop before the
// nest; the nest's lane-dependent exit returns those lanes, and nothing
// convergent follows. Correct.
//
//spmd:kernel
func ReturnAfterLastBarrier(l spmd.Lane, out []int) {
	for r := range 3 {
		l.Barrier()
		out[l.Index()] += r
	}
	for i := range 4 {
		for j := range 4 {
			if i*4+j == l.Index() {
				return
			}
		}
	}
	out[l.Index()] = -1
}

// ReturnFromInnerBarrierInOuter: a lane-dependent return from the inner loop,
// and a barrier in the outer body after the inner loop. Bug.
//
//spmd:kernel
func ReturnFromInnerBarrierInOuter(l spmd.Lane, out []int) {
	for i := range 3 {
		for j := range 3 {
			if i*3+j == l.Index()*4 {
				return
			}
		}
		l.Barrier() // EXPECT
		out[l.Index()]++
	}
}

// GotoLoopInForDivergentLeave: the inner loop is built with goto inside a for
// loop; a lane-dependent goto leaves both loops, and the barrier after the
// inner goto loop in the for body is then missed by those lanes. Bug.
//
//spmd:kernel
func GotoLoopInForDivergentLeave(l spmd.Lane, out []int) {
	n := 0
	for i := range 4 {
		j := 0
	inner:
		if j < 4 {
			if i*4+j == l.Index()+5 {
				goto leave
			}
			n++
			j++
			goto inner
		}
		l.Barrier() // EXPECT
	}
leave:
	out[l.Index()] = n
}

// GotoLoopInForUniformLeave: the same shape, but the goto that leaves both
// loops tests l.Count(), so every lane leaves in the same iteration. Correct.
//
//spmd:kernel
func GotoLoopInForUniformLeave(l spmd.Lane, out []int) {
	n := 0
	for i := range 4 {
		j := 0
	inner:
		if j < 4 {
			if i*4+j == l.Count()+5 {
				goto leave
			}
			n += l.Index()
			j++
			goto inner
		}
		l.Barrier()
	}
leave:
	l.Barrier()
	out[l.Index()] = n
}

// GotoSiblingHeaderAfterReduce: like GotoSiblingHeaderCarriesCounter, but the
// counter is replaced by its ReduceMax, computed where all lanes have met
// after the nest, before entering the goto-built loop. Correct.
//
//spmd:kernel
func GotoSiblingHeaderAfterReduce(l spmd.Lane, out []int) {
	i := 0
	for i = 0; i < 4; i++ {
		for j := range 4 {
			if i*4+j == l.Index() {
				goto met
			}
		}
	}
met:
	i = spmd.ReduceMax(l, i)
head:
	if i < 4 {
		l.Barrier()
		out[l.Index()]++
		i++
		goto head
	}
}
