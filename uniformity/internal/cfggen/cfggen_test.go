package cfggen

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/uniformity"
	"github.com/spmdvet/spmdvet/uniformity/internal/llir"
)

// testFuncs returns n functions of varied sizes, shapes and mixes.
func testFuncs(n int) []*Func {
	var funcs []*Func
	for i := range n {
		opt := Options{
			Blocks:    2 + i%40,
			MaxInstrs: 1 + i%4,
			Shape:     Shape(i % 3),
			Divergent: []float64{0.2, 0.5, 0.8}[i%3],
			NoSwitch:  i%5 == 0,
		}
		funcs = append(funcs, Generate(uint64(i), fmt.Sprintf("t%d", i), opt))
	}
	return funcs
}

func TestDeterministic(t *testing.T) {
	for i := range 20 {
		a := Generate(uint64(i), "f", Options{Blocks: 30}).IR()
		b := Generate(uint64(i), "f", Options{Blocks: 30}).IR()
		if a != b {
			t.Fatalf("seed %d gives two different functions", i)
		}
	}
	if Generate(1, "f", Options{}).IR() == Generate(2, "f", Options{}).IR() {
		t.Error("seeds 1 and 2 give the same function")
	}
}

// TestRoundTrip checks that the IR text says what the model says: parsed
// back by llir, every block, edge, operand and instruction text is the
// same, and so are seeds and uniform values.
func TestRoundTrip(t *testing.T) {
	funcs := testFuncs(300)
	parsed, err := llir.Parse(Module(funcs...))
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range funcs {
		p := parsed[i]
		if p.Name != f.Name || p.NumBlocks() != f.NumBlocks() {
			t.Fatalf("%s: parsed as %s with %d blocks, want %d", f.Name, p.Name, p.NumBlocks(), f.NumBlocks())
		}
		name := func(g interface{ ValueName(int) string }, v int) string {
			if v == uniformity.Undef {
				return "undef"
			}
			return g.ValueName(v)
		}
		for b := range f.NumBlocks() {
			if !slices.Equal(p.Succs(b), f.Succs(b)) || !slices.Equal(p.Preds(b), f.Preds(b)) {
				t.Errorf("%s/bb%d: edges differ: succs %v/%v preds %v/%v", f.Name, b, p.Succs(b), f.Succs(b), p.Preds(b), f.Preds(b))
			}
			pi, fi := p.Instrs(b), f.Instrs(b)
			if len(pi) != len(fi) {
				t.Fatalf("%s/bb%d: %d instructions parsed, %d generated", f.Name, b, len(pi), len(fi))
			}
			for k := range pi {
				if got, want := p.InstrText(pi[k]), llir.Canonical(f.InstrText(fi[k])); got != want {
					t.Errorf("%s: parsed %q, generated %q", f.Name, got, want)
				}
				var got, want []string
				for _, v := range p.Operands(pi[k]) {
					got = append(got, name(p, v))
				}
				for _, v := range f.Operands(fi[k]) {
					want = append(want, name(f, v))
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s: operands of %q: parsed %v, generated %v", f.Name, f.InstrText(fi[k]), got, want)
				}
				if p.IsPhi(pi[k]) != f.IsPhi(fi[k]) || p.IsTerminator(pi[k]) != f.IsTerminator(fi[k]) {
					t.Errorf("%s: %q: phi or terminator flag differs", f.Name, f.InstrText(fi[k]))
				}
			}
		}
		names := func(g interface{ ValueName(int) string }, vs []int) []string {
			var out []string
			for _, v := range vs {
				out = append(out, name(g, v))
			}
			slices.Sort(out)
			return out
		}
		if got, want := names(p, p.Seeds()), names(f, f.Seeds()); !slices.Equal(got, want) {
			t.Errorf("%s: seeds parsed %v, generated %v", f.Name, got, want)
		}
		if got, want := names(p, p.Uniform()), names(f, f.Uniform()); !slices.Equal(got, want) {
			t.Errorf("%s: uniform parsed %v, generated %v", f.Name, got, want)
		}
	}
}

// TestVerifies runs LLVM's verifier over generated functions: operands
// must dominate their uses, phis must match the predecessors, and so on.
func TestVerifies(t *testing.T) {
	if _, err := exec.LookPath("opt-22"); err != nil {
		t.Skip("opt-22 not installed:", err)
	}
	dir := t.TempDir()
	verify := func(name string, funcs ...*Func) {
		path := filepath.Join(dir, name+".ll")
		if err := os.WriteFile(path, []byte(Module(funcs...)), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("opt-22", "-passes=verify", "-disable-output", path).CombinedOutput(); err != nil {
			t.Errorf("%s does not verify: %v\n%s", name, err, out)
		}
	}
	verify("random", testFuncs(600)...)
	verify("large", Large(7, 3000))
	verify("chain", DivergentChain(50))
	verify("loopnest", DivergentLoopNest(20))
	var fuzzed []*Func
	for i := range 200 {
		data := make([]byte, i)
		for k := range data {
			data[k] = byte(k * i)
		}
		fuzzed = append(fuzzed, GenerateRand(rand.New(ByteSource(data)), fmt.Sprintf("z%d", i), Options{Blocks: 1 + i%25}))
	}
	verify("bytes", fuzzed...)
}

// TestFeatures checks that the generator produces every construct the
// differential test relies on, and logs how often.
func TestFeatures(t *testing.T) {
	counts := map[string]int{}
	for _, f := range testFuncs(600) {
		for k, n := range features(f) {
			counts[k] += n
		}
	}
	for _, k := range []string{
		"self loop", "cycle", "nested cycle", "irreducible cycle", "nested irreducible cycle",
		"reducible cycle in irreducible cycle", "cycle with several exits",
		"irreducible cycle entered from two blocks", "divergent branch", "uniform branch",
		"phi of one constant", "phi of different constants", "undef incoming value",
		"loop-carried phi", "use outside the defining cycle", "switch", "return", "unreachable",
		"join that is not the post-dominator",
	} {
		if counts[k] == 0 {
			t.Errorf("no %s in 600 functions", k)
		}
	}
	t.Logf("in 600 functions: %v", counts)
}

func features(f *Func) map[string]int {
	c := map[string]int{}
	ci := uniformity.ComputeCycles(f)
	for _, cy := range ci.All {
		c["cycle"]++
		if cy.Depth > 1 {
			c["nested cycle"]++
		}
		if !cy.Reducible() {
			c["irreducible cycle"]++
			if cy.Depth > 1 {
				c["nested irreducible cycle"]++
			}
			preds := map[int]bool{}
			for _, e := range cy.Entries {
				for _, p := range f.Preds(e) {
					if !cy.Contains(p) {
						preds[p] = true
					}
				}
			}
			if len(preds) > 1 {
				c["irreducible cycle entered from two blocks"]++
			}
		}
		if cy.Reducible() && cy.Parent != nil && !cy.Parent.Reducible() {
			c["reducible cycle in irreducible cycle"]++
		}
		if len(cy.Exits()) > 1 {
			c["cycle with several exits"]++
		}
	}

	// Data dependence on a seed decides whether a branch is divergent
	// before any control dependence is considered.
	tainted := make([]bool, f.NumValues())
	for _, s := range f.Seeds() {
		tainted[s] = true
	}
	for changed := true; changed; {
		changed = false
		for v := range f.Values {
			if tainted[v] || f.Values[v].Op == OpReadFirstLane {
				continue
			}
			for _, a := range f.Operands(v) {
				if a >= 0 && tainted[a] {
					tainted[v], changed = true, true
					break
				}
			}
		}
	}

	for b, blk := range f.Blocks {
		if slices.Contains(blk.Succs, b) {
			c["self loop"]++
		}
		term := f.Values[blk.Instrs[len(blk.Instrs)-1]]
		switch term.Op {
		case OpSwitch:
			c["switch"]++
		case OpRet:
			c["return"]++
		case OpUnreachable:
			c["unreachable"]++
		}
		if len(term.Args) > 0 {
			if tainted[term.Args[0]] {
				c["divergent branch"]++
			} else {
				c["uniform branch"]++
			}
		}
		for _, v := range blk.Instrs {
			val := f.Values[v]
			if val.Op == OpPhi {
				consts := map[int]bool{}
				allConst, undef := true, false
				for _, a := range val.Args {
					if a == uniformity.Undef {
						undef = true
					} else if f.Values[a].Op == OpConst {
						consts[a] = true
					} else {
						allConst = false
					}
				}
				switch {
				case allConst && len(consts) == 1 && len(val.Args) > 1:
					c["phi of one constant"]++
				case allConst && len(consts) > 1:
					c["phi of different constants"]++
				}
				if undef {
					c["undef incoming value"]++
				}
				if cy := ci.CycleOf(b); cy != nil && cy.Header() == b {
					for i, a := range val.Args {
						if a >= 0 && cy.Contains(val.From[i]) && f.Values[a].Block >= 0 && cy.Contains(f.Values[a].Block) {
							c["loop-carried phi"]++
							break
						}
					}
				}
			}
			if cy := ci.CycleOf(b); cy != nil {
				for _, u := range f.Users(v) {
					if !cy.Contains(f.Block(u)) {
						c["use outside the defining cycle"]++
						break
					}
				}
			}
		}
	}
	// A join that is not the immediate post-dominator of a branch that
	// reaches it shows up in the structured shape as a block with two
	// predecessors, one of which also branches straight past it.
	for b := range f.Blocks {
		for _, p := range f.Preds(b) {
			if len(f.Succs(p)) == 2 && len(f.Preds(b)) >= 2 {
				other := f.Succs(p)[0]
				if other == b {
					other = f.Succs(p)[1]
				}
				if other != b && !slices.Contains(f.Succs(b), other) && reaches(f, b, other) && len(f.Preds(other)) >= 2 {
					c["join that is not the post-dominator"]++
				}
			}
		}
	}
	return c
}

// reaches reports whether there is a path from a to b.
func reaches(f *Func, a, b int) bool {
	seen := map[int]bool{a: true}
	stack := []int{a}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		for _, s := range f.Succs(x) {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return false
}

func TestByteSource(t *testing.T) {
	for _, data := range [][]byte{nil, make([]byte, 100), {0xff, 0xff, 0xff}, []byte("spmdvet")} {
		a := GenerateRand(rand.New(ByteSource(data)), "f", Options{Blocks: 20})
		b := GenerateRand(rand.New(ByteSource(data)), "f", Options{Blocks: 20})
		if a.IR() != b.IR() {
			t.Errorf("data %q gives two different functions", data)
		}
	}
}

func TestReducible(t *testing.T) {
	if !DivergentLoopNest(5).Reducible() || !DivergentChain(5).Reducible() {
		t.Error("a loop nest or a chain is not reducible")
	}
	irreducible := 0
	for _, f := range testFuncs(200) {
		if f.Reducible() != allReducible(uniformity.ComputeCycles(f)) {
			t.Errorf("%s: Reducible says %v, the cycles disagree", f.Name, f.Reducible())
		}
		if !f.Reducible() {
			irreducible++
		}
	}
	if irreducible == 0 {
		t.Error("no irreducible function")
	}
}

func allReducible(ci *uniformity.CycleInfo) bool {
	for _, c := range ci.All {
		if !c.Reducible() {
			return false
		}
	}
	return true
}

func TestBenchCases(t *testing.T) {
	if testing.Short() {
		t.Skip("the large cases take a while")
	}
	for _, c := range BenchCases() {
		f := c.Func()
		if f.NumBlocks() < 500 {
			t.Errorf("%s: only %d blocks", c.Name, f.NumBlocks())
		}
		t.Logf("%s: %d blocks, %d values", c.Name, f.NumBlocks(), f.NumValues())
	}
}

func TestValid(t *testing.T) {
	for _, f := range append(testFuncs(400), Large(3, 500), DivergentChain(10), DivergentLoopNest(6)) {
		if err := f.Valid(); err != nil {
			t.Fatalf("%s: %v\n%s", f.Name, err, f.IR())
		}
		if g := f.clone().compact(); g.IR() != f.compact().IR() || g.NumBlocks() != f.NumBlocks() {
			t.Fatalf("%s: compacting is not stable", f.Name)
		}
	}
	f := Generate(3, "f", Options{Blocks: 10})
	f.Blocks[len(f.Blocks)-1].Instrs = nil
	if f.Valid() == nil {
		t.Error("an empty block is valid")
	}
}

func TestReduce(t *testing.T) {
	var f *Func
	for seed := uint64(0); f == nil; seed++ {
		if g := Generate(seed, "r", Options{Blocks: 30, Shape: Random}); !g.Reducible() {
			f = g
		}
	}
	calls := 0
	small := Reduce(f, func(g *Func) bool {
		calls++
		return !g.Reducible()
	})
	if err := small.Valid(); err != nil {
		t.Fatal(err)
	}
	if small.Reducible() {
		t.Fatal("the reduced function lost its irreducible cycle")
	}
	// The smallest irreducible graph: an entry branching into both
	// blocks of a cycle, and an exit.
	if small.NumBlocks() > 4 {
		t.Errorf("%d blocks left of %d:\n%s", small.NumBlocks(), f.NumBlocks(), small.IR())
	}
	t.Logf("%d blocks reduced to %d in %d tries:\n%s", f.NumBlocks(), small.NumBlocks(), calls, small.IR())
	if _, err := exec.LookPath("opt-22"); err == nil {
		path := filepath.Join(t.TempDir(), "r.ll")
		os.WriteFile(path, []byte(Module(small)), 0o644)
		if out, err := exec.Command("opt-22", "-passes=verify", "-disable-output", path).CombinedOutput(); err != nil {
			t.Errorf("the reduced function does not verify: %v\n%s", err, out)
		}
	}
}
