package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"go/types"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/spmdvet/spmdvet/passes/divergence"
	"github.com/spmdvet/spmdvet/uniformity"
)

const uniformityUsage = `usage: spmdvet uniformity [-json] [-run REGEXP] [-test=false] [-fixed] packages

Prints, for every SPMD function in the packages, each block's instructions
with the divergent ones marked, the cycles assumed divergent, the cycles with
divergent exits and the temporal divergence list, like LLVM's
opt -passes='print<uniformity>', with LLVM 22's answers. With -fixed it prints
the analysis the checker uses, which fixes two bugs of LLVM 22 (see
uniformity.Config.LLVM22).
`

func uniformityMain(args []string) int {
	fs := flag.NewFlagSet("uniformity", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "write JSON")
	run := fs.String("run", "", "only functions whose name matches `regexp`")
	tests := fs.Bool("test", true, "also analyze the packages' tests, as the checker does")
	fixed := fs.Bool("fixed", false, "with the fixes of LLVM 22's bugs, as the checker has them, rather than exactly as LLVM 22")
	llvm22 := fs.Bool("llvm22", true, "exactly as LLVM 22 (the default); -llvm22=false is -fixed")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), uniformityUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	var filter *regexp.Regexp
	if *run != "" {
		var err error
		if filter, err = regexp.Compile(*run); err != nil {
			fmt.Fprintf(os.Stderr, "spmdvet uniformity: bad -run: %v\n", err)
			return 2
		}
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	set := make(map[string]bool)
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["fixed"] && set["llvm22"] && *fixed == *llvm22 {
		fmt.Fprintf(os.Stderr, "spmdvet uniformity: -fixed=%v and -llvm22=%v contradict each other\n", *fixed, *llvm22)
		return 2
	}
	if set["llvm22"] && !*llvm22 {
		*fixed = true
	}
	if !*fixed {
		if err := divergence.Analyzer.Flags.Set("llvm22", "true"); err != nil {
			fmt.Fprintf(os.Stderr, "spmdvet uniformity: %v\n", err)
			return 2
		}
	}
	funcs, fset, err := analyzePackages(fs.Args(), *tests)
	if err != nil {
		fmt.Fprintf(os.Stderr, "spmdvet uniformity: %v\n", err)
		return 1
	}
	var out dump
	out.Functions = []dumpFunc{}
	for _, f := range funcs {
		if filter != nil && !filter.MatchString(f.SSA.String()) {
			continue
		}
		out.Functions = append(out.Functions, dumpOf(f, fset))
	}
	w := bufio.NewWriter(os.Stdout)
	if *asJSON {
		out.writeJSON(w) // an error stays in w
	} else {
		for _, f := range out.Functions {
			f.writeText(w)
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(os.Stderr, "spmdvet uniformity: writing the dump: %v\n", err)
		return 1
	}
	return 0
}

// analyzePackages loads the packages and runs the divergence analyzer.
func analyzePackages(patterns []string, tests bool) ([]*divergence.Func, *token.FileSet, error) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: tests}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, nil, errors.New(goCommandError(err.Error()))
	}
	if n := printErrors(pkgs); n > 0 {
		return nil, nil, fmt.Errorf("packages contain errors (%d)", n)
	}
	if len(pkgs) == 0 {
		return nil, nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{divergence.Analyzer}, pkgs, nil)
	if err != nil {
		return nil, nil, err
	}
	var funcs []*divergence.Func
	var fset *token.FileSet
	seen := make(map[string]bool) // a package and its test variant share functions
	for _, act := range graph.Roots {
		if act.Err != nil {
			return nil, nil, act.Err
		}
		fset = act.Package.Fset
		res, ok := act.Result.(*divergence.Result)
		if !ok {
			continue
		}
		for _, f := range res.Funcs {
			key := f.SSA.String() + "@" + fset.Position(f.SSA.Pos()).String()
			if !seen[key] {
				seen[key] = true
				funcs = append(funcs, f)
			}
		}
	}
	return funcs, fset, nil
}

type dump struct {
	Functions []dumpFunc `json:"functions"`
}

type dumpFunc struct {
	Name     string         `json:"name"`
	File     string         `json:"file"`
	Kernel   bool           `json:"kernel"`
	Cycles   []dumpCycle    `json:"cycles"`
	Blocks   []dumpBlock    `json:"blocks"`
	Temporal []dumpTemporal `json:"temporalDivergence"`
}

// dumpCycle.AssumedDivergent means listed under CYCLES ASSUMED DIVERGENT:
// as in LLVM, a cycle nested in one listed before it is left out, and a
// block's mConverged tells whether any cycle around it is assumed divergent.
type dumpCycle struct {
	Header  int   `json:"header"`
	Entries []int `json:"entries"`
	// Blocks, sorted, are only filled while the cycle is written: in a
	// deep nest, all cycles' lists together hold depth times the blocks.
	Blocks           []int `json:"blocks"`
	of               *uniformity.Cycle
	Depth            int  `json:"depth"`
	Irreducible      bool `json:"irreducible"`
	DivergentExit    bool `json:"divergentExit"`
	AssumedDivergent bool `json:"assumedDivergent"`
}

type dumpBlock struct {
	Index   int    `json:"index"`
	Comment string `json:"comment"`
	// Labels are the goto labels whose code starts in this block. The
	// dump shows the graph the analysis ran on: go/ssa's blocks, cut where
	// a label go/ssa fused into the block before starts, and the empty
	// labels go/ssa threaded away put back, each named after its label.
	Labels []string `json:"labels"`
	// SSABlock is the go/ssa block this block is or is part of (go/ssa
	// fused the labels after the first into it), -1 for a block go/ssa
	// removed.
	SSABlock         int         `json:"ssaBlock"`
	MConverged       bool        `json:"mConverged"`
	ControlDivergent bool        `json:"controlDivergent"`
	Instrs           []dumpInstr `json:"instrs"`
	Terminator       *dumpInstr  `json:"terminator"`
}

type dumpInstr struct {
	Text      string `json:"text"`
	Line      int    `json:"line"`
	Col       int    `json:"col"`
	Divergent bool   `json:"divergent"`
}

type dumpTemporal struct {
	Value string `json:"value"`
	User  string `json:"user"`
	Cycle int    `json:"cycleHeader"`
}

func dumpOf(f *divergence.Func, fset *token.FileSet) dumpFunc {
	d := dumpFunc{
		Name:     f.SSA.String(),
		File:     fset.Position(f.SSA.Pos()).Filename,
		Kernel:   f.Kernel,
		Cycles:   []dumpCycle{},
		Temporal: []dumpTemporal{},
	}
	u := f.U
	for _, c := range u.Cycles().All {
		d.Cycles = append(d.Cycles, dumpCycle{
			of:               c,
			Header:           c.Header(),
			Entries:          c.Entries,
			Depth:            c.Depth,
			Irreducible:      !c.Reducible(),
			DivergentExit:    u.HasDivergentExit(c),
			AssumedDivergent: slices.Contains(u.AssumedDivergent(), c),
		})
	}
	blocks := f.Blocks()
	// Where the analysis changed go/ssa's graph, phis and branches name
	// the graph's blocks rather than go/ssa's.
	reshaped := len(blocks) > len(f.SSA.Blocks)
	at := func(di *dumpInstr, pos token.Pos) {
		if pos.IsValid() {
			p := fset.Position(pos)
			di.Line, di.Col = p.Line, p.Column
		}
	}
	for _, b := range blocks {
		i := b.Index
		db := dumpBlock{
			Index:            i,
			Comment:          b.Comment,
			Labels:           append([]string{}, b.Labels...),
			SSABlock:         -1,
			MConverged:       u.IsMConverged(i),
			ControlDivergent: len(u.ControlDivergence(i)) > 0,
			Instrs:           []dumpInstr{},
		}
		if b.SSA != nil {
			db.SSABlock = b.SSA.Index
		}
		for _, id := range b.Phis {
			di := dumpInstr{Text: phiText(f, i, f.ValueName(id), id, f.PhiOf(id)), Divergent: f.IsDivergentID(id)}
			db.Instrs = append(db.Instrs, di)
		}
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.DebugRef); ok {
				continue
			}
			di := dumpInstr{Text: instrText(instr), Divergent: f.IsDivergent(instr)}
			pos := instr.Pos()
			switch instr := instr.(type) {
			case *ssa.If:
				if e := f.CondExpr(b.SSA); e != nil {
					pos = e.Pos()
				}
				di.Divergent = u.IsDivergentTerminator(i)
				if reshaped {
					di.Text = branchText(f, i, instr.Cond)
				}
			case *ssa.Jump:
				di.Divergent = u.IsDivergentTerminator(i)
				if cond, ok := f.RestoredCond(i); ok {
					di.Text = branchText(f, i, cond)
					pos = restoredCondPos(f, cond, pos)
				} else if reshaped {
					di.Text = branchText(f, i, nil)
				}
			case *ssa.Phi:
				if reshaped {
					id, _ := f.ID(instr)
					di.Text = phiText(f, i, instr.Name(), id, instr)
				}
			}
			at(&di, pos)
			switch instr.(type) {
			case *ssa.If, *ssa.Jump:
				db.Terminator = &di
			case *ssa.Return, *ssa.Panic:
				// Blocks that leave the function have no terminator entry.
			default:
				db.Instrs = append(db.Instrs, di)
			}
		}
		if b.Jump >= 0 {
			cond, _ := f.RestoredCond(i)
			db.Terminator = &dumpInstr{Text: branchText(f, i, cond), Divergent: u.IsDivergentTerminator(i)}
			at(db.Terminator, restoredCondPos(f, cond, b.Pos))
		}
		d.Blocks = append(d.Blocks, db)
	}
	for _, t := range u.TemporalDivergence() {
		dt := dumpTemporal{Cycle: t.Cycle.Header()}
		if instr := f.Instr(t.Value); instr != nil {
			dt.Value = instrText(instr)
		}
		if instr := f.Instr(t.User); instr != nil {
			dt.User = instrText(instr)
		} else {
			dt.User = "memory"
		}
		d.Temporal = append(d.Temporal, dt)
	}
	return d
}

// restoredCondPos returns the position of the condition of an if the
// analysis restored, as for any if, or else pos.
func restoredCondPos(f *divergence.Func, cond ssa.Value, pos token.Pos) token.Pos {
	if cond == nil {
		return pos
	}
	if e := f.Expr(cond); e != nil {
		return e.Pos()
	}
	return pos
}

// branchText prints a block's jump or if in go/ssa's form, with the
// successors of the graph the analysis ran on.
func branchText(f *divergence.Func, b int, cond ssa.Value) string {
	succs := f.Succs(b)
	if cond == nil || len(succs) != 2 {
		return fmt.Sprintf("jump %d", succs[0])
	}
	return fmt.Sprintf("if %s goto %d else %d", cond.Name(), succs[0], succs[1])
}

// phiText prints a phi in go/ssa's form, with one edge per predecessor in
// the graph the analysis ran on; of is the go/ssa phi, for its comment.
func phiText(f *divergence.Func, b int, name string, id int, of *ssa.Phi) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s = phi [", name)
	for i, op := range f.Operands(id) {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%d: %s", f.Preds(b)[i], f.ValueName(op))
	}
	sb.WriteString("]")
	if of != nil && of.Comment != "" {
		sb.WriteString(" #" + of.Comment)
	}
	return sb.String()
}

// instrText prints an instruction as go/ssa does, with its result name.
func instrText(instr ssa.Instruction) string {
	if v, ok := instr.(ssa.Value); ok && v.Name() != "" {
		if t, ok := v.Type().(*types.Tuple); !ok || t.Len() > 0 {
			return v.Name() + " = " + instr.String()
		}
	}
	return instr.String()
}

func (d dumpFunc) writeText(w io.Writer) {
	fmt.Fprintf(w, "UniformityInfo for function '%s':\n", d.Name)
	name := func(b int) string { return fmt.Sprint(b) }
	var assumed, exits []string
	for _, c := range d.Cycles {
		if c.AssumedDivergent {
			assumed = append(assumed, cycleText(c, name))
		}
		if c.DivergentExit {
			exits = append(exits, cycleText(c, name))
		}
	}
	if len(assumed) > 0 {
		fmt.Fprintln(w, "CYCLES ASSUMED DIVERGENT:")
		for _, s := range assumed {
			fmt.Fprintln(w, "  "+s)
		}
	}
	if len(exits) > 0 {
		fmt.Fprintln(w, "CYCLES WITH DIVERGENT EXIT:")
		for _, s := range exits {
			fmt.Fprintln(w, "  "+s)
		}
	}
	if len(d.Temporal) > 0 {
		fmt.Fprintln(w, "\nTEMPORAL DIVERGENCE LIST:")
		for _, t := range d.Temporal {
			fmt.Fprintf(w, "Value         :%s\nUsed by       :%s\nOutside cycle :header %d\n\n", t.Value, t.User, t.Cycle)
		}
	}
	mark := func(div bool) string {
		if div {
			return "  DIVERGENT: "
		}
		return "             "
	}
	for _, b := range d.Blocks {
		fmt.Fprintf(w, "\nBLOCK %d (%s)", b.Index, b.Comment)
		if !b.MConverged {
			fmt.Fprint(w, " not m-converged")
		}
		if b.ControlDivergent {
			fmt.Fprint(w, " under divergent control")
		}
		fmt.Fprintln(w, "\nDEFINITIONS")
		for _, in := range b.Instrs {
			fmt.Fprintf(w, "%s%s\n", mark(in.Divergent), in.Text)
		}
		fmt.Fprintln(w, "TERMINATORS")
		if b.Terminator != nil {
			fmt.Fprintf(w, "%s%s\n", mark(b.Terminator.Divergent), b.Terminator.Text)
		}
		fmt.Fprintln(w, "END BLOCK")
	}
	fmt.Fprintln(w)
}

func cycleText(c dumpCycle, name func(int) string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "depth=%d: entries(", c.Depth)
	entry := make(map[int]bool, len(c.Entries))
	for i, e := range c.Entries {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(name(e))
		entry[e] = true
	}
	sb.WriteByte(')')
	for _, b := range slices.Sorted(slices.Values(c.of.Blocks())) {
		if !entry[b] {
			sb.WriteString(" " + name(b))
		}
	}
	return sb.String()
}

// writeJSON writes the dump one cycle and one block at a time, each on a
// line of its own: the dump of a large irreducible region can run to
// hundreds of megabytes, which must not be built in memory first.
func (d dump) writeJSON(w *bufio.Writer) {
	var buf []int
	item := func(indent string, v any, last bool) {
		data, err := json.Marshal(v)
		if err != nil {
			panic(err) // the dump types always marshal
		}
		w.WriteString(indent)
		w.Write(data)
		if !last {
			w.WriteByte(',')
		}
		w.WriteByte('\n')
	}
	list := func(key string, n int, each func(i int, last bool), last bool) {
		fmt.Fprintf(w, "      %q: [", key)
		if n > 0 {
			w.WriteByte('\n')
			for i := range n {
				each(i, i == n-1)
			}
			w.WriteString("      ")
		}
		w.WriteString("]")
		if !last {
			w.WriteByte(',')
		}
		w.WriteByte('\n')
	}
	w.WriteString("{\n  \"functions\": [")
	if len(d.Functions) > 0 {
		w.WriteByte('\n')
	}
	for i, f := range d.Functions {
		w.WriteString("    {\n")
		fmt.Fprintf(w, "      \"name\": %s,\n", jsonString(f.Name))
		fmt.Fprintf(w, "      \"file\": %s,\n", jsonString(f.File))
		fmt.Fprintf(w, "      \"kernel\": %v,\n", f.Kernel)
		list("cycles", len(f.Cycles), func(i int, last bool) {
			c := f.Cycles[i]
			buf = append(buf[:0], c.of.Blocks()...)
			slices.Sort(buf)
			c.Blocks = buf
			item("        ", c, last)
		}, false)
		list("blocks", len(f.Blocks), func(i int, last bool) { item("        ", f.Blocks[i], last) }, false)
		list("temporalDivergence", len(f.Temporal), func(i int, last bool) { item("        ", f.Temporal[i], last) }, true)
		w.WriteString("    }")
		if i < len(d.Functions)-1 {
			w.WriteByte(',')
		}
		w.WriteByte('\n')
	}
	if len(d.Functions) > 0 {
		w.WriteString("  ")
	}
	w.WriteString("]\n}\n")
}

func jsonString(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}

// printErrors prints the packages' errors as packages.PrintErrors does, but
// without the "-" that stands for no position, and returns their number.
func printErrors(pkgs []*packages.Package) int {
	n := 0
	dir, _ := os.Getwd()
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			if emptyPackageClause.MatchString(e.Msg) && len(p.Errors) > 1 {
				continue
			}
			msg := goCommandError(e.Msg)
			if e.Pos != "" && e.Pos != "-" {
				msg = relativeTo(dir, e.Pos) + ": " + msg
			}
			fmt.Fprintln(os.Stderr, msg)
			n++
		}
		if p.Module != nil && p.Module.Error != nil {
			fmt.Fprintln(os.Stderr, p.Module.Error.Err)
			n++
		}
	})
	return n
}

// goCommandWrapper is what go/packages puts before the go command's own
// words in an error: "err: exit status 1: stderr: go: updates to go.mod
// needed...".
var goCommandWrapper = regexp.MustCompile(`^err: exit status \d+: stderr: `)

// goCommandError keeps what the go command said from a go/packages error,
// which is the part a user can act on.
func goCommandError(msg string) string {
	if loc := goCommandWrapper.FindStringIndex(msg); loc != nil {
		return strings.TrimSpace(msg[loc[1]:])
	}
	return msg
}
