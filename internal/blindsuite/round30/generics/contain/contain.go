// Package contain has kernels in which every lane keeps its own generic
// container (Stack, Queue, Set), and kernels that range over generic
// iterators with convergent calls in the loop body.
package contain

import (
	"math"
	"slices"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round30/generics/gen"
	"github.com/spmdvet/spmdvet/spmd"
)

// Score is a candidate's score.
type Score float64

// Label names a region.
type Label int

// RankTotalsBug: every lane stacks the scores of its first k candidates
// that pass thr; then, popping, the group adds up the scores rank by rank.
// kernel(bug): the stacks are as long as the number of passing scores,
// which differs per lane.
func RankTotalsBug(scores [][]Score, k int, thr Score) ([]Score, error) {
	var totals []Score
	err := spmd.Run(len(scores), func(l spmd.Lane) {
		row := scores[l.Index()]
		var s gen.Stack[Score]
		for j := range k {
			if row[j] > thr {
				s.Push(row[j])
			}
		}
		var mine []Score
		for s.Len() > 0 {
			v, _ := s.Pop()
			mine = append(mine, gen.Sum(l, v)) // EXPECT
		}
		if l.Index() == 0 {
			totals = mine
		}
	})
	return totals, err
}

// RankTotalsOK: every lane stacks the scores of its first k candidates,
// those that do not pass thr as 0; then, popping, the group adds up the
// scores rank by rank. kernel(ok): every stack holds k scores.
func RankTotalsOK(scores [][]Score, k int, thr Score) ([]Score, error) {
	var totals []Score
	err := spmd.Run(len(scores), func(l spmd.Lane) {
		row := scores[l.Index()]
		var s gen.Stack[Score]
		for j := range k {
			v := row[j]
			if v <= thr {
				v = 0
			}
			s.Push(v)
		}
		var mine []Score
		for s.Len() > 0 {
			v, _ := s.Pop()
			mine = append(mine, gen.Sum(l, v))
		}
		if l.Index() == 0 {
			totals = mine
		}
	})
	return totals, err
}

// An Update adds Delta to cell Cell of a grid.
type Update struct {
	Cell  int
	Delta float64
}

// ApplyBug applies the updates each lane queued, one per round, syncing
// the group after every round. (Updates of one round go to distinct cells.)
// kernel(bug): a lane runs as many rounds as it has updates.
func ApplyBug(grid []float64, pending [][]Update) error {
	return spmd.Run(len(pending), func(l spmd.Lane) {
		g := gen.NewGroup(l, grid)
		var q gen.Queue[Update]
		for _, u := range pending[l.Index()] {
			q.Push(u)
		}
		for !q.Empty() {
			u, _ := q.Pop()
			grid[u.Cell] += u.Delta
			g.Sync() // EXPECT
		}
	})
}

// ApplyOK applies the updates each lane queued, one per round, syncing the
// group after every round; the group runs as many rounds as the longest
// queue. kernel(ok)
func ApplyOK(grid []float64, pending [][]Update) error {
	return spmd.Run(len(pending), func(l spmd.Lane) {
		g := gen.NewGroup(l, grid)
		var q gen.Queue[Update]
		for _, u := range pending[l.Index()] {
			q.Push(u)
		}
		rounds := gen.Max(l, q.Len())
		for range rounds {
			if u, ok := q.Pop(); ok {
				grid[u.Cell] += u.Delta
			}
			g.Sync()
		}
	})
}

// HitSumsBug: every lane stacks its first k positive readings and the
// group adds them up level by level while walking the stack with its
// iterator. kernel(bug): the stacks differ in length.
func HitSumsBug(readings [][]int, k int) ([]int, error) {
	var sums []int
	err := spmd.Run(len(readings), func(l spmd.Lane) {
		row := readings[l.Index()]
		var s gen.Stack[int]
		for j := range k {
			if row[j] > 0 {
				s.Push(row[j])
			}
		}
		var mine []int
		for v := range s.All() {
			mine = append(mine, gen.Sum(l, v)) // EXPECT
		}
		if l.Index() == 0 {
			sums = mine
		}
	})
	return sums, err
}

// HitSumsOK: every lane stacks its first k readings, clamped at 0, and the
// group adds them up level by level while walking the stack with its
// iterator. kernel(ok): every stack holds k readings.
func HitSumsOK(readings [][]int, k int) ([]int, error) {
	var sums []int
	err := spmd.Run(len(readings), func(l spmd.Lane) {
		row := readings[l.Index()]
		var s gen.Stack[int]
		for j := range k {
			s.Push(max(row[j], 0))
		}
		var mine []int
		for v := range s.All() {
			mine = append(mine, gen.Sum(l, v))
		}
		if l.Index() == 0 {
			sums = mine
		}
	})
	return sums, err
}

// PeakStridedBug returns the largest element of xs; lanes take strided
// elements and take the group maximum element by element. kernel(bug): the
// strided iterator yields a different number of elements per lane.
func PeakStridedBug(xs []float64, lanes int) (float64, error) {
	var peak float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		m := math.Inf(-1)
		for x := range gen.Strided(l, xs) {
			m = max(m, gen.Max(l, x)) // EXPECT
		}
		if l.Index() == 0 {
			peak = m
		}
	})
	return peak, err
}

// PeakStridedOK returns the largest element of xs; lanes take strided
// elements, keep their own maximum, and take the group maximum once.
// kernel(ok)
func PeakStridedOK(xs []float64, lanes int) (float64, error) {
	var peak float64
	err := spmd.Run(lanes, func(l spmd.Lane) {
		m := math.Inf(-1)
		for x := range gen.Strided(l, xs) {
			m = max(m, x)
		}
		m = gen.Max(l, m)
		if l.Index() == 0 {
			peak = m
		}
	})
	return peak, err
}

// DiffuseBug runs explicit diffusion steps on u, one cell per lane, with
// double buffering; the Synced iterator puts a barrier between steps. A
// lane stops when its own cell has settled. kernel(bug): lanes leave the
// iterator at different steps, and it waits at a barrier between steps.
func DiffuseBug(u, steps []float64, tol float64) ([]float64, error) {
	n := len(u)
	buf := [2][]float64{slices.Clone(u), make([]float64, n)}
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		k := 0
		for dt := range gen.Synced(l, steps) { // EXPECT
			cur, next := buf[k%2], buf[(k+1)%2]
			d := dt * (cur[max(i-1, 0)] - 2*cur[i] + cur[min(i+1, n-1)])
			next[i] = cur[i] + d
			k++
			if math.Abs(d) < tol {
				break
			}
		}
		out[i] = buf[k%2][i]
	})
	return out, err
}

// DiffuseOK runs explicit diffusion steps on u, one cell per lane, with
// double buffering; the Synced iterator puts a barrier between steps. The
// group stops when every cell has settled. kernel(ok)
func DiffuseOK(u, steps []float64, tol float64) ([]float64, error) {
	n := len(u)
	buf := [2][]float64{slices.Clone(u), make([]float64, n)}
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		k := 0
		for dt := range gen.Synced(l, steps) {
			cur, next := buf[k%2], buf[(k+1)%2]
			d := dt * (cur[max(i-1, 0)] - 2*cur[i] + cur[min(i+1, n-1)])
			next[i] = cur[i] + d
			k++
			if gen.AllOf(l, d, func(d float64) bool { return math.Abs(d) < tol }) {
				break
			}
		}
		out[i] = buf[k%2][i]
	})
	return out, err
}

// ClampStepsOK runs relaxation steps over a Synced iterator; a lane whose
// cell is pinned skips the update with continue, and the iterator's barrier
// still runs for it. kernel(ok): continue does not leave the iterator.
func ClampStepsOK(u []float64, pinned []bool, steps []float64) ([]float64, error) {
	n := len(u)
	buf := [2][]float64{slices.Clone(u), slices.Clone(u)}
	out := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		k := 0
		for w := range gen.Synced(l, steps) {
			cur, next := buf[k%2], buf[(k+1)%2]
			k++
			if pinned[i] {
				next[i] = cur[i]
				continue
			}
			next[i] = (1-w)*cur[i] + w*(cur[max(i-1, 0)]+cur[min(i+1, n-1)])/2
		}
		out[i] = buf[k%2][i]
	})
	return out, err
}

// TileSumsBug adds up xs tile by tile, one element per lane; the lanes
// past the end of the last tile skip it with continue. kernel(bug)
func TileSumsBug(xs []int, lanes int) ([]int, error) {
	var sums []int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		var mine []int
		for tile := range gen.Tiles(xs, l.Count()) {
			if i >= len(tile) {
				continue
			}
			mine = append(mine, gen.Sum(l, tile[i])) // EXPECT
		}
		if i == 0 {
			sums = mine
		}
	})
	return sums, err
}

// TileSumsOK adds up xs tile by tile, one element per lane; the lanes past
// the end of the last tile bring 0. kernel(ok)
func TileSumsOK(xs []int, lanes int) ([]int, error) {
	var sums []int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		var mine []int
		for tile := range gen.Tiles(xs, l.Count()) {
			v := 0
			if i < len(tile) {
				v = tile[i]
			}
			mine = append(mine, gen.Sum(l, v))
		}
		if i == 0 {
			sums = mine
		}
	})
	return sums, err
}

// LoggerTotalBug adds up, per logger (lane), the samples of every record
// up to the first fault (a negative sample), then over the group. kernel(bug):
// a lane that sees a fault returns from the kernel inside the range.
func LoggerTotalBug(records [][]float64) (float64, error) {
	var total float64
	err := spmd.Run(len(records[0]), func(l spmd.Lane) {
		i := l.Index()
		acc := 0.0
		for _, rec := range gen.Enumerate(records) {
			if rec[i] < 0 {
				return
			}
			acc += rec[i]
		}
		t := gen.Sum(l, acc) // EXPECT
		if i == 0 {
			total = t
		}
	})
	return total, err
}

// LoggerTotalOK adds up, per logger (lane), the samples of every record up
// to the first fault (a negative sample), then over the group. kernel(ok):
// a lane that sees a fault breaks out of the range and still joins the sum.
func LoggerTotalOK(records [][]float64) (float64, error) {
	var total float64
	err := spmd.Run(len(records[0]), func(l spmd.Lane) {
		i := l.Index()
		acc := 0.0
		for _, rec := range gen.Enumerate(records) {
			if rec[i] < 0 {
				break
			}
			acc += rec[i]
		}
		t := gen.Sum(l, acc)
		if i == 0 {
			total = t
		}
	})
	return total, err
}

// RegionCountBug counts, over the group, the distinct labels around each
// lane's pixel (its row of the neighbourhood table), adding one per label
// as it walks its set. kernel(bug): the sets differ in size.
func RegionCountBug(around [][]Label) (int, error) {
	var count int
	err := spmd.Run(len(around), func(l spmd.Lane) {
		var s gen.Set[Label]
		for _, lab := range around[l.Index()] {
			s.Add(lab)
		}
		n := 0
		for range s.All() {
			n += gen.Sum(l, 1) // EXPECT
		}
		if l.Index() == 0 {
			count = n
		}
	})
	return count, err
}

// RegionCountOK counts, over the group, the distinct labels around each
// lane's pixel: every lane sums the size of its set. kernel(ok)
func RegionCountOK(around [][]Label) (int, error) {
	var count int
	err := spmd.Run(len(around), func(l spmd.Lane) {
		var s gen.Set[Label]
		for _, lab := range around[l.Index()] {
			s.Add(lab)
		}
		n := 0
		for range s.All() {
			n++
		}
		n = gen.Sum(l, n)
		if l.Index() == 0 {
			count = n
		}
	})
	return count, err
}

// A Job is a unit of work with a cost.
type Job struct {
	ID   int
	Cost int
}

// CostRoundsBug: every lane queues its first k jobs that cost anything and
// the group adds up the costs round by round. kernel(bug): the free jobs
// are left out, so the queues differ in length.
func CostRoundsBug(jobs [][]Job, k int) ([]int, error) {
	var rounds []int
	err := spmd.Run(len(jobs), func(l spmd.Lane) {
		var q gen.Queue[Job]
		for _, j := range jobs[l.Index()][:k] {
			if j.Cost > 0 {
				q.Push(j)
			}
		}
		var mine []int
		for !q.Empty() {
			j, _ := q.Pop()
			mine = append(mine, gen.Sum(l, j.Cost)) // EXPECT
		}
		if l.Index() == 0 {
			rounds = mine
		}
	})
	return rounds, err
}

// CostRoundsOK: every lane queues its first k jobs, free ones included,
// and the group adds up the costs round by round. kernel(ok)
func CostRoundsOK(jobs [][]Job, k int) ([]int, error) {
	var rounds []int
	err := spmd.Run(len(jobs), func(l spmd.Lane) {
		var q gen.Queue[Job]
		for _, j := range jobs[l.Index()][:k] {
			q.Push(j)
		}
		var mine []int
		for !q.Empty() {
			j, _ := q.Pop()
			mine = append(mine, gen.Sum(l, j.Cost))
		}
		if l.Index() == 0 {
			rounds = mine
		}
	})
	return rounds, err
}
