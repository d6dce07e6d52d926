package cfggen

import (
	"math/rand/v2"
	"slices"
)

// A shape is a control-flow graph without instructions: the successors of
// each block, block 0 the entry. Every block is reachable from the entry
// and no edge enters the entry, as LLVM requires. A block without
// successors returns (or is unreachable).
type shape [][]int

// randomShape scatters edges between nearby blocks of a layout order:
// every block gets an edge from one of the few blocks before it, which
// keeps it reachable, and the remaining branch slots go to random blocks
// a little ahead or behind. Edges backwards make loops, and loops entered
// from the side through forward edges are irreducible; nothing keeps them
// nested, which is the point.
func randomShape(r *rand.Rand, n int, switches bool) shape {
	const window = 6 // how far an edge may reach, in layout order
	s := make(shape, n)
	degree := make([]int, n)
	for b := range n - 1 {
		switch x := r.IntN(100); {
		case x < 5 && b > 0:
			degree[b] = 0
		case x < 35:
			degree[b] = 1
		case x < 90 || !switches:
			degree[b] = 2
		default:
			degree[b] = 3 + r.IntN(2)
		}
	}
	for b := 1; b < n; b++ {
		from := -1
		for _, k := range r.Perm(min(window, b)) {
			if p := b - 1 - k; len(s[p]) < degree[p] {
				from = p
				break
			}
		}
		if from < 0 {
			for p := b - 1; p >= 0 && from < 0; p-- {
				if len(s[p]) < degree[p] {
					from = p
				}
			}
		}
		if from < 0 {
			// Every branch slot before b is taken: widen the previous
			// block's terminator.
			from = b - 1
			degree[from]++
		}
		s[from] = append(s[from], b)
	}
	for b := range n {
		for tries := 0; len(s[b]) < degree[b]; tries++ {
			var t int
			if b > 0 && (b == n-1 || r.IntN(100) < 30) {
				t = b - r.IntN(min(window, b)) // backwards, b itself included
			} else {
				t = b + 1 + r.IntN(min(window, n-1-b))
			}
			// At most one edge per target, except in some switches and
			// where there are too few targets around.
			if slices.Contains(s[b], t) && tries < 8 && (degree[b] < 3 || r.IntN(2) == 0) {
				continue
			}
			s[b] = append(s[b], t)
		}
		r.Shuffle(len(s[b]), func(i, j int) { s[b][i], s[b][j] = s[b][j], s[b][i] })
	}
	return s
}

// structuredShape builds a graph from nested regions: sequences, ifs,
// loops (with breaks to the exits of enclosing loops), self loops,
// irreducible cycles entered from one or two blocks, switches, early
// returns and joins that are not the immediate post-dominator of their
// branch. Regions nest, so loops nest in loops, irreducible cycles in
// irreducible cycles and loops in irreducible cycles.
func structuredShape(r *rand.Rand, n int, switches bool) shape {
	g := &shaper{r: r, switches: switches}
	entry, exit := g.block(), g.block()
	g.region(entry, exit, max(n-2, 0), nil)
	return shape(g.succs)
}

type shaper struct {
	r        *rand.Rand
	succs    [][]int
	switches bool
}

func (g *shaper) block() int {
	g.succs = append(g.succs, nil)
	return len(g.succs) - 1
}

// edge adds the successors of from, in random order.
func (g *shaper) edge(from int, to ...int) {
	g.r.Shuffle(len(to), func(i, j int) { to[i], to[j] = to[j], to[i] })
	g.succs[from] = append(g.succs[from], to...)
}

// split divides budget into k random parts.
func (g *shaper) split(budget, k int) []int {
	parts := make([]int, k)
	for range budget {
		parts[g.r.IntN(k)]++
	}
	return parts
}

// region gives block from, which has no successors yet, control flow that
// ends in block to, creating about budget new blocks. exits are the exit
// blocks of the enclosing cycles, targets for breaks.
func (g *shaper) region(from, to, budget int, exits []int) {
	// Kinds with their cost in blocks of their own; a kind is picked only
	// if the budget covers it.
	type kind struct {
		cost, weight int
		build        func(rest int)
	}
	withExit := func(x int) []int { return append(slices.Clip(exits), x) }
	kinds := []kind{
		{2, 30, func(rest int) { // sequence
			m := g.block()
			p := g.split(rest+1, 2)
			g.region(from, m, p[0], exits)
			g.region(m, to, p[1], exits)
		}},
		{2, 12, func(rest int) { // if-then-else
			a, b := g.block(), g.block()
			g.edge(from, a, b)
			p := g.split(rest, 2)
			g.region(a, to, p[0], exits)
			g.region(b, to, p[1], exits)
		}},
		{1, 8, func(rest int) { // if-then
			a := g.block()
			g.edge(from, a, to)
			g.region(a, to, rest, exits)
		}},
		{3, 10, func(rest int) { // join that is not the post-dominator: a -> m <- b -> to
			a, b, m := g.block(), g.block(), g.block()
			g.edge(from, a, b)
			g.edge(b, m, to)
			p := g.split(rest, 2)
			g.region(a, m, p[0], exits)
			g.region(m, to, p[1], exits)
		}},
		{2, 12, func(rest int) { // loop: header ... latch -> header | to
			h, l := g.block(), g.block()
			g.edge(from, h)
			g.region(h, l, rest, withExit(to))
			g.edge(l, h, to)
		}},
		{2, 4, func(rest int) { // self loop
			s, next := g.block(), g.block()
			g.edge(from, s)
			g.edge(s, s, next)
			g.region(next, to, rest, exits)
		}},
		{3, 8, func(rest int) { // irreducible: a ... -> b ... -> a | to, entered at a and b
			a, b, c := g.block(), g.block(), g.block()
			twoBlocks := g.r.IntN(2) == 0
			p := g.split(rest, 2)
			if twoBlocks {
				p = g.split(rest, 3)
			}
			if !twoBlocks {
				g.edge(from, a, b)
			} else { // entries from two different blocks
				m := g.block()
				g.edge(from, a, m)
				g.region(m, b, p[2], exits)
			}
			g.region(a, b, p[0], withExit(to))
			g.region(b, c, p[1], withExit(to))
			g.edge(c, a, to)
		}},
		{2, 4, func(rest int) { // early return
			ret, next := g.block(), g.block()
			g.edge(from, ret, next)
			g.region(next, to, rest, exits)
		}},
	}
	if len(exits) > 0 {
		kinds = append(kinds, kind{1, 10, func(rest int) { // break out of one of the enclosing cycles
			a := g.block()
			g.edge(from, a, exits[g.r.IntN(len(exits))])
			g.region(a, to, rest, exits)
		}})
	}
	if g.switches {
		kinds = append(kinds, kind{3, 5, func(rest int) {
			k := 3 + g.r.IntN(2)
			direct := 0 // cases that go straight to the join
			for i := 1; i < k; i++ {
				if g.r.IntN(4) == 0 {
					direct++
				}
			}
			p := g.split(rest+direct, k-direct)
			var targets []int
			for i := range k - direct {
				c := g.block()
				targets = append(targets, c)
				g.region(c, to, p[i], exits)
			}
			for range direct {
				targets = append(targets, to)
			}
			g.edge(from, targets...)
		}})
	}

	total := 0
	for _, k := range kinds {
		if k.cost <= budget {
			total += k.weight
		}
	}
	if total == 0 {
		g.edge(from, to)
		return
	}
	x := g.r.IntN(total)
	for _, k := range kinds {
		if k.cost > budget {
			continue
		}
		if x < k.weight {
			k.build(budget - k.cost)
			return
		}
		x -= k.weight
	}
}
