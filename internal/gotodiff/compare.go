package gotodiff

import (
	"fmt"
	"slices"
	"strings"
)

// Kinds of compared items.
const (
	KBranch   = "branch"  // a conditional branch: divergent?
	KSink     = "store"   // a use of a variable through out[k] = x: divergent?
	KSinkCall = "call"    // a use of a variable through sink(x): divergent?
	KValue    = "value"   // an assignment's or condition's arithmetic: divergent?
	KPhi      = "phi"     // the phi of a variable at a label both sides have: divergent?
	KMConv    = "mconv"   // a block inside a cycle: m-converged?
	KCycle    = "cycle"   // a cycle's depth, entries and blocks
	KDivExit  = "divexit" // a cycle: divergent exit?
	KAssumed  = "assumed" // a cycle: assumed divergent?
)

// Kinds lists the kinds in report order.
var Kinds = []string{KBranch, KSink, KSinkCall, KValue, KPhi, KMConv, KCycle, KDivExit, KAssumed}

// Classes of disagreements.
const (
	// CCore: the uniformity core, run on the IR after mem2reg with
	// LLVM22 set, already disagrees with opt: a bug of uniformity/.
	CCore = "core"
	// CFixed: the intended deviation, the core's fixes of LLVM 22 (LLVM
	// PR #216296 and the sibling exit; see uniformity.Config.LLVM22). The
	// core without LLVM22 agrees with the Go dump and differs from LLVM 22
	// on LLVM's own IR.
	CFixed = "fixed"
	// CReshape: go/ssa changed the graph (dropped an empty label block
	// by jump threading, or turned a branch with two edges to one block
	// into a jump), and opt on the IR of go/ssa's graph (see GoView.GoIR)
	// agrees with the Go dump.
	CReshape = "reshape"
	// CConstFold: the same, but what differs is that Go folds a
	// comparison of constants to true or false, so the If has no
	// instruction operand to mark; LLVM's icmp of two constants is an
	// instruction, marked divergent with the rest of a cycle assumed
	// divergent, which makes the branch divergent.
	CConstFold = "constfold"
	// CFusion: the same, but go/ssa only fused straight-line blocks and
	// numbered the blocks in its own order: opt itself answers
	// differently on the two equivalent graphs.
	CFusion = "fusion"
	// CSSAForm: opt agrees with the Go dump on go/ssa's own SSA form
	// (GoView.SSAIR) but not on mem2reg's: the SSA forms differ, e.g.
	// go/ssa keeps phis that merge one value with themselves, which
	// mem2reg folds away.
	CSSAForm = "ssaform"
	// CAdapter: everything else: the core agrees with opt on go/ssa's
	// graph, so the Go side (passes/divergence's model of go/ssa, or
	// go/ssa's SSA form) answers differently.
	CAdapter = "adapter"
)

// Classes lists the classes in report order.
var Classes = []string{CCore, CFixed, CReshape, CConstFold, CFusion, CSSAForm, CAdapter}

// Item identifies one compared answer.
type Item struct {
	Kind string
	Key  string // a label, "sink 3", a value name, "x@B4"
}

func (it Item) String() string { return it.Kind + " " + it.Key }

// An answer is "D"/"U" (divergent/uniform), "T"/"F" (m-converged,
// divergent exit, assumed divergent), a cycle description, or "jump" for
// a branch that go/ssa turned into a jump. ok is false when the side has
// no such item.
type answers interface {
	get(it Item) (string, bool)
	cycles() []cycleDesc
}

func du(b bool) string {
	if b {
		return "D"
	}
	return "U"
}

func tf(b bool) string {
	if b {
		return "T"
	}
	return "F"
}

// cycleDesc is a cycle in terms of labels ("entry" for the function's
// first block).
type cycleDesc struct {
	Header           string
	Entries          []string
	Blocks           []string // all blocks, entries included
	Depth            int
	DivExit, Assumed bool
}

// shape describes the cycle, keeping only the blocks keep accepts.
func (c cycleDesc) shape(keep func(string) bool) string {
	f := func(s []string) string {
		var out []string
		for _, x := range s {
			if keep(x) {
				out = append(out, x)
			}
		}
		slices.SortFunc(out, cmpLabel)
		return strings.Join(out, " ")
	}
	return fmt.Sprintf("depth=%d entries(%s) blocks(%s)", c.Depth, f(c.Entries), f(c.Blocks))
}

func cmpLabel(a, b string) int {
	x, okx := labelIndex(a)
	y, oky := labelIndex(b)
	if okx && oky {
		return x - y
	}
	return strings.Compare(a, b)
}

// cycleItem answers the cycle kinds from a list of cycles.
func cycleItem(cs []cycleDesc, it Item, keep func(string) bool) (string, bool) {
	switch it.Kind {
	case KMConv:
		in := false
		for _, c := range cs {
			if slices.Contains(c.Blocks, it.Key) {
				in = true
				if c.Assumed {
					return "F", true
				}
			}
		}
		return "T", in
	case KCycle, KDivExit, KAssumed:
		for _, c := range cs {
			if c.Header != it.Key {
				continue
			}
			switch it.Kind {
			case KCycle:
				return c.shape(keep), true
			case KDivExit:
				return tf(c.DivExit), true
			}
			// Which nested cycles of an assumed-divergent cycle are listed
			// too depends on the order the branches were processed in;
			// being inside one is what counts.
			for _, o := range cs {
				if o.Assumed && o.Depth < c.Depth && slices.Contains(o.Blocks, c.Header) {
					return "inside", true
				}
			}
			return tf(c.Assumed), true
		}
	}
	return "", false
}

// parseCycle reads "depth=1: entries(B1 B2) B3 B4".
func parseCycle(s string) cycleDesc {
	var c cycleDesc
	fmt.Sscanf(s, "depth=%d:", &c.Depth)
	open := strings.Index(s, "entries(")
	close := strings.Index(s, ")")
	c.Entries = strings.Fields(s[open+len("entries(") : close])
	c.Header = c.Entries[0]
	c.Blocks = append(slices.Clone(c.Entries), strings.Fields(s[close+1:])...)
	return c
}

// OptView answers from opt's report. f is the IR after mem2reg, which
// tells which items exist when opt printed ALL VALUES UNIFORM.
type OptView struct {
	rep *OptFunc
	f   *IRFunc
	cs  []cycleDesc
}

func NewOptView(rep *OptFunc, f *IRFunc) *OptView {
	v := &OptView{rep: rep, f: f}
	for _, s := range rep.Cycles {
		c := f.expand(parseCycle(s))
		c.DivExit = slices.Contains(rep.DivergentExits, s)
		c.Assumed = slices.Contains(rep.AssumedDivergent, s)
		v.cs = append(v.cs, c)
	}
	return v
}

// expand rewrites a cycle of block names in terms of labels.
func (f *IRFunc) expand(c cycleDesc) cycleDesc {
	lab := func(name string) []string {
		if b := f.BlockIndex(name); b >= 0 {
			return f.labels(b)
		}
		return []string{name}
	}
	out := cycleDesc{Header: lab(c.Header)[0], Depth: c.Depth, DivExit: c.DivExit, Assumed: c.Assumed}
	for _, e := range c.Entries {
		out.Entries = append(out.Entries, lab(e)[0])
	}
	for _, b := range c.Blocks {
		out.Blocks = append(out.Blocks, lab(b)...)
	}
	return out
}

func (v *OptView) cycles() []cycleDesc { return v.cs }

func (v *OptView) get(it Item) (string, bool) {
	// Find the instruction in the IR, then its line in the report.
	b, text, ok := findIR(v.f, it)
	if !ok {
		return cycleItem(v.cs, it, func(string) bool { return true })
	}
	if v.rep.AllUniform {
		return "U", true
	}
	blk := v.rep.Blocks[v.f.BlockName(b)]
	if blk == nil {
		return "", false
	}
	list := blk.Defs
	if it.Kind == KBranch {
		list = blk.Terms
	}
	for _, in := range list {
		if normIR(in.Text) == normIR(text) {
			return du(in.Divergent), true
		}
	}
	return "", false
}

// normIR drops the parts of an instruction's text that the printer and
// the IR writer may spell differently.
func normIR(s string) string {
	s, _, _ = strings.Cut(s, ";")
	return strings.Join(strings.Fields(s), " ")
}

// findIR finds the instruction of a value item in f: its block, its text
// and its id.
func findIR(f *IRFunc, it Item) (int, string, bool) {
	b, id := findIRValue(f, it)
	if id < 0 {
		return 0, "", false
	}
	return b, f.vals[id].text, true
}

func findIRValue(f *IRFunc, it Item) (int, int) {
	switch it.Kind {
	case KBranch:
		b := f.blockWith(it.Key, 2)
		if b < 0 || len(f.instrs[b]) == 0 {
			return 0, -1
		}
		t := f.instrs[b][len(f.instrs[b])-1]
		if !strings.HasPrefix(f.vals[t].text, "br i1 ") {
			return 0, -1
		}
		return b, t
	case KSink, KSinkCall:
		suffix := "%p" + strings.TrimPrefix(it.Key, "sink ") + ","
		for b := range f.instrs {
			for _, id := range f.instrs[b] {
				if v := f.vals[id]; v.op == "store" && strings.Contains(v.text, "ptr addrspace(1) "+suffix) {
					return b, id
				}
			}
		}
	case KValue:
		if id, ok := f.valIndex[it.Key]; ok && f.vals[id].block >= 0 {
			return f.vals[id].block, id
		}
	case KPhi:
		vr, label, _ := strings.Cut(it.Key, "@")
		b := f.blockWith(label, 1)
		if b < 0 {
			return 0, -1
		}
		for _, id := range f.instrs[b] {
			if v := f.vals[id]; v.phi && strings.HasPrefix(v.name, "%"+vr+".") {
				return b, id
			}
		}
	}
	return 0, -1
}

// phiItems lists the phi items of f: variable@label.
func phiItems(f *IRFunc, vars []string) []Item {
	var out []Item
	for b := range f.instrs {
		for _, id := range f.instrs[b] {
			v := f.vals[id]
			if !v.phi {
				continue
			}
			for _, vr := range vars {
				if strings.HasPrefix(v.name, "%"+vr+".") {
					out = append(out, Item{KPhi, vr + "@" + f.labels(b)[0]})
				}
			}
		}
	}
	return out
}

func (v *CoreView) cycles() []cycleDesc {
	var out []cycleDesc
	ci := v.r.Cycles()
	assumed := v.r.AssumedDivergent()
	for _, c := range ci.All {
		d := cycleDesc{Depth: c.Depth, DivExit: v.r.HasDivergentExit(c)}
		d.Assumed = slices.Contains(assumed, c)
		for _, e := range c.Entries {
			d.Entries = append(d.Entries, v.f.BlockName(e))
		}
		d.Header = d.Entries[0]
		for _, b := range c.Blocks() {
			d.Blocks = append(d.Blocks, v.f.BlockName(b))
		}
		out = append(out, v.f.expand(d))
	}
	return out
}

func (v *CoreView) get(it Item) (string, bool) {
	b, id := findIRValue(v.f, it)
	if id < 0 {
		if it.Kind == KMConv {
			if b := v.f.blockWith(it.Key, 0); b >= 0 && v.r.Cycles().CycleOf(b) != nil {
				return tf(v.r.IsMConverged(b)), true
			}
			return "", false
		}
		return cycleItem(v.cycles(), it, func(string) bool { return true })
	}
	if it.Kind == KBranch {
		return du(v.r.IsDivergentTerminator(b)), true
	}
	return du(v.r.IsDivergent(id)), true
}

// GoView answers from the dump.
func (v *GoView) cycles() []cycleDesc {
	var out []cycleDesc
	name := func(l int) string {
		if l < 0 {
			return "entry"
		}
		return Label(l)
	}
	head := func(bi int) string {
		if len(v.blockLabels[bi]) == 0 {
			return fmt.Sprintf("?%d", bi)
		}
		return name(v.blockLabels[bi][0])
	}
	for _, c := range v.d.Cycles {
		d := cycleDesc{Header: head(c.Header), Depth: c.Depth, DivExit: c.DivergentExit, Assumed: c.AssumedDivergent}
		for _, e := range c.Entries {
			d.Entries = append(d.Entries, head(e))
		}
		for _, b := range c.Blocks {
			for _, l := range v.blockLabels[b] {
				d.Blocks = append(d.Blocks, name(l))
			}
		}
		out = append(out, d)
	}
	return out
}

func (v *GoView) get(it Item) (string, bool) {
	var di *DumpInstr
	switch it.Kind {
	case KBranch:
		lb, _ := labelIndex(it.Key)
		if v.jumped[lb] {
			return "jump", true
		}
		di = v.branch[lb]
	case KSink, KSinkCall:
		var k int
		fmt.Sscanf(it.Key, "sink %d", &k)
		di = v.sinks[k]
	case KValue:
		di = v.values[it.Key]
	case KPhi:
		vr, label, _ := strings.Cut(it.Key, "@")
		lb, _ := labelIndex(label)
		di = v.phis[phiKey{lb, vr}]
	case KMConv:
		lb, ok := labelIndex(it.Key)
		if !ok || v.labelBlock[lb] < 0 {
			return "", false
		}
		db := v.d.Blocks[v.labelBlock[lb]]
		in := false
		for _, c := range v.d.Cycles {
			if slices.Contains(c.Blocks, db.Index) {
				in = true
			}
		}
		return tf(db.MConverged), in
	default:
		return cycleItem(v.cycles(), it, v.present)
	}
	if di == nil {
		return "", false
	}
	return du(di.Divergent), true
}

// present reports whether go/ssa kept label (a block name) in its graph.
func (v *GoView) present(label string) bool {
	lb, ok := labelIndex(label)
	if !ok {
		return true
	}
	return v.labelBlock[lb] >= 0
}

// A Diff is one item on which the Go dump and opt disagree.
type Diff struct {
	Item
	Go, LLVM string
	// The core on the IR after mem2reg, LLVM22 on and off, and opt and the
	// core on the IR of go/ssa's graph (empty if not reshaped).
	Core22, CoreFixed       string
	Reshaped, ReshapedFixed string
	Class                   string
}

func (d Diff) String() string {
	s := fmt.Sprintf("%-8s %-10s go=%s llvm=%s  [core(LLVM22)=%s core(fixed)=%s", d.Kind, d.Key, d.Go, d.LLVM, d.Core22, d.CoreFixed)
	if d.Reshaped != "" || d.ReshapedFixed != "" {
		s += fmt.Sprintf(" opt(go/ssa graph)=%s core(fixed, go/ssa graph)=%s", d.Reshaped, d.ReshapedFixed)
	}
	return s + "] => " + d.Class
}

// Result is the comparison of one kernel.
type Result struct {
	Kernel *Kernel
	// Compared counts the items compared, by kind; Missing those that
	// only one side has (go/ssa dropped the label, a phi only one SSA
	// construction placed, a branch that became a jump with LLVM saying
	// uniform).
	Compared, Missing map[string]int
	MissingItems      []string
	Diffs             []Diff
	// CoreDiffs are items where the core (LLVM22 mode) disagrees with
	// opt on the IR after mem2reg, whether or not the Go dump does.
	CoreDiffs []Diff
	Reshaped  bool
	Fused     []string
	Notes     []string
}

// sides bundles what Compare needs about one kernel.
type sides struct {
	k                 *Kernel
	goV               *GoView
	opt               *OptView
	core22, coreFixed *CoreView
	// On the IR of go/ssa's graph (see GoView.GoIR).
	goIR           string
	rOpt           *OptView
	rCore22, rCore *CoreView
	// opt on go/ssa's graph without folding, and on the kernel's graph
	// with folding; only for kernels with constant conditions.
	shapeOpt, foldOpt *OptView
	// opt on go/ssa's SSA form (see GoView.SSAIR).
	ssaOpt  *OptView
	ssaText string
}

// items lists every item of the kernel.
func (s *sides) items() []Item {
	k := s.k
	var its []Item
	for b, blk := range k.Blocks {
		if blk.Term.Kind == TIf {
			its = append(its, Item{KBranch, Label(b)})
			its = append(its, Item{KValue, ValueName(blk.Term.Line, true)})
		}
		for _, st := range blk.Stmts {
			switch {
			case st.Kind == SSink && st.Call:
				its = append(its, Item{KSinkCall, fmt.Sprintf("sink %d", st.Sink)})
			case st.Kind == SSink:
				its = append(its, Item{KSink, fmt.Sprintf("sink %d", st.Sink)})
			case st.Op != "":
				its = append(its, Item{KValue, ValueName(st.Line, false)})
			}
		}
	}
	seen := map[Item]bool{}
	for _, it := range phiItems(s.opt.f, k.Vars) {
		seen[it] = true
		its = append(its, it)
	}
	for pk := range s.goV.phis {
		it := Item{KPhi, pk.Var + "@" + Label(pk.Label)}
		if !seen[it] {
			seen[it] = true
			its = append(its, it)
		}
	}
	// Blocks in a cycle on either side, and cycles by header.
	inCycle := map[string]bool{}
	headers := map[string]bool{}
	for _, cs := range [][]cycleDesc{s.opt.cycles(), s.goV.cycles()} {
		for _, c := range cs {
			headers[c.Header] = true
			for _, b := range c.Blocks {
				inCycle[b] = true
			}
		}
	}
	for b := range k.Blocks {
		if inCycle[Label(b)] {
			its = append(its, Item{KMConv, Label(b)})
		}
	}
	if inCycle["entry"] {
		its = append(its, Item{KMConv, "entry"})
	}
	hs := make([]string, 0, len(headers))
	for h := range headers {
		hs = append(hs, h)
	}
	slices.SortFunc(hs, cmpLabel)
	for _, h := range hs {
		its = append(its, Item{KCycle, h}, Item{KDivExit, h}, Item{KAssumed, h})
	}
	return its
}

// compare compares every item and classifies the disagreements.
func (s *sides) compare() *Result {
	res := &Result{Kernel: s.k, Compared: map[string]int{}, Missing: map[string]int{}}
	res.Reshaped = s.goV.Reshaped()
	res.Fused = s.goV.Fused()
	res.Notes = s.goV.Notes
	for _, it := range s.items() {
		g, gok := s.goV.get(it)
		l, lok := s.opt.get(it)
		c22, _ := s.core22.get(it)
		cf, _ := s.coreFixed.get(it)
		if it.Kind == KCycle {
			// Compare cycles with the blocks go/ssa kept.
			l, lok = cycleItem(s.opt.cycles(), it, s.goV.present)
			c22, _ = cycleItem(s.core22.cycles(), it, s.goV.present)
			cf, _ = cycleItem(s.coreFixed.cycles(), it, s.goV.present)
		}
		if lok && c22 != l {
			res.CoreDiffs = append(res.CoreDiffs, Diff{Item: it, LLVM: l, Core22: c22, CoreFixed: cf, Class: CCore})
		}
		if s.rOpt != nil {
			r, rok := s.rOpt.get(it)
			r22, _ := s.rCore22.get(it)
			if it.Kind == KCycle {
				r, rok = cycleItem(s.rOpt.cycles(), it, s.goV.present)
				r22, _ = cycleItem(s.rCore22.cycles(), it, s.goV.present)
			}
			if rok && r22 != r {
				res.CoreDiffs = append(res.CoreDiffs, Diff{Item: it, LLVM: r, Core22: r22, Class: CCore + " (go/ssa graph)"})
			}
		}
		if !gok || !lok {
			res.Missing[it.Kind]++
			res.MissingItems = append(res.MissingItems, fmt.Sprintf("%s go=%q llvm=%q", it, g, l))
			continue
		}
		res.Compared[it.Kind]++
		if g == l || (g == "jump" && l == "U") {
			continue
		}
		d := Diff{Item: it, Go: g, LLVM: l, Core22: c22, CoreFixed: cf}
		switch {
		case c22 != l:
			d.Class = CCore
		case cf == g && cf != c22:
			d.Class = CFixed
		case s.rOpt == nil:
			d.Class = CAdapter
		default:
			r, _ := s.rOpt.get(it)
			r22, _ := s.rCore22.get(it)
			rf, _ := s.rCore.get(it)
			if it.Kind == KCycle {
				r, _ = cycleItem(s.rOpt.cycles(), it, s.goV.present)
				r22, _ = cycleItem(s.rCore22.cycles(), it, s.goV.present)
				rf, _ = cycleItem(s.rCore.cycles(), it, s.goV.present)
			}
			if r == "" && it.Kind == KBranch {
				r = "jump"
			}
			d.Reshaped, d.ReshapedFixed = r, rf
			switch {
			case r == g || (g == "jump" && r == "U"):
				switch {
				case s.foldOpt != nil && s.agrees(s.foldOpt, it, g):
					d.Class = CConstFold
				case s.goV.Reshaped():
					d.Class = CReshape
				default:
					d.Class = CFusion
				}
			case r22 != r:
				d.Class = CCore
			case rf == g && rf != r22:
				d.Class = CFixed
			case s.ssaOpt != nil && s.agrees(s.ssaOpt, it, g):
				d.Class = CSSAForm
			default:
				d.Class = CAdapter
			}
		}
		res.Diffs = append(res.Diffs, d)
	}
	return res
}

// agrees reports whether v answers g for it.
func (s *sides) agrees(v *OptView, it Item, g string) bool {
	r, _ := v.get(it)
	if it.Kind == KCycle {
		r, _ = cycleItem(v.cycles(), it, s.goV.present)
	}
	return r == g || (g == "jump" && r == "U")
}
