package loops

import "github.com/spmdvet/spmdvet/spmd"

func below(v, b int) int {
	if v < b {
		return 1
	}
	return 0
}

// Fine: the if at the end of a range loop's body rejoins before the next
// iteration. (go/ssa deletes the empty block where it rejoins, making the
// loop header look like the join; the analysis puts the block back.)
func rangeBodyEndsInIf(l spmd.Lane, data, bounds, out []int) {
	i := l.Index()
	for b, bound := range bounds {
		n := spmd.ReduceAdd(l, below(data[i], bound))
		if i == 0 {
			out[b] = n
		}
	}
}

// The same with a value that the arm changes: it is divergent after the
// if, so a collective on it would be reached by all lanes but with values
// that differ; the loop itself stays uniform.
func rangeBodyEndsInIfWithValue(l spmd.Lane, bounds []int) int {
	x := 0
	for range bounds {
		spmd.ReduceAdd(l, x)
		if l.Index() == 0 {
			x++
		}
	}
	return x
}

// Reported: the arm ends the loop for some lanes.
func rangeBodyBreaks(l spmd.Lane, bounds []int) {
	for range bounds {
		spmd.ReduceAdd(l, 1) // want `collective spmd.ReduceAdd under divergent control`
		if l.Index() == 0 {
			break
		}
	}
}

// Fine: both arms of an if/else rejoin before a loop that has no init
// statement. (go/ssa deletes that empty join too: the arms then jump to the
// loop header, whose counter would look divergent; the analysis puts the
// join back.)
func ifElseBeforeLoop(l spmd.Lane, n int, out []int) {
	x, i := 0, 0
	if l.Index() < 4 {
		x = 1
	} else {
		x = 2
	}
	for i < n {
		l.Barrier()
		i++
	}
	out[l.Index()] = x
}

// The same with nested ifs that end an arm, each with an else.
func nestedIfElseBeforeLoop(l spmd.Lane, n int, out []int) {
	i := 0
	if l.Index() < 4 {
		if l.Index() == 0 {
			out[0] = 1
		} else {
			out[1] = 1
		}
	} else {
		out[2] = 1
	}
	for i < n {
		l.Barrier()
		i++
	}
}

// Reported: an arm that continues the loop skips the rest of the body.
func ifElseContinues(l spmd.Lane, n int, out []int) {
	for i := 0; i < n; i++ {
		if l.Index() < 4 {
			out[0] = 1
			continue
		} else {
			out[1] = 1
		}
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// Reported, as LLVM reports it on the same graph: the inner continue goes
// straight to the loop header, not through the end of the outer if, so
// the header joins the paths of a divergent branch, and its phi of x, which
// merges x from before the loop and from the body, counts as divergent.
// (Here every lane computes the same x: sync dependence is conservative.)
// Routing the continue through the restored end of the if would hide it.
func continueInIfAtEnd(l spmd.Lane, n, m int, out []int) {
	x := m
	for n > m {
		x = n - x
		if m > 0 {
			if l.Index() <= x {
				continue
			}
			out[0] = 1
		}
	}
	if x > 3 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// A continue that ends the body leaves the if by a jump, the end of the
// body leaves it through its end: the two paths meet at the loop header,
// whose phi of i is divergent, as in LLVM, which judges joins by paths,
// not values (every lane has the same i here). go/ssa made the if a jump
// to the header; the analysis puts the branch and the if's end back.
func continueEndsBody(l spmd.Lane, n int) {
	i := 0
	for i < n {
		i++
		if l.Index() > i {
			continue
		}
	}
	if i > 3 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// An empty if: both paths leave it at its end and meet there, before the
// header, so nothing joins at the header.
func emptyIfEndsBody(l spmd.Lane, n int) {
	i := 0
	for i < n {
		i++
		if l.Index() > i {
		}
	}
	if i > 3 {
		l.Barrier()
	}
}

// Fine: a range over a slice stands for a for loop whose increment the
// continue and the end of the body reach first, so the index, and with it
// the trip count, is the same in every lane. go/ssa increments in the loop
// header; the analysis puts back the block where the two paths meet.
func continueInRange(l spmd.Lane, data []int) {
	x := 0
	for _, v := range data {
		l.Barrier()
		if v > l.Index() {
			continue
		}
		x++
	}
	if x > 0 {
		l.Barrier() // want `barrier l.Barrier under divergent control`
	}
}

// The same with the continue ending the body.
func continueEndsRange(l spmd.Lane, data []int) {
	for _, v := range data {
		l.Barrier()
		if v > l.Index() {
			continue
		}
	}
}
