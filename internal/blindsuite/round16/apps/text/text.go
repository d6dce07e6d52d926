// Package text has text-processing kernels: each lane scans a chunk of a
// shared string; counts and offsets are combined with collectives. It also
// has a job queue fed through sync/atomic and a few state machines.
package text

import (
	"strings"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round16/apps/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// wordStart reports whether a word starts at s[i].
func wordStart(s string, i int) bool {
	return !isSpace(s[i]) && (i == 0 || isSpace(s[i-1]))
}

// chunk is the byte range [lo, hi) of lane idx when n bytes are split into
// equal chunks, rounding up: the last lanes may get empty chunks.
func chunk(n, lanes, idx int) (lo, hi int) {
	per := (n + lanes - 1) / lanes
	lo = min(idx*per, n)
	hi = min(lo+per, n)
	return lo, hi
}

// WordCount (correct): every lane counts the words starting in its chunk;
// the chunk loop has a per-lane trip count (possibly zero) but no
// collective, and the ReduceAdd after it is reached by every lane.
//
//spmd:kernel
func WordCount(l spmd.Lane, s string, out *int) {
	lo, hi := chunk(len(s), l.Count(), l.Index())
	local := 0
	for i := lo; i < hi; i++ {
		if wordStart(s, i) {
			local++
		}
	}
	total := spmd.ReduceAdd(l, local)
	if l.Index() == 0 {
		*out = total
	}
}

// WordCountEmptyChunk (bug): "nothing to do" lanes (empty chunk, when the
// string is short) return before the reduction.
//
//spmd:kernel
func WordCountEmptyChunk(l spmd.Lane, s string, out *int) {
	lo, hi := chunk(len(s), l.Count(), l.Index())
	if lo >= hi {
		return
	}
	local := 0
	for i := lo; i < hi; i++ {
		if wordStart(s, i) {
			local++
		}
	}
	total := spmd.ReduceAdd(l, local) // EXPECT
	if l.Index() == 0 {
		*out = total
	}
}

// Tokenize (correct): every lane counts its word starts, gets its output
// offset from kit.Offsets (ExclusiveAdd + ReduceAdd) and writes its starts.
// Lanes with no words still take part in the scan, with a count of 0.
//
//spmd:kernel
func Tokenize(l spmd.Lane, s string, starts []int, n *int) {
	lo, hi := chunk(len(s), l.Count(), l.Index())
	cnt := 0
	for i := lo; i < hi; i++ {
		if wordStart(s, i) {
			cnt++
		}
	}
	off, total := kit.Offsets(l, cnt)
	for i := lo; i < hi; i++ {
		if wordStart(s, i) {
			starts[off] = i
			off++
		}
	}
	if l.Index() == 0 {
		*n = total
	}
}

// TokenizeSkipEmpty (bug): "lanes without words have nothing to write", so
// the exclusive scan moved under cnt > 0 and empty lanes skip it. The
// ReduceAdd after the branch is reached by all lanes.
//
//spmd:kernel
func TokenizeSkipEmpty(l spmd.Lane, s string, starts []int, n *int) {
	lo, hi := chunk(len(s), l.Count(), l.Index())
	cnt := 0
	for i := lo; i < hi; i++ {
		if wordStart(s, i) {
			cnt++
		}
	}
	if cnt > 0 {
		off := spmd.ExclusiveAdd(l, cnt) // EXPECT
		for i := lo; i < hi; i++ {
			if wordStart(s, i) {
				starts[off] = i
				off++
			}
		}
	}
	total := spmd.ReduceAdd(l, cnt)
	if l.Index() == 0 {
		*n = total
	}
}

// Queue is a job queue shared by the lanes: Next is the index of the next
// job to take.
type Queue struct {
	Next  atomic.Int64
	Next2 int64 // same, for code using the atomic functions
	Jobs  []string
	Words []int
}

// ProcessJobs (correct): lanes take jobs with an atomic counter until the
// queue is empty. The loop exit depends on the atomic result (divergent), but
// nothing convergent is inside; the ReduceAdd after the loop is reached by all.
//
//spmd:kernel
func ProcessJobs(l spmd.Lane, q *Queue, done *int) {
	mine := 0
	for {
		j := int(q.Next.Add(1)) - 1
		if j >= len(q.Jobs) {
			break
		}
		q.Words[j] = len(strings.Fields(q.Jobs[j]))
		mine++
	}
	total := spmd.ReduceAdd(l, mine)
	if l.Index() == 0 {
		*done = total
	}
}

// ProcessJobsSync (bug): a barrier per job "so that results are visible",
// but each lane leaves the loop when its own atomic grab comes back past the
// end: in the last round the lanes that got a job wait at the barrier for
// lanes that have left.
//
//spmd:kernel
func ProcessJobsSync(l spmd.Lane, q *Queue, done *int) {
	mine := 0
	for {
		j := int(atomic.AddInt64(&q.Next2, 1)) - 1
		if j >= len(q.Jobs) {
			break
		}
		q.Words[j] = len(strings.Fields(q.Jobs[j]))
		mine++
		l.Barrier() // EXPECT
	}
	total := spmd.ReduceAdd(l, mine)
	if l.Index() == 0 {
		*done = total
	}
}

// ProcessJobsVote (correct): the fixed ProcessJobsSync. The loop ends when no
// lane got a job (spmd.Any: uniform), lanes without a job skip only the work,
// and every lane reaches the barrier in every round.
//
//spmd:kernel
func ProcessJobsVote(l spmd.Lane, q *Queue, done *int) {
	mine := 0
	for {
		j := int(atomic.AddInt64(&q.Next2, 1)) - 1
		got := j < len(q.Jobs)
		if !spmd.Any(l, got) {
			break
		}
		if got {
			q.Words[j] = len(strings.Fields(q.Jobs[j]))
			mine++
		}
		l.Barrier()
	}
	total := spmd.ReduceAdd(l, mine)
	if l.Index() == 0 {
		*done = total
	}
}

// ProcessJobsProgress (bug): reports progress with a ReduceAdd after each job
// (the method form of the atomic counter this time); the per-lane exit on the
// atomic result leaves lanes behind in the reduction.
//
//spmd:kernel
func ProcessJobsProgress(l spmd.Lane, q *Queue, progress []int) {
	for {
		j := int(q.Next.Add(1)) - 1
		if j >= len(q.Jobs) {
			break
		}
		q.Words[j] = len(strings.Fields(q.Jobs[j]))
		progress[j] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// Scanner states.
const (
	stSpace = iota
	stWord
	stNumber
	stFlush
)

// ClassifyTokens (bug): a per-lane state machine over the lane's chunk that
// counts numbers and, every flushEvery numbers, goes to a flush state that
// publishes the count with a barrier. The state (and the chunk loop) is
// per lane, so lanes with fewer numbers do not reach the barrier.
//
//spmd:kernel
func ClassifyTokens(l spmd.Lane, s string, flushEvery int, numbers []int) {
	lo, hi := chunk(len(s), l.Count(), l.Index())
	state := stSpace
	pending := 0
	for i := lo; i < hi; i++ {
		c := s[i]
		switch state {
		case stSpace:
			if isDigit(c) {
				state = stNumber
			} else if !isSpace(c) {
				state = stWord
			}
		case stWord:
			if isSpace(c) {
				state = stSpace
			}
		case stNumber:
			if isSpace(c) {
				pending++
				state = stSpace
				if pending == flushEvery {
					state = stFlush
				}
			}
		case stFlush:
			kit.SyncThreads(l) // EXPECT
			numbers[l.Index()] += pending
			pending = 0
			state = stSpace
		}
	}
	numbers[l.Index()] += pending
}

// Tokenizer phases.
const (
	phCount = iota
	phScan
	phEmit
	phDone
)

// PhasedTokenize (correct): Tokenize written as a phase machine. The phase
// is set from constants under control that is itself uniform (the switch on
// the phase), so it is uniform and every lane walks the same phases, meeting
// at the scan, the reduction and the barrier.
//
//spmd:kernel
func PhasedTokenize(l spmd.Lane, s string, starts []int, n *int) {
	lo, hi := chunk(len(s), l.Count(), l.Index())
	phase := phCount
	cnt, off, total := 0, 0, 0
	for phase != phDone {
		switch phase {
		case phCount:
			for i := lo; i < hi; i++ {
				if wordStart(s, i) {
					cnt++
				}
			}
			phase = phScan
		case phScan:
			off = spmd.ExclusiveAdd(l, cnt)
			total = spmd.ReduceAdd(l, cnt)
			phase = phEmit
		case phEmit:
			for i := lo; i < hi; i++ {
				if wordStart(s, i) {
					starts[off] = i
					off++
				}
			}
			l.Barrier()
			phase = phDone
		}
	}
	if l.Index() == 0 {
		*n = total
	}
}

// ResumeScan (bug): a goto-coded scanner over seg bytes of the lane's
// segment. It resumes in the state saved for the lane by the previous call:
// lanes saved inside a word jump straight to `word`, the others start at
// `gap`. The labels form a cycle with two entries, entered at different
// places by a lane-dependent branch; the barrier in `gap` that publishes
// counts is then reached once less by the lanes that entered at `word`, even
// though every lane runs exactly seg steps.
//
//spmd:kernel
func ResumeScan(l spmd.Lane, s string, seg int, inWord []bool, words []int) {
	me := l.Index()
	i := me * seg
	k := 0
	if inWord[me] {
		goto word
	}
gap:
	l.Barrier() // EXPECT
	if i < len(s) && wordStart(s, i) {
		words[me]++
	}
word:
	i++
	k++
	if k < seg {
		goto gap
	}
	inWord[me] = i-1 < len(s) && !isSpace(s[i-1])
}

// ResumeScanUniform (correct): the same goto cycle with two entries, but the
// entry is chosen by a kernel parameter, so all lanes enter at the same label
// and run the cycle in step.
//
//spmd:kernel
func ResumeScanUniform(l spmd.Lane, s string, seg int, resume bool, words []int) {
	me := l.Index()
	i := me * seg
	k := 0
	if resume {
		goto word
	}
gap:
	l.Barrier()
	if i < len(s) && wordStart(s, i) {
		words[me]++
	}
word:
	i++
	k++
	if k < seg {
		goto gap
	}
}

// Pass kinds for ApplyPasses.
const (
	PassSync = iota
	PassCount
)

// ApplyPasses (bug): runs a map of named passes over the text: sync passes
// are a barrier, count passes reduce the occurrences of the name. Map
// iteration order differs from lane to lane, so the pass kind seen in a given
// iteration is divergent and lanes meet different collectives.
//
//spmd:kernel
func ApplyPasses(l spmd.Lane, passes map[string]int, s string, found []int) {
	lo, hi := chunk(len(s), l.Count(), l.Index())
	for word, kind := range passes {
		switch kind {
		case PassSync:
			l.Barrier() // EXPECT
		case PassCount:
			n := spmd.ReduceAdd(l, strings.Count(s[lo:hi], word)) // EXPECT
			if l.Index() == 0 {
				found[0] += n
			}
		}
	}
}

// TruncateWords (correct) shortens every word to half the longest word's
// length. The kernel is a spmd.Run closure: lane 0 stores the limit in a
// captured variable (memory shared by all lanes), the barrier publishes it,
// and the load after the barrier reads shared memory at a uniform address:
// uniform. So the early return is taken by all lanes or none.
func TruncateWords(words []string, lanes int) (truncated int, err error) {
	var limit int
	err = spmd.Run(lanes, func(l spmd.Lane) {
		local := 0
		for i := l.Index(); i < len(words); i += l.Count() {
			local = max(local, len(words[i]))
		}
		m := spmd.ReduceMax(l, local)
		if l.Index() == 0 {
			limit = m / 2
		}
		l.Barrier()
		if limit < 2 {
			return
		}
		cut := 0
		for i := l.Index(); i < len(words); i += l.Count() {
			if len(words[i]) > limit {
				words[i] = words[i][:limit]
				cut++
			}
		}
		n := spmd.ReduceAdd(l, cut)
		if l.Index() == 0 {
			truncated = n
		}
	})
	return truncated, err
}

// CompactWords (bug) gathers the words of at least minLen bytes into a
// dense slice. Each lane buffers its long words and flushes the buffer
// through a closure that does ExclusiveAdd, ReduceAdd and a barrier. The
// final flush after the loop is right; the flush "when the buffer is full"
// inside the per-lane word loop only runs in lanes with enough long words.
func CompactWords(words []string, minLen, bufCap, lanes int) ([]string, error) {
	out := make([]string, len(words))
	var n int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		base := 0
		var buf []string
		flush := func() {
			off := spmd.ExclusiveAdd(l, len(buf))
			total := spmd.ReduceAdd(l, len(buf))
			copy(out[base+off:], buf)
			base += total
			buf = buf[:0]
			l.Barrier()
		}
		for i := l.Index(); i < len(words); i += l.Count() {
			if len(words[i]) >= minLen {
				buf = append(buf, words[i])
				if len(buf) == bufCap {
					flush() // EXPECT
				}
			}
		}
		flush()
		if l.Index() == 0 {
			n = base
		}
	})
	return out[:n], err
}
