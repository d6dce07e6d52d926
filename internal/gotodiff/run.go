package gotodiff

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Config configures Run.
type Config struct {
	N          int    // number of kernels
	From       int    // index of the first kernel
	Seed       uint64 // kernel i has seed Seed*1_000_000+i
	PerPackage int    // kernels per Go package (and IR file); default 150
	Options    Options
	// Dir is the work directory, where the Go module of the kernels and
	// the IR files are written. It must exist.
	Dir string
	// Spmdvet is the spmdvet binary; if empty Run builds one in Dir.
	Spmdvet string
	// LLVM22 runs the dump as it is by default, reproducing LLVM 22
	// exactly; otherwise with -fixed, with the core's fixes of LLVM 22.
	LLVM22 bool
	// Opt is the opt binary; default "opt-22".
	Opt string
	// ModuleRoot is the directory of spmdvet's go.mod; if empty Run asks
	// the go command.
	ModuleRoot string
	// Keep is how many of the smallest failing kernels to keep for each
	// class of disagreement; default 3.
	Keep int
	// Log, if set, reports progress.
	Log func(format string, args ...any)
}

// Summary is the outcome of Run.
type Summary struct {
	Graphs int
	// Compared and Missing count items by kind (see Result);
	// MissingPlain counts the missing items of kernels that go/ssa did
	// not reshape beyond fusion, and MissingExamples keeps a few.
	Compared, Missing, MissingPlain map[string]int
	MissingExamples                 []string
	// MissingBranches keeps a few kernels where a branch is on one side
	// only.
	MissingBranches []string
	// Diffs counts disagreements by class, then kind.
	Diffs map[string]map[string]int
	// Kernels counts the kernels with a disagreement of each class.
	Kernels map[string]int
	// CoreDiffs counts, by kind, the items where the core (LLVM22 mode)
	// disagrees with opt on the IR after mem2reg.
	CoreDiffs map[string]int
	// Reshaped counts the kernels whose graph go/ssa changed beyond
	// fusion; Fused those where it fused labels into one block, and
	// Reshapes counts what it did ("dropped" labels, branches "jumped",
	// fusions "entry+B" and "B+B").
	Reshaped, Fused int
	Reshapes        map[string]int
	// Comments counts the labels by how the dump's block comments show
	// them (see GoView.CommentStats).
	Comments map[string]int
	// Examples keeps, for each class and kind ("adapter/call"), the
	// smallest kernels that show it.
	Examples map[string][]*Example
}

// Example is a failing kernel with everything needed to reproduce it.
type Example struct {
	Result                          *Result
	GoSource, IR, OptReport, GoDump string
	// The IR of go/ssa's graph (see GoView.GoIR) and opt's report on it.
	GoGraphIR, GoGraphReport string
	// go/ssa's SSA form as IR (see GoView.SSAIR) and opt's report on it.
	SSAIR, SSAReport string
}

// Size orders examples: blocks plus statements.
func (e *Example) Size() int {
	n := len(e.Result.Kernel.Blocks)
	for _, b := range e.Result.Kernel.Blocks {
		n += len(b.Stmts)
	}
	return n
}

// Total returns the number of disagreements.
func (s *Summary) Total() int {
	n := 0
	for _, m := range s.Diffs {
		for _, c := range m {
			n += c
		}
	}
	return n
}

// Run generates cfg.N kernels and compares spmdvet's answers with opt's.
func Run(cfg Config) (*Summary, error) {
	if cfg.PerPackage == 0 {
		cfg.PerPackage = 150
	}
	if cfg.Opt == "" {
		cfg.Opt = "opt-22"
	}
	if cfg.Keep == 0 {
		cfg.Keep = 3
	}
	if cfg.Log == nil {
		cfg.Log = func(string, ...any) {}
	}
	if cfg.ModuleRoot == "" {
		out, err := exec.Command("go", "env", "GOMOD").Output()
		if err != nil || strings.TrimSpace(string(out)) == "" || strings.TrimSpace(string(out)) == os.DevNull {
			return nil, fmt.Errorf("cannot find spmdvet's module (go env GOMOD): %v", err)
		}
		cfg.ModuleRoot = filepath.Dir(strings.TrimSpace(string(out)))
	}
	if err := writeModule(cfg.Dir, cfg.ModuleRoot); err != nil {
		return nil, err
	}
	if cfg.Spmdvet == "" {
		cfg.Spmdvet = filepath.Join(cfg.Dir, "spmdvet")
		build := exec.Command("go", "build", "-o", cfg.Spmdvet, "github.com/spmdvet/spmdvet/cmd/spmdvet")
		build.Dir = cfg.ModuleRoot
		if out, err := build.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("building spmdvet: %v\n%s", err, out)
		}
	}
	sum := &Summary{
		Compared: map[string]int{}, Missing: map[string]int{}, MissingPlain: map[string]int{},
		Diffs: map[string]map[string]int{}, Kernels: map[string]int{},
		CoreDiffs: map[string]int{}, Reshapes: map[string]int{}, Comments: map[string]int{},
		Examples: map[string][]*Example{},
	}
	for p := 0; p*cfg.PerPackage < cfg.N; p++ {
		var ks []*Kernel
		for j := p * cfg.PerPackage; j < min(cfg.N, (p+1)*cfg.PerPackage); j++ {
			i := cfg.From + j
			seed := cfg.Seed*1_000_000 + uint64(i)
			ks = append(ks, Generate(seed, fmt.Sprintf("K%d", i), cfg.Options))
		}
		if err := runPackage(cfg, p, ks, sum); err != nil {
			return sum, err
		}
		cfg.Log("package %d: %d graphs, %d disagreements so far", p, sum.Graphs, sum.Total())
	}
	return sum, nil
}

var goLineRE = regexp.MustCompile(`(?m)^go (\S+)`)

// writeModule writes the go.mod of the kernels' module: it requires
// spmdvet, replaced by its directory, and borrows spmdvet's go.sum.
func writeModule(dir, root string) error {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return err
	}
	goVersion := "1.26.0"
	if m := goLineRE.FindSubmatch(mod); m != nil {
		goVersion = string(m[1])
	}
	gomod := fmt.Sprintf("module gotodiff.test\n\ngo %s\n\nrequire github.com/spmdvet/spmdvet v0.0.0\n\nreplace github.com/spmdvet/spmdvet => %s\n", goVersion, root)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}

func runPackage(cfg Config, p int, ks []*Kernel, sum *Summary) error {
	pkg := fmt.Sprintf("p%d", p)
	dir := filepath.Join(cfg.Dir, pkg)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	goSrc := GoFile(pkg, ks)
	if err := os.WriteFile(filepath.Join(dir, "k.go"), []byte(goSrc), 0o644); err != nil {
		return err
	}
	irPath := filepath.Join(cfg.Dir, pkg+".ll")
	if err := os.WriteFile(irPath, []byte(IRModule(ks)), 0o644); err != nil {
		return err
	}

	// spmdvet and opt in parallel: two processes for two cores.
	var wg sync.WaitGroup
	var dump map[string]*DumpFunc
	var dumpErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		dump, dumpErr = RunDump(cfg.Spmdvet, dir, cfg.LLVM22)
	}()
	rep, m2r, err := RunOpt(cfg.Opt, irPath)
	wg.Wait()
	if err != nil {
		return err
	}
	if dumpErr != nil {
		return dumpErr
	}
	irs, err := ParseIR(m2r)
	if err != nil {
		return err
	}
	fns, err := LoadSSA(dir)
	if err != nil {
		return err
	}

	all := make([]*sides, len(ks))
	// Variants of the IR, to tell what makes a difference: "go" is
	// go/ssa's graph with Go's constant folding, "shape" the graph
	// alone, "fold" the folding alone, "ssa" go/ssa's SSA form itself.
	variants := map[string][]string{}
	chains := map[string]map[string][]string{}
	for i, k := range ks {
		f, d, ir, r := fns[k.Name], dump[k.Name], irs[k.Name], rep[k.Name]
		if f == nil || d == nil || ir == nil || r == nil {
			return fmt.Errorf("%s: missing from go/ssa (%v), the dump (%v), the IR (%v) or opt's report (%v)", k.Name, f != nil, d != nil, ir != nil, r != nil)
		}
		if err := sameCFG(k, ir); err != nil {
			return err
		}
		gv, err := NewGoView(k, f, d, f.Prog.Fset)
		if err != nil {
			return err
		}
		all[i] = &sides{k: k, goV: gv, opt: NewOptView(r, ir), core22: Analyze(ir, true), coreFixed: Analyze(ir, false)}
		if text, ch, ok := gv.GoIR(true); ok {
			variants["go"] = append(variants["go"], text)
			chains[k.Name] = ch
			all[i].goIR = text
			// Go's own SSA form, where it has one: not where the
			// analysis restored blocks go/ssa removed.
			if !gv.Restored() {
				ssaText, err := gv.SSAIR()
				if err != nil {
					return err
				}
				variants["ssa"] = append(variants["ssa"], ssaText)
			}
			if k.HasConstCond() {
				text, _, _ = gv.GoIR(false)
				variants["shape"] = append(variants["shape"], text)
				variants["fold"] = append(variants["fold"], k.ir(true))
			}
		}
	}
	for _, name := range []string{"go", "shape", "fold", "ssa"} {
		if len(variants[name]) == 0 {
			continue
		}
		path := filepath.Join(cfg.Dir, pkg+"."+name+".ll")
		if err := os.WriteFile(path, []byte(IRHeader+"\n"+strings.Join(variants[name], "\n")), 0o644); err != nil {
			return err
		}
		vrep, vm2r, err := RunOpt(cfg.Opt, path)
		if err != nil {
			return err
		}
		virs, err := ParseIR(vm2r)
		if err != nil {
			return err
		}
		for i, k := range ks {
			vf := virs[k.Name]
			if vf == nil {
				continue
			}
			s := all[i]
			if name != "fold" {
				if vf.NumBlocks() != len(s.goV.succs) {
					return fmt.Errorf("%s: the IR of go/ssa's graph has %d blocks, the dump %d", k.Name, vf.NumBlocks(), len(s.goV.succs))
				}
				vf.SetChains(chains[k.Name])
			}
			ov := NewOptView(vrep[k.Name], vf)
			switch name {
			case "go":
				s.rOpt = ov
				s.rCore22, s.rCore = Analyze(vf, true), Analyze(vf, false)
			case "shape":
				s.shapeOpt = ov
			case "fold":
				s.foldOpt = ov
			case "ssa":
				s.ssaOpt = ov
				s.ssaText = vm2r
			}
		}
	}

	goLines := strings.Split(goSrc, "\n")
	for i, s := range all {
		res := s.compare()
		k := ks[i]
		sum.Graphs++
		for kind, n := range res.Compared {
			sum.Compared[kind] += n
		}
		for kind, n := range res.Missing {
			sum.Missing[kind] += n
			if !res.Reshaped {
				sum.MissingPlain[kind] += n
			}
		}
		if !res.Reshaped && len(res.MissingItems) > 0 && len(sum.MissingExamples) < 10 {
			sum.MissingExamples = append(sum.MissingExamples, k.Summary()+": "+strings.Join(res.MissingItems, "; "))
		}
		if res.Missing[KBranch] > 0 && len(sum.MissingBranches) < 10 {
			sum.MissingBranches = append(sum.MissingBranches, k.Summary()+": "+strings.Join(res.MissingItems, "; "))
		}
		for _, d := range res.CoreDiffs {
			sum.CoreDiffs[d.Kind]++
		}
		if res.Reshaped {
			sum.Reshaped++
		}
		for c, n := range s.goV.CommentStats() {
			sum.Comments[c] += n
		}
		if len(res.Fused) > 0 {
			sum.Fused++
		}
		for _, f := range res.Fused {
			if strings.HasPrefix(f, "entry") {
				sum.Reshapes["fused entry+B0"]++
			} else {
				sum.Reshapes["fused B+B"]++
			}
		}
		for _, n := range res.Notes {
			switch {
			case strings.HasPrefix(n, "dropped"):
				sum.Reshapes["dropped empty label (jump threading)"]++
			case strings.Contains(n, "became a jump"):
				sum.Reshapes["branch with one target became a jump"]++
			default:
				sum.Reshapes["other: "+k.Name+": "+n]++
			}
		}
		classes := map[string]bool{}
		pairs := map[string]bool{}
		for _, d := range res.Diffs {
			if sum.Diffs[d.Class] == nil {
				sum.Diffs[d.Class] = map[string]int{}
			}
			sum.Diffs[d.Class][d.Kind]++
			classes[d.Class] = true
			pairs[d.Class+"/"+d.Kind] = true
		}
		for c := range classes {
			sum.Kernels[c]++
		}
		for c := range pairs {
			ex := &Example{
				Result:    res,
				GoSource:  strings.Join(goLines[k.FirstLine-1:k.LastLine], "\n"),
				IR:        k.IR(),
				OptReport: s.opt.rep.CycleReport + s.opt.rep.Report,
				GoDump:    DumpText(s.goV.d),
			}
			if s.rOpt != nil {
				ex.GoGraphIR = s.goIR
				ex.GoGraphReport = s.rOpt.rep.CycleReport + s.rOpt.rep.Report
			}
			if s.ssaOpt != nil {
				ex.SSAIR = s.ssaOpt.f.Text
				ex.SSAReport = s.ssaOpt.rep.Report
			}
			list := append(sum.Examples[c], ex)
			sort.SliceStable(list, func(i, j int) bool { return list[i].Size() < list[j].Size() })
			if len(list) > cfg.Keep {
				list = list[:cfg.Keep]
			}
			sum.Examples[c] = list
		}
	}
	return nil
}

// sameCFG checks that mem2reg left the graph as written: the blocks of
// the kernel, in order, with their successors.
func sameCFG(k *Kernel, f *IRFunc) error {
	if f.NumBlocks() != len(k.Blocks)+1 || f.BlockName(0) != "entry" {
		return fmt.Errorf("%s: opt's IR has %d blocks, the kernel %d+entry", k.Name, f.NumBlocks(), len(k.Blocks))
	}
	for b := range k.Blocks {
		i := b + 1
		if f.BlockName(i) != Label(b) {
			return fmt.Errorf("%s: opt's block %d is %s, want %s", k.Name, i, f.BlockName(i), Label(b))
		}
		var want []string
		for _, s := range k.Blocks[b].Term.Succs {
			want = append(want, Label(s))
		}
		var got []string
		for _, s := range f.Succs(i) {
			got = append(got, f.BlockName(s))
		}
		if !slices.Equal(got, want) {
			return fmt.Errorf("%s: mem2reg changed the successors of %s: %v, want %v", k.Name, Label(b), got, want)
		}
	}
	return nil
}

// DumpText prints a function of the dump like spmdvet's text output,
// with the cycles.
func DumpText(d *DumpFunc) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "spmdvet uniformity for %s:\n", d.Name)
	for _, c := range d.Cycles {
		fmt.Fprintf(&sb, "  cycle depth=%d header=%d entries=%v blocks=%v divergentExit=%v assumedDivergent=%v\n",
			c.Depth, c.Header, c.Entries, c.Blocks, c.DivergentExit, c.AssumedDivergent)
	}
	mark := func(div bool) string {
		if div {
			return "  DIVERGENT: "
		}
		return "             "
	}
	for _, b := range d.Blocks {
		fmt.Fprintf(&sb, "BLOCK %d (%s)", b.Index, b.Comment)
		if !b.MConverged {
			sb.WriteString(" not m-converged")
		}
		sb.WriteString("\n")
		for _, in := range b.Instrs {
			fmt.Fprintf(&sb, "%s%s\n", mark(in.Divergent), in.Text)
		}
		if b.Terminator != nil {
			fmt.Fprintf(&sb, "%s%s\n", mark(b.Terminator.Divergent), b.Terminator.Text)
		}
	}
	return sb.String()
}

// Format writes the summary as text.
func (s *Summary) Format() string {
	var sb strings.Builder
	total := 0
	for _, n := range s.Compared {
		total += n
	}
	fmt.Fprintf(&sb, "graphs: %d, items compared: %d, disagreements: %d\n", s.Graphs, total, s.Total())
	fmt.Fprintf(&sb, "%-8s %9s %8s", "kind", "compared", "missing")
	for _, c := range Classes {
		fmt.Fprintf(&sb, " %16s", c)
	}
	sb.WriteString("\n")
	for _, k := range Kinds {
		fmt.Fprintf(&sb, "%-8s %9d %8d", k, s.Compared[k], s.Missing[k])
		for _, c := range Classes {
			fmt.Fprintf(&sb, " %16d", s.Diffs[c][k])
		}
		sb.WriteString("\n")
	}
	fmt.Fprintf(&sb, "kernels with a disagreement, by class:")
	for _, c := range Classes {
		fmt.Fprintf(&sb, " %s=%d", c, s.Kernels[c])
	}
	sb.WriteString("\n")
	fmt.Fprintf(&sb, "missing items in kernels go/ssa did not reshape: %v\n", s.MissingPlain)
	for _, m := range s.MissingExamples {
		fmt.Fprintf(&sb, "  %s\n", m)
	}
	for _, m := range s.MissingBranches {
		fmt.Fprintf(&sb, "  branch on one side only: %s\n", m)
	}
	fmt.Fprintf(&sb, "core (LLVM22 mode) vs opt on the same IR, by kind: %v\n", s.CoreDiffs)
	fmt.Fprintf(&sb, "labels by the dump's block comments: %v\n", s.Comments)
	fmt.Fprintf(&sb, "go/ssa: %d kernels with fused blocks, %d reshaped beyond fusion\n", s.Fused, s.Reshaped)
	keys := make([]string, 0, len(s.Reshapes))
	for k := range s.Reshapes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&sb, "  %6d %s\n", s.Reshapes[k], k)
	}
	return sb.String()
}

// Format writes an example in full.
func (e *Example) Format() string {
	var sb strings.Builder
	r := e.Result
	fmt.Fprintf(&sb, "=== %s\n", r.Kernel.Summary())
	if len(r.Notes) > 0 || len(r.Fused) > 0 {
		fmt.Fprintf(&sb, "go/ssa: %s; fused: %s\n", strings.Join(r.Notes, "; "), strings.Join(r.Fused, " "))
	}
	for _, d := range r.Diffs {
		fmt.Fprintf(&sb, "  %s\n", d)
	}
	if len(r.MissingItems) > 0 {
		fmt.Fprintf(&sb, "  only on one side: %s\n", strings.Join(r.MissingItems, "; "))
	}
	fmt.Fprintf(&sb, "--- Go kernel:\n%s\n--- LLVM IR:\n%s", e.GoSource, e.IR)
	fmt.Fprintf(&sb, "--- opt-22 -passes='%s':\n%s", OptPasses, e.OptReport)
	fmt.Fprintf(&sb, "--- spmdvet uniformity -json (as text):\n%s", e.GoDump)
	if e.GoGraphIR != "" {
		fmt.Fprintf(&sb, "--- LLVM IR of go/ssa's graph:\n%s--- opt-22 on it:\n%s", e.GoGraphIR, e.GoGraphReport)
	}
	if e.SSAIR != "" {
		fmt.Fprintf(&sb, "--- go/ssa's SSA form as LLVM IR:\n%s\n--- opt-22 on it:\n%s", e.SSAIR, e.SSAReport)
	}
	return sb.String()
}
