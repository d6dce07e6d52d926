// Package labels holds kernels built from loop nests with labelled break
// and continue across two and three levels, while-style loops, do-while
// loops written as for with a flag or as for { ...; if c { break } }, a
// switch whose break only leaves the switch, and a range over an iterator
// that runs barriers between the values it yields. In the correct twins the
// jumps that leave more than one level are taken on uniform conditions (a
// vote) or stay inside one level; in the buggy twins they are taken on
// lane-dependent data.
package labels

import (
	"iter"
	"math"
	"math/bits"

	"github.com/spmdvet/spmdvet/spmd"
)

// PatternCounts counts, for each pattern, the positions of text where it
// occurs, lane i testing position i. For each pattern a ballot first counts
// the positions with room for it; the compare loop only clears match, and
// every lane then takes part in the count.
//
// kernel(ok)
func PatternCounts(text string, pats []string) (counts, candidates []int, err error) {
	counts = make([]int, len(pats))
	candidates = make([]int, len(pats))
	err = spmd.Run(len(text), func(l spmd.Lane) {
		i := l.Index()
		for p, pat := range pats {
			room := i+len(pat) <= len(text)
			c := bits.OnesCount64(spmd.Ballot(l, room))
			match := room
			for k := 0; match && k < len(pat); k++ {
				if text[i+k] != pat[k] {
					match = false
				}
			}
			one := 0
			if match {
				one = 1
			}
			s := spmd.ReduceAdd(l, one)
			if i == 0 {
				counts[p] = s
				candidates[p] = c
			}
		}
	})
	return counts, candidates, err
}

// PatternCountsContinue gives up on a pattern at the first mismatching
// byte with continue patterns, from the compare loop straight to the next
// pattern: only the lanes that matched reach the count. The ballot at the
// top of the pattern loop is still reached by every lane in every pattern.
//
// kernel(bug)
func PatternCountsContinue(text string, pats []string) (counts, candidates []int, err error) {
	counts = make([]int, len(pats))
	candidates = make([]int, len(pats))
	err = spmd.Run(len(text), func(l spmd.Lane) {
		i := l.Index()
	patterns:
		for p, pat := range pats {
			room := i+len(pat) <= len(text)
			c := bits.OnesCount64(spmd.Ballot(l, room))
			if i == 0 {
				candidates[p] = c
			}
			if !room {
				continue
			}
			for k := range len(pat) {
				if text[i+k] != pat[k] {
					continue patterns
				}
			}
			s := spmd.ReduceAdd(l, 1) // EXPECT
			counts[p] = s
		}
	})
	return counts, candidates, err
}

// SearchRows finds, for each lane's key, its first position in a rows×cols
// grid (row major), or -1. Row r is staged into a shared buffer, one entry
// per lane (there are at least cols lanes); each lane scans it unless it has
// already found its key; the lanes leave the row loop together once All of
// them have.
//
// kernel(ok)
func SearchRows(grid []int, rows, cols int, keys []int) ([]int, error) {
	buf := make([]int, cols)
	where := make([]int, len(keys))
	err := spmd.Run(len(keys), func(l spmd.Lane) {
		i := l.Index()
		pos := -1
		for r := 0; r < rows; r++ {
			if i < cols {
				buf[i] = grid[r*cols+i]
			}
			l.Barrier()
			if pos < 0 {
				for c := 0; c < cols; c++ {
					if buf[c] == keys[i] {
						pos = r*cols + c
						break
					}
				}
			}
			if spmd.All(l, pos >= 0) {
				break
			}
			l.Barrier()
		}
		where[i] = pos
	})
	return where, err
}

// SearchRowsBreak leaves both loops as soon as the lane finds its key, with
// break search: the lanes that found it stop staging rows, and both barriers
// of the row loop (the one before the scan too, in later rows) wait for them.
//
// kernel(bug)
func SearchRowsBreak(grid []int, rows, cols int, keys []int) ([]int, error) {
	buf := make([]int, cols)
	where := make([]int, len(keys))
	err := spmd.Run(len(keys), func(l spmd.Lane) {
		i := l.Index()
		pos := -1
	search:
		for r := 0; r < rows; r++ {
			if i < cols {
				buf[i] = grid[r*cols+i]
			}
			l.Barrier() // EXPECT
			for c := 0; c < cols; c++ {
				if buf[c] == keys[i] {
					pos = r*cols + c
					break search
				}
			}
			l.Barrier() // EXPECT
		}
		where[i] = pos
	})
	return where, err
}

// sharpen is the 3-tap kernel of SharpenFrames.
var sharpen = [3]float64{-0.5, 2, -0.5}

// SharpenFrames sharpens nf frames of h×w pixels (frame, row, column major),
// lane x owning column x: three levels of loops. The tap loop fetches the
// neighbours with Shuffle and skips, with a plain continue, the taps outside
// the frame and the masked pixels; each row is normalized by its largest
// magnitude (ReduceMax); each frame's total goes to totals (ReduceAdd).
//
// kernel(ok)
func SharpenFrames(img []float64, mask []bool, nf, h, w int) (out, totals []float64, err error) {
	out = make([]float64, len(img))
	totals = make([]float64, nf)
	err = spmd.Run(w, func(l spmd.Lane) {
		x := l.Index()
		for f := 0; f < nf; f++ {
			fsum := 0.0
			for y := 0; y < h; y++ {
				p := (f*h+y)*w + x
				px := img[p]
				acc := 0.0
				for k := -1; k <= 1; k++ {
					nb := spmd.Shuffle(l, px, max(0, min(x+k, w-1)))
					if x+k < 0 || x+k >= w {
						continue
					}
					if mask[p] {
						continue
					}
					acc += sharpen[k+1] * nb
				}
				rowMax := spmd.ReduceMax(l, math.Abs(acc))
				v := 0.0
				if rowMax > 0 {
					v = acc / rowMax
				}
				out[p] = v
				fsum += v
			}
			s := spmd.ReduceAdd(l, fsum)
			if x == 0 {
				totals[f] = s
			}
		}
	})
	return out, totals, err
}

// SharpenFramesSkipMasked leaves a masked pixel's row with continue rows
// from inside the tap loop: the masked lanes skip the remaining Shuffles of
// the tap loop and the row's ReduceMax, and meet the others again only at
// y++. The frame-level ReduceAdd, after the row loop, is reached together.
//
// kernel(bug)
func SharpenFramesSkipMasked(img []float64, mask []bool, nf, h, w int) (out, totals []float64, err error) {
	out = make([]float64, len(img))
	totals = make([]float64, nf)
	err = spmd.Run(w, func(l spmd.Lane) {
		x := l.Index()
		for f := 0; f < nf; f++ {
			fsum := 0.0
		rows:
			for y := 0; y < h; y++ {
				p := (f*h+y)*w + x
				px := img[p]
				acc := 0.0
				for k := -1; k <= 1; k++ {
					nb := spmd.Shuffle(l, px, max(0, min(x+k, w-1))) // EXPECT
					if x+k < 0 || x+k >= w {
						continue
					}
					if mask[p] {
						continue rows
					}
					acc += sharpen[k+1] * nb
				}
				rowMax := spmd.ReduceMax(l, math.Abs(acc)) // EXPECT
				v := 0.0
				if rowMax > 0 {
					v = acc / rowMax
				}
				out[p] = v
				fsum += v
			}
			s := spmd.ReduceAdd(l, fsum)
			if x == 0 {
				totals[f] = s
			}
		}
	})
	return out, totals, err
}

// MultiLevelSmooth relaxes u (fixed end points) with Jacobi steps on
// coarser and coarser spacings, h = coarsest, coarsest/2, ..., 1, repeated
// for up to maxCycles cycles: three levels of loops. After each step the
// lanes vote (ReduceMax of the change) and leave all three loops together
// with break solve once it is below tol. Each level records its largest
// residual and each cycle the L1 norm of u. It returns the number of steps.
//
// kernel(ok)
func MultiLevelSmooth(u []float64, coarsest, steps, maxCycles int, tol float64) (levelRes, norms []float64, total int, err error) {
	n := len(u)
	err = spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		count := 0
	solve:
		for cyc := 0; cyc < maxCycles; cyc++ {
			for h := coarsest; h >= 1; h /= 2 {
				for s := 0; s < steps; s++ {
					count++
					v := u[i]
					if i%h == 0 && i-h >= 0 && i+h < n {
						v = 0.5 * (u[i-h] + u[i+h])
					}
					l.Barrier()
					d := math.Abs(v - u[i])
					u[i] = v
					l.Barrier()
					if spmd.ReduceMax(l, d) < tol {
						break solve
					}
				}
				r := 0.0
				if i > 0 && i < n-1 {
					r = math.Abs(u[i-1] - 2*u[i] + u[i+1])
				}
				worst := spmd.ReduceMax(l, r)
				if i == 0 {
					levelRes = append(levelRes, worst)
				}
			}
			norm := spmd.ReduceAdd(l, math.Abs(u[i]))
			if i == 0 {
				norms = append(norms, norm)
			}
		}
		if i == 0 {
			total = count
		}
	})
	return levelRes, norms, total, err
}

// MultiLevelSmoothLocal lets each cell leave all three loops on its own
// change, with break solve: every collective of the nest, at every level, is
// then reached only by the cells still relaxing.
//
// kernel(bug)
func MultiLevelSmoothLocal(u []float64, coarsest, steps, maxCycles int, tol float64) (levelRes, norms []float64, total int, err error) {
	n := len(u)
	err = spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		count := 0
	solve:
		for cyc := 0; cyc < maxCycles; cyc++ {
			for h := coarsest; h >= 1; h /= 2 {
				for s := 0; s < steps; s++ {
					count++
					v := u[i]
					if i%h == 0 && i-h >= 0 && i+h < n {
						v = 0.5 * (u[i-h] + u[i+h])
					}
					l.Barrier() // EXPECT
					d := math.Abs(v - u[i])
					u[i] = v
					l.Barrier() // EXPECT
					if d < tol {
						break solve
					}
				}
				r := 0.0
				if i > 0 && i < n-1 {
					r = math.Abs(u[i-1] - 2*u[i] + u[i+1])
				}
				worst := spmd.ReduceMax(l, r) // EXPECT
				if i == 0 {
					levelRes = append(levelRes, worst)
				}
			}
			norm := spmd.ReduceAdd(l, math.Abs(u[i])) // EXPECT
			if i == 0 {
				norms = append(norms, norm)
			}
		}
		if i == 0 {
			total = count
		}
	})
	return levelRes, norms, total, err
}

// CubeRoots finds the cube root of each target by bisection on
// [0, max(1, target)], lane i owning target i, until the widest bracket of
// all lanes is below tol. The loop is a do-while: it takes the vote
// (ReduceMax of the widths) at the top and breaks on it, so every lane
// leaves in the same step; the widest bracket of each step goes to trace.
//
// kernel(ok)
func CubeRoots(targets []float64, tol float64) (roots, trace []float64, err error) {
	roots = make([]float64, len(targets))
	err = spmd.Run(len(targets), func(l spmd.Lane) {
		i := l.Index()
		lo, hi := 0.0, math.Max(1, targets[i])
		for {
			worst := spmd.ReduceMax(l, hi-lo)
			if i == 0 {
				trace = append(trace, worst)
			}
			if worst <= tol {
				break
			}
			mid := (lo + hi) / 2
			if mid*mid*mid < targets[i] {
				lo = mid
			} else {
				hi = mid
			}
		}
		roots[i] = (lo + hi) / 2
	})
	return roots, trace, err
}

// CubeRootsWhile is the textbook while loop, for hi-lo > tol, on the lane's
// own bracket, with the widest bracket still traced inside: the lanes with
// narrow starting brackets finish first.
//
// kernel(bug)
func CubeRootsWhile(targets []float64, tol float64) (roots, trace []float64, err error) {
	roots = make([]float64, len(targets))
	err = spmd.Run(len(targets), func(l spmd.Lane) {
		i := l.Index()
		lo, hi := 0.0, math.Max(1, targets[i])
		for hi-lo > tol {
			mid := (lo + hi) / 2
			if mid*mid*mid < targets[i] {
				lo = mid
			} else {
				hi = mid
			}
			worst := spmd.ReduceMax(l, hi-lo) // EXPECT
			if i == 0 {
				trace = append(trace, worst)
			}
		}
		roots[i] = (lo + hi) / 2
	})
	return roots, trace, err
}

// OddEvenSort sorts data with odd-even transposition, one element per lane:
// each round has two phases in which neighbouring lanes exchange values with
// Shuffle and keep the smaller or larger one. The rounds repeat do-while
// style until no lane swapped in a round, which Any decides for all lanes.
//
// kernel(ok)
func OddEvenSort(data []int) ([]int, int, error) {
	n := len(data)
	out := make([]int, n)
	rounds := 0
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		v := data[i]
		r := 0
		for done := false; !done; {
			swapped := false
			for phase := 0; phase < 2; phase++ {
				partner := i + 1
				if (i+phase)%2 == 1 {
					partner = i - 1
				}
				if partner < 0 || partner >= n {
					partner = i
				}
				other := spmd.Shuffle(l, v, partner)
				if (partner > i && other < v) || (partner < i && other > v) {
					v = other
					swapped = true
				}
			}
			r++
			done = !spmd.Any(l, swapped)
		}
		out[i] = v
		if i == 0 {
			rounds = r
		}
	})
	return out, rounds, err
}

// OddEvenSortLocal stops each lane once it did not swap in a round, as if
// sortedness were a property of the lane: the do-while exit is then per
// lane, and the Shuffles of the phase loop lose their partners.
//
// kernel(bug)
func OddEvenSortLocal(data []int) ([]int, int, error) {
	n := len(data)
	out := make([]int, n)
	rounds := 0
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		v := data[i]
		r := 0
		for done := false; !done; {
			swapped := false
			for phase := 0; phase < 2; phase++ {
				partner := i + 1
				if (i+phase)%2 == 1 {
					partner = i - 1
				}
				if partner < 0 || partner >= n {
					partner = i
				}
				other := spmd.Shuffle(l, v, partner) // EXPECT
				if (partner > i && other < v) || (partner < i && other > v) {
					v = other
					swapped = true
				}
			}
			r++
			done = !swapped
		}
		out[i] = v
		if i == 0 {
			rounds = r
		}
	})
	return out, rounds, err
}

// Opcodes of the lockstep interpreter.
const (
	OpNop = iota
	OpAdd
	OpMul
	OpPull // add the accumulator that lane (i+Arg)%n had at the previous step
	OpHalt
)

// An Op is one instruction of the lockstep interpreter.
type Op struct{ Code, Arg int }

// Interpret runs one program per lane, progs[i*steps:(i+1)*steps], in
// lockstep: after every instruction the lanes publish their accumulators in
// regs between two barriers, so that OpPull can read another lane's. A lane
// that halts keeps stepping with its accumulator frozen; the breaks in the
// switch only leave the switch.
//
// kernel(ok)
func Interpret(progs []Op, lanes, steps int) ([]int, error) {
	regs := make([]int, lanes)
	result := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		acc := 0
		halted := false
		for pc := 0; pc < steps; pc++ {
			op := progs[i*steps+pc]
			switch op.Code {
			case OpHalt:
				halted = true
			case OpAdd:
				if halted {
					break
				}
				acc += op.Arg
			case OpMul:
				if halted {
					break
				}
				acc *= op.Arg
			case OpPull:
				if halted {
					break
				}
				acc += regs[(i+op.Arg)%lanes]
			}
			l.Barrier()
			regs[i] = acc
			l.Barrier()
		}
		result[i] = acc
	})
	return result, err
}

// InterpretBreakLoop halts with break loop out of the switch and the step
// loop at once: a halted lane no longer publishes, and the barriers of the
// step loop wait for it.
//
// kernel(bug)
func InterpretBreakLoop(progs []Op, lanes, steps int) ([]int, error) {
	regs := make([]int, lanes)
	result := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		acc := 0
	loop:
		for pc := 0; pc < steps; pc++ {
			op := progs[i*steps+pc]
			switch op.Code {
			case OpHalt:
				break loop
			case OpAdd:
				acc += op.Arg
			case OpMul:
				acc *= op.Arg
			case OpPull:
				acc += regs[(i+op.Arg)%lanes]
			}
			l.Barrier() // EXPECT
			regs[i] = acc
			l.Barrier() // EXPECT
		}
		result[i] = acc
	})
	return result, err
}

// tiles stages src through the shared tile, len(tile) entries at a time
// (lane k loads entry k), and yields the base index of each tile. The
// barriers around the staging run between the values it yields; the loop
// depends only on the lengths, so it runs alike in every lane that keeps
// asking for values.
func tiles(l spmd.Lane, src, tile []float64) iter.Seq[int] {
	return func(yield func(int) bool) {
		for base := 0; base < len(src); base += len(tile) {
			l.Barrier()
			if k := l.Index(); k < len(tile) && base+k < len(src) {
				tile[k] = src[base+k]
			}
			l.Barrier()
			if !yield(base) {
				return
			}
		}
	}
}

// FirstGreater returns, for each query, the index of the first element of
// src greater than it, or -1, ranging over the tiles of src staged by tiles.
// The lanes stop asking for tiles together, once All have found theirs.
//
// kernel(ok)
func FirstGreater(src []float64, tileLen int, queries []float64) ([]int, error) {
	tile := make([]float64, tileLen)
	first := make([]int, len(queries))
	err := spmd.Run(len(queries), func(l spmd.Lane) {
		i := l.Index()
		found := -1
		for base := range tiles(l, src, tile) {
			for t := 0; t < len(tile) && base+t < len(src); t++ {
				if found < 0 && tile[t] > queries[i] {
					found = base + t
				}
			}
			if spmd.All(l, found >= 0) {
				break
			}
		}
		first[i] = found
	})
	return first, err
}

// FirstGreaterBreak breaks out of the range as soon as the lane has found
// its element: the iterator stops for that lane only, and its barriers keep
// waiting for it in the next tile.
//
// kernel(bug)
func FirstGreaterBreak(src []float64, tileLen int, queries []float64) ([]int, error) {
	tile := make([]float64, tileLen)
	first := make([]int, len(queries))
	err := spmd.Run(len(queries), func(l spmd.Lane) {
		i := l.Index()
		found := -1
		for base := range tiles(l, src, tile) { // EXPECT
			for t := 0; t < len(tile) && base+t < len(src); t++ {
				if tile[t] > queries[i] {
					found = base + t
					break
				}
			}
			if found >= 0 {
				break
			}
		}
		first[i] = found
	})
	return first, err
}

// CountGreaterFrom counts, for each query, the elements of src from index
// from[i] on that are greater than queries[i], ranging over the tiles staged
// by tiles; the lanes skip the tiles wholly before their start with a
// lane-dependent continue, which ends only the body's call, not the
// iteration: the iterator goes on to its next barrier in every lane. The
// total over all lanes comes from ReduceAdd after the range.
//
// kernel(ok)
func CountGreaterFrom(src []float64, tileLen int, queries []float64, from []int) (counts []int, total int, err error) {
	tile := make([]float64, tileLen)
	counts = make([]int, len(queries))
	err = spmd.Run(len(queries), func(l spmd.Lane) {
		i := l.Index()
		c := 0
		for base := range tiles(l, src, tile) {
			if base+len(tile) <= from[i] {
				continue
			}
			for t := 0; t < len(tile) && base+t < len(src); t++ {
				if base+t >= from[i] && tile[t] > queries[i] {
					c++
				}
			}
		}
		counts[i] = c
		s := spmd.ReduceAdd(l, c)
		if i == 0 {
			total = s
		}
	})
	return counts, total, err
}

// DrainQueues processes per-lane work queues, items[qPtr[i]:qPtr[i+1]], in
// lockstep rounds, a do-while whose condition is recomputed by Any in the
// post statement. At the top of each round ReduceAdd measures the backlog;
// a lane with an empty queue then continues to the post statement, where it
// meets the others before the vote. It returns the weighted sum of each
// queue (item times the round it was taken in) and the backlog per round.
//
// kernel(ok)
func DrainQueues(items, qPtr []int) (sums, backlog []int, err error) {
	lanes := len(qPtr) - 1
	sums = make([]int, lanes)
	err = spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		head, end := qPtr[i], qPtr[i+1]
		round := 0
		for more := spmd.Any(l, head < end); more; more = spmd.Any(l, head < end) {
			round++
			pending := spmd.ReduceAdd(l, end-head)
			if i == 0 {
				backlog = append(backlog, pending)
			}
			if head >= end {
				continue
			}
			sums[i] += items[head] * round
			head++
		}
	})
	return sums, backlog, err
}

// DrainQueuesLate measures the backlog after the empty queues have already
// continued: only the lanes with work left reach the ReduceAdd. The votes in
// the init and post statements are still reached by all lanes.
//
// kernel(bug)
func DrainQueuesLate(items, qPtr []int) (sums, backlog []int, err error) {
	lanes := len(qPtr) - 1
	sums = make([]int, lanes)
	err = spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		head, end := qPtr[i], qPtr[i+1]
		round := 0
		for more := spmd.Any(l, head < end); more; more = spmd.Any(l, head < end) {
			round++
			if head >= end {
				continue
			}
			pending := spmd.ReduceAdd(l, end-head) // EXPECT
			if i == 0 {
				backlog = append(backlog, pending)
			}
			sums[i] += items[head] * round
			head++
		}
	})
	return sums, backlog, err
}
