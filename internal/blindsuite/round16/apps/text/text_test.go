package text

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func mustDiverge(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	t.Log(err)
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func mustOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("want nil error, got %v", err)
	}
}

const sample = "the quick  brown fox 42 jumps over\tthe lazy dog 7 times 1000\n"

func refStarts(s string) []int {
	var r []int
	for i := range len(s) {
		if wordStart(s, i) {
			r = append(r, i)
		}
	}
	return r
}

func TestWordCount(t *testing.T) {
	for _, lanes := range []int{1, 4, 7, 64} {
		var n int
		mustOK(t, spmd.Run(lanes, func(l spmd.Lane) { WordCount(l, sample, &n) }))
		if want := len(strings.Fields(sample)); n != want {
			t.Fatalf("lanes %d: %d words, want %d", lanes, n, want)
		}
	}
}

func TestWordCountEmptyChunk(t *testing.T) {
	var n int
	// 5 bytes over 4 lanes: chunks of 2, lane 3 is empty.
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { WordCountEmptyChunk(l, "ab cd", &n) }))
}

func TestTokenize(t *testing.T) {
	for _, lanes := range []int{1, 5, 16, 80} {
		starts := make([]int, len(sample))
		var n int
		mustOK(t, spmd.Run(lanes, func(l spmd.Lane) { Tokenize(l, sample, starts, &n) }))
		if got, want := starts[:n], refStarts(sample); !slices.Equal(got, want) {
			t.Fatalf("lanes %d: starts %v, want %v", lanes, got, want)
		}
	}
}

func TestTokenizeSkipEmpty(t *testing.T) {
	starts := make([]int, 64)
	var n int
	// 8 lanes over "a      b": the middle lanes have no word start.
	mustDiverge(t, spmd.Run(8, func(l spmd.Lane) { TokenizeSkipEmpty(l, "a      b", starts, &n) }))
}

func newQueue(n int) *Queue {
	q := &Queue{Jobs: make([]string, n), Words: make([]int, n)}
	for i := range q.Jobs {
		q.Jobs[i] = strings.Repeat("w ", i%4+1)
	}
	return q
}

func checkQueue(t *testing.T, q *Queue) {
	t.Helper()
	for i, w := range q.Words {
		if w != i%4+1 {
			t.Fatalf("job %d: %d words, want %d", i, w, i%4+1)
		}
	}
}

func TestProcessJobs(t *testing.T) {
	q := newQueue(10)
	var done int
	mustOK(t, spmd.Run(4, func(l spmd.Lane) { ProcessJobs(l, q, &done) }))
	if done != 10 {
		t.Fatalf("done %d", done)
	}
	checkQueue(t, q)
}

func TestProcessJobsSync(t *testing.T) {
	q := newQueue(10)
	var done int
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { ProcessJobsSync(l, q, &done) }))
}

func TestProcessJobsVote(t *testing.T) {
	q := newQueue(10)
	var done int
	mustOK(t, spmd.Run(4, func(l spmd.Lane) { ProcessJobsVote(l, q, &done) }))
	if done != 10 {
		t.Fatalf("done %d", done)
	}
	checkQueue(t, q)
}

func TestProcessJobsProgress(t *testing.T) {
	q := newQueue(10)
	progress := make([]int, 10)
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { ProcessJobsProgress(l, q, progress) }))
}

func TestClassifyTokens(t *testing.T) {
	numbers := make([]int, 4)
	// 4 lanes over 32 bytes: only lane 0's chunk has numbers.
	s := "1 2 3 4 abcdefg hijklmnop qrstuv"
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { ClassifyTokens(l, s, 1, numbers) }))
}

func TestPhasedTokenize(t *testing.T) {
	for _, lanes := range []int{1, 6, 33} {
		starts := make([]int, len(sample))
		var n int
		mustOK(t, spmd.Run(lanes, func(l spmd.Lane) { PhasedTokenize(l, sample, starts, &n) }))
		if got, want := starts[:n], refStarts(sample); !slices.Equal(got, want) {
			t.Fatalf("lanes %d: starts %v, want %v", lanes, got, want)
		}
	}
}

func TestResumeScan(t *testing.T) {
	words := make([]int, 4)
	inWord := []bool{false, true, false, true}
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { ResumeScan(l, "ab cd ef gh ij k", 4, inWord, words) }))
}

func TestResumeScanUniform(t *testing.T) {
	s := "ab cd ef gh ij k"
	for _, resume := range []bool{false, true} {
		words := make([]int, 4)
		mustOK(t, spmd.Run(4, func(l spmd.Lane) { ResumeScanUniform(l, s, 4, resume, words) }))
		// reference: lane i looks at positions i*4 .. i*4+3, skipping the
		// first one when resuming.
		for lane := range 4 {
			want := 0
			for k := range 4 {
				if resume && k == 0 {
					continue
				}
				if p := lane*4 + k; p < len(s) && wordStart(s, p) {
					want++
				}
			}
			if words[lane] != want {
				t.Fatalf("resume %v lane %d: %d, want %d", resume, lane, words[lane], want)
			}
		}
	}
}

func TestApplyPasses(t *testing.T) {
	passes := map[string]int{"the": PassCount, "a": PassSync, "o": PassCount, "b": PassSync, "x": PassSync, "e": PassCount}
	// Map iteration order is random per range statement, so any single run
	// may happen to agree in every lane; retry until lanes disagree.
	for try := 0; try < 200; try++ {
		found := make([]int, 1)
		err := spmd.Run(6, func(l spmd.Lane) { ApplyPasses(l, passes, sample, found) })
		if err != nil {
			mustDiverge(t, err)
			return
		}
	}
	t.Fatal("no divergence in 200 runs")
}

func TestTruncateWords(t *testing.T) {
	words := strings.Fields(sample)
	orig := slices.Clone(words)
	n, err := TruncateWords(words, 5)
	mustOK(t, err)
	longest := 0
	for _, w := range orig {
		longest = max(longest, len(w))
	}
	limit, want := longest/2, 0
	for i, w := range orig {
		if len(w) > limit {
			want++
			w = w[:limit]
		}
		if words[i] != w {
			t.Fatalf("word %d = %q, want %q", i, words[i], w)
		}
	}
	if n != want {
		t.Fatalf("truncated %d, want %d", n, want)
	}
	// All words short: every lane returns at the uniform early exit.
	n, err = TruncateWords([]string{"a", "bc", "d"}, 3)
	mustOK(t, err)
	if n != 0 {
		t.Fatalf("truncated %d", n)
	}
}

func TestCompactWords(t *testing.T) {
	words := strings.Fields(sample)
	// bufCap 100: no lane fills its buffer, only the final flush runs.
	got, err := CompactWords(words, 4, 100, 3)
	mustOK(t, err)
	var want []string
	for _, w := range words {
		if len(w) >= 4 {
			want = append(want, w)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	// bufCap 1: lanes with a long word flush inside the loop.
	_, err = CompactWords(words, 5, 1, 3)
	mustDiverge(t, err)
}
