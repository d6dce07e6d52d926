package gotodiff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"os/exec"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// Dump is the JSON that `spmdvet uniformity -json` writes (see
// cmd/spmdvet/uniformity.go).
type Dump struct {
	Functions []DumpFunc `json:"functions"`
}

type DumpFunc struct {
	Name   string      `json:"name"`
	Cycles []DumpCycle `json:"cycles"`
	Blocks []DumpBlock `json:"blocks"`
}

type DumpCycle struct {
	Header           int   `json:"header"`
	Entries          []int `json:"entries"`
	Blocks           []int `json:"blocks"`
	Depth            int   `json:"depth"`
	DivergentExit    bool  `json:"divergentExit"`
	AssumedDivergent bool  `json:"assumedDivergent"`
}

type DumpBlock struct {
	Index      int         `json:"index"`
	Comment    string      `json:"comment"`
	Labels     []string    `json:"labels"`
	SSABlock   int         `json:"ssaBlock"`
	MConverged bool        `json:"mConverged"`
	Instrs     []DumpInstr `json:"instrs"`
	Terminator *DumpInstr  `json:"terminator"`
}

type DumpInstr struct {
	Text      string `json:"text"`
	Line      int    `json:"line"`
	Divergent bool   `json:"divergent"`
}

// RunDump runs the spmdvet binary's uniformity dump on the package in
// directory dir (of a module) and returns its functions by name.
func RunDump(spmdvet, dir string, llvm22 bool) (map[string]*DumpFunc, error) {
	args := []string{"uniformity", "-json"}
	if !llvm22 {
		args = append(args, "-fixed")
	}
	cmd := exec.Command(spmdvet, append(args, ".")...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s uniformity -json in %s: %v\n%s", spmdvet, dir, err, stderr.Bytes())
	}
	var d Dump
	if err := json.Unmarshal(out, &d); err != nil {
		return nil, fmt.Errorf("decoding the dump: %v", err)
	}
	m := map[string]*DumpFunc{}
	for i := range d.Functions {
		f := &d.Functions[i]
		m[f.Name[strings.LastIndexByte(f.Name, '.')+1:]] = f
	}
	return m, nil
}

// LoadSSA type-checks the package in dir and builds its SSA form exactly
// as the divergence analyzer does (ssa.GlobalDebug, dependencies from
// their types), so that its blocks are the dump's blocks. It returns the
// package's functions by name.
func LoadSSA(dir string) (map[string]*ssa.Function, error) {
	cfg := &packages.Config{Mode: packages.LoadSyntax, Dir: dir}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		return nil, err
	}
	if packages.PrintErrors(pkgs) > 0 || len(pkgs) != 1 {
		return nil, fmt.Errorf("loading %s failed", dir)
	}
	p := pkgs[0]
	prog := ssa.NewProgram(p.Fset, ssa.GlobalDebug)
	created := map[*types.Package]bool{}
	var create func([]*types.Package)
	create = func(ps []*types.Package) {
		for _, q := range ps {
			if !created[q] {
				created[q] = true
				prog.CreatePackage(q, nil, nil, true)
				create(q.Imports())
			}
		}
	}
	create(p.Types.Imports())
	sp := prog.CreatePackage(p.Types, p.Syntax, p.TypesInfo, false)
	sp.Build()
	m := map[string]*ssa.Function{}
	for name, mem := range sp.Members {
		if fn, ok := mem.(*ssa.Function); ok {
			m[name] = fn
		}
	}
	return m, nil
}

// GoView is what the dump says about one kernel, in the terms of the
// kernel's graph: labels, sinks, value names.
type GoView struct {
	k   *Kernel
	fn  *ssa.Function
	d   *DumpFunc
	pos func(token.Pos) int // line of a position

	// blockLabels[i] lists the labels (model blocks) whose code ended up
	// in go/ssa block i, in order; -1 stands for the declarations.
	blockLabels [][]int
	// labelBlock[b] is the go/ssa block holding label b's code, -1 if
	// go/ssa dropped the label (an empty block it threaded away).
	labelBlock []int

	// succs are the successors of each block of the dump: go/ssa's
	// blocks, then the blocks the analysis restored.
	succs [][]int
	// termPart[i] is the dump block holding go/ssa block i's terminator.
	termPart []int
	branch   map[int]*DumpInstr // label -> If terminator
	// irName names the go/ssa values that are items (see SSAIR).
	irName map[ssa.Value]string
	jumped map[int]bool // labels whose branch go/ssa turned into a jump
	sinks  map[int]*DumpInstr
	values map[string]*DumpInstr
	phis   map[phiKey]*DumpInstr
	// Notes records what go/ssa did to the graph.
	Notes []string
}

type phiKey struct {
	Label int
	Var   string
}

// NewGoView maps the dump of kernel k to its labels. fn is the in-process
// SSA form of the same function, which still has the DebugRefs that tie
// every statement to a source line.
func NewGoView(k *Kernel, fn *ssa.Function, d *DumpFunc, fset *token.FileSet) (*GoView, error) {
	v := &GoView{
		k: k, fn: fn, d: d,
		pos:    func(p token.Pos) int { return fset.Position(p).Line },
		branch: map[int]*DumpInstr{},
		irName: map[ssa.Value]string{},
		jumped: map[int]bool{},
		sinks:  map[int]*DumpInstr{},
		values: map[string]*DumpInstr{},
		phis:   map[phiKey]*DumpInstr{},
	}
	if len(fn.Blocks) > len(d.Blocks) {
		return nil, fmt.Errorf("%s: go/ssa has %d blocks, the dump %d", k.Name, len(fn.Blocks), len(d.Blocks))
	}
	for i := range d.Blocks {
		succs, err := dumpSuccs(d.Blocks[i].Terminator)
		if err != nil {
			return nil, fmt.Errorf("%s: block %d: %v", k.Name, i, err)
		}
		v.succs = append(v.succs, succs)
	}
	v.labelBlock = make([]int, len(k.Blocks))
	for i := range v.labelBlock {
		v.labelBlock[i] = -1
	}
	v.blockLabels = make([][]int, len(d.Blocks))
	v.termPart = make([]int, len(fn.Blocks))
	addLabel := func(bi, lb int) {
		if lb < -1 {
			return
		}
		ls := v.blockLabels[bi]
		if len(ls) > 0 && ls[len(ls)-1] == lb {
			return
		}
		for _, x := range ls {
			if x == lb {
				return
			}
		}
		v.blockLabels[bi] = append(ls, lb)
		if lb >= 0 {
			v.labelBlock[lb] = bi
		}
	}
	// go/ssa names a block after a label it threaded away when it fused
	// the label's target into it: the label is the restored block's.
	restored := map[string]bool{}
	for _, db := range d.Blocks[len(fn.Blocks):] {
		for _, l := range db.Labels {
			restored[l] = true
		}
	}
	// The dump's blocks that are each go/ssa block: the block itself and
	// the parts that start at labels go/ssa fused into it.
	parts := make([][]int, len(fn.Blocks))
	for i := range d.Blocks {
		if sb := d.Blocks[i].SSABlock; sb >= 0 && sb < len(fn.Blocks) {
			parts[sb] = append(parts[sb], i)
		}
	}
	for _, b := range fn.Blocks {
		ps := parts[b.Index]
		if len(ps) == 0 || ps[0] != b.Index {
			return nil, fmt.Errorf("%s: go/ssa block %d is not in the dump", k.Name, b.Index)
		}
		pi, cur := 0, b.Index
		db := &d.Blocks[cur]
		enter := func() {
			if b.Comment == "entry" && pi == 0 {
				addLabel(cur, -1)
			}
			for _, l := range db.Labels {
				if lb, ok := labelIndex(l); ok {
					addLabel(cur, lb)
				}
			}
		}
		enter()
		n := 0 // index in db.Instrs
		for _, instr := range b.Instrs {
			var line int
			switch instr := instr.(type) {
			case *ssa.DebugRef:
				line = v.pos(instr.Expr.Pos())
			case *ssa.If:
				if c, ok := instr.Cond.(*ssa.BinOp); ok {
					line = v.pos(c.Pos())
				}
			case *ssa.Phi:
				// Its position is the variable's declaration.
			default:
				line = v.pos(instr.Pos())
			}
			switch instr.(type) {
			case *ssa.DebugRef:
			default:
				for n == len(db.Instrs) && pi+1 < len(ps) {
					// The rest is in the next part; this one ends in a
					// jump, or in the if go/ssa made one.
					if t := db.Terminator; t != nil && strings.HasPrefix(t.Text, "if ") {
						if ls := v.blockLabels[cur]; len(ls) > 0 && ls[len(ls)-1] >= 0 {
							v.branch[ls[len(ls)-1]] = t
						}
					}
					pi++
					cur = ps[pi]
					db = &d.Blocks[cur]
					n = 0
					enter()
				}
			}
			if line > 0 && len(ps) == 1 {
				addLabel(cur, k.BlockOfLine(line))
			}
			var di *DumpInstr
			switch instr.(type) {
			case *ssa.DebugRef, *ssa.Return, *ssa.Panic:
				continue
			case *ssa.If, *ssa.Jump:
				di = db.Terminator
				if di == nil || pi+1 != len(ps) {
					return nil, fmt.Errorf("%s: block %d has no terminator in the dump", k.Name, b.Index)
				}
			default:
				if n >= len(db.Instrs) {
					return nil, fmt.Errorf("%s: block %d has more instructions in go/ssa than in the dump", k.Name, b.Index)
				}
				di = &db.Instrs[n]
				n++
			}
			if !sameInstr(instr, di.Text) {
				return nil, fmt.Errorf("%s: block %d: go/ssa has %q where the dump has %q", k.Name, b.Index, instr, di.Text)
			}
			lb := k.BlockOfLine(line)
			switch instr := instr.(type) {
			case *ssa.Jump:
				// An if go/ssa made a jump, which the analysis restored:
				// the branch of the block's last label.
				if ls := v.blockLabels[cur]; strings.HasPrefix(di.Text, "if ") && len(ls) > 0 && ls[len(ls)-1] >= 0 {
					v.branch[ls[len(ls)-1]] = di
				}
			case *ssa.If:
				if lb >= 0 {
					v.branch[lb] = di
				}
			case *ssa.Phi:
				// Filled below, once the block's labels are known.
			case *ssa.Call:
				if f, ok := instr.Call.Value.(*ssa.Function); ok && f.Name() == "sink" {
					if st := k.stmtAt(line); st != nil && st.Kind == SSink {
						v.sinks[st.Sink] = di
					}
				}
			case *ssa.Store:
				if st := k.stmtAt(line); st != nil && st.Kind == SSink {
					v.sinks[st.Sink] = di
				}
			case *ssa.BinOp:
				if st := k.stmtAt(line); st != nil && st.Kind == SAssign && st.Op != "" {
					v.values[ValueName(line, false)] = di
					v.irName[instr] = ValueName(line, false)
				} else if lb >= 0 && k.Blocks[lb].Term.Kind == TIf && k.Blocks[lb].Term.Line == line {
					v.values[ValueName(line, true)] = di
					v.irName[instr] = ValueName(line, true)
				}
			}
		}
		if n != len(db.Instrs) {
			return nil, fmt.Errorf("%s: block %d has fewer instructions in go/ssa than in the dump", k.Name, b.Index)
		}
		v.termPart[b.Index] = cur
	}
	// The blocks the analysis restored: empty labels, with their phis.
	for bi := len(fn.Blocks); bi < len(d.Blocks); bi++ {
		db := &d.Blocks[bi]
		if db.SSABlock >= 0 {
			continue
		}
		for _, l := range db.Labels {
			if lb, ok := labelIndex(l); ok {
				addLabel(bi, lb)
			}
		}
		if len(v.blockLabels[bi]) == 0 {
			continue
		}
		for i := range db.Instrs {
			if j := strings.LastIndex(db.Instrs[i].Text, " #"); j >= 0 && strings.Contains(db.Instrs[i].Text, " = phi ") {
				v.phis[phiKey{v.blockLabels[bi][0], db.Instrs[i].Text[j+2:]}] = &db.Instrs[i]
			}
		}
	}
	// A branch on a constant has no position: it belongs to the last
	// label of its block, or, if that label has no code of its own and
	// was fused into the block, to the label that branches to the same
	// places.
	for _, b := range fn.Blocks {
		ifInstr, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if _, pos := ifInstr.Cond.(*ssa.BinOp); pos {
			continue
		}
		tp := v.termPart[b.Index]
		di := d.Blocks[tp].Terminator
		matches := func(lb int) bool {
			t := k.Blocks[lb].Term
			if t.Kind != TIf || v.branch[lb] != nil {
				return false
			}
			for i, s := range v.succs[tp] {
				if hs := v.blockLabels[s]; len(hs) == 0 || hs[0] != v.threaded(t.Succs[i]) {
					return false
				}
			}
			return true
		}
		if ls := v.blockLabels[tp]; len(ls) > 0 && ls[len(ls)-1] >= 0 && matches(ls[len(ls)-1]) {
			v.branch[ls[len(ls)-1]] = di
			continue
		}
		for lb := range k.Blocks {
			if v.labelBlock[lb] < 0 && matches(lb) {
				v.branch[lb] = di
				addLabel(tp, lb)
				break
			}
		}
	}
	// Phis belong to the first label of their block.
	for _, b := range fn.Blocks {
		n := 0
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.Phi); !ok {
				break
			}
			if phi, ok := instr.(*ssa.Phi); ok && len(v.blockLabels[b.Index]) > 0 {
				v.phis[phiKey{v.blockLabels[b.Index][0], phi.Comment}] = &d.Blocks[b.Index].Instrs[n]
			}
			n++
		}
	}
	for lb := range k.Blocks {
		if k.Blocks[lb].Term.Kind == TIf && v.branch[lb] == nil && v.labelBlock[lb] >= 0 {
			v.jumped[lb] = true
		}
	}
	v.notes()
	return v, nil
}

// threaded follows a label that go/ssa dropped to the label it jumps to.
func (v *GoView) threaded(l int) int {
	for range v.k.Blocks {
		if v.labelBlock[l] >= 0 || v.k.Blocks[l].Term.Kind != TGoto {
			break
		}
		l = v.k.Blocks[l].Term.Succs[0]
	}
	return l
}

var labelRE = regexp.MustCompile(`^B(\d+)$`)

func labelIndex(s string) (int, bool) {
	m := labelRE.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	n, _ := strconv.Atoi(m[1])
	return n, true
}

// stmtAt returns the statement on Go line line, or nil.
func (k *Kernel) stmtAt(line int) *Stmt {
	b := k.BlockOfLine(line)
	if b < 0 {
		return nil
	}
	for i := range k.Blocks[b].Stmts {
		if k.Blocks[b].Stmts[i].Line == line {
			return &k.Blocks[b].Stmts[i]
		}
	}
	return nil
}

// notes describes how go/ssa reshaped the graph.
func (v *GoView) notes() {
	for lb, bi := range v.labelBlock {
		if bi < 0 {
			v.Notes = append(v.Notes, fmt.Sprintf("dropped %s (no statements: jump threaded)", Label(lb)))
		}
	}
	for lb := range v.k.Blocks {
		if v.jumped[lb] {
			v.Notes = append(v.Notes, fmt.Sprintf("%s: branch became a jump", Label(lb)))
		}
	}
	for bi, ls := range v.blockLabels {
		if len(ls) == 0 {
			v.Notes = append(v.Notes, fmt.Sprintf("block %d (%s) holds no label", bi, v.d.Blocks[bi].Comment))
		}
	}
}

// Reshaped reports whether go/ssa changed the graph beyond fusing
// straight-line blocks: it dropped a label or turned a branch into a jump.
func (v *GoView) Reshaped() bool {
	for _, bi := range v.labelBlock {
		if bi < 0 {
			return true
		}
	}
	return len(v.jumped) > 0
}

// Fused lists the go/ssa blocks that hold more than one label (the
// declarations count as one), as "entry+B0" or "B3+B4".
func (v *GoView) Fused() []string {
	var out []string
	for _, ls := range v.blockLabels {
		if len(ls) > 1 {
			var names []string
			for _, l := range ls {
				if l < 0 {
					names = append(names, "entry")
				} else {
					names = append(names, Label(l))
				}
			}
			out = append(out, strings.Join(names, "+"))
		}
	}
	return out
}

// GoIR writes the kernel with go/ssa's graph: one IR block per go/ssa
// block, in go/ssa's order, holding the code of the labels fused into it
// and named after the first ("entry" for the declarations' block), with
// the successors go/ssa gave it, and if fold, Go's constant conditions
// folded. It also returns, for each block name, the labels it holds. ok
// is false if some go/ssa block holds no label.
func (v *GoView) GoIR(fold bool) (ir string, chains map[string][]string, ok bool) {
	name := func(bi int) (string, bool) {
		ls := v.blockLabels[bi]
		if len(ls) == 0 {
			return "", false
		}
		if ls[0] < 0 {
			return "entry", true
		}
		return Label(ls[0]), true
	}
	chains = map[string][]string{}
	var specs []BlockSpec
	for bi := range v.d.Blocks {
		n, found := name(bi)
		if !found {
			return "", nil, false
		}
		sp := BlockSpec{Name: n, Labels: v.blockLabels[bi], Succs: []string{}}
		for _, l := range sp.Labels {
			if l < 0 {
				chains[n] = append(chains[n], "entry")
			} else {
				chains[n] = append(chains[n], Label(l))
			}
		}
		for _, s := range v.succs[bi] {
			sn, found := name(s)
			if !found {
				return "", nil, false
			}
			sp.Succs = append(sp.Succs, sn)
		}
		if last := sp.Labels[len(sp.Labels)-1]; len(sp.Succs) == 2 && (last < 0 || v.k.Blocks[last].Term.Kind != TIf) {
			return "", nil, false
		}
		specs = append(specs, sp)
	}
	return v.k.WriteIR(specs, fold), chains, true
}

var ssaBinOp = map[token.Token]string{
	token.ADD: "add", token.SUB: "sub", token.MUL: "mul", token.XOR: "xor", token.AND: "and", token.OR: "or",
	token.LSS: "icmp slt", token.LEQ: "icmp sle", token.GTR: "icmp sgt", token.GEQ: "icmp sge",
	token.EQL: "icmp eq", token.NEQ: "icmp ne",
}

// Restored reports whether the dump has blocks that go/ssa removed and the
// analysis put back.
func (v *GoView) Restored() bool { return len(v.d.Blocks) > len(v.fn.Blocks) }

// SSAIR translates go/ssa's form of the kernel, phis included, into LLVM
// IR, blocks named as GoIR names them: it is Go's SSA form, not the one
// mem2reg builds. The lane index becomes the workitem id, a sink (call or
// store) a store to %p<sink>, values that are items get their item names
// and phis the name of their variable. It fails on instructions it does
// not know.
func (v *GoView) SSAIR() (string, error) {
	var sb strings.Builder
	pr := func(format string, args ...any) {
		fmt.Fprintf(&sb, format, args...)
		sb.WriteByte('\n')
	}
	blockName := func(b *ssa.BasicBlock) string {
		ls := v.blockLabels[b.Index]
		if len(ls) == 0 || ls[0] < 0 {
			return "entry"
		}
		return Label(ls[0])
	}
	name := func(x ssa.Value) (string, error) {
		switch x := x.(type) {
		case *ssa.Const:
			if x.Value == nil {
				return "0", nil
			}
			switch x.Value.Kind() {
			case constant.Bool:
				return fmt.Sprint(constant.BoolVal(x.Value)), nil
			case constant.Int:
				return x.Value.ExactString(), nil
			}
		case *ssa.Parameter:
			return "%" + x.Name(), nil
		case *ssa.Phi:
			return "%" + x.Comment + "." + x.Name(), nil
		}
		if n, ok := v.irName[x]; ok {
			return n, nil
		}
		if _, ok := x.(ssa.Instruction); ok {
			return "%" + x.Name(), nil
		}
		return "", fmt.Errorf("%s: cannot translate the value %v", v.k.Name, x)
	}
	sinkOf := func(instr ssa.Instruction) (int, error) {
		if st := v.k.stmtAt(v.pos(instr.Pos())); st != nil && st.Kind == SSink {
			return st.Sink, nil
		}
		return 0, fmt.Errorf("%s: %v is not a sink", v.k.Name, instr)
	}
	typ := func(x ssa.Value) string {
		if b, ok := x.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsBoolean != 0 {
			return "i1"
		}
		return "i32"
	}
	pr("define amdgpu_kernel void @%s(i32 inreg %%a, i32 inreg %%b, ptr addrspace(1) inreg %%out) {", v.k.Name)
	for _, b := range v.fn.Blocks {
		pr("%s:", blockName(b))
		if b.Index == 0 {
			for s := range v.k.Sinks {
				pr("  %%p%d = getelementptr i32, ptr addrspace(1) %%out, i32 %d", s, s)
			}
		}
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.DebugRef, *ssa.UnOp, *ssa.IndexAddr:
				// Debug information, and the address of out[k].
			case *ssa.Phi:
				n, _ := name(instr)
				var edges []string
				for i, e := range instr.Edges {
					en, err := name(e)
					if err != nil {
						return "", err
					}
					edges = append(edges, fmt.Sprintf("[ %s, %%%s ]", en, blockName(b.Preds[i])))
				}
				pr("  %s = phi %s %s", n, typ(instr), strings.Join(edges, ", "))
			case *ssa.BinOp:
				op, ok := ssaBinOp[instr.Op]
				if !ok {
					return "", fmt.Errorf("%s: cannot translate %v", v.k.Name, instr)
				}
				n, _ := name(instr)
				x, err := name(instr.X)
				if err != nil {
					return "", err
				}
				y, err := name(instr.Y)
				if err != nil {
					return "", err
				}
				pr("  %s = %s %s %s, %s", n, op, typ(instr.X), x, y)
			case *ssa.Call:
				f, _ := instr.Call.Value.(*ssa.Function)
				switch {
				case f != nil && f.Name() == "sink":
					k, err := sinkOf(instr)
					if err != nil {
						return "", err
					}
					x, err := name(instr.Call.Args[0])
					if err != nil {
						return "", err
					}
					pr("  store i32 %s, ptr addrspace(1) %%p%d, align 4", x, k)
				case f != nil && f.Name() == "Index":
					pr("  %%%s = call i32 @llvm.amdgcn.workitem.id.x()", instr.Name())
				default:
					return "", fmt.Errorf("%s: cannot translate %v", v.k.Name, instr)
				}
			case *ssa.Store:
				k, err := sinkOf(instr)
				if err != nil {
					return "", err
				}
				x, err := name(instr.Val)
				if err != nil {
					return "", err
				}
				pr("  store i32 %s, ptr addrspace(1) %%p%d, align 4", x, k)
			case *ssa.If:
				c, err := name(instr.Cond)
				if err != nil {
					return "", err
				}
				pr("  br i1 %s, label %%%s, label %%%s", c, blockName(b.Succs[0]), blockName(b.Succs[1]))
			case *ssa.Jump:
				pr("  br label %%%s", blockName(b.Succs[0]))
			case *ssa.Return:
				pr("  ret void")
			default:
				return "", fmt.Errorf("%s: cannot translate %v", v.k.Name, instr)
			}
		}
	}
	pr("}")
	return sb.String(), nil
}

// CommentStats sorts the labels by how the dump's block comment shows
// them: "comment" when a block's comment is the label, "in <comment>"
// when the label's code sits in a block commented otherwise (fused into
// another label's block, into the entry block, or into an if.then or
// if.else block of the if that jumps to it), "dropped" when go/ssa dropped
// it. A comparison that finds blocks by comment misses all but the first.
func (v *GoView) CommentStats() map[string]int {
	m := map[string]int{}
	for lb, bi := range v.labelBlock {
		switch {
		case bi < 0:
			m["dropped"]++
		case v.d.Blocks[bi].Comment == Label(lb):
			m["comment"]++
		default:
			c := v.d.Blocks[bi].Comment
			if _, ok := labelIndex(c); ok {
				c = "another label's block"
			}
			m["in "+c]++
		}
	}
	return m
}

// dumpSuccs reads the successors from a terminator's text: "jump N" or
// "if X goto N else M".
func dumpSuccs(term *DumpInstr) ([]int, error) {
	if term == nil {
		return nil, nil
	}
	f := strings.Fields(term.Text)
	var nums []string
	switch {
	case len(f) == 2 && f[0] == "jump":
		nums = f[1:]
	case len(f) >= 6 && f[0] == "if" && f[len(f)-4] == "goto" && f[len(f)-2] == "else":
		nums = []string{f[len(f)-3], f[len(f)-1]}
	default:
		return nil, fmt.Errorf("unknown terminator %q", term.Text)
	}
	var out []int
	for _, n := range nums {
		i, err := strconv.Atoi(n)
		if err != nil {
			return nil, fmt.Errorf("terminator %q: %v", term.Text, err)
		}
		out = append(out, i)
	}
	return out, nil
}

// sameInstr reports whether the dump's text shows instr. Where the analysis
// restored blocks, phis and branches name the graph's blocks, not go/ssa's,
// and a jump may show the if it stands for.
func sameInstr(instr ssa.Instruction, text string) bool {
	switch instr := instr.(type) {
	case *ssa.Phi:
		return strings.HasPrefix(text, instr.Name()+" = phi [")
	case *ssa.If:
		return strings.HasPrefix(text, "if ")
	case *ssa.Jump:
		return strings.HasPrefix(text, "jump ") || strings.HasPrefix(text, "if ")
	}
	return strings.HasSuffix(text, instr.String())
}
