package uniformity

import "container/heap"

// Inside a large irreducible region, what settles a cycle (a divergent exit
// found by some branch's walk) settles every cycle around that branch at
// once. Walking the branches of the deepest cycles first lets the walk of
// one branch settle a whole nest, so that the walks of the others are
// skipped, where taking them in the order they became divergent would
// settle the nest a few rings at a time. The order of the worklist changes
// nothing but what LLVM's own order leaves open (see Result).

type deferredBranch struct {
	block, depth, seq int32
}

// branchHeap pops the deepest branch first, and the latest among equals, as
// the worklist would.
type branchHeap []deferredBranch

func (h branchHeap) Len() int { return len(h) }
func (h branchHeap) Less(i, j int) bool {
	if h[i].depth != h[j].depth {
		return h[i].depth > h[j].depth
	}
	return h[i].seq > h[j].seq
}
func (h branchHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *branchHeap) Push(x any)   { *h = append(*h, x.(deferredBranch)) }
func (h *branchHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func (h *branchHeap) push(b deferredBranch) { heap.Push(h, b) }
func (h *branchHeap) pop() int              { return int(heap.Pop(h).(deferredBranch).block) }
