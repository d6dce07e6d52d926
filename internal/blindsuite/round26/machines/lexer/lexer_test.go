package lexer

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("want nil, got %v", err)
	}
}

func diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence: %v", de)
}

var numSrc = []string{"a1 22 x", "7 b c", "", "10 20 30", "q", "5"}

func TestSumNumbers(t *testing.T) {
	out := make([]int, 1+len(numSrc))
	ok(t, SumNumbers(numSrc, out))
	want := []int{94, 22, 7, 0, 60, 0, 5}
	if !slices.Equal(out, want) {
		t.Fatalf("got %v want %v", out, want)
	}
}

func TestSumNumbersEager(t *testing.T) {
	diverges(t, SumNumbersEager(numSrc, make([]int, 1+len(numSrc))))
}

func TestWordVotes(t *testing.T) {
	votes := make([]uint64, 3)
	ok(t, WordVotes("cab dog  eel", []byte("aoe"), votes))
	want := []uint64{0b001, 0b010, 0b100}
	if !slices.Equal(votes, want) {
		t.Fatalf("got %b want %b", votes, want)
	}
}

func TestWordVotesSkip(t *testing.T) {
	diverges(t, WordVotesSkip("cab dog  eel", []byte("aoz"), make([]uint64, 3)))
}

var table = [][]string{
	{"ab", "c#d", "eee"},
	{"#", "xy", "z"},
	{"abcd", "", "q"},
}

func TestRowWidths(t *testing.T) {
	w := make([]int, 3)
	ok(t, RowWidths(table, w))
	if !slices.Equal(w, []int{6, 3, 5}) {
		t.Fatalf("got %v", w)
	}
}

func TestRowWidthsSkip(t *testing.T) {
	diverges(t, RowWidthsSkip(table, make([]int, 3)))
}

var endTable = [][]string{
	{"ab", "c1", "d"},
	{"x;", "yy", "z"},
	{"q", "r;", "s"},
	{"t", "u", "v"},
}

func TestColumnsUntilEnd(t *testing.T) {
	diverges(t, ColumnsUntilEnd(endTable, make([]int, 4)))
}

func TestColumnsUntilEndTotal(t *testing.T) {
	out := make([]int, 4)
	ok(t, ColumnsUntilEndTotal(endTable, out))
	// lane 0: ab x = 3; lane 1: c yy r = 4; lane 2: d z s v = 4
	if out[0] != 11 {
		t.Fatalf("got %v", out)
	}
}

var quoteRows = []string{`a"b"c`, `"x\y"`, `plain`}

func TestQuoteMasks(t *testing.T) {
	m := make([]uint64, 6)
	ok(t, QuoteMasks(quoteRows, 6, m))
	want := []uint64{0b010, 0b011, 0b011, 0b010, 0b000, 0b000}
	if !slices.Equal(m, want) {
		t.Fatalf("got %03b want %03b", m, want)
	}
}

func TestQuoteMasksNoEscapes(t *testing.T) {
	diverges(t, QuoteMasksNoEscapes(quoteRows, 6, make([]uint64, 6)))
}

var chunkText = [][]byte{
	[]byte("a\nb\n\x00\x00x\ny\n"),
	[]byte("\n\n\n\n\n\n\n\n\n\n"),
	[]byte("abc\x00\x00\nabcd"),
}

func TestChunkLines(t *testing.T) {
	out := make([]int, 3)
	ok(t, ChunkLines(chunkText, 5, make([]int, 3), out))
	// lines after chunk 0: [2 5 0], after chunk 1: [2 10 1]
	// lane 0 reads lane 1: 5+10; lane 1 reads lane 2: 0+1; lane 2 reads lane 0: 2+2
	if !slices.Equal(out, []int{15, 1, 4}) {
		t.Fatalf("got %v", out)
	}
}

func TestChunkLinesSkip(t *testing.T) {
	diverges(t, ChunkLinesSkip(chunkText, 5, make([]int, 3), make([]int, 3)))
}

var wordSrc = []string{"ab cd", "  x", "", "one two three "}

func TestScanWords(t *testing.T) {
	out := make([]int, 1)
	ok(t, ScanWords(append(slices.Clone(wordSrc), "a 1 b"), out))
	if out[0] != 6 {
		t.Fatalf("got %v", out)
	}
}

func TestScanWordsStrict(t *testing.T) {
	diverges(t, ScanWordsStrict(append(slices.Clone(wordSrc), "a 1 b"), make([]int, 1)))
}

var litSrc = []string{`x "a" "b\"c"`, `"open`, `none`, `"" "`}

func TestStringLits(t *testing.T) {
	out := make([]int, 2)
	ok(t, StringLits(litSrc, out))
	if !slices.Equal(out, []int{3, 2}) {
		t.Fatalf("got %v", out)
	}
}

func TestStringLitsEager(t *testing.T) {
	diverges(t, StringLitsEager(litSrc, make([]int, 2)))
}

var voteLines = []string{"ab", "#x", "ba", "cc"}

func TestLineVotes(t *testing.T) {
	votes := make([]uint64, 4)
	ok(t, LineVotes(voteLines, []byte("bz"), votes))
	if !slices.Equal(votes, []uint64{1, 1, 1, 0}) {
		t.Fatalf("got %v", votes)
	}
}

func TestLineVotesFirst(t *testing.T) {
	diverges(t, LineVotesFirst(voteLines, []byte("bz"), make([]uint64, 4)))
}

func TestChunkWords(t *testing.T) {
	starts, hits := make([]uint64, 2), make([]int, 2)
	ok(t, ChunkWords("ab cd", false, []byte("ac"), starts, hits))
	if !slices.Equal(starts, []uint64{0b01, 0b10}) || !slices.Equal(hits, []int{1, 1}) {
		t.Fatalf("got %v %v", starts, hits)
	}
	starts, hits = make([]uint64, 2), make([]int, 2)
	ok(t, ChunkWords("ab cd", true, []byte("ac"), starts, hits))
	if !slices.Equal(starts, []uint64{0, 0b10}) || !slices.Equal(hits, []int{1, 1}) {
		t.Fatalf("got %v %v", starts, hits)
	}
}

func TestChunkWordsEach(t *testing.T) {
	diverges(t, ChunkWordsEach("ab cd", []bool{true, false}, []byte("ac"), make([]uint64, 2), make([]int, 2)))
}
