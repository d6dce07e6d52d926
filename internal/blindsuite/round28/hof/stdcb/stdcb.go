// Package stdcb holds kernels that give convergent callbacks to standard
// library functions.
package stdcb

import (
	"cmp"
	"slices"
	"sort"
	"strings"

	"github.com/spmdvet/spmdvet/spmd"
)

// FirstHotOK: the first bucket whose global count reaches limit.
// kernel(ok)
func FirstHotOK(counts [][]int, limit int, out []int) error {
	return spmd.Run(len(counts), func(l spmd.Lane) {
		i := l.Index()
		mine := counts[i]
		buckets := make([]int, len(counts[0]))
		for b := range buckets {
			buckets[b] = b
		}
		at := slices.IndexFunc(buckets, func(b int) bool { return spmd.ReduceAdd(l, mine[b]) >= limit })
		if i == 0 {
			out[0] = at
		}
		l.Barrier()
	})
}

// FirstHotBug: each lane brings its own limit.
// kernel(bug)
func FirstHotBug(counts [][]int, limits []int, out []int) error {
	return spmd.Run(len(counts), func(l spmd.Lane) {
		i := l.Index()
		mine := counts[i]
		buckets := make([]int, len(counts[0]))
		for b := range buckets {
			buckets[b] = b
		}
		at := slices.IndexFunc(buckets, func(b int) bool { return spmd.ReduceAdd(l, mine[b]) >= limits[i] }) // EXPECT
		out[i] = at
		l.Barrier()
	})
}

// ShoutOK: upper-cases the shared header, counting letters across lanes.
// kernel(ok)
func ShoutOK(header string, out []string, letters []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		i := l.Index()
		n := 0
		s := strings.Map(func(r rune) rune {
			n += spmd.ReduceAdd(l, 1)
			if r >= 'a' && r <= 'z' {
				return r - 'a' + 'A'
			}
			return r
		}, header)
		out[i] = s
		letters[i] = n
	})
}

// ShoutBug: each lane maps its own word.
// kernel(bug)
func ShoutBug(words []string, out []string, letters []int) error {
	return spmd.Run(len(words), func(l spmd.Lane) {
		i := l.Index()
		n := 0
		upper := func(r rune) rune {
			n += spmd.ReduceAdd(l, 1)
			if r >= 'a' && r <= 'z' {
				return r - 'a' + 'A'
			}
			return r
		}
		out[i] = strings.Map(upper, words[i]) // EXPECT
		letters[i] = n
	})
}

// QuantileOK: the smallest bin whose global prefix count reaches target.
// kernel(ok)
func QuantileOK(hist [][]int, target int, out []int) error {
	return spmd.Run(len(hist), func(l spmd.Lane) {
		i := l.Index()
		prefix := func(k int) int {
			s := 0
			for _, c := range hist[i][:k+1] {
				s += c
			}
			return spmd.ReduceAdd(l, s)
		}
		k := sort.Search(len(hist[0]), func(k int) bool { return prefix(k) >= target })
		out[i] = k
	})
}

// QuantileBug: each lane searches for its own target.
// kernel(bug)
func QuantileBug(hist [][]int, targets []int, out []int) error {
	return spmd.Run(len(hist), func(l spmd.Lane) {
		i := l.Index()
		prefix := func(k int) int {
			s := 0
			for _, c := range hist[i][:k+1] {
				s += c
			}
			return spmd.ReduceAdd(l, s)
		}
		k := sort.Search(len(hist[0]), func(k int) bool { return prefix(k) >= targets[i] }) // EXPECT
		out[i] = k
		l.Barrier()
	})
}

// RankOK: every lane sorts the shared candidates by their global score.
// kernel(ok)
func RankOK(cands []int, score [][]float64, out [][]int) error {
	return spmd.Run(len(score), func(l spmd.Lane) {
		i := l.Index()
		order := slices.Clone(cands)
		slices.SortFunc(order, func(a, b int) int {
			return cmp.Compare(spmd.ReduceAdd(l, score[i][a]), spmd.ReduceAdd(l, score[i][b]))
		})
		out[i] = order
	})
}

// RankBug: each lane sorts its own candidate list.
// kernel(bug)
func RankBug(cands [][]int, score [][]float64, out [][]int) error {
	return spmd.Run(len(score), func(l spmd.Lane) {
		i := l.Index()
		order := slices.Clone(cands[i])
		slices.SortFunc(order, func(a, b int) int { // EXPECT
			return cmp.Compare(spmd.ReduceAdd(l, score[i][a]), spmd.ReduceAdd(l, score[i][b]))
		})
		out[i] = order
		l.Barrier()
	})
}

// ProbeOK: every lane scans the shared keys, syncing per probe.
// kernel(ok)
func ProbeOK(keys []int, key int, tile []int, out []int) error {
	return spmd.Run(len(tile), func(l spmd.Lane) {
		i := l.Index()
		at := slices.IndexFunc(keys, func(x int) bool {
			tile[i] = x + i
			l.Barrier()
			return x == key
		})
		out[i] = at
	})
}

// ProbeBug: only the lane whose index matches syncs.
// kernel(bug)
func ProbeBug(keys []int, key int, tile []int, out []int) error {
	return spmd.Run(len(tile), func(l spmd.Lane) {
		i := l.Index()
		at := slices.IndexFunc(keys, func(x int) bool {
			if x == i {
				tile[i] = x + i
				l.Barrier() // EXPECT
			}
			return x == key
		})
		out[i] = at
	})
}

// SortEvensOK: every lane sorts with the global comparator.
// kernel(ok)
func SortEvensOK(vals []int, out [][]int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		i := l.Index()
		byTotal := func(a, b int) int { return cmp.Compare(spmd.ReduceAdd(l, a), spmd.ReduceAdd(l, b)) }
		v := slices.Clone(vals)
		slices.SortFunc(v, byTotal)
		if i%2 == 0 {
			out[i] = v
		}
	})
}

// SortEvensBug: only even lanes sort.
// kernel(bug)
func SortEvensBug(vals []int, out [][]int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		i := l.Index()
		byTotal := func(a, b int) int { return cmp.Compare(spmd.ReduceAdd(l, a), spmd.ReduceAdd(l, b)) }
		v := slices.Clone(vals)
		if i%2 == 0 {
			slices.SortFunc(v, byTotal) // EXPECT
			out[i] = v
		}
	})
}

// SplitOK: cut the shared line at the first delimiter any lane sees.
// kernel(ok)
func SplitOK(line string, delims []rune, out []int) error {
	return spmd.Run(len(delims), func(l spmd.Lane) {
		i := l.Index()
		out[i] = strings.IndexFunc(line, func(r rune) bool { return spmd.Any(l, r == delims[i]) })
	})
}

// SplitBug: a lane asks the others only after its own delimiter misses.
// kernel(bug)
func SplitBug(line string, delims []rune, out []int) error {
	return spmd.Run(len(delims), func(l spmd.Lane) {
		i := l.Index()
		out[i] = strings.IndexFunc(line, func(r rune) bool { return r == delims[i] || spmd.Any(l, r == ';') }) // EXPECT
	})
}
