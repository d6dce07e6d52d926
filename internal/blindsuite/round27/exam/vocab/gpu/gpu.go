// Package gpu is a small binding that names the SPMD vocabulary its own way,
// with //spmd: directives on its declarations, the way a binding to a real
// GPU API would. Some of its operations reach the hardware through paths the
// checker cannot see into (emulated here), so only the directives say what
// they are.
package gpu

import (
	"runtime"
	"strconv"
	"strings"

	"github.com/spmdvet/spmdvet/spmd"
)

// Thread is the handle of one GPU thread.
//
//spmd:lane
type Thread struct{ l spmd.Lane }

// ID is the thread's index in its block.
//
//spmd:laneid
func (t Thread) ID() int { return t.l.Index() }

// Size is the number of threads in the block.
//
//spmd:uniform
func (t Thread) Size() int { return t.l.Count() }

// Block is the thread's block number. Launch starts a single block, so it is
// the same in every thread.
//
//spmd:uniform
func (t Thread) Block() int { return t.ID() / t.Size() }

// Sync is a block-wide barrier.
//
//spmd:convergent barrier
func (t Thread) Sync() { t.l.Barrier() }

// hook is how Fence and Publish reach the hardware barrier.
var hook = func(l spmd.Lane) { l.Barrier() }

// Fence is a block-wide memory fence and barrier.
//
//spmd:convergent barrier
func (t Thread) Fence() { hook(t.l) }

// Sum is the block-wide sum of v.
//
//spmd:convergent
//spmd:uniform
func Sum[T spmd.Number](t Thread, v T) T { return spmd.ReduceAdd(t.l, v) }

// Bcast gives every thread the v of thread root.
//
//spmd:convergent
//spmd:uniform root
func Bcast(t Thread, v int, root int) int { return spmd.Broadcast(t.l, v, root) }

// HWSlot reads the hardware slot the calling thread runs in.
//
//spmd:laneid
func HWSlot() int { return goid() }

// Jitter is a per-thread pseudo-random number in [0, n).
//
//spmd:divergent
func Jitter(n int) int { return goid() % n }

// goid emulates a hardware register with the goroutine id.
func goid() int {
	var buf [64]byte
	n := runtime.Stack(buf[:], false)
	s := strings.TrimPrefix(string(buf[:n]), "goroutine ")
	id, _ := strconv.Atoi(s[:strings.IndexByte(s, ' ')])
	return id
}

// Tile is a block-shared tile of values.
type Tile[T spmd.Number] struct{ Data []T }

// Publish writes v at the thread's slot and waits for the block.
//
//spmd:convergent barrier
func (tl *Tile[T]) Publish(t Thread, v T) {
	tl.Data[t.ID()] = v
	hook(t.l)
}

// SyncTwice waits for the block twice (no directive: it is convergent by
// what it calls).
func SyncTwice(t Thread) {
	t.Sync()
	t.Sync()
}

// Launch runs body on n threads of one block.
//
//spmd:kernel body
func Launch(n int, body func(Thread)) error {
	return spmd.Run(n, func(l spmd.Lane) { body(Thread{l}) })
}
