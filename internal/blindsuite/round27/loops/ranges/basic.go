// Package ranges holds range loops of every kind (int, slice, string,
// map, channel, function), do-while loops built with goto, and loops with
// several exits.
package ranges

import (
	"maps"
	"slices"
	"unicode/utf8"

	"github.com/spmdvet/spmdvet/spmd"
)

// RankList ranks the nodes of a linked list by pointer jumping, one node
// per lane, in as many rounds as the list needs.
// kernel(ok)
func RankList(succ, rank []int, rounds int) error {
	return spmd.Run(len(succ), func(l spmd.Lane) {
		i := l.Index()
		for range rounds {
			s := succ[i]
			r := rank[i]
			if s >= 0 {
				r += rank[s]
				s = succ[s]
			}
			l.Barrier()
			rank[i], succ[i] = r, s
			l.Barrier()
		}
	})
}

// RankListBug gives each node its own number of rounds, its distance to
// the tail.
// kernel(bug)
func RankListBug(succ, rank []int, rounds []int) error {
	return spmd.Run(len(succ), func(l spmd.Lane) {
		i := l.Index()
		for range rounds[i] {
			s := succ[i]
			r := rank[i]
			if s >= 0 {
				r += rank[s]
				s = succ[s]
			}
			l.Barrier() // EXPECT
			rank[i], succ[i] = r, s
			l.Barrier() // EXPECT
		}
	})
}

// Convolve filters a signal held one sample per lane with shared taps,
// fetching each neighbour with a shuffle.
// kernel(ok)
func Convolve(x, taps, y []float64) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		v := x[l.Index()]
		acc := 0.0
		for k, w := range taps {
			acc += w * spmd.Shuffle(l, v, (l.Index()+k)%l.Count())
		}
		y[l.Index()] = acc
	})
}

// ConvolveBug gives each lane its own filter, of its own length.
// kernel(bug)
func ConvolveBug(x []float64, taps [][]float64, y []float64) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		v := x[l.Index()]
		acc := 0.0
		for k, w := range taps[l.Index()] {
			acc += w * spmd.Shuffle(l, v, (l.Index()+k)%l.Count()) // EXPECT
		}
		y[l.Index()] = acc
	})
}

// MatchAt tries a shared pattern at offset Index of the text, one rune
// at a time, and stops as soon as no lane still matches.
// kernel(ok)
func MatchAt(text, pattern string, hit []bool) error {
	return spmd.Run(len(hit), func(l spmd.Lane) {
		off := l.Index()
		ok := true
		for j, r := range pattern {
			ok = ok && off+j < len(text) && runeAt(text, off+j) == r
			if !spmd.Any(l, ok) {
				break
			}
		}
		hit[l.Index()] = ok
	})
}

// MatchAtBug tries a pattern of the lane's own.
// kernel(bug)
func MatchAtBug(text string, patterns []string, hit []bool) error {
	return spmd.Run(len(hit), func(l spmd.Lane) {
		off := l.Index()
		ok := true
		for j, r := range patterns[l.Index()] {
			ok = ok && off+j < len(text) && runeAt(text, off+j) == r
			if !spmd.Any(l, ok) { // EXPECT
				break
			}
		}
		hit[l.Index()] = ok
	})
}

// Admit walks the shared quotas in key order and admits one batch per
// quota, with a barrier per batch, until a quota exceeds the limit.
// kernel(ok)
func Admit(quotas map[string]int, limit int, admitted []int) error {
	return spmd.Run(len(admitted), func(l spmd.Lane) {
		n := 0
		for _, k := range slices.Sorted(maps.Keys(quotas)) {
			if quotas[k] > limit {
				break
			}
			n += quotas[k]
			l.Barrier()
		}
		admitted[l.Index()] = n
	})
}

// AdmitBug ranges over the map itself: each lane sees the quotas in its
// own order and stops at a different batch.
// kernel(bug)
func AdmitBug(quotas map[string]int, limit int, admitted []int) error {
	return spmd.Run(len(admitted), func(l spmd.Lane) {
		n := 0
		for _, q := range quotas {
			if q > limit {
				break
			}
			n += q
			l.Barrier() // EXPECT
		}
		admitted[l.Index()] = n
	})
}

// Window averages each lane's neighbourhood through a small fixed-size
// array of offsets, one shuffle per entry.
// kernel(ok)
func Window(x, y []float64) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		offs := [3]int{-1, 0, 1}
		acc := 0.0
		for _, o := range offs {
			acc += spmd.Shuffle(l, x[l.Index()], (l.Index()+o+l.Count())%l.Count())
		}
		y[l.Index()] = acc / 3
	})
}

// WindowBug trims the window at the lane's own edge.
// kernel(bug)
func WindowBug(x, y []float64) error {
	return spmd.Run(len(x), func(l spmd.Lane) {
		offs := [3]int{-1, 0, 1}
		acc := 0.0
		for _, o := range offs {
			if l.Index()+o < 0 {
				continue
			}
			acc += spmd.Shuffle(l, x[l.Index()], (l.Index()+o+l.Count())%l.Count()) // EXPECT
		}
		y[l.Index()] = acc / 3
	})
}

// runeAt decodes the rune that starts at byte i of s.
func runeAt(s string, i int) rune {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r
}
