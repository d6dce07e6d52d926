package lexer

import "github.com/spmdvet/spmdvet/spmd"

const (
	stSpace = iota
	stNumber
	stIdent
)

// SumNumbers lexes src[i] in lane i and adds up the integer literals it
// finds. out[0] gets the group's sum, out[1+i] the sum of lane i.
//
// kernel(ok)
func SumNumbers(src []string, out []int) error {
	return spmd.Run(len(src), func(l spmd.Lane) {
		s := src[l.Index()]
		state, val, sum := stSpace, 0, 0
	machine:
		for i := 0; ; i++ {
			var c byte // 0 marks the end of input
			if i < len(s) {
				c = s[i]
			}
			switch state {
			case stSpace:
				switch {
				case c == 0:
					break machine
				case isDigit(c):
					state, val = stNumber, int(c-'0')
				case isLetter(c):
					state = stIdent
				}
			case stNumber:
				if isDigit(c) {
					val = val*10 + int(c-'0')
					continue
				}
				sum += val
				state = stSpace
				i-- // look at c again
			case stIdent:
				if !isLetter(c) && !isDigit(c) {
					state = stSpace
					i--
				}
			}
		}
		total := spmd.ReduceAdd(l, sum)
		out[1+l.Index()] = sum
		if l.Index() == 0 {
			out[0] = total
		}
	})
}

// SumNumbersEager is SumNumbers that adds each literal to the group's sum as
// soon as it ends.
//
// kernel(bug)
func SumNumbersEager(src []string, out []int) error {
	return spmd.Run(len(src), func(l spmd.Lane) {
		s := src[l.Index()]
		state, val, sum := stSpace, 0, 0
	machine:
		for i := 0; ; i++ {
			var c byte
			if i < len(s) {
				c = s[i]
			}
			switch state {
			case stSpace:
				switch {
				case c == 0:
					break machine
				case isDigit(c):
					state, val = stNumber, int(c-'0')
				case isLetter(c):
					state = stIdent
				}
			case stNumber:
				if isDigit(c) {
					val = val*10 + int(c-'0')
					continue
				}
				sum += spmd.ReduceAdd(l, val) // EXPECT
				state = stSpace
				i--
			case stIdent:
				if !isLetter(c) && !isDigit(c) {
					state = stSpace
					i--
				}
			}
		}
		out[1+l.Index()] = sum
		if l.Index() == 0 {
			out[0] = sum
		}
	})
}

// WordVotes lexes the shared text in every lane. At the end of each word the
// lanes vote on whether the word holds their key letter; votes[w] gets the
// mask for word w.
//
// kernel(ok)
func WordVotes(text string, keys []byte, votes []uint64) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		state, seen, word := stSpace, false, 0
		for i := 0; i <= len(text); i++ {
			c := byte(' ')
			if i < len(text) {
				c = text[i]
			}
			switch state {
			case stSpace:
				if isLetter(c) {
					state, seen = stIdent, c == key
				}
			case stIdent:
				if isLetter(c) {
					seen = seen || c == key
					break
				}
				m := spmd.Ballot(l, seen)
				if l.Index() == 0 && word < len(votes) {
					votes[word] = m
				}
				word++
				state = stSpace
			}
		}
	})
}

// WordVotesSkip is WordVotes where a lane that has found its key skips the
// rest of the word in a state of its own.
//
// kernel(bug)
func WordVotesSkip(text string, keys []byte, votes []uint64) error {
	const stSkip = stIdent + 1
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		state, word := stSpace, 0
		for i := 0; i <= len(text); i++ {
			c := byte(' ')
			if i < len(text) {
				c = text[i]
			}
			switch state {
			case stSpace:
				if isLetter(c) {
					state = stIdent
					if c == key {
						state = stSkip
					}
				}
			case stIdent:
				if isLetter(c) {
					if c == key {
						state = stSkip
					}
					break
				}
				m := spmd.Ballot(l, false) // EXPECT
				if l.Index() == 0 && word < len(votes) {
					votes[word] = m
				}
				word++
				state = stSpace
			case stSkip:
				if !isLetter(c) {
					word++
					state = stSpace
				}
			}
		}
	})
}
