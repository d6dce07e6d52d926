// Package lexer holds tokenizers run one input per lane (or one shared input
// for the whole group), written as state machines with switch dispatch,
// labelled loops, fallthrough and goto.
package lexer

import "github.com/spmdvet/spmdvet/spmd"

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }

// tally adds v over the group. Every lane must call it.
func tally(l spmd.Lane, v int) int {
	return spmd.ReduceAdd(l, v)
}
