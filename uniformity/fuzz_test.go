package uniformity_test

// Properties that hold for every input, checked on generated functions by
// TestProperties and on fuzzer-chosen ones by FuzzAnalyze:
//
//   - Analyze does not panic, and gives the same propAnswers when run twice;
//   - skipping the branches that can change nothing more changes nothing;
//   - the divergent exits of irreducible cycles are those of LLVM's loop;
//   - adding seeds only adds divergence, when no instruction is always
//     uniform (see propCheck), and growing a result with Clone and Extend
//     gives the same answers as analyzing with the seeds from the start,
//     without changing the result cloned;
//   - in a reducible graph, the order of a block's successors changes no
//     answer (in an irreducible one it may pick another cycle header).

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/uniformity"
	"github.com/spmdvet/spmdvet/uniformity/internal/cfggen"
)

// propAnswers is everything Analyze says about a function, in a form that
// compares with ==-like equality.
type propAnswers struct {
	values    []bool // per value id
	terms     []bool // per block
	converged []bool // per block
	uses      []bool // per (user, operand index)
	assumed   []string
	exits     []string
	temporal  []string
}

func propCollect(g *cfggen.Func, r *uniformity.Result) propAnswers {
	var a propAnswers
	for v := range g.NumValues() {
		a.values = append(a.values, r.IsDivergent(v))
		if g.Block(v) >= 0 {
			for _, op := range g.Operands(v) {
				a.uses = append(a.uses, op >= 0 && r.IsDivergentUse(op, v))
			}
		}
	}
	for b := range g.NumBlocks() {
		a.terms = append(a.terms, r.IsDivergentTerminator(b))
		a.converged = append(a.converged, r.IsMConverged(b))
	}
	for _, c := range r.AssumedDivergent() {
		a.assumed = append(a.assumed, c.Format(g.BlockName))
	}
	for _, c := range r.DivergentExits() {
		a.exits = append(a.exits, c.Format(g.BlockName))
	}
	for _, tu := range r.TemporalDivergence() {
		a.temporal = append(a.temporal, fmt.Sprintf("%d->%d@%s", tu.Value, tu.User, tu.Cycle.Format(g.BlockName)))
	}
	slices.Sort(a.assumed)
	slices.Sort(a.exits)
	slices.Sort(a.temporal)
	return a
}

// diff returns a description of the first difference between a and b,
// or "" if there is none. Cycle lists are compared only if withCycles.
func (a propAnswers) diff(b propAnswers, withCycles bool) string {
	for v := range a.values {
		if a.values[v] != b.values[v] {
			return fmt.Sprintf("value %d: divergent %v, then %v", v, a.values[v], b.values[v])
		}
	}
	for blk := range a.terms {
		if a.terms[blk] != b.terms[blk] {
			return fmt.Sprintf("terminator of bb%d: divergent %v, then %v", blk, a.terms[blk], b.terms[blk])
		}
	}
	if !slices.Equal(a.uses, b.uses) {
		return "divergent uses differ"
	}
	if !withCycles {
		return ""
	}
	if !slices.Equal(a.converged, b.converged) {
		return "m-converged blocks differ"
	}
	for _, l := range [][2][]string{{a.assumed, b.assumed}, {a.exits, b.exits}, {a.temporal, b.temporal}} {
		if !slices.Equal(l[0], l[1]) {
			return fmt.Sprintf("cycle lists differ: %q, then %q", l[0], l[1])
		}
	}
	return ""
}

// checkSkipChangesNothing checks that skipping the divergent branches that
// can change nothing more leaves every part of the result as it was,
// causes and the order of lists included.
func checkSkipChangesNothing(t *testing.T, g *cfggen.Func, cfg uniformity.Config) {
	t.Helper()
	with := uniformity.Analyze(g, cfg).State()
	restore := uniformity.SetSkipSettled(false)
	without := uniformity.Analyze(g, cfg).State()
	restore()
	if !reflect.DeepEqual(with, without) {
		w, wo := reflect.ValueOf(with), reflect.ValueOf(without)
		for i := range w.NumField() {
			if !reflect.DeepEqual(w.Field(i).Interface(), wo.Field(i).Interface()) {
				t.Fatalf("LLVM22=%v: skipping settled branches changes %s:\nwith:    %+v\nwithout: %+v\n%s", cfg.LLVM22, w.Type().Field(i).Name, w.Field(i), wo.Field(i), g.IR())
			}
		}
	}
}

// checkSameCFG checks that an analysis sharing the graph-only parts of
// another, with other seeds, is identical to one computed afresh.
func checkSameCFG(t *testing.T, g *cfggen.Func, cfg uniformity.Config, other *uniformity.Result) {
	t.Helper()
	fresh := uniformity.Analyze(g, cfg)
	cfg.SameCFG = other
	shared := uniformity.Analyze(g, cfg)
	if d := propCollect(g, fresh).diff(propCollect(g, shared), true); d != "" {
		t.Fatalf("LLVM22=%v: sharing the graph-only parts of another analysis changes the result: %s\n%s", cfg.LLVM22, d, g.IR())
	}
	if !reflect.DeepEqual(fresh.State(), shared.State()) {
		t.Fatalf("LLVM22=%v: sharing the graph-only parts of another analysis changes causes or order\n%s", cfg.LLVM22, g.IR())
	}
}

// propCheck checks every property on g, drawing the extra seeds and
// the successor permutation from r.
func propCheck(t *testing.T, g *cfggen.Func, r *rand.Rand) {
	t.Helper()
	for _, llvm22 := range []bool{false, true} {
		cfg := uniformity.Config{Seeds: g.Seeds(), Uniform: g.Uniform(), LLVM22: llvm22}
		first := propCollect(g, uniformity.Analyze(g, cfg))
		if d := first.diff(propCollect(g, uniformity.Analyze(g, cfg)), true); d != "" {
			t.Fatalf("LLVM22=%v: two runs differ: %s\n%s", llvm22, d, g.IR())
		}
		checkSkipChangesNothing(t, g, cfg)

		// More seeds: a few instructions or parameters. Divergence grows
		// only if no instruction is always uniform. With one it need not,
		// in LLVM 22 as here: LLVM skips the exit divergence of a cycle
		// assumed divergent, since every value defined in it is divergent
		// anyway, except an always-uniform one like readfirstlane, whose
		// uses after the cycle then stay uniform. An extra seed that makes
		// the cycle assumed divergent before its exit is analyzed thus
		// makes such a use uniform (opt-22 agrees).
		base := uniformity.Config{Seeds: cfg.Seeds, LLVM22: llvm22}
		before := propCollect(g, uniformity.Analyze(g, base))
		more := base
		more.Seeds = slices.Clone(base.Seeds)
		for range 1 + r.IntN(3) {
			if v := r.IntN(g.NumValues()); g.Values[v].Op != cfggen.OpConst {
				more.Seeds = append(more.Seeds, v)
			}
		}
		grown := propCollect(g, uniformity.Analyze(g, more))
		baseResult := uniformity.Analyze(g, base)
		checkSameCFG(t, g, more, baseResult)
		extended := baseResult.Clone()
		for _, v := range more.Seeds[len(base.Seeds):] {
			extended.Extend(v, uniformity.Cause{Kind: uniformity.CauseSource, Value: v})
		}
		if d := grown.diff(propCollect(g, extended), false); d != "" {
			t.Fatalf("LLVM22=%v: Clone and Extend with the extra seeds %v differ from Analyze: %s\n%s", llvm22, more.Seeds[len(base.Seeds):], d, g.IR())
		}
		if c := propCollect(g, extended); !slices.Equal(grown.converged, c.converged) {
			t.Fatalf("LLVM22=%v: Clone and Extend with the extra seeds %v: m-converged blocks differ from Analyze\n%s", llvm22, more.Seeds[len(base.Seeds):], g.IR())
		}
		if d := before.diff(propCollect(g, baseResult), true); d != "" {
			t.Fatalf("LLVM22=%v: extending a clone changed the result cloned: %s\n%s", llvm22, d, g.IR())
		}
		for v := range before.values {
			if before.values[v] && !grown.values[v] {
				t.Fatalf("LLVM22=%v: value %s is divergent, but uniform with the extra seeds %v\n%s", llvm22, g.ValueName(v), more.Seeds[len(base.Seeds):], g.IR())
			}
		}
		for b := range before.terms {
			if before.terms[b] && !grown.terms[b] {
				t.Fatalf("LLVM22=%v: the branch of bb%d is divergent, but uniform with the extra seeds %v\n%s", llvm22, b, more.Seeds[len(base.Seeds):], g.IR())
			}
		}

		if g.Reducible() {
			permuted := g.WithSuccOrder(func(_ int, succs []int) []int {
				r.Shuffle(len(succs), func(i, j int) { succs[i], succs[j] = succs[j], succs[i] })
				return succs
			})
			if d := first.diff(propCollect(permuted, uniformity.Analyze(permuted, cfg)), false); d != "" {
				t.Fatalf("LLVM22=%v: permuting successors changes the propAnswers: %s\noriginal:\n%s\npermuted:\n%s", llvm22, d, g.IR(), permuted.IR())
			}
		}
	}
}

func TestProperties(t *testing.T) {
	defer uniformity.CheckCycleExits(t)()
	n := 400
	if testing.Short() {
		n = 100
	}
	reducible := 0
	for i := range n {
		seed := uint64(i)
		opt := cfggen.Options{
			Blocks:    2 + i%35,
			MaxInstrs: 1 + i%4,
			// Mostly structured, where reducible graphs are common enough
			// for the permutation property.
			Shape:     []cfggen.Shape{cfggen.Structured, cfggen.Structured, cfggen.Random}[i%3],
			Divergent: []float64{0.2, 0.5}[i%2],
		}
		g := cfggen.Generate(seed, fmt.Sprintf("p%d", i), opt)
		if g.Reducible() {
			reducible++
		}
		propCheck(t, g, rand.New(rand.NewPCG(seed, 7)))
	}
	t.Logf("%d functions, %d reducible", n, reducible)
	if reducible < n/5 {
		t.Errorf("only %d of %d functions are reducible: the permutation property is hardly tested", reducible, n)
	}
}

// TestPropertiesBench runs the properties on the benchmark's adversarial
// shapes at a small size.
func TestPropertiesBench(t *testing.T) {
	defer uniformity.CheckCycleExits(t)()
	r := rand.New(rand.NewPCG(1, 2))
	for _, g := range []*cfggen.Func{cfggen.DivergentChain(30), cfggen.DivergentLoopNest(12), cfggen.Large(5, 300), cfggen.IrreducibleTangle(60)} {
		propCheck(t, g, r)
	}
}

// FuzzAnalyze builds a function from the fuzzer's bytes: the first byte
// sets the size, the rest drive every choice of the generator.
func FuzzAnalyze(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{8, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{30, 0xff, 0, 0xff, 0, 0x80, 0x40, 0x20, 0x10})
	f.Add([]byte("\x14irreducible loops with divergent exits"))
	// A readfirstlane in an irreducible cycle that an extra seed makes
	// assumed divergent: the case that restricts the seed property.
	f.Add([]byte(">?BGNWbo~\x8f\xa2\xb7Z\xe7\x02\x1f>_\x82\xa7\xce\xf7\"O~\xaf\xe2\x17N\x87\xc2\xff>\x7f\xc2\aN\x97\xe2/~\xcf\"w.\x00\x02\xdf>\x9f\x02g\xce7\xa2\x0f~\xefb\xd7N\xc7B\xbf"))
	for i := range 8 {
		data := make([]byte, 64)
		for k := range data {
			data[k] = byte(i*31 + k*k)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer uniformity.CheckCycleExits(t)()
		blocks := 1
		if len(data) > 0 {
			blocks = 1 + int(data[0])%48
			data = data[1:]
		}
		r := rand.New(cfggen.ByteSource(data))
		g := cfggen.GenerateRand(r, "fuzz", cfggen.Options{Blocks: blocks, MaxInstrs: 1 + r.IntN(4)})
		propCheck(t, g, r)
	})
}
