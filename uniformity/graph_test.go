package uniformity

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// testGraph is a Graph written in a compact text form, for tests of the
// core that need no IR parser:
//
//	entry: t = tid; c = op t; br c A B
//	A: br J
//	B: br J
//	J: p = phi 1 2; ret
//
// "tid" values are seeds; plain numbers and single-letter-upper names not
// defined as blocks are treated as constants or parameters; "br x A B" is a
// conditional branch on x, "br A" a jump, "ret" a return.
type testGraph struct {
	blockNames []string
	blockIndex map[string]int
	succs      [][]int
	preds      [][]int
	instrs     [][]int
	valueNames []string
	valueIndex map[string]int
	block      []int
	operands   [][]int
	users      [][]int
	phi        []bool
	term       []bool
	seeds      []int
}

func (g *testGraph) NumBlocks() int          { return len(g.blockNames) }
func (g *testGraph) Succs(b int) []int       { return g.succs[b] }
func (g *testGraph) Preds(b int) []int       { return g.preds[b] }
func (g *testGraph) NumValues() int          { return len(g.valueNames) }
func (g *testGraph) Instrs(b int) []int      { return g.instrs[b] }
func (g *testGraph) Block(v int) int         { return g.block[v] }
func (g *testGraph) Operands(v int) []int    { return g.operands[v] }
func (g *testGraph) Users(v int) []int       { return g.users[v] }
func (g *testGraph) IsPhi(v int) bool        { return g.phi[v] }
func (g *testGraph) IsTerminator(v int) bool { return g.term[v] }

func parseTestGraph(t testing.TB, src string) *testGraph {
	t.Helper()
	g := &testGraph{blockIndex: map[string]int{}, valueIndex: map[string]int{}}
	type line struct {
		block string
		stmts []string
	}
	var lines []line
	for _, l := range strings.Split(strings.TrimSpace(src), "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		name, rest, ok := strings.Cut(l, ":")
		if !ok {
			t.Fatalf("bad line %q", l)
		}
		name = strings.TrimSpace(name)
		g.blockIndex[name] = len(g.blockNames)
		g.blockNames = append(g.blockNames, name)
		var stmts []string
		for _, s := range strings.Split(rest, ";") {
			if s = strings.TrimSpace(s); s != "" {
				stmts = append(stmts, s)
			}
		}
		lines = append(lines, line{name, stmts})
	}
	n := len(lines)
	g.succs = make([][]int, n)
	g.preds = make([][]int, n)
	g.instrs = make([][]int, n)
	newValue := func(name string, b int) int {
		v := len(g.valueNames)
		g.valueNames = append(g.valueNames, name)
		g.valueIndex[name] = v
		g.block = append(g.block, b)
		g.operands = append(g.operands, nil)
		g.users = append(g.users, nil)
		g.phi = append(g.phi, false)
		g.term = append(g.term, false)
		return v
	}
	// Definitions first, so that operands may refer forward.
	type pending struct {
		v    int
		args []string
	}
	var todo []pending
	for b, l := range lines {
		for i, s := range l.stmts {
			fields := strings.Fields(s)
			var v int
			switch {
			case len(fields) >= 3 && fields[1] == "=":
				v = newValue(fields[0], b)
				g.phi[v] = fields[2] == "phi"
				if fields[2] == "tid" {
					g.seeds = append(g.seeds, v)
				}
				todo = append(todo, pending{v, fields[3:]})
			case fields[0] == "br" || fields[0] == "ret":
				v = newValue(fmt.Sprintf("%s.term", l.block), b)
				g.term[v] = true
				if i != len(l.stmts)-1 {
					t.Fatalf("terminator not last in %s", l.block)
				}
				args := fields[1:]
				if fields[0] == "br" && len(args) == 3 {
					todo = append(todo, pending{v, args[:1]})
					args = args[1:]
				}
				for _, a := range args {
					s, ok := g.blockIndex[a]
					if !ok {
						t.Fatalf("unknown block %q", a)
					}
					g.succs[b] = append(g.succs[b], s)
					g.preds[s] = append(g.preds[s], b)
				}
			default:
				v = newValue(fields[0], b) // a statement without result, e.g. "store x"
				todo = append(todo, pending{v, fields[1:]})
			}
			g.instrs[b] = append(g.instrs[b], v)
		}
	}
	for _, p := range todo {
		for _, a := range p.args {
			if a == "undef" {
				g.operands[p.v] = append(g.operands[p.v], Undef)
				continue
			}
			op, ok := g.valueIndex[a]
			if !ok {
				op = newValue(a, -1) // a constant or parameter
			}
			g.operands[p.v] = append(g.operands[p.v], op)
			g.users[op] = append(g.users[op], p.v)
		}
	}
	return g
}

func (g *testGraph) analyze() *Result {
	return Analyze(g, Config{Seeds: g.seeds})
}

func (g *testGraph) v(t testing.TB, name string) int {
	v, ok := g.valueIndex[name]
	if !ok {
		t.Fatalf("no value %q", name)
	}
	return v
}

func (g *testGraph) b(t testing.TB, name string) int {
	b, ok := g.blockIndex[name]
	if !ok {
		t.Fatalf("no block %q", name)
	}
	return b
}

// divergentNames lists the divergent instructions and branches by name.
func (g *testGraph) divergentNames(r *Result) string {
	var out []string
	for v, name := range g.valueNames {
		if g.block[v] >= 0 && r.IsDivergent(v) {
			out = append(out, name)
		}
	}
	return strings.Join(out, " ")
}

func TestDiamond(t *testing.T) {
	g := parseTestGraph(t, `
entry: t = tid; c = lt t n; br c A B
A: x = add n; br J
B: br J
J: p = phi x n; q = phi k k; store p; ret`)
	r := g.analyze()
	if got, want := g.divergentNames(r), "t c entry.term p store"; got != want {
		t.Errorf("divergent = %q, want %q", got, want)
	}
	if cd := r.ControlDivergence(g.b(t, "A")); len(cd) != 1 || cd[0] != g.b(t, "entry") {
		t.Errorf("ControlDivergence(A) = %v", cd)
	}
	if cd := r.ControlDivergence(g.b(t, "J")); cd != nil {
		t.Errorf("ControlDivergence(J) = %v, want nil", cd)
	}
}

// TestJoinAndTemporalCause checks the two reasons a value may differ
// between lanes whatever it is computed from: the join of a divergent
// branch, and a use after a cycle that lanes leave in different iterations.
func TestJoinAndTemporalCause(t *testing.T) {
	g := parseTestGraph(t, `
entry: t = tid; c = lt t n; br c A B
A: br J
B: br J
J: p = phi k m; br H
H: i = phi k j; j = add i; d = lt j t; br d H X
X: store j; ret`)
	r := g.analyze()
	if c := r.JoinCause(g.b(t, "J")); c.Kind != CauseJoin || c.Branch != g.b(t, "entry") || c.Block != g.b(t, "J") {
		t.Errorf("JoinCause(J) = %+v, want the join of entry's branch", c)
	}
	for _, b := range []string{"entry", "A", "H", "X"} {
		if c := r.JoinCause(g.b(t, b)); c.Kind != CauseNone {
			t.Errorf("JoinCause(%s) = %+v, want none", b, c)
		}
	}
	j := g.v(t, "j")
	if c := r.TemporalCause(j, g.v(t, "store")); c.Kind != CauseTemporal || c.Value != j || c.Branch != g.b(t, "H") || c.Cycle == nil || c.Cycle.Header() != g.b(t, "H") {
		t.Errorf("TemporalCause(j, store) = %+v, want the exit of the loop at H", c)
	}
	if c := r.TemporalCause(j, g.v(t, "d")); c.Kind != CauseNone {
		t.Errorf("TemporalCause(j, d) = %+v, want none inside the loop", c)
	}
	if !r.IsDivergentUse(j, g.v(t, "store")) || r.IsDivergent(j) {
		t.Errorf("j: IsDivergent %v, IsDivergentUse at store %v; want false, true", r.IsDivergent(j), r.IsDivergentUse(j, g.v(t, "store")))
	}
}

// liveTestGraph is a testGraph with edges that control never takes, such as
// the edge into a block that only panics.
type liveTestGraph struct {
	*testGraph
	dead map[[2]int]bool
}

func (g liveTestGraph) LiveSuccs(b int) []int {
	var out []int
	for _, s := range g.succs[b] {
		if !g.dead[[2]int{b, s}] {
			out = append(out, s)
		}
	}
	return out
}

// TestSkipKeepsExitBranch: lanes leave the loop at H into a block that
// never runs (a panic), so the loop has a divergent exit but no branch whose
// paths leave it by an exit that runs. X's branch, analyzed after H's, is
// that branch, and must not be skipped as if it could change nothing more.
func TestSkipKeepsExitBranch(t *testing.T) {
	tg := parseTestGraph(t, `
		entry: t = tid; br H
		H: c = op t; br c D X
		D: ret
		X: d = op c; br d H E
		E: ret`)
	g := liveTestGraph{tg, map[[2]int]bool{{tg.b(t, "H"), tg.b(t, "D")}: true}}
	cfg := Config{Seeds: tg.seeds}
	with := Analyze(g, cfg)
	skipSettled = false
	without := Analyze(g, cfg)
	skipSettled = true
	loop := with.ci.cycleOf[tg.b(t, "H")]
	if got := with.exitBranch[loop.Index]; got != int32(tg.b(t, "X")) {
		t.Errorf("the branch whose paths leave the loop by an exit that runs is block %d, want X", got)
	}
	if !reflect.DeepEqual(with.State(), without.State()) {
		t.Errorf("skipping settled branches changes the result")
	}
}
