// Package containers holds kernels driven by stacks, queues, linked lists and
// slices of structs that each lane builds for itself.
package containers

import (
	"slices"
	"sort"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round15/data/build"
	"github.com/spmdvet/spmdvet/spmd"
)

// IntStack is a plain (non-generic) stack with pointer-receiver methods.
type IntStack struct{ items []int }

// Push adds v on top.
func (s *IntStack) Push(v int) { s.items = append(s.items, v) }

// Pop removes and returns the top item.
func (s *IntStack) Pop() int {
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v
}

// Len returns the number of items.
func (s *IntStack) Len() int { return len(s.items) }

// StackDrain (correct): every lane pushes one lane-dependent value per
// element of data, then pops them all; pushes, and therefore pops, are the
// same number in every lane.
//
//spmd:kernel
func StackDrain(l spmd.Lane, data []int, out []int) {
	var st IntStack
	for _, d := range data {
		st.Push(d + l.Index())
	}
	sum := 0
	for st.Len() > 0 {
		sum += spmd.ReduceAdd(l, st.Pop())
	}
	out[l.Index()] = sum
}

// StackFiltered (bug): a lane pushes only the values divisible by Index+1, so
// the stack depth, and the number of barriers while draining it, depend on the
// lane.
//
//spmd:kernel
func StackFiltered(l spmd.Lane, data []int, out []int) {
	var st IntStack
	for _, d := range data {
		if d%(l.Index()+1) == 0 {
			st.Push(d)
		}
	}
	for st.Len() > 0 {
		out[l.Index()] += st.Pop()
		l.Barrier() // EXPECT
	}
}

// SubtreeWalk (bug): depth-first walk of a shared tree from a lane-dependent
// root; the worklist empties after a lane-dependent number of steps.
//
//spmd:kernel
func SubtreeWalk(l spmd.Lane, children [][]int, out []int) {
	stack := []int{l.Index() % len(children)}
	visited := 0
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		stack = append(stack, children[n]...)
		visited++
		l.Barrier() // EXPECT
	}
	out[l.Index()] = visited
}

// WeightedTreeSum (correct): the same walk from the shared root 0; the
// worklist only ever holds shared data, so every lane takes the same number of
// steps. Only the reduced operand depends on the lane.
//
//spmd:kernel
func WeightedTreeSum(l spmd.Lane, children [][]int, out []int) {
	stack := []int{0}
	acc := 0
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		stack = append(stack, children[n]...)
		acc += spmd.ReduceAdd(l, n*l.Index())
	}
	out[l.Index()] = acc
}

// FrontierSync (bug): level-synchronous BFS from a lane-dependent start node;
// the number of levels (the eccentricity of the start) depends on the lane.
//
//spmd:kernel
func FrontierSync(l spmd.Lane, adj [][]int, out []int) {
	seen := make([]bool, len(adj))
	start := l.Index() % len(adj)
	seen[start] = true
	frontier := []int{start}
	levels := 0
	for len(frontier) > 0 {
		var next []int
		for _, n := range frontier {
			for _, m := range adj[n] {
				if !seen[m] {
					seen[m] = true
					next = append(next, m)
				}
			}
		}
		frontier = next
		levels = spmd.ReduceMax(l, levels+1) // EXPECT
	}
	out[l.Index()] = levels
}

// NeighbourJobs (bug): each lane queues as many jobs as its right neighbour
// asked for; Shuffle's result is divergent, so is the queue length.
//
//spmd:kernel
func NeighbourJobs(l spmd.Lane, jobs []int, out []int) {
	theirs := spmd.Shuffle(l, jobs[l.Index()], (l.Index()+1)%l.Count())
	var q build.Queue[int]
	for k := 0; k < theirs; k++ {
		q.Push(k)
	}
	done := 0
	for q.Len() > 0 {
		done += spmd.ReduceAdd(l, q.Pop()) // EXPECT
	}
	out[l.Index()] = done
}

// LeaderJobs (correct): every lane queues the number of jobs lane 0 asked for
// (Broadcast from a constant source is uniform); the queued values depend on
// the lane, the queue length does not.
//
//spmd:kernel
func LeaderJobs(l spmd.Lane, jobs []int, out []int) {
	n := spmd.Broadcast(l, jobs[l.Index()], 0)
	var q build.Queue[int]
	for k := 0; k < n; k++ {
		q.Push(k + l.Index())
	}
	done := 0
	for q.Len() > 0 {
		done += spmd.ReduceAdd(l, q.Pop())
	}
	out[l.Index()] = done
}

// Bucket is a struct holding a slice.
type Bucket struct {
	Key   int
	Items []int
}

// BucketPhases (bug): the lane-dependent hash spreads data over the buckets
// differently in each lane; the barrier is skipped for empty buckets, and
// which buckets are empty depends on the lane.
//
//spmd:kernel
func BucketPhases(l spmd.Lane, data []int, nb int, out []int) {
	buckets := make([]Bucket, nb)
	for k := range buckets {
		buckets[k].Key = k
	}
	for _, d := range data {
		b := &buckets[(d*(l.Index()+1))%nb]
		b.Items = append(b.Items, d)
	}
	phases := 0
	for _, b := range buckets {
		if len(b.Items) == 0 {
			continue
		}
		l.Barrier() // EXPECT
		phases++
	}
	out[l.Index()] = phases
}

// Hist is a struct holding a fixed-size slice of bins.
type Hist struct{ Bins []int }

// BinTotals (correct): each lane counts into lane-dependent bins, but the
// number of bins is len(out) in every lane; the ReduceAdd per bin is reached
// by all lanes.
//
//spmd:kernel
func BinTotals(l spmd.Lane, data []int, out []int) {
	h := Hist{Bins: make([]int, len(out))}
	for _, d := range data {
		h.Bins[(d+l.Index())%len(h.Bins)]++
	}
	for b, c := range h.Bins {
		t := spmd.ReduceAdd(l, c)
		if l.Index() == 0 {
			out[b] = t
		}
	}
}

// Node is a singly linked list node: a struct holding a pointer.
type Node struct {
	Val  int
	Next *Node
}

// ChainSync (bug): lane i builds a list of i+2 nodes; walking it takes a
// lane-dependent number of steps, with a barrier in each.
//
//spmd:kernel
func ChainSync(l spmd.Lane, out []int) {
	var head *Node
	for k := 0; k < l.Index()+2; k++ {
		head = &Node{Val: k, Next: head}
	}
	n := 0
	for p := head; p != nil; p = p.Next {
		l.Barrier() // EXPECT
		n += p.Val
	}
	out[l.Index()] = n
}

// FixedChain (correct): every lane builds a list with one node per element of
// data; only Val depends on the lane, the Next links (and so the walk) do not.
//
//spmd:kernel
func FixedChain(l spmd.Lane, data []int, out []int) {
	var head *Node
	for _, d := range data {
		head = &Node{Val: d * l.Index(), Next: head}
	}
	s := 0
	for p := head; p != nil; p = p.Next {
		s += spmd.ReduceAdd(l, p.Val)
	}
	out[l.Index()] = s
}

// Item is an element of a slice of structs.
type Item struct{ ID, Score int }

// TopItemRounds (bug): each lane scores the shared items with a
// lane-dependent formula and sorts by score; the ID of its top item, which
// bounds the loop, depends on the lane.
//
//spmd:kernel
func TopItemRounds(l spmd.Lane, items []Item, out []int) {
	mine := slices.Clone(items)
	for k := range mine {
		mine[k].Score = (mine[k].ID * (l.Index() + 3)) % 5
	}
	sort.Slice(mine, func(a, b int) bool {
		return mine[a].Score > mine[b].Score ||
			(mine[a].Score == mine[b].Score && mine[a].ID < mine[b].ID)
	})
	rounds := mine[0].ID
	s := 0
	for k := 0; k < rounds; k++ {
		s += spmd.ReduceAdd(l, k) // EXPECT
	}
	out[l.Index()] = s
}

// EvenIDScores (correct): the scores depend on the lane, but the sort key is
// the shared ID and the branch tests the ID only, so every lane takes the
// branch for the same items in the same order.
//
//spmd:kernel
func EvenIDScores(l spmd.Lane, items []Item, out []int) {
	mine := slices.Clone(items)
	for k := range mine {
		mine[k].Score = mine[k].ID * l.Index()
	}
	sort.Slice(mine, func(a, b int) bool { return mine[a].ID < mine[b].ID })
	s := 0
	for _, it := range mine {
		if it.ID%2 == 0 {
			s += spmd.ReduceAdd(l, it.Score)
		}
	}
	out[l.Index()] = s
}

// PopUntilMarker (bug): the stack holds shared data, but each lane stops
// popping at its own marker; the right operand of && runs under the left's
// control and the loop exit depends on the lane.
//
//spmd:kernel
func PopUntilMarker(l spmd.Lane, data []int, out []int) {
	var st build.Stack[int]
	for _, d := range data {
		st.Push(d)
	}
	stop := l.Index()
	popped := 0
	for st.Len() > 0 && st.Peek() != stop {
		st.Pop()
		popped += spmd.ReduceAdd(l, 1) // EXPECT
	}
	out[l.Index()] = popped
}
