package uniformity

import "container/heap"

// Inside a cycle assumed divergent, the walk of one branch settles every
// cycle around it (see settled). Such branches wait until the worklist is
// empty and go deepest first, so that one walk settles a whole nest and
// the walks of the others are skipped; in the order they became divergent,
// a deep nest (a goto tangle) settles a few rings per walk. There, the
// order changes only causes and the order of lists: which cycles are
// assumed divergent, and which have divergent exits, does not depend on it.

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
