// Histogram counts the letters of a text on a group of lanes, one byte per
// lane, the way a GPU kernel counts into shared memory with atomic adds
// before flushing the counts to the global histogram.
//
// The kernel has a bug, which spmdvet reports: see Letters.
package main

import (
	"fmt"
	"os"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

const (
	lanes = 32
	bins  = 26 // 'a' to 'z', case folded
)

// Letters returns how many times each letter occurs in text. The text is
// processed in blocks of one byte per lane; for each block, the lanes count
// into block-local shared bins, wait at a barrier until the whole block is
// counted, and then flush the shared bins into the result.
//
// BUG: the lanes past the end of the last block return early and never reach
// the barrier, so unless len(text) is a multiple of lanes, the remaining
// lanes wait for them forever (on a GPU, a hang; under spmd.Run, a
// *spmd.DivergenceError). spmdvet reports the barrier as under divergent
// control. The fix is to guard only the count, so that every lane reaches
// the barrier:
//
//	if i < len(block) {
//		if c := block[i] | 0x20; 'a' <= c && c <= 'z' {
//			atomic.AddInt32(&shared[c-'a'], 1)
//		}
//	}
//	l.Barrier()
func Letters(text string) ([bins]int32, error) {
	var hist [bins]int32
	for start := 0; start < len(text); start += lanes {
		block := text[start:min(start+lanes, len(text))]
		var shared [bins]int32
		err := spmd.Run(lanes, func(l spmd.Lane) {
			i := l.Index()
			if i >= len(block) {
				return // BUG: this lane skips the barrier below
			}
			if c := block[i] | 0x20; 'a' <= c && c <= 'z' {
				atomic.AddInt32(&shared[c-'a'], 1)
			}
			l.Barrier() // the whole block is counted
			for b := i; b < bins; b += l.Count() {
				atomic.AddInt32(&hist[b], shared[b])
			}
		})
		if err != nil {
			return hist, err
		}
	}
	return hist, nil
}

func main() {
	text := "The quick brown fox jumps over the lazy dog, and the lazy dog sleeps on."
	hist, err := Letters(text)
	if err != nil {
		fmt.Fprintln(os.Stderr, "histogram:", err)
		os.Exit(1)
	}
	for b, n := range hist {
		if n > 0 {
			fmt.Printf("%c %d\n", 'a'+b, n)
		}
	}
}
