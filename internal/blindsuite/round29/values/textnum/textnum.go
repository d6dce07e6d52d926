// Package textnum holds kernels whose control hangs on string values (range
// over a string, indexing, slicing, concatenation, []byte round trips,
// strings.Cut's three results) and on complex numbers.
package textnum

import (
	"math"
	"math/cmplx"
	"strconv"
	"strings"

	"github.com/spmdvet/spmdvet/spmd"
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ---------------------------------------------------------------------------
// Range over a string.

// VowelProfile walks the words rune by rune, one word per lane, and counts
// at each position how many words have a vowel there.
//
// kernel(bug): the range is over the lane's own word, so it ends at a
// different rune in lanes whose words differ in length.
func VowelProfile(words []string) ([]int, error) {
	longest := 0
	for _, w := range words {
		longest = max(longest, len(w))
	}
	prof := make([]int, longest)
	err := spmd.Run(len(words), func(l spmd.Lane) {
		i := l.Index()
		k := 0
		for _, r := range words[i] {
			n := spmd.ReduceAdd(l, b2i(strings.ContainsRune("aeiou", r))) // EXPECT
			if i == 0 {
				prof[k] = n
			}
			k++
		}
	})
	return prof, err
}

// PatternProfile walks a shared pattern rune by rune and counts at each
// byte offset how many words (one per lane) have the pattern's rune there.
//
// kernel(ok): the range is over the pattern, a kernel parameter, so the
// runes and byte offsets are the same in every lane; the && only decides the
// value each lane adds.
func PatternProfile(words []string, pattern string) ([]int, error) {
	prof := make([]int, len(pattern))
	err := spmd.Run(len(words), func(l spmd.Lane) {
		i := l.Index()
		w := words[i]
		for bi, r := range pattern {
			hit := bi < len(w) && rune(w[bi]) == r
			n := spmd.ReduceAdd(l, b2i(hit))
			if i == 0 {
				prof[bi] = n
			}
		}
	})
	return prof, err
}

// MatchCounts walks a shared template and, at every byte offset where the
// lane's line has the template's byte, counts the matching lines.
//
// kernel(bug): the guard compares the lane's own line at the byte offset,
// which differs between lanes.
func MatchCounts(tmpl string, lines []string) ([]int, error) {
	counts := make([]int, len(tmpl))
	err := spmd.Run(len(lines), func(l spmd.Lane) {
		i := l.Index()
		for bi, r := range tmpl {
			if lines[i][bi] == byte(r) {
				n := spmd.ReduceAdd(l, 1) // EXPECT
				counts[bi] = n
			}
		}
	})
	return counts, err
}

// MatchCountsWild walks a shared template and, at every byte offset that is
// not the wildcard '?', counts the lines (one per lane) that have the
// template's byte there.
//
// kernel(ok): the guard is on the template's rune, the same in every lane.
func MatchCountsWild(tmpl string, lines []string) ([]int, error) {
	counts := make([]int, len(tmpl))
	for k := range counts {
		counts[k] = -1
	}
	err := spmd.Run(len(lines), func(l spmd.Lane) {
		i := l.Index()
		for bi, r := range tmpl {
			if r != '?' {
				n := spmd.ReduceAdd(l, b2i(lines[i][bi] == byte(r)))
				if i == 0 {
					counts[bi] = n
				}
			}
		}
	})
	return counts, err
}

// ---------------------------------------------------------------------------
// Indexing, slicing, concatenation.

// CountCapitalized counts the names that start with a capital letter.
//
// kernel(bug): c is the first byte of the lane's name.
func CountCapitalized(names []string) (int, error) {
	var n int
	err := spmd.Run(len(names), func(l spmd.Lane) {
		i := l.Index()
		c := names[i][0]
		if 'A' <= c && c <= 'Z' {
			s := spmd.ReduceAdd(l, 1) // EXPECT
			n = s
		}
	})
	return n, err
}

// CountWithInitial counts the names that start with the first byte of
// initial, when that byte is a capital letter, and returns -1 otherwise.
//
// kernel(ok): c is the first byte of a kernel parameter.
func CountWithInitial(names []string, initial string) (int, error) {
	n := -1
	err := spmd.Run(len(names), func(l spmd.Lane) {
		i := l.Index()
		c := initial[0]
		if 'A' <= c && c <= 'Z' {
			s := spmd.ReduceAdd(l, b2i(names[i][0] == c))
			if i == 0 {
				n = s
			}
		}
	})
	return n, err
}

// PrefixedTotal looks up prefix plus the first two bytes of each name in
// table and adds up the values found.
//
// kernel(bug): the key ends with a slice of the lane's name, so whether it
// is in the table is per lane.
func PrefixedTotal(names []string, table map[string]int, prefix string) (int, error) {
	var total int
	err := spmd.Run(len(names), func(l spmd.Lane) {
		i := l.Index()
		key := prefix + names[i][:2]
		if v, ok := table[key]; ok {
			s := spmd.ReduceAdd(l, v) // EXPECT
			total = s
		}
	})
	return total, err
}

// SectionTotal looks up prefix plus the first two bytes of section in table
// and, if found, adds up the value times each name's length.
//
// kernel(ok): the key is built from kernel parameters only.
func SectionTotal(names []string, table map[string]int, prefix, section string) (int, error) {
	var total int
	err := spmd.Run(len(names), func(l spmd.Lane) {
		i := l.Index()
		key := prefix + section[:2]
		if v, ok := table[key]; ok {
			s := spmd.ReduceAdd(l, v*len(names[i]))
			if i == 0 {
				total = s
			}
		}
	})
	return total, err
}

// ---------------------------------------------------------------------------
// []byte and back.

// lowerASCII folds the ASCII letters of b to lower case in place.
func lowerASCII(b []byte) {
	for k, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[k] = c + 'a' - 'A'
		}
	}
}

// CombinePerKey combines one value per lane with the operation the lane's
// key names, case-insensitively: "sum" adds, anything else takes the max.
//
// kernel(bug): the lowered key is the lane's own, so lanes go to different
// arms, each with its own collective.
func CombinePerKey(keys []string, vals []float64) (float64, error) {
	var out float64
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		b := []byte(keys[i])
		lowerASCII(b)
		var s float64
		if string(b) == "sum" {
			s = spmd.ReduceAdd(l, vals[i]) // EXPECT
		} else {
			s = spmd.ReduceMax(l, vals[i]) // EXPECT
		}
		out = s
	})
	return out, err
}

// Combine combines the values with the operation op names,
// case-insensitively: "sum" adds, anything else takes the max.
//
// kernel(ok): b is a lane's own copy of op, a kernel parameter, lowered the
// same way in every lane.
func Combine(op string, vals []float64) (float64, error) {
	var out float64
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		b := []byte(op)
		lowerASCII(b)
		var s float64
		if string(b) == "sum" {
			s = spmd.ReduceAdd(l, vals[i])
		} else {
			s = spmd.ReduceMax(l, vals[i])
		}
		if i == 0 {
			out = s
		}
	})
	return out, err
}

// SumAssignments parses one "name=value" line per lane and adds up the
// values; lines without '=' drop out.
//
// kernel(bug): found is per lane, and the lanes without '=' return before
// the reduction.
func SumAssignments(lines []string) (int, error) {
	var total int
	err := spmd.Run(len(lines), func(l spmd.Lane) {
		i := l.Index()
		_, v, found := strings.Cut(lines[i], "=")
		if !found {
			return
		}
		n, _ := strconv.Atoi(v)
		s := spmd.ReduceAdd(l, n) // EXPECT
		total = s
	})
	return total, err
}

// SumInUnit parses a "unit=factor" spec once and adds up the values times
// the factor; a spec without '=' leaves the total at 0.
//
// kernel(ok): found comes from the spec, a kernel parameter.
func SumInUnit(vals []int, spec string) (int, error) {
	var total int
	err := spmd.Run(len(vals), func(l spmd.Lane) {
		i := l.Index()
		_, f, found := strings.Cut(spec, "=")
		if !found {
			return
		}
		k, _ := strconv.Atoi(f)
		s := spmd.ReduceAdd(l, vals[i]*k)
		if i == 0 {
			total = s
		}
	})
	return total, err
}

// ---------------------------------------------------------------------------
// Complex numbers.

// EscapeEarlyExit iterates z = z*z + c for one point c per lane and stops a
// lane when its orbit escapes, and the whole group once every orbit has.
//
// kernel(bug): the lane's own escape test breaks out before the Any, so the
// lanes still iterating wait at the Any for lanes that have left.
func EscapeEarlyExit(cs []complex128, maxIter int) ([]int, error) {
	iters := make([]int, len(cs))
	err := spmd.Run(len(cs), func(l spmd.Lane) {
		i := l.Index()
		c := cs[i]
		var z complex128
		it := 0
		for ; it < maxIter; it++ {
			if real(z)*real(z)+imag(z)*imag(z) > 4 {
				break
			}
			z = z*z + c
			if !spmd.Any(l, cmplx.Abs(z) <= 2) { // EXPECT
				break
			}
		}
		iters[i] = it
	})
	return iters, err
}

// EscapeMasked iterates z = z*z + c for one point c per lane; lanes whose
// orbit has escaped stop updating, and the group stops when all have
// escaped or after maxIter steps. It returns the step at which each orbit
// escaped, or maxIter.
//
// kernel(ok): the loop is left only on All, the same in every lane; the
// escape test only masks the update.
func EscapeMasked(cs []complex128, maxIter int) ([]int, error) {
	iters := make([]int, len(cs))
	err := spmd.Run(len(cs), func(l spmd.Lane) {
		i := l.Index()
		c := cs[i]
		var z complex128
		done, it := false, maxIter
		for k := 0; k < maxIter; k++ {
			if !done {
				z = z*z + c
				if real(z)*real(z)+imag(z)*imag(z) > 4 {
					done, it = true, k+1
				}
			}
			if spmd.All(l, done) {
				break
			}
		}
		iters[i] = it
	})
	return iters, err
}

// Spectrum computes, for each frequency bin, the DFT of x and, for the bins
// whose magnitude passes thresh, the largest single term's magnitude.
//
// kernel(ok): the bin value X is built from two reductions, so its
// magnitude is the same in every lane.
func Spectrum(x []complex128, thresh float64) ([]complex128, []float64, error) {
	n := len(x)
	bins := make([]complex128, n)
	peaks := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for k := range l.Count() {
			tw := cmplx.Rect(1, -2*math.Pi*float64(k*i)/float64(n))
			p := x[i] * tw
			X := complex(spmd.ReduceAdd(l, real(p)), spmd.ReduceAdd(l, imag(p)))
			if cmplx.Abs(X) > thresh {
				m := spmd.ReduceMax(l, cmplx.Abs(p))
				if i == 0 {
					peaks[k] = m
				}
			}
			if i == 0 {
				bins[k] = X
			}
		}
	})
	return bins, peaks, err
}

// SpectrumPerTerm is Spectrum with the threshold applied to each lane's own
// term instead of the bin.
//
// kernel(bug): the magnitude of p, the lane's own term, differs between
// lanes.
func SpectrumPerTerm(x []complex128, thresh float64) ([]complex128, []float64, error) {
	n := len(x)
	bins := make([]complex128, n)
	peaks := make([]float64, n)
	err := spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		for k := range l.Count() {
			tw := cmplx.Rect(1, -2*math.Pi*float64(k*i)/float64(n))
			p := x[i] * tw
			X := complex(spmd.ReduceAdd(l, real(p)), spmd.ReduceAdd(l, imag(p)))
			if cmplx.Abs(p) > thresh {
				m := spmd.ReduceMax(l, cmplx.Abs(p)) // EXPECT
				peaks[k] = m
			}
			if i == 0 {
				bins[k] = X
			}
		}
	})
	return bins, peaks, err
}
