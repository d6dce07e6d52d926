package lexer

import "github.com/spmdvet/spmdvet/spmd"

// ScanWords counts the words of src[i] in lane i with a goto lexer. A lane
// whose input holds a byte that is neither a letter nor a space counts as
// zero words. out[0] gets the group's total.
//
// kernel(ok)
func ScanWords(src []string, out []int) error {
	return spmd.Run(len(src), func(l spmd.Lane) {
		s := src[l.Index()]
		i, words := 0, 0
	space:
		if i == len(s) {
			goto done
		}
		if s[i] == ' ' {
			i++
			goto space
		}
		if !isLetter(s[i]) {
			goto bad
		}
		words++
	word:
		i++
		if i < len(s) && isLetter(s[i]) {
			goto word
		}
		goto space
	bad:
		words = 0
		goto done
	done:
		total := spmd.ReduceAdd(l, words)
		if l.Index() == 0 {
			out[0] = total
		}
	})
}

// ScanWordsStrict is ScanWords where a lane that meets a bad byte gives up.
//
// kernel(bug)
func ScanWordsStrict(src []string, out []int) error {
	return spmd.Run(len(src), func(l spmd.Lane) {
		s := src[l.Index()]
		i, words := 0, 0
	space:
		if i == len(s) {
			goto done
		}
		if s[i] == ' ' {
			i++
			goto space
		}
		if !isLetter(s[i]) {
			goto bad
		}
		words++
	word:
		i++
		if i < len(s) && isLetter(s[i]) {
			goto word
		}
		goto space
	bad:
		return
	done:
		total := spmd.ReduceAdd(l, words) // EXPECT
		if l.Index() == 0 {
			out[0] = total
		}
	})
}

// StringLits counts the string literals of src[i] in lane i and the
// unterminated ones over the group: out[0] gets the literals, out[1] the
// number of lanes with an unterminated literal.
//
// kernel(ok)
func StringLits(src []string, out []int) error {
	return spmd.Run(len(src), func(l spmd.Lane) {
		s := src[l.Index()]
		i, lits, open := 0, 0, 0
	text:
		if i >= len(s) {
			goto done
		}
		if s[i] != '"' {
			i++
			goto text
		}
	lit:
		i++
		if i >= len(s) {
			open = 1
			goto done
		}
		if s[i] == '\\' {
			i++
			goto lit
		}
		if s[i] != '"' {
			goto lit
		}
		lits++
		i++
		goto text
	done:
		bad := tally(l, open)
		n := tally(l, lits)
		if l.Index() == 0 {
			out[0], out[1] = n, bad
		}
	})
}

// StringLitsEager is StringLits that tallies an unterminated literal in the
// state that finds it.
//
// kernel(bug)
func StringLitsEager(src []string, out []int) error {
	return spmd.Run(len(src), func(l spmd.Lane) {
		s := src[l.Index()]
		i, lits, bad := 0, 0, 0
	text:
		if i >= len(s) {
			goto done
		}
		if s[i] != '"' {
			i++
			goto text
		}
	lit:
		i++
		if i >= len(s) {
			bad = tally(l, 1) // EXPECT
			goto done
		}
		if s[i] == '\\' {
			i++
			goto lit
		}
		if s[i] != '"' {
			goto lit
		}
		lits++
		i++
		goto text
	done:
		n := tally(l, lits)
		if l.Index() == 0 {
			out[0], out[1] = n, bad
		}
	})
}
