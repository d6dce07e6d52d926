package uniformity_test

// TestDifferentialLLVM compares the analysis with LLVM's on thousands of
// random functions: opt-22 analyses the IR text, the analysis analyses the
// same text parsed by package llir, and every answer LLVM prints must
// match: each instruction, each terminator, the divergent arguments, the
// cycles assumed divergent and with divergent exits, and the temporal
// divergence list. The analysis runs twice per function:
//
//   - with Config.LLVM22, where any difference fails, except the few that
//     LLVM 22 itself leaves to the order it happens to visit values in
//     (see diffOrderDependent), which are counted;
//   - without, where every difference must follow from one of the
//     analysis's two fixes of LLVM 22 (see diffCheckFixed), and they are
//     counted.
//
// Environment:
//
//	SPMDVET_DIFF_N       number of functions (default 3000, 300 with -short)
//	SPMDVET_DIFF_SEED    base seed (default 1); function i uses seed base*1e6+i
//	SPMDVET_DIFF_OUT     directory to write each disagreeing function to, as
//	                     NAME.ll with opt's report in NAME.opt and ours in NAME.ours
//	SPMDVET_DIFF_REDUCE  if set, shrink the smallest disagreeing function of
//	                     each kind with cfggen.Reduce and log the reproducer
//
// TestDifferentialLLVMFile compares on the functions of one file instead,
// named by SPMDVET_DIFF_FILE (for example a reproducer from above).

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/spmdvet/spmdvet/uniformity"
	"github.com/spmdvet/spmdvet/uniformity/internal/cfggen"
	"github.com/spmdvet/spmdvet/uniformity/internal/llir"
)

// diffFuncsPerOpt is how many functions share one opt process. Fewer cost
// process starts; more cost opt's printer, which slows down with the size
// of the module.
const diffFuncsPerOpt = 200

// diffShownFailures is how many disagreeing functions are printed in full.
const diffShownFailures = 5

func diffEnvInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%s=%q: %v", name, s, err)
	}
	return n
}

// diffFuncs returns the random functions of the differential test. Sizes
// and mixes vary with the seed, so that small graphs (where mistakes are
// easy to read) and larger tangled ones both occur.
func diffFuncs(n, base int) []*cfggen.Func {
	funcs := make([]*cfggen.Func, n)
	for i := range funcs {
		seed := uint64(base)*1_000_000 + uint64(i)
		r := rand.New(rand.NewPCG(seed, 0xd1ff))
		opt := cfggen.Options{
			Blocks:    3 + r.IntN(30),
			MaxInstrs: 1 + r.IntN(4),
			Divergent: []float64{0.2, 0.4, 0.7}[r.IntN(3)],
			NoSwitch:  r.IntN(4) == 0,
		}
		funcs[i] = cfggen.Generate(seed, fmt.Sprintf("f%d", seed), opt)
	}
	return funcs
}

// diffRunOpt runs opt's uniformity printer on module and returns its report
// and the raw text of each function's report.
func diffRunOpt(dir, name, module string) (map[string]*llir.OptFunc, map[string]string, error) {
	path := filepath.Join(dir, name+".ll")
	if err := os.WriteFile(path, []byte(module), 0o644); err != nil {
		return nil, nil, err
	}
	out, err := exec.Command("opt-22", "-passes=print<uniformity>", "-disable-output", path).CombinedOutput()
	if err != nil {
		return nil, nil, fmt.Errorf("opt-22 %s: %v\n%s", path, err, out)
	}
	report, err := llir.ParseOptOutput(string(out))
	if err != nil {
		return nil, nil, err
	}
	raw := map[string]string{}
	const header = "UniformityInfo for function '"
	for _, part := range strings.Split(string(out), header)[1:] {
		name := part[:strings.IndexByte(part, '\'')]
		raw[name] = header + part
	}
	return report, raw, nil
}

type diffStats struct {
	funcs, values, disagreements int
	kinds                        map[string]int // functions with a disagreement of each kind
	orderDependent               int            // functions with differences LLVM does not decide
	// With the fixes (LLVM22 false): functions that differ, roots, values
	// that differ, and functions where the sibling-exit fix picks another
	// cycle.
	fixedFuncs, fixedRoots, fixedValues, siblingFuncs int
}

// diffOutcome is what the comparison of one function with opt's report
// found.
type diffOutcome struct {
	problems []string
	kinds    map[string]bool
	// orderDependent lists the differences that LLVM does not decide (see
	// diffOrderDependent); they fail nothing.
	orderDependent []string
	llvm22         bool   // the mode of the analysis that disagreed
	ours           string // its answers, in the format of opt's report
	// When the analysis agrees with LLVM 22, how its fixes change the
	// answers: roots (see diffCheckFixed), all values and branches that
	// change with them, and whether the sibling-exit fix applies.
	roots, values int
	sibling       bool
}

// diffCheck compares the analysis with opt's report on f: exactly in the
// LLVM22 mode, and in the default mode up to the documented differences.
func diffCheck(f *llir.Func, of *llir.OptFunc) diffOutcome {
	out := diffOutcome{kinds: map[string]bool{}, llvm22: true}
	res := uniformity.Analyze(f, uniformity.Config{Seeds: f.Seeds(), Uniform: f.Uniform(), LLVM22: true})
	for _, p := range diffCompare(f, of, res) {
		if strings.HasPrefix(p.kind, diffOrderDependent) {
			out.orderDependent = append(out.orderDependent, p.String())
			continue
		}
		out.kinds[p.kind] = true
		out.problems = append(out.problems, p.String())
	}
	if len(out.problems) > 0 {
		out.ours = diffFormatLikeOpt(f, res)
		return out
	}
	fixed := uniformity.Analyze(f, uniformity.Config{Seeds: f.Seeds(), Uniform: f.Uniform()})
	out.llvm22 = false
	out.roots, out.values, out.sibling, out.problems = diffCheckFixed(f, of, fixed)
	if len(out.problems) > 0 {
		out.kinds["undocumented difference with the fixes"] = true
		out.ours = diffFormatLikeOpt(f, fixed)
	}
	return out
}

func TestDifferentialLLVM(t *testing.T) {
	if _, err := exec.LookPath("opt-22"); err != nil {
		t.Skip("opt-22 not installed:", err)
	}
	defer uniformity.CheckCycleExits(t)()
	def := 3000
	if testing.Short() {
		def = 300
	}
	n := diffEnvInt(t, "SPMDVET_DIFF_N", def)
	base := diffEnvInt(t, "SPMDVET_DIFF_SEED", 1)
	outDir := os.Getenv("SPMDVET_DIFF_OUT")
	funcs := diffFuncs(n, base)
	dir := t.TempDir()

	type batch struct {
		module string
		report map[string]*llir.OptFunc
		raw    map[string]string
		err    error
	}
	batches := make([]batch, (n+diffFuncsPerOpt-1)/diffFuncsPerOpt)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2) // the machine has two cores
	for i := range batches {
		batches[i].module = cfggen.Module(funcs[i*diffFuncsPerOpt : min(n, (i+1)*diffFuncsPerOpt)]...)
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			b := &batches[i]
			b.report, b.raw, b.err = diffRunOpt(dir, fmt.Sprintf("batch%d", i), b.module)
		}()
	}
	wg.Wait()

	generated := map[string]*cfggen.Func{}
	for _, g := range funcs {
		generated[g.Name] = g
	}
	smallest := map[string]*cfggen.Func{} // per kind of disagreement
	st := diffStats{kinds: map[string]int{}}
	failures := 0
	for _, b := range batches {
		if b.err != nil {
			t.Fatal(b.err)
		}
		parsed, err := llir.Parse(b.module)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range parsed {
			of := b.report[f.Name]
			if of == nil {
				t.Fatalf("opt printed no report for %s", f.Name)
			}
			st.funcs++
			st.values += len(f.Params())
			for blk := range f.NumBlocks() {
				st.values += len(f.Instrs(blk))
			}
			out := diffCheck(f, of)
			if len(out.orderDependent) > 0 {
				st.orderDependent++
			}
			if len(out.problems) == 0 {
				if out.sibling {
					st.siblingFuncs++
				}
				if out.roots > 0 {
					st.fixedFuncs++
					st.fixedRoots += out.roots
					st.fixedValues += out.values
				}
				continue
			}
			failures++
			if out.llvm22 {
				st.disagreements++
			}
			for k := range out.kinds {
				st.kinds[k]++
				if g := smallest[k]; g == nil || f.NumBlocks() < g.NumBlocks() {
					smallest[k] = generated[f.Name]
				}
			}
			if failures <= diffShownFailures {
				t.Errorf("%s disagrees with LLVM 22 (analysis with LLVM22: %v):\n  %s\n\n--- IR:\n%s\n--- opt-22:\n%s\n--- ours:\n%s",
					f.Name, out.llvm22, strings.Join(out.problems, "\n  "), f.Text, b.raw[f.Name], out.ours)
			}
			if outDir != "" {
				diffSave(t, outDir, f, b.raw[f.Name], out.ours)
			}
		}
	}
	if failures > diffShownFailures {
		t.Errorf("%d more functions disagree (set SPMDVET_DIFF_OUT to keep them, SPMDVET_DIFF_REDUCE=1 for small reproducers)", failures-diffShownFailures)
	}
	t.Logf("differential test, base seed %d: %d graphs, %d functions compared, %d values compared, %d disagreements",
		base, n, st.funcs, st.values, st.disagreements)
	if len(st.kinds) > 0 {
		var kinds []string
		for k, n := range st.kinds {
			kinds = append(kinds, fmt.Sprintf("%s: %d", k, n))
		}
		slices.Sort(kinds)
		t.Logf("functions with disagreements, by kind: %s", strings.Join(kinds, "; "))
	}
	t.Logf("%d functions differ where LLVM's answer depends on its visiting order (no failure; see diffOrderDependent)", st.orderDependent)
	t.Logf("with the fixes: %d functions differ from LLVM 22, through %d roots, %d values in all; the sibling-exit fix picks another cycle in %d of them",
		st.fixedFuncs, st.fixedRoots, st.fixedValues, st.siblingFuncs)

	if os.Getenv("SPMDVET_DIFF_REDUCE") != "" {
		for _, k := range slices.Sorted(maps.Keys(smallest)) {
			g := diffReduce(dir, smallest[k], k)
			report, raw, err := diffRunOpt(dir, "reduced", cfggen.Module(g))
			if err != nil {
				t.Fatal(err)
			}
			f := llir.MustParse(cfggen.Module(g))[0]
			out := diffCheck(f, report[f.Name])
			t.Logf("smallest reproducer of %q (from %s, analysis with LLVM22: %v):\n  %s\n--- IR:\n%s\n--- opt-22:\n%s\n--- ours:\n%s",
				k, smallest[k].Name, out.llvm22, strings.Join(out.problems, "\n  "), g.IR(), raw[f.Name], out.ours)
		}
	}
}

// diffReduce shrinks g as long as it shows a disagreement of the given
// kind.
func diffReduce(dir string, g *cfggen.Func, kind string) *cfggen.Func {
	return cfggen.Reduce(g, func(h *cfggen.Func) bool {
		module := cfggen.Module(h)
		report, _, err := diffRunOpt(dir, "candidate", module)
		if err != nil {
			return false
		}
		f, err := llir.Parse(module)
		if err != nil || len(f) != 1 || report[h.Name] == nil {
			return false
		}
		return diffCheck(f[0], report[h.Name]).kinds[kind]
	})
}

func diffSave(t *testing.T, dir string, f *llir.Func, opt, ours string) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for ext, text := range map[string]string{
		".ll":   cfggen.Header + "\n" + f.Text + "\n",
		".opt":  opt,
		".ours": ours,
	} {
		if err := os.WriteFile(filepath.Join(dir, f.Name+ext), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A diffProblem is one answer that differs from opt's report. kind names
// the answer and the direction of the difference: "value divergent here",
// "temporal divergence, LLVM only", "cycle print order" (the same cycles
// printed differently: entries or blocks in another order), and so on.
type diffProblem struct {
	kind, text string
	value      int    // the differing instruction, or -1
	cycle      string // the cycle of a differing list entry, as printed
}

func (p diffProblem) String() string { return p.kind + ": " + p.text }

// diffCompare lists every answer of res that differs from opt's report.
func diffCompare(f *llir.Func, of *llir.OptFunc, res *uniformity.Result) []diffProblem {
	var problems []diffProblem
	add := func(kind, format string, args ...any) {
		problems = append(problems, diffProblem{kind: kind, text: fmt.Sprintf(format, args...), value: -1})
	}
	addEntry := func(kind, entry, format string, args ...any) {
		cycle := entry[strings.LastIndex(entry, "depth="):]
		problems = append(problems, diffProblem{kind: kind, text: fmt.Sprintf(format, args...), value: -1, cycle: cycle})
	}
	word := func(divergent bool) string {
		if divergent {
			return "divergent"
		}
		return "uniform"
	}

	var optArgs []string
	for _, a := range of.DivergentArgs {
		optArgs = append(optArgs, a[strings.LastIndexByte(a, ' ')+1:])
	}
	for _, p := range f.Params() {
		if got, want := res.IsDivergent(p), slices.Contains(optArgs, f.ValueName(p)); got != want {
			add("argument "+word(got)+" here", "%s: ours %s, LLVM %s", f.ValueName(p), word(got), word(want))
		}
	}

	for b := range f.NumBlocks() {
		instrs := f.Instrs(b)
		defs, term := instrs[:len(instrs)-1], instrs[len(instrs)-1]
		var ob *llir.OptBlock
		if !of.AllUniform {
			if ob = of.Block(f.BlockName(b)); ob == nil {
				add("harness", "block %s: not in opt's report", f.BlockName(b))
				continue
			}
			if len(ob.Defs) != len(defs) || len(ob.Terms) != 1 {
				add("harness", "block %s: opt reports %d+%d instructions, we have %d+1", f.BlockName(b), len(ob.Defs), len(ob.Terms), len(defs))
				continue
			}
		}
		for i, v := range defs {
			want := false
			if ob != nil {
				if ob.Defs[i].Text != f.InstrText(v) {
					add("harness", "block %s: instruction %d is %q in opt's report, %q here", f.BlockName(b), i, ob.Defs[i].Text, f.InstrText(v))
					continue
				}
				want = ob.Defs[i].Divergent
			}
			if got := res.IsDivergent(v); got != want {
				add("value "+word(got)+" here", "%s: ours %s, LLVM %s", f.InstrText(v), word(got), word(want))
				problems[len(problems)-1].value = v
			}
		}
		want := ob != nil && ob.Terms[0].Divergent
		if got := res.IsDivergentTerminator(b); got != want {
			add("terminator "+word(got)+" here", "%s in %s: ours %s, LLVM %s", f.InstrText(term), f.BlockName(b), word(got), word(want))
			problems[len(problems)-1].value = term
		}
	}

	// The lists are compared as sets, first with each cycle reduced to its
	// depth and sets of entries and blocks, then as printed.
	compareSets := func(kind string, ours, llvm []string) {
		ourNorm, llvmNorm := diffNormalize(ours), diffNormalize(llvm)
		for i, s := range ourNorm {
			if !slices.Contains(llvmNorm, s) {
				addEntry(kind+", ours only", ours[i], "ours has %q, LLVM not", ours[i])
			}
		}
		for i, s := range llvmNorm {
			if !slices.Contains(ourNorm, s) {
				addEntry(kind+", LLVM only", llvm[i], "LLVM has %q, ours not", llvm[i])
			}
		}
		for i, s := range ours {
			if !slices.Contains(llvm, s) && slices.Contains(llvmNorm, ourNorm[i]) {
				add("cycle print order", "%s: ours %q, LLVM %q", kind, s, llvm[slices.Index(llvmNorm, ourNorm[i])])
			}
		}
	}
	compareSets("cycles assumed divergent", diffFormatCycles(f, res.AssumedDivergent()), of.AssumedDivergent)
	compareSets("cycles with divergent exit", diffFormatCycles(f, res.DivergentExits()), of.DivergentExits)
	// LLVM also lists uses of values that are divergent anyway, depending
	// on its worklist order; the analysis lists those of uniform values
	// only (see Result.TemporalDivergence), so compare those.
	uniformText := map[string]bool{}
	for v := range f.NumValues() {
		if f.Block(v) >= 0 && !res.IsDivergent(v) {
			uniformText[f.InstrText(v)] = true
		}
	}
	var llvmTemporal []string
	for _, tu := range of.Temporal {
		if !uniformText[tu.Value] {
			continue
		}
		llvmTemporal = append(llvmTemporal, tu.Value+" | used by "+tu.User+" | outside "+tu.Cycle)
	}
	compareSets("temporal divergence", diffTemporalList(f, res), llvmTemporal)
	diffMarkOrderDependent(f, res, problems, append(diffFormatCycles(f, res.AssumedDivergent()), of.AssumedDivergent...))
	return problems
}

// diffOrderDependent prefixes the kinds of differences that LLVM 22 itself
// does not decide: its answer depends on the order in which it visits the
// divergent values, which starts from a hash set of pointers. The same
// function can get different answers in different modules. Three things
// depend on that order, all around cycles assumed divergent (A below), and
// so does what they feed (values, branches, joins and cycle exits):
//
//   - A cycle inside A is listed as assumed divergent only if LLVM
//     reaches it before A (a cycle is added unless a listed one contains
//     it).
//   - The exit divergence of a cycle inside A (or A itself) is analyzed
//     only if LLVM reaches it before A: temporal divergence entries for
//     such cycles may be missing.
//   - With it, uses outside A of an always-uniform value defined in A
//     (readfirstlane, say) may stay uniform, and so may what they feed.
const diffOrderDependent = "order-dependent in LLVM: "

func diffMarkOrderDependent(f *llir.Func, res *uniformity.Result, problems []diffProblem, assumed []string) {
	var assumedBlocks [][]string
	for _, c := range assumed {
		assumedBlocks = append(assumedBlocks, diffCycleBlocks(c))
	}
	// inside reports whether the cycle with blocks bs lies in one of the
	// assumed divergent cycles, strictly if it is one of them itself.
	inside := func(bs []string, strictly bool) bool {
		for _, a := range assumedBlocks {
			if len(bs) <= len(a) && (!strictly || len(bs) < len(a)) && diffSubset(bs, a) {
				return true
			}
		}
		return false
	}
	for i, p := range problems {
		var ok bool
		switch {
		case strings.HasPrefix(p.kind, "cycles assumed divergent"):
			ok = inside(diffCycleBlocks(p.cycle), true)
		case strings.HasPrefix(p.kind, "temporal divergence"):
			ok = inside(diffCycleBlocks(p.cycle), false)
		case p.value >= 0:
			for _, op := range f.Operands(p.value) {
				if op < 0 || !slices.Contains(f.Uniform(), op) {
					continue
				}
				def, use := f.BlockName(f.Block(op)), f.BlockName(f.Block(p.value))
				for _, a := range assumedBlocks {
					ok = ok || slices.Contains(a, def) && !slices.Contains(a, use)
				}
			}
		}
		if ok {
			problems[i].kind = diffOrderDependent + p.kind
		}
	}
	// Values that differ because an operand differs for that reason, and
	// phis at the joins of a branch that does.
	dependent := map[int]bool{}
	dependsOn := func(v int) bool {
		for _, op := range f.Operands(v) {
			if op >= 0 && dependent[op] {
				return true
			}
		}
		if !f.IsPhi(v) {
			return false
		}
		for t := range dependent {
			if f.IsTerminator(t) && slices.Contains(uniformity.JoinsOf(res, f.Block(t)), f.Block(v)) {
				return true
			}
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for i, p := range problems {
			if p.value < 0 {
				continue
			}
			if strings.HasPrefix(p.kind, diffOrderDependent) {
				if !dependent[p.value] {
					dependent[p.value], changed = true, true
				}
				continue
			}
			if dependsOn(p.value) {
				problems[i].kind = diffOrderDependent + p.kind
				dependent[p.value], changed = true, true
			}
		}
	}
	// Cycles whose exits differ because a branch in them does.
	for i, p := range problems {
		if !strings.HasPrefix(p.kind, "cycles with divergent exit") {
			continue
		}
		blocks := diffCycleBlocks(p.cycle)
		for t := range dependent {
			if f.IsTerminator(t) && slices.Contains(blocks, f.BlockName(f.Block(t))) {
				problems[i].kind = diffOrderDependent + p.kind
				break
			}
		}
	}
}

// diffCycleBlocks returns the blocks of a printed cycle, sorted.
func diffCycleBlocks(cycle string) []string {
	open, closing := strings.Index(cycle, "entries("), strings.Index(cycle, ")")
	if open < 0 || closing < open {
		return nil
	}
	bs := strings.Fields(cycle[open+len("entries("):closing] + " " + cycle[closing+1:])
	slices.Sort(bs)
	return bs
}

// diffSubset reports whether every element of a is in b.
func diffSubset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// diffNormalize rewrites every printed cycle in list ("depth=1: entries(b
// a) d c", alone or at the end of a temporal divergence entry) as its
// depth and sorted sets of entries and other blocks.
func diffNormalize(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		at := strings.Index(s, "depth=")
		open, closing := strings.Index(s, "entries("), strings.Index(s, ")")
		if at < 0 || open < 0 || closing < open {
			out[i] = s
			continue
		}
		entries := strings.Fields(s[open+len("entries(") : closing])
		blocks := strings.Fields(s[closing+1:])
		slices.Sort(entries)
		slices.Sort(blocks)
		out[i] = s[:open] + "entries{" + strings.Join(entries, " ") + "} {" + strings.Join(blocks, " ") + "}"
	}
	return out
}

func diffFormatCycles(f *llir.Func, cycles []*uniformity.Cycle) []string {
	var out []string
	for _, c := range cycles {
		out = append(out, c.Format(f.BlockName))
	}
	return out
}

func diffTemporalList(f *llir.Func, res *uniformity.Result) []string {
	var out []string
	for _, tu := range res.TemporalDivergence() {
		s := f.InstrText(tu.Value) + " | used by " + f.InstrText(tu.User) + " | outside " + tu.Cycle.Format(f.BlockName)
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// diffCheckFixed checks the answers of the analysis with its two fixes
// against LLVM 22, which lacks them:
//
//   - LLVM PR #216296 makes the exit block of a cycle with a divergent exit
//     a join, so a phi there may become divergent where LLVM 22 says
//     uniform: a root.
//   - The sibling-exit fix (see TestLLVMPatterns): lanes that leave by an
//     exit lying in another cycle leave every cycle around the branch that
//     does not hold the exit, where LLVM 22 stops at a cycle one deeper
//     than the exit. A cycle with a divergent exit may then be an outer one
//     of LLVM's. Its temporal uses are roots (divergent with the fix), and
//     so are LLVM's temporal uses through the inner cycle it replaces that
//     the fix does not share (uniform with the fix: lanes leave that cycle
//     together everywhere else).
//
// Everything else that differs must follow from roots: a value using a
// differing value, a branch on one, or an instruction that a differing
// branch controls.
func diffCheckFixed(f *llir.Func, of *llir.OptFunc, res *uniformity.Result) (roots, values int, sibling bool, problems []string) {
	llvmDivergent := map[int]bool{} // values and terminators (by value id)
	llvmTerm := map[int]bool{}      // blocks
	if !of.AllUniform {
		for b := range f.NumBlocks() {
			ob := of.Block(f.BlockName(b))
			instrs := f.Instrs(b)
			for i, in := range ob.Defs {
				llvmDivergent[instrs[i]] = in.Divergent
			}
			llvmTerm[b] = ob.Terms[0].Divergent
		}
	}

	exitOfDivergentExit := map[int]bool{}
	for _, c := range res.DivergentExits() {
		for _, b := range c.Blocks() {
			for _, s := range f.Succs(b) {
				if !c.Contains(s) {
					exitOfDivergentExit[s] = true
				}
			}
		}
	}
	// The cycles with a divergent exit, by their sorted blocks. Where lanes
	// leave one straight into a cycle that does not hold it (siblingExit),
	// LLVM 22 may list a cycle inside it instead (replaced), and the fix
	// may list it where LLVM 22 does not (a root).
	key := func(printed string) string { return strings.Join(diffCycleBlocks(printed), " ") }
	llvmExits := map[string]bool{}
	for _, c := range of.DivergentExits {
		llvmExits[key(c)] = true
	}
	ourExits := map[string]bool{}
	var siblingExit [][]string
	for _, c := range res.DivergentExits() {
		k := key(c.Format(f.BlockName))
		ourExits[k] = true
		for _, e := range c.Exits() {
			if ce := res.Cycles().CycleOf(e); ce != nil && !ce.ContainsCycle(c) {
				siblingExit = append(siblingExit, strings.Fields(k))
				if !llvmExits[k] {
					roots++
					sibling = true
				}
				break
			}
		}
	}
	replaced := func(blocks []string) bool {
		for _, outer := range siblingExit {
			if diffSubset(blocks, outer) {
				return true
			}
		}
		return false
	}
	// The exit phis of replaced cycles, which LLVM 22 makes divergent when
	// they take a value from inside.
	replacedExitPhi := map[int]bool{}
	for _, c := range of.DivergentExits {
		blocks := diffCycleBlocks(c)
		if ourExits[key(c)] || !replaced(blocks) {
			continue
		}
		for b := range f.NumBlocks() {
			if slices.Contains(blocks, f.BlockName(b)) {
				continue
			}
			for _, p := range f.Preds(b) {
				if slices.Contains(blocks, f.BlockName(p)) {
					for _, v := range f.Instrs(b) {
						replacedExitPhi[v] = f.IsPhi(v)
					}
				}
			}
		}
	}
	byText := map[string][]int{}
	for v := range f.NumValues() {
		if f.Block(v) >= 0 {
			byText[f.InstrText(v)] = append(byText[f.InstrText(v)], v)
		}
	}

	differs := map[int]bool{}     // values
	termDiffers := map[int]bool{} // blocks
	for b := range f.NumBlocks() {
		instrs := f.Instrs(b)
		for _, v := range instrs[:len(instrs)-1] {
			if res.IsDivergent(v) != llvmDivergent[v] {
				differs[v] = true
			}
		}
		if res.IsDivergentTerminator(b) != llvmTerm[b] {
			termDiffers[b] = true
		}
	}

	explained := map[int]bool{}
	explainedTerm := map[int]bool{}
	for v := range differs {
		why := res.Cause(v)
		switch {
		case !res.IsDivergent(v) && replacedExitPhi[v],
			res.IsDivergent(v) && why.Kind == uniformity.CauseTemporal && !llvmExits[key(why.Cycle.Format(f.BlockName))]:
			sibling = true
		case res.IsDivergent(v) && f.IsPhi(v) && exitOfDivergentExit[f.Block(v)]:
		default:
			continue
		}
		explained[v] = true
		roots++
	}
	// Blocks that a differing branch reaches: their instructions may be
	// sync or temporally dependent on it.
	controlled := map[int]bool{}
	for _, tu := range of.Temporal {
		if ourExits[key(tu.Cycle)] || !replaced(diffCycleBlocks(tu.Cycle)) {
			continue
		}
		for _, u := range byText[tu.User] {
			if differs[u] && !res.IsDivergent(u) && !explained[u] {
				explained[u] = true
				roots++
				sibling = true
			}
			if b := f.Block(u); f.IsTerminator(u) && termDiffers[b] && !res.IsDivergentTerminator(b) && !explainedTerm[b] {
				explainedTerm[b] = true
				diffMarkReachable(f, b, controlled)
				roots++
				sibling = true
			}
		}
	}
	for b := range termDiffers {
		// A branch on a temporally divergent use, of a cycle that LLVM 22
		// does not list.
		if why := res.BranchCause(b); res.IsDivergentTerminator(b) && why.Kind == uniformity.CauseTemporal && !llvmExits[key(why.Cycle.Format(f.BlockName))] {
			explainedTerm[b] = true
			diffMarkReachable(f, b, controlled)
			roots++
			sibling = true
		}
	}
	// The new join at a cycle exit can also make an irreducible cycle
	// around it assumed divergent (diverged-entry criterion): a root too,
	// which taints the cycle and what follows it.
	var llvmAssumed [][]string
	for _, c := range of.AssumedDivergent {
		llvmAssumed = append(llvmAssumed, diffCycleBlocks(c))
	}
	for _, c := range res.AssumedDivergent() {
		bs := diffCycleBlocks(c.Format(f.BlockName))
		inLLVM := false
		for _, a := range llvmAssumed {
			inLLVM = inLLVM || diffSubset(bs, a)
		}
		newJoin := false
		for _, b := range c.Blocks() {
			newJoin = newJoin || exitOfDivergentExit[b]
		}
		if !inLLVM && newJoin {
			roots++
			for _, b := range c.Blocks() {
				controlled[b] = true
				diffMarkReachable(f, b, controlled)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for b := range termDiffers {
			if explainedTerm[b] {
				continue
			}
			instrs := f.Instrs(b)
			for _, op := range f.Operands(instrs[len(instrs)-1]) {
				if op >= 0 && (explained[op] || slices.Contains(f.Uniform(), op)) {
					explainedTerm[b] = true
					changed = true
					diffMarkReachable(f, b, controlled)
					break
				}
			}
		}
		for v := range differs {
			if explained[v] {
				continue
			}
			ok := controlled[f.Block(v)]
			for _, op := range f.Operands(v) {
				// A use of an always-uniform value is order-dependent in
				// LLVM (see diffOrderDependent).
				ok = ok || op >= 0 && (explained[op] || slices.Contains(f.Uniform(), op))
			}
			if ok {
				explained[v] = true
				changed = true
			}
		}
	}
	word := func(divergent bool) string {
		if divergent {
			return "divergent"
		}
		return "uniform"
	}
	for v := range differs {
		if !explained[v] {
			problems = append(problems, fmt.Sprintf("%s: %s in LLVM 22, %s with the fixes, and neither fix explains it",
				f.InstrText(v), word(!res.IsDivergent(v)), word(res.IsDivergent(v))))
		}
	}
	for b := range termDiffers {
		if !explainedTerm[b] {
			problems = append(problems, fmt.Sprintf("terminator of %s: %s in LLVM 22, %s with the fixes, and neither fix explains it",
				f.BlockName(b), word(!res.IsDivergentTerminator(b)), word(res.IsDivergentTerminator(b))))
		}
	}
	// Without a root the answers must agree on the lists as well; with one
	// the lists may only grow, except that a cycle with a divergent exit
	// may give way to an outer one, and its temporal uses with it.
	for _, p := range diffCompare(f, of, res) {
		if strings.HasPrefix(p.kind, "value") || strings.HasPrefix(p.kind, "terminator") || strings.HasPrefix(p.kind, diffOrderDependent) {
			continue
		}
		if roots > 0 && strings.Contains(p.text, "ours has") {
			continue
		}
		if p.cycle != "" && strings.HasSuffix(p.kind, "LLVM only") && replaced(diffCycleBlocks(p.cycle)) {
			continue
		}
		problems = append(problems, p.String())
	}
	return roots, len(differs) + len(termDiffers), sibling, problems
}

// diffMarkReachable adds the blocks reachable from b's successors to seen.
func diffMarkReachable(f *llir.Func, b int, seen map[int]bool) {
	stack := slices.Clone(f.Succs(b))
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		stack = append(stack, f.Succs(x)...)
	}
}

// diffFormatLikeOpt prints the answers of res in the format of opt's
// print<uniformity>, so that the two can be read side by side.
func diffFormatLikeOpt(f *llir.Func, res *uniformity.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "UniformityInfo for function '%s':\n", f.Name)
	var args []string
	for _, p := range f.Params() {
		if res.IsDivergent(p) {
			args = append(args, "  DIVERGENT: "+f.Type(p)+" "+f.ValueName(p)+"\n")
		}
	}
	if len(args) > 0 {
		b.WriteString("DIVERGENT ARGUMENTS:\n" + strings.Join(args, ""))
	}
	for _, list := range []struct {
		title  string
		cycles []*uniformity.Cycle
	}{
		{"CYCLES ASSUMED DIVERGENT:", res.AssumedDivergent()},
		{"CYCLES WITH DIVERGENT EXIT:", res.DivergentExits()},
	} {
		if len(list.cycles) > 0 {
			b.WriteString(list.title + "\n")
			for _, c := range diffFormatCycles(f, list.cycles) {
				b.WriteString("  " + c + "\n")
			}
		}
	}
	if tl := res.TemporalDivergence(); len(tl) > 0 {
		b.WriteString("\nTEMPORAL DIVERGENCE LIST:\n")
		for _, tu := range tl {
			fmt.Fprintf(&b, "Value         :  %s\nUsed by       :  %s\nOutside cycle :%s\n\n",
				f.InstrText(tu.Value), f.InstrText(tu.User), tu.Cycle.Format(f.BlockName))
		}
	}
	for blk := range f.NumBlocks() {
		fmt.Fprintf(&b, "\nBLOCK %s\nDEFINITIONS\n", f.BlockName(blk))
		instrs := f.Instrs(blk)
		line := func(divergent bool, text string) {
			if divergent {
				b.WriteString("  DIVERGENT:   " + text + "\n")
			} else {
				b.WriteString("               " + text + "\n")
			}
		}
		for _, v := range instrs[:len(instrs)-1] {
			line(res.IsDivergent(v), f.InstrText(v))
		}
		b.WriteString("TERMINATORS\n")
		line(res.IsDivergentTerminator(blk), f.InstrText(instrs[len(instrs)-1]))
		b.WriteString("END BLOCK\n")
	}
	return b.String()
}

func TestDifferentialLLVMFile(t *testing.T) {
	path := os.Getenv("SPMDVET_DIFF_FILE")
	if path == "" {
		t.Skip("SPMDVET_DIFF_FILE not set")
	}
	if _, err := exec.LookPath("opt-22"); err != nil {
		t.Skip("opt-22 not installed:", err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	report, raw, err := diffRunOpt(t.TempDir(), "file", string(src))
	if err != nil {
		t.Fatal(err)
	}
	funcs, err := llir.Parse(string(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range funcs {
		if out := diffCheck(f, report[f.Name]); len(out.problems) > 0 {
			t.Errorf("%s (analysis with LLVM22: %v):\n  %s\n--- opt-22:\n%s\n--- ours:\n%s",
				f.Name, out.llvm22, strings.Join(out.problems, "\n  "), raw[f.Name], out.ours)
		}
	}
}
