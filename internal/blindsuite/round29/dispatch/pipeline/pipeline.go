// Package pipeline builds block-level steps out of package gpu: the middle
// layer between kernels and the device library. It has no kernels; every
// convergent operation it reaches is in package gpu.
package pipeline

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round29/dispatch/gpu"
)

// Publish writes v into the lane's slot of shared and waits until the
// whole block has written (through gpu.Block.Stage).
func Publish(b gpu.Block, shared []float64, v float64) {
	b.Stage(shared, v)
}

// Drain waits for the block when there is pending work. pending must be
// the same in every lane: the lanes that see nothing pending return
// without the barrier.
func Drain(b gpu.Block, pending int) {
	if pending == 0 {
		return
	}
	b.Sync()
}

// Pending returns the number of items pending in the whole block, the same
// in every lane: give it to Drain.
func Pending(w gpu.Warp, mine int) int {
	return w.Count(mine)
}

// ShareHead has lane 0 load src[0] into shared[0] and returns it in every
// lane. BUG: the barrier is inside the leader's branch, so lane 0 waits
// alone while the others read shared[0] before it is written.
func ShareHead(b gpu.Block, shared, src []float64) float64 {
	if b.Tid() == 0 {
		shared[0] = src[0]
		b.Sync() // EXPECT
	}
	return shared[0]
}

// LoadHead is ShareHead with the barrier where every lane reaches it.
func LoadHead(b gpu.Block, shared, src []float64) float64 {
	if b.Tid() == 0 {
		shared[0] = src[0]
	}
	b.Sync()
	return shared[0]
}

// Checkpoint fences the block when some lane has dirty data. The decision
// comes from Tally, so every lane takes it the same way.
func Checkpoint(t gpu.Thread, dirty bool) {
	if t.Tally(dirty) > 0 {
		t.Fence()
	}
}

// CheckpointIf fences the block when dirty is set. dirty must be the same in
// every lane.
func CheckpointIf(t gpu.Thread, dirty bool) {
	if dirty {
		t.Fence()
	}
}

// Repeat calls step n times. When step is convergent, n must be the same in
// every lane.
func Repeat(n int, step func()) {
	for range n {
		step()
	}
}

// ForOwned calls f for each of the n items the lane owns in a block-stride
// loop: the lanes make different numbers of calls, so f must not be
// convergent.
func ForOwned(b gpu.Block, n int, f func(j int)) {
	for j := b.Tid(); j < n; j += b.Dim() {
		f(j)
	}
}

// ForRounds calls f once per round of Dim items, in every lane, with the
// item j the lane has in that round (j may be past n in the last round).
// f may be convergent.
func ForRounds(b gpu.Block, n int, f func(j int)) {
	for start := 0; start < n; start += b.Dim() {
		f(start + b.Tid())
	}
}

// Stage is one step of a block pipeline, chosen when the pipeline is built:
// a reduction and a barrier, held as function values (typically method
// values such as w.Sum and b.Sync).
type Stage struct {
	Name   string
	Reduce func(float64) float64
	Sync   func()
}

// Run reduces v and syncs the block.
func (s Stage) Run(v float64) float64 {
	t := s.Reduce(v)
	s.Sync()
	return t
}

// Phase is a phase of a block kernel that ends by publishing one value per
// lane.
type Phase struct {
	B      gpu.Block
	Shared []float64
}

// End publishes v and returns the sum of the published values, after a
// second barrier so that the slots can be reused.
func (p Phase) End(v float64) float64 {
	Publish(p.B, p.Shared, v)
	s := 0.0
	for _, x := range p.Shared {
		s += x
	}
	p.B.Sync()
	return s
}
