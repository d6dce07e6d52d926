package gotodiff

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// OperandKind says where an operand comes from.
type OperandKind uint8

const (
	OVar   OperandKind = iota // a kernel variable
	OParam                    // kernel parameter a (N == 0) or b (N == 1): uniform
	OTid                      // tid, the lane index: divergent
	OConst                    // the constant N
)

// Operand is an operand of an assignment, a sink or a condition.
type Operand struct {
	Kind OperandKind
	N    int // variable index, parameter index or constant
}

// StmtKind is the kind of a statement.
type StmtKind uint8

const (
	// SAssign: Vars[Dst] = X Op Y, or Vars[Dst] = X when Op is "".
	SAssign StmtKind = iota
	// SSink: a use of Vars[Dst] through sink number Sink: a call
	// sink(x) if Call, else a store out[Sink] = x. In IR it is a store
	// to %p<Sink>.
	SSink
)

// Stmt is one statement of a block.
type Stmt struct {
	Kind StmtKind
	Dst  int
	Op   string // "+", "-", "*", "^", "&", "|" or "" (copy)
	X, Y Operand
	Sink int
	Call bool
	Line int // line in the Go source, set by WriteGo
}

// TermKind is the kind of a block's terminator.
type TermKind uint8

const (
	TGoto TermKind = iota
	TIf
	TReturn
)

// Term ends a block: goto Succs[0], if X Cmp Y { goto Succs[0] } else {
// goto Succs[1] }, or return.
type Term struct {
	Kind  TermKind
	Succs []int
	Cmp   string // "<", "<=", ">", ">=", "==", "!="
	X, Y  Operand
	Line  int // line of the if in the Go source
}

// Block is one labelled block, B<index>.
type Block struct {
	Stmts []Stmt
	Term  Term
	Line  int // line of the label in the Go source
}

// Kernel is one random graph with its statements.
type Kernel struct {
	Name   string
	Seed   uint64
	Vars   []string
	Init   []Operand
	Blocks []Block
	Sinks  int // sinks are numbered 0..Sinks-1
	Shape  string

	// Filled by WriteGo: the first and last line of the function, and the
	// block each line belongs to (-1 for the declarations at the top).
	FirstLine, LastLine int
	lineBlock           map[int]int
}

// Label returns the label of block b.
func Label(b int) string { return fmt.Sprintf("B%d", b) }

// Options control generation.
type Options struct {
	MinBlocks, MaxBlocks int
}

// Generate makes the kernel named name from seed. Sizes, the mix of
// uniform and divergent conditions, and the shape family vary with the
// seed.
func Generate(seed uint64, name string, opt Options) *Kernel {
	if opt.MaxBlocks == 0 {
		opt.MinBlocks, opt.MaxBlocks = 2, 16
	}
	r := rand.New(rand.NewPCG(seed, 0x607060))
	n := opt.MinBlocks + r.IntN(opt.MaxBlocks-opt.MinBlocks+1)
	k := &Kernel{Name: name, Seed: seed}
	var s shape
	switch x := r.IntN(10); {
	case x < 4:
		k.Shape = "window"
		s = randomShape(r, n)
	case x < 9:
		k.Shape = "structured"
		s = structuredShape(r, n)
	default:
		k.Shape = "dense"
		s = denseShape(r, n)
	}
	s = compact(s)
	g := &filler{r: r, k: k}
	g.pDiv = []float64{0.1, 0.25, 0.5}[r.IntN(3)]
	g.pEmpty = []float64{0, 0.1, 0.3}[r.IntN(3)]
	nv := 2 + r.IntN(3)
	k.Vars = []string{"x", "y", "z", "w"}[:nv]
	for range nv {
		switch x := r.IntN(10); {
		case x < 3:
			k.Init = append(k.Init, Operand{Kind: OParam, N: r.IntN(2)})
		case x < 4:
			k.Init = append(k.Init, Operand{Kind: OTid})
		default:
			k.Init = append(k.Init, Operand{Kind: OConst, N: r.IntN(3)})
		}
	}
	k.Blocks = make([]Block, len(s))
	for b := range s {
		g.fill(b, s[b])
	}
	return k
}

type filler struct {
	r      *rand.Rand
	k      *Kernel
	pDiv   float64 // probability that an operand is tid
	pEmpty float64 // probability that a block has no statements
}

func (g *filler) fill(b int, succs []int) {
	r, k := g.r, g.k
	blk := &k.Blocks[b]
	n := 0
	if r.Float64() >= g.pEmpty {
		n = 1 + r.IntN(3)
	}
	for range n {
		st := Stmt{Dst: r.IntN(len(k.Vars))}
		if r.IntN(100) < 45 {
			st.Kind = SSink
			st.Sink = k.Sinks
			k.Sinks++
			st.Call = r.IntN(2) == 0
		} else {
			st.Kind = SAssign
			if r.IntN(100) < 25 {
				st.X = g.operand(true)
				if st.X == (Operand{Kind: OVar, N: st.Dst}) {
					st.X = Operand{Kind: OConst, N: 1 + r.IntN(3)}
				}
			} else {
				st.Op = []string{"+", "+", "-", "*", "^", "&", "|"}[r.IntN(7)]
				st.X = g.operand(false)
				st.Y = g.operand(true)
				if r.IntN(2) == 0 {
					st.X, st.Y = st.Y, st.X
				}
			}
		}
		blk.Stmts = append(blk.Stmts, st)
	}
	switch len(succs) {
	case 0:
		blk.Term = Term{Kind: TReturn}
	case 1:
		blk.Term = Term{Kind: TGoto, Succs: succs}
	default:
		blk.Term = Term{Kind: TIf, Succs: succs[:2], Cmp: []string{"<", "<=", ">", ">=", "==", "!="}[r.IntN(6)]}
		blk.Term.X = g.operand(false)
		blk.Term.Y = g.operand(true)
		if blk.Term.X == blk.Term.Y {
			blk.Term.Y = Operand{Kind: OConst, N: 2}
		}
		if r.IntN(100) < 3 {
			// A constant condition: Go folds it, go/ssa branches on true
			// or false.
			blk.Term.X = Operand{Kind: OConst, N: r.IntN(3)}
			blk.Term.Y = Operand{Kind: OConst, N: r.IntN(3)}
		}
	}
}

// operand picks an operand; a constant only if constOK.
func (g *filler) operand(constOK bool) Operand {
	r := g.r
	if r.Float64() < g.pDiv {
		return Operand{Kind: OTid}
	}
	x := r.IntN(100)
	switch {
	case constOK && x < 30:
		return Operand{Kind: OConst, N: r.IntN(5)}
	case x < 45:
		return Operand{Kind: OParam, N: r.IntN(2)}
	default:
		return Operand{Kind: OVar, N: r.IntN(len(g.k.Vars))}
	}
}

// A shape is a control-flow graph without statements: the successors of
// each block, at most two, block 0 first. Every block is reachable from
// block 0; block 0 may have predecessors (the kernel enters it from its
// declarations). A block without successors returns.
type shape [][]int

// randomShape scatters edges between nearby blocks of a layout order:
// every block gets an edge from one of the few blocks before it, which
// keeps it reachable, and the remaining branch slots go to random blocks
// a little ahead or behind. Backward edges make loops, and loops entered
// from the side through forward edges are irreducible.
func randomShape(r *rand.Rand, n int) shape {
	const window = 6
	s := make(shape, n)
	degree := make([]int, n)
	for b := range n - 1 {
		switch x := r.IntN(100); {
		case x < 5 && b > 0:
			degree[b] = 0
		case x < 35:
			degree[b] = 1
		default:
			degree[b] = 2
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
		for p := b - 1; p >= 0 && from < 0; p-- {
			if len(s[p]) < degree[p] {
				from = p
			}
		}
		if from < 0 {
			continue // b may stay unreachable; compact drops it
		}
		s[from] = append(s[from], b)
	}
	for b := range n {
		for tries := 0; len(s[b]) < degree[b]; tries++ {
			var t int
			if b == n-1 || r.IntN(100) < 35 {
				t = b - r.IntN(min(window, b+1)) // backwards, b itself and block 0 included
			} else {
				t = b + 1 + r.IntN(min(window, n-1-b))
			}
			// Rarely both edges of a branch go to the same block.
			if slices.Contains(s[b], t) && tries < 8 && r.IntN(30) != 0 {
				continue
			}
			s[b] = append(s[b], t)
		}
		r.Shuffle(len(s[b]), func(i, j int) { s[b][i], s[b][j] = s[b][j], s[b][i] })
	}
	return s
}

// denseShape gives every block two random successors anywhere, except a
// few that return: small tangles of irreducible cycles. Blocks that block
// 0 does not reach get an edge from one that it does.
func denseShape(r *rand.Rand, n int) shape {
	s := make(shape, n)
	for b := range n {
		switch x := r.IntN(100); {
		case x < 10 && b > 0:
		case x < 30:
			s[b] = []int{r.IntN(n)}
		default:
			s[b] = []int{r.IntN(n), r.IntN(n)}
			if s[b][0] == s[b][1] && r.IntN(10) != 0 {
				s[b][1] = (s[b][1] + 1) % n
			}
		}
	}
	if len(s[0]) == 0 {
		s[0] = []int{min(1, n-1)}
	}
	// Give unreached blocks an edge from a reached block with a free slot.
	for {
		seen := reachable(func(b int) []int { return s[b] }, n)
		u := slices.Index(seen, false)
		if u < 0 {
			break
		}
		var from []int
		for b := range n {
			if seen[b] && len(s[b]) < 2 {
				from = append(from, b)
			}
		}
		if len(from) == 0 {
			break // compact drops the rest
		}
		f := from[r.IntN(len(from))]
		s[f] = append(s[f], u)
	}
	return s
}

// compact drops the blocks that block 0 does not reach and renumbers the
// others in order.
func compact(s shape) shape {
	seen := reachable(func(b int) []int { return s[b] }, len(s))
	num := make([]int, len(s))
	n := 0
	for b := range s {
		num[b] = n
		if seen[b] {
			n++
		}
	}
	out := make(shape, 0, n)
	for b, succs := range s {
		if !seen[b] {
			continue
		}
		var ns []int
		for _, c := range succs {
			ns = append(ns, num[c])
		}
		out = append(out, ns)
	}
	return out
}

// structuredShape builds a graph from nested regions: sequences, ifs,
// loops (with breaks to the exits of enclosing loops), self loops,
// irreducible cycles entered from one or two blocks, early returns and
// joins that are not the immediate post-dominator of their branch. Regions
// nest, so loops nest in loops, irreducible cycles in irreducible cycles
// and loops in irreducible cycles. Blocks are then renumbered at random,
// except block 0.
func structuredShape(r *rand.Rand, n int) shape {
	g := &shaper{r: r}
	entry, exit := g.block(), g.block()
	g.region(entry, exit, max(n-2, 0), nil)
	// Sometimes block 0 becomes a loop header: a back edge from the exit.
	if r.IntN(6) == 0 {
		g.succs[exit] = []int{entry, g.block()}
		g.r.Shuffle(2, func(i, j int) { g.succs[exit][i], g.succs[exit][j] = g.succs[exit][j], g.succs[exit][i] })
	}
	perm := append([]int{0}, r.Perm(len(g.succs)-1)...)
	for i := 1; i < len(perm); i++ {
		perm[i]++
	}
	s := make(shape, len(g.succs))
	for b, succs := range g.succs {
		for _, c := range succs {
			s[perm[b]] = append(s[perm[b]], perm[c])
		}
	}
	return s
}

type shaper struct {
	r     *rand.Rand
	succs [][]int
}

func (g *shaper) block() int {
	g.succs = append(g.succs, nil)
	return len(g.succs) - 1
}

func (g *shaper) edge(from int, to ...int) {
	g.r.Shuffle(len(to), func(i, j int) { to[i], to[j] = to[j], to[i] })
	g.succs[from] = append(g.succs[from], to...)
}

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
	type kind struct {
		cost, weight int
		build        func(rest int)
	}
	withExit := func(x int) []int { return append(slices.Clip(exits), x) }
	kinds := []kind{
		{2, 25, func(rest int) { // sequence
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
		{2, 14, func(rest int) { // loop: header ... latch -> header | to
			h, l := g.block(), g.block()
			g.edge(from, h)
			g.region(h, l, rest, withExit(to))
			g.edge(l, h, to)
		}},
		{2, 6, func(rest int) { // self loop
			s, next := g.block(), g.block()
			g.edge(from, s)
			g.edge(s, s, next)
			g.region(next, to, rest, exits)
		}},
		{3, 10, func(rest int) { // irreducible: a ... -> b ... -> a | to, entered at a and b
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
		kinds = append(kinds, kind{1, 10, func(rest int) { // break out of an enclosing cycle
			a := g.block()
			g.edge(from, a, exits[g.r.IntN(len(exits))])
			g.region(a, to, rest, exits)
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

// reachable reports the blocks reachable from block 0 through succs.
func reachable(succs func(int) []int, n int) []bool {
	seen := make([]bool, n)
	stack := []int{0}
	seen[0] = true
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, c := range succs(b) {
			if !seen[c] {
				seen[c] = true
				stack = append(stack, c)
			}
		}
	}
	return seen
}

func opText(o Operand, vars []string) string {
	switch o.Kind {
	case OVar:
		return vars[o.N]
	case OParam:
		return []string{"a", "b"}[o.N]
	case OTid:
		return "tid"
	default:
		return fmt.Sprint(o.N)
	}
}

// Summary describes the kernel's shape in one line.
func (k *Kernel) Summary() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s seed=%d shape=%s blocks=%d vars=%d sinks=%d", k.Name, k.Seed, k.Shape, len(k.Blocks), len(k.Vars), k.Sinks)
	return sb.String()
}

// HasConstCond reports whether some branch compares two constants.
func (k *Kernel) HasConstCond() bool {
	for _, b := range k.Blocks {
		if t := b.Term; t.Kind == TIf && t.X.Kind == OConst && t.Y.Kind == OConst {
			return true
		}
	}
	return false
}

// evalCond computes a condition between constants.
func evalCond(cmp string, x, y int) bool {
	switch cmp {
	case "<":
		return x < y
	case "<=":
		return x <= y
	case ">":
		return x > y
	case ">=":
		return x >= y
	case "==":
		return x == y
	default:
		return x != y
	}
}
