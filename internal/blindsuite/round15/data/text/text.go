// Package text holds kernels whose control flow depends on strings and byte
// slices that each lane builds (strconv, fmt, strings.Builder, bytes.Buffer).
package text

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/spmdvet/spmdvet/spmd"
)

// DigitPhases (bug, may): one barrier per decimal digit of the lane index;
// lanes 10 and up have two digits, so groups of more than 10 lanes diverge.
//
//spmd:kernel
func DigitPhases(l spmd.Lane, out []int) {
	s := strconv.Itoa(l.Index())
	for k := 0; k < len(s); k++ {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = len(s)
}

// RuneSums (bug): lane i writes "ab" i+1 times into a strings.Builder; the
// range over the built string has a lane-dependent trip count.
//
//spmd:kernel
func RuneSums(l spmd.Lane, out []int) {
	var sb strings.Builder
	for k := 0; k <= l.Index(); k++ {
		sb.WriteString("ab")
	}
	s := 0
	for _, r := range sb.String() {
		s += spmd.ReduceAdd(l, int(r)) // EXPECT
	}
	out[l.Index()] = s
}

// CaseFlip (correct): every lane writes exactly one byte per byte of the
// shared word; which bytes are upper-cased depends on the lane, the length of
// the builder does not.
//
//spmd:kernel
func CaseFlip(l spmd.Lane, word string, out []int) {
	var sb strings.Builder
	for k := 0; k < len(word); k++ {
		c := word[k]
		if (k+l.Index())%2 == 1 && 'a' <= c && c <= 'z' {
			c = c - 'a' + 'A'
		}
		sb.WriteByte(c)
	}
	for k := 0; k < sb.Len(); k++ {
		l.Barrier()
	}
	out[l.Index()] = sb.Len()
}

// CSVFields (bug): lane i writes the record "0,1,...,i" into a bytes.Buffer;
// splitting it yields i+1 fields, one ReduceAdd each.
//
//spmd:kernel
func CSVFields(l spmd.Lane, out []int) {
	var buf bytes.Buffer
	for k := 0; k <= l.Index(); k++ {
		if k > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString(strconv.Itoa(k))
	}
	s := 0
	for _, f := range strings.Split(buf.String(), ",") {
		v, _ := strconv.Atoi(f)
		s += spmd.ReduceAdd(l, v) // EXPECT
	}
	out[l.Index()] = s
}

// WordLengths (correct): the words come from the shared text, so every lane
// has the same number of them; the reduced value depends on the lane.
//
//spmd:kernel
func WordLengths(l spmd.Lane, text string, out []int) {
	s := 0
	for _, w := range strings.Fields(text) {
		s += spmd.ReduceAdd(l, len(w)*l.Index())
	}
	out[l.Index()] = s
}

// ParseOrQuit (bug): each lane parses its own input and returns early on a
// parse error; the lanes that parsed successfully wait in ReduceAdd.
//
//spmd:kernel
func ParseOrQuit(l spmd.Lane, inputs []string, out []int) {
	v, err := strconv.Atoi(inputs[l.Index()])
	if err != nil {
		return
	}
	out[l.Index()] = spmd.ReduceAdd(l, v) // EXPECT
}

// ParseAll (correct): a parse error becomes a zero instead of an early
// return; every lane reaches the ReduceAdd.
//
//spmd:kernel
func ParseAll(l spmd.Lane, inputs []string, out []int) {
	v, err := strconv.Atoi(inputs[l.Index()])
	if err != nil {
		v = 0
	}
	out[l.Index()] = spmd.ReduceAdd(l, v)
}

// MarkByte (correct): each lane overwrites a lane-dependent byte of its own
// copy of the shared text; len(b) is len(text) in every lane.
//
//spmd:kernel
func MarkByte(l spmd.Lane, text string, out []int) {
	b := []byte(text)
	b[l.Index()%len(b)] = '#'
	for range b {
		l.Barrier()
	}
	out[l.Index()] = bytes.Count(b, []byte("#"))
}

// NameGuard (bug): a barrier only for lanes whose formatted name ends in "0".
//
//spmd:kernel
func NameGuard(l spmd.Lane, out []int) {
	name := fmt.Sprintf("lane-%d", l.Index())
	if strings.HasSuffix(name, "0") {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = len(name)
}
