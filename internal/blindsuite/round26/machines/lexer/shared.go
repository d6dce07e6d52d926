package lexer

import "github.com/spmdvet/spmdvet/spmd"

// LineVotes lexes the shared lines in every lane. Comment lines (starting
// with '#') are skipped; after every other line the lanes vote on whether
// they have met their key letter so far. votes[k] gets the mask after the
// k-th line that is not a comment.
//
// kernel(ok)
func LineVotes(lines []string, keys []byte, votes []uint64) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		k, hits := 0, 0
	lines:
		for _, line := range lines {
			for i := 0; i < len(line); i++ {
				switch c := line[i]; {
				case i == 0 && c == '#':
					continue lines
				case c == key:
					hits++
				}
			}
			m := spmd.Ballot(l, hits > 0)
			if l.Index() == 0 {
				votes[k] = m
			}
			k++
		}
	})
}

// LineVotesFirst is LineVotes where a lane moves to the next line as soon as
// it meets its key.
//
// kernel(bug)
func LineVotesFirst(lines []string, keys []byte, votes []uint64) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		k, hits := 0, 0
	lines:
		for _, line := range lines {
			for i := 0; i < len(line); i++ {
				switch c := line[i]; {
				case i == 0 && c == '#':
					continue lines
				case c == key:
					hits++
					continue lines
				}
			}
			m := spmd.Ballot(l, hits > 0) // EXPECT
			if l.Index() == 0 {
				votes[k] = m
			}
			k++
		}
	})
}

// ChunkWords lexes a chunk of shared text in every lane, a word at a time.
// At the start of word w the lanes vote on whether it begins with their key
// letter (starts[w]); at its end the group counts the lanes whose key it
// holds (hits[w]). A chunk that begins inside a word (inWord) starts in the
// word state, without a vote.
//
// kernel(ok)
func ChunkWords(chunk string, inWord bool, keys []byte, starts []uint64, hits []int) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		i, w, has, n := 0, 0, 0, 0
		var m uint64
		if inWord {
			goto word
		}
	space:
		if i == len(chunk) {
			goto done
		}
		if !isLetter(chunk[i]) {
			i++
			goto space
		}
		m = spmd.Ballot(l, chunk[i] == key)
		if l.Index() == 0 {
			starts[w] = m
		}
	word:
		has = 0
		for ; i < len(chunk) && isLetter(chunk[i]); i++ {
			if chunk[i] == key {
				has = 1
			}
		}
		n = spmd.ReduceAdd(l, has)
		if l.Index() == 0 {
			hits[w] = n
		}
		w++
		goto space
	done:
		_ = w
	})
}

// ChunkWordsEach is ChunkWords where each lane has its own carry flag.
//
// kernel(bug)
func ChunkWordsEach(chunk string, inWord []bool, keys []byte, starts []uint64, hits []int) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		key := keys[l.Index()]
		i, w, has, n := 0, 0, 0, 0
		var m uint64
		if inWord[l.Index()] {
			goto word
		}
	space:
		if i == len(chunk) {
			goto done
		}
		if !isLetter(chunk[i]) {
			i++
			goto space
		}
		m = spmd.Ballot(l, chunk[i] == key) // EXPECT
		if l.Index() == 0 {
			starts[w] = m
		}
	word:
		has = 0
		for ; i < len(chunk) && isLetter(chunk[i]); i++ {
			if chunk[i] == key {
				has = 1
			}
		}
		n = spmd.ReduceAdd(l, has) // EXPECT
		if l.Index() == 0 {
			hits[w] = n
		}
		w++
		goto space
	done:
		_ = w
	})
}
