package main_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The JSON schema of spmdvet uniformity -json. Every field listed here is
// required; the output may have more (kernel, depth, temporalDivergence).
type uDump struct {
	Functions []uFunc `json:"functions"`
}

type uFunc struct {
	Name   string   `json:"name"` // ssa.Function.String()
	File   string   `json:"file"` // absolute
	Cycles []uCycle `json:"cycles"`
	Blocks []uBlock `json:"blocks"`

	Kernel   bool `json:"kernel"` // extra
	Temporal []struct {
		Value string `json:"value"`
		User  string `json:"user"`
		Cycle int    `json:"cycleHeader"`
	} `json:"temporalDivergence"` // extra
}

type uCycle struct {
	Header           int   `json:"header"`
	Entries          []int `json:"entries"`
	Blocks           []int `json:"blocks"`
	Irreducible      bool  `json:"irreducible"`
	DivergentExit    bool  `json:"divergentExit"`
	AssumedDivergent bool  `json:"assumedDivergent"`
}

type uBlock struct {
	Index            int      `json:"index"`
	Comment          string   `json:"comment"`
	SSABlock         int      `json:"ssaBlock"`
	MConverged       bool     `json:"mConverged"`
	ControlDivergent bool     `json:"controlDivergent"`
	Instrs           []uInstr `json:"instrs"`
	Terminator       *uInstr  `json:"terminator"` // null when the block returns or panics
}

type uInstr struct {
	Text      string `json:"text"`
	Line      int    `json:"line"`
	Col       int    `json:"col"`
	Divergent bool   `json:"divergent"`
}

// checkSchema checks that every required field of the schema is present,
// with the right JSON type, at every level of the output.
func checkSchema(t *testing.T, data string) {
	t.Helper()
	var top any
	if err := json.Unmarshal([]byte(data), &top); err != nil {
		t.Fatalf("bad JSON: %v", err)
	}
	const (
		jStr  = "string"
		jNum  = "number"
		jBool = "bool"
		jArr  = "array"
	)
	typeOf := func(v any) string {
		switch v.(type) {
		case string:
			return jStr
		case float64:
			return jNum
		case bool:
			return jBool
		case []any:
			return jArr
		case map[string]any:
			return "object"
		case nil:
			return "null"
		}
		return fmt.Sprintf("%T", v)
	}
	var errs []string
	object := func(path string, v any, fields map[string]string) map[string]any {
		m, ok := v.(map[string]any)
		if !ok {
			errs = append(errs, fmt.Sprintf("%s: %s, want an object", path, typeOf(v)))
			return nil
		}
		for name, typ := range fields {
			f, ok := m[name]
			switch {
			case !ok:
				errs = append(errs, fmt.Sprintf("%s: no field %q", path, name))
			case typeOf(f) != typ:
				errs = append(errs, fmt.Sprintf("%s.%s: %s, want %s", path, name, typeOf(f), typ))
			}
		}
		return m
	}
	list := func(v any) []any { l, _ := v.([]any); return l }
	integer := func(path string, v any) {
		if f, ok := v.(float64); !ok || f != float64(int(f)) {
			errs = append(errs, fmt.Sprintf("%s: %v, want an integer", path, v))
		}
	}
	instrFields := map[string]string{"text": jStr, "line": jNum, "col": jNum, "divergent": jBool}

	m := object("$", top, map[string]string{"functions": jArr})
	for i, fv := range list(m["functions"]) {
		fp := fmt.Sprintf("$.functions[%d]", i)
		f := object(fp, fv, map[string]string{"name": jStr, "file": jStr, "cycles": jArr, "blocks": jArr})
		for j, cv := range list(f["cycles"]) {
			cp := fmt.Sprintf("%s.cycles[%d]", fp, j)
			c := object(cp, cv, map[string]string{
				"header": jNum, "entries": jArr, "blocks": jArr,
				"irreducible": jBool, "divergentExit": jBool, "assumedDivergent": jBool,
			})
			integer(cp+".header", c["header"])
			for k, e := range list(c["entries"]) {
				integer(fmt.Sprintf("%s.entries[%d]", cp, k), e)
			}
			for k, b := range list(c["blocks"]) {
				integer(fmt.Sprintf("%s.blocks[%d]", cp, k), b)
			}
		}
		for j, bv := range list(f["blocks"]) {
			bp := fmt.Sprintf("%s.blocks[%d]", fp, j)
			b := object(bp, bv, map[string]string{
				"index": jNum, "comment": jStr, "mConverged": jBool, "controlDivergent": jBool, "instrs": jArr,
			})
			integer(bp+".index", b["index"])
			for k, iv := range list(b["instrs"]) {
				ip := fmt.Sprintf("%s.instrs[%d]", bp, k)
				in := object(ip, iv, instrFields)
				integer(ip+".line", in["line"])
				integer(ip+".col", in["col"])
			}
			switch term, ok := b["terminator"]; {
			case !ok:
				errs = append(errs, bp+": no field \"terminator\"")
			case term != nil:
				object(bp+".terminator", term, instrFields)
			}
		}
	}
	if len(errs) > 0 {
		t.Errorf("the output does not follow the schema:\n\t%s", strings.Join(errs, "\n\t"))
	}
}

// decodeDump checks the output against the schema and decodes it.
func decodeDump(t *testing.T, out string) uDump {
	t.Helper()
	checkSchema(t, out)
	var d uDump
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("decoding: %v", err)
	}
	// Structural invariants.
	for _, f := range d.Functions {
		for i, b := range f.Blocks {
			if b.Index != i {
				t.Errorf("%s: block %d has index %d", f.Name, i, b.Index)
			}
		}
		n := len(f.Blocks)
		for _, c := range f.Cycles {
			if !slices.IsSorted(c.Blocks) || !slices.Contains(c.Blocks, c.Header) || !slices.Contains(c.Entries, c.Header) {
				t.Errorf("%s: cycle %+v: blocks must be sorted and hold the header, which is an entry", f.Name, c)
			}
			for _, b := range append(slices.Clone(c.Blocks), c.Entries...) {
				if b < 0 || b >= n {
					t.Errorf("%s: cycle %+v: block %d out of range", f.Name, c, b)
				}
			}
			if !c.Irreducible && len(c.Entries) != 1 {
				t.Errorf("%s: reducible cycle %+v with %d entries", f.Name, c, len(c.Entries))
			}
		}
	}
	return d
}

func (d uDump) fn(t *testing.T, name string) uFunc {
	t.Helper()
	for _, f := range d.Functions {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no function %s in the dump", name)
	return uFunc{}
}

func (f uFunc) block(t *testing.T, comment string) uBlock {
	t.Helper()
	var found []uBlock
	for _, b := range f.Blocks {
		if b.Comment == comment {
			found = append(found, b)
		}
	}
	if len(found) == 0 {
		t.Fatalf("%s: no block %q", f.Name, comment)
	}
	return found[0]
}

func names(d uDump) []string {
	var out []string
	for _, f := range d.Functions {
		out = append(out, f.Name)
	}
	return out
}

func TestUniformityJSON(t *testing.T) {
	dir := writeModule(t, "uniformity.txtar", "example.com/uk")
	src := filepath.Join(dir, "uk", "uk.go")
	r := spmdvet(t, dir, "uniformity", "-json", "./uk")
	wantCode(t, "uniformity -json", r, 0)
	if r.stderr != "" {
		t.Errorf("stderr: %s", r.stderr)
	}
	d := decodeDump(t, r.stdout)

	// The SPMD functions, in source order; Launch itself is not one, the
	// kernel literal it passes to Run is.
	want := []string{"example.com/uk/uk.Branch", "example.com/uk/uk.Loop", "example.com/uk/uk.Irreducible", "example.com/uk/uk.IrreducibleNest", "example.com/uk/uk.FoldedPhi", "example.com/uk/uk.Switch", "example.com/uk/uk.Launch$1"}
	if got := names(d); !slices.Equal(got, want) {
		t.Fatalf("functions %v, want %v", got, want)
	}
	for _, f := range d.Functions {
		if f.File != src {
			t.Errorf("%s: file %q, want %q", f.Name, f.File, src)
		}
		if f.Kernel != (f.Name == "example.com/uk/uk.Launch$1") {
			t.Errorf("%s: kernel = %v", f.Name, f.Kernel)
		}
	}

	// A terminator is at the condition it branches on.
	checkIf := func(f uFunc, b uBlock, cond string, divergent bool) {
		t.Helper()
		line, col := position(t, src, cond)
		term := b.Terminator
		switch {
		case term == nil:
			t.Errorf("%s: block %d (%s) has no terminator", f.Name, b.Index, b.Comment)
		case !strings.HasPrefix(term.Text, "if "):
			t.Errorf("%s: block %d terminator %q, want an if", f.Name, b.Index, term.Text)
		case term.Line != line || term.Col != col:
			t.Errorf("%s: block %d terminator %q at %d:%d, want %d:%d (%s)", f.Name, b.Index, term.Text, term.Line, term.Col, line, col, cond)
		case term.Divergent != divergent:
			t.Errorf("%s: block %d terminator %q divergent = %v, want %v", f.Name, b.Index, term.Text, term.Divergent, divergent)
		}
	}
	returns := func(f uFunc, b uBlock) {
		t.Helper()
		if b.Terminator != nil {
			t.Errorf("%s: block %d (%s) returns, but has terminator %+v", f.Name, b.Index, b.Comment, *b.Terminator)
		}
	}

	branch := d.fn(t, "example.com/uk/uk.Branch")
	if len(branch.Cycles) != 0 {
		t.Errorf("Branch: cycles %+v, want none", branch.Cycles)
	}
	checkIf(branch, branch.Blocks[0], "l.Index() < len(data)", true)
	if b := branch.Blocks[1]; b.Comment != "if.then" || !b.ControlDivergent {
		t.Errorf("Branch: block 1 = %+v, want the divergent if.then", b)
	}
	// The uniform branch after the join.
	var uniformIf uBlock
	for _, b := range branch.Blocks[1:] {
		if b.Terminator != nil && strings.HasPrefix(b.Terminator.Text, "if ") {
			uniformIf = b
		}
	}
	checkIf(branch, uniformIf, "l.Count() > 4", false)
	if uniformIf.ControlDivergent {
		t.Errorf("Branch: block %d, after the join, is under divergent control", uniformIf.Index)
	}
	returns(branch, branch.Blocks[len(branch.Blocks)-1])
	// The instructions of the entry block: the lane index is divergent,
	// len(data) is not.
	for _, in := range branch.Blocks[0].Instrs {
		switch {
		case strings.Contains(in.Text, ".Index(l)") && !in.Divergent,
			strings.HasPrefix(in.Text, "t1 = len(data)") && in.Divergent:
			t.Errorf("Branch: %+v has the wrong divergence", in)
		}
		if in.Line != 9 {
			t.Errorf("Branch: %+v is not on line 9", in)
		}
	}

	loop := d.fn(t, "example.com/uk/uk.Loop")
	header := loop.block(t, "for.loop")
	if len(loop.Cycles) != 1 {
		t.Fatalf("Loop: cycles %+v, want one", loop.Cycles)
	}
	c := loop.Cycles[0]
	body := loop.block(t, "for.body")
	if c.Header != header.Index || !slices.Equal(c.Entries, []int{header.Index}) ||
		!slices.Equal(c.Blocks, []int{header.Index, body.Index}) ||
		c.Irreducible || !c.DivergentExit || c.AssumedDivergent {
		t.Errorf("Loop: cycle %+v, want the reducible loop %d-%d with a divergent exit", c, header.Index, body.Index)
	}
	checkIf(loop, header, "i < l.Index()", true)
	returns(loop, loop.block(t, "for.done"))
	if len(loop.Temporal) != 1 || loop.Temporal[0].Cycle != header.Index || !strings.Contains(loop.Temporal[0].Value, "#s") {
		t.Errorf("Loop: temporal divergence %+v, want s used after the loop", loop.Temporal)
	}

	irr := d.fn(t, "example.com/uk/uk.Irreducible")
	if len(irr.Cycles) != 1 {
		t.Fatalf("Irreducible: cycles %+v, want one", irr.Cycles)
	}
	a, b := irr.block(t, "A"), irr.block(t, "B")
	c = irr.Cycles[0]
	if !c.Irreducible || !c.AssumedDivergent || len(c.Entries) != 2 ||
		!slices.Equal(c.Blocks, []int{min(a.Index, b.Index), max(a.Index, b.Index)}) {
		t.Errorf("Irreducible: cycle %+v, want the irreducible cycle of A and B, assumed divergent", c)
	}
	for _, blk := range []uBlock{a, b} {
		if blk.MConverged {
			t.Errorf("Irreducible: block %s is m-converged", blk.Comment)
		}
	}
	checkIf(irr, irr.Blocks[0], "l.Index() < n", true)
	checkIf(irr, b, "x < n", true)

	nest := d.fn(t, "example.com/uk/uk.IrreducibleNest")
	loopHead := nest.block(t, "for.loop")
	for _, c := range nest.Cycles {
		if inner := c.Header == loopHead.Index; c.AssumedDivergent == inner || c.Irreducible == inner {
			t.Errorf("IrreducibleNest: cycle %+v; want only the outer, irreducible cycle listed as assumed divergent", c)
		}
	}
	if len(nest.Cycles) != 2 || loopHead.MConverged {
		t.Errorf("IrreducibleNest: cycles %+v, loop header m-converged %v; want two cycles and the loop not m-converged",
			nest.Cycles, loopHead.MConverged)
	}

	folded := d.fn(t, "example.com/uk/uk.FoldedPhi")
	var yPhis int
	for _, b := range folded.Blocks {
		for _, in := range b.Instrs {
			if strings.Contains(in.Text, "phi [") && strings.HasSuffix(in.Text, "#y") {
				yPhis++
				if in.Divergent || b.MConverged {
					t.Errorf("FoldedPhi: %+v in block %d (m-converged %v), want a uniform phi in the cycle", in, b.Index, b.MConverged)
				}
			}
		}
	}
	if yPhis != 2 {
		t.Errorf("FoldedPhi: %d phis of y, want go/ssa's 2", yPhis)
	}

	sw := d.fn(t, "example.com/uk/uk.Switch")
	if term := sw.Blocks[0].Terminator; term == nil || !term.Divergent {
		t.Errorf("Switch: entry terminator %+v, want a divergent if", term)
	} else if line, col := position(t, src, "case a:"); term.Line != line {
		t.Errorf("Switch: entry terminator %+v, want line %d (col %d, the case expression)", *term, line, col+5)
	}
}

func TestUniformityRun(t *testing.T) {
	dir := writeModule(t, "uniformity.txtar", "example.com/uk")
	for _, tc := range []struct {
		re   string
		want []string
	}{
		{"Loop$", []string{"example.com/uk/uk.Loop"}},
		{"Launch", []string{"example.com/uk/uk.Launch$1"}},
		{`uk\.(Branch|Switch)`, []string{"example.com/uk/uk.Branch", "example.com/uk/uk.Switch"}},
		{"NoSuchFunction", nil},
	} {
		r := spmdvet(t, dir, "uniformity", "-json", "-run", tc.re, "./uk")
		wantCode(t, "uniformity -run "+tc.re, r, 0)
		d := decodeDump(t, r.stdout)
		if got := names(d); !slices.Equal(got, tc.want) {
			t.Errorf("-run %s: functions %v, want %v", tc.re, got, tc.want)
		}
		if tc.want == nil && !strings.Contains(r.stdout, `"functions": []`) {
			t.Errorf("-run %s: want an empty list of functions, not null:\n%s", tc.re, r.stdout)
		}
	}
}

func TestUniformityText(t *testing.T) {
	dir := writeModule(t, "uniformity.txtar", "example.com/uk")
	r := spmdvet(t, dir, "uniformity", "./uk")
	wantCode(t, "uniformity", r, 0)
	sections := strings.Split(r.stdout, "UniformityInfo for function ")
	if sections[0] != "" || len(sections) != 8 {
		t.Fatalf("want 7 sections starting with \"UniformityInfo for function\":\n%s", r.stdout)
	}
	section := func(name string) string {
		t.Helper()
		for _, s := range sections[1:] {
			if strings.HasPrefix(s, "'"+name+"':\n") {
				return s
			}
		}
		t.Fatalf("no section for %s", name)
		return ""
	}
	for name, wants := range map[string][]string{
		"example.com/uk/uk.Branch":      {"\nBLOCK 0 (entry)\n", "  DIVERGENT: if t2 goto 1 else 2\n", "BLOCK 1 (if.then) under divergent control\n", "             if t8 goto 3 else 4\n", "END BLOCK\n"},
		"example.com/uk/uk.Loop":        {"CYCLES WITH DIVERGENT EXIT:\n  depth=1: entries(1) 2\n", "TEMPORAL DIVERGENCE LIST:\n"},
		"example.com/uk/uk.Irreducible": {"CYCLES ASSUMED DIVERGENT:\n  depth=1: entries(", "CYCLES WITH DIVERGENT EXIT:\n", "not m-converged"},
		// Only the outer cycle is listed as assumed divergent, as by LLVM.
		"example.com/uk/uk.IrreducibleNest": {"CYCLES ASSUMED DIVERGENT:\n  depth=1: entries(2 1) 3 4 5\nCYCLES WITH DIVERGENT EXIT:\n  depth=2: entries(3) 4\n"},
	} {
		s := section(name)
		for _, w := range wants {
			if !strings.Contains(s, w) {
				t.Errorf("section of %s lacks %q:\n%s", name, w, s)
			}
		}
	}
	if s := section("example.com/uk/uk.Branch"); strings.Contains(s, "CYCLES") {
		t.Errorf("Branch has no cycles, but its section lists some:\n%s", s)
	}

	r = spmdvet(t, dir, "uniformity", "-run", "Irreducible$", "./uk")
	wantCode(t, "uniformity -run Irreducible", r, 0)
	if n := strings.Count(r.stdout, "UniformityInfo for function "); n != 1 || !strings.Contains(r.stdout, "'example.com/uk/uk.Irreducible'") {
		t.Errorf("-run Irreducible printed %d functions:\n%s", n, r.stdout)
	}
}

// TestUniformityGotoLabels checks that the dump of a goto kernel has the
// source's graph, one block per label named after it, although go/ssa
// removed or fused most of them: the analysis runs on that graph, as LLVM
// does on the IR of the same source.
func TestUniformityGotoLabels(t *testing.T) {
	dir := writeModule(t, "gotolabels.txtar", "example.com/gl")
	r := spmdvet(t, dir, "uniformity", "-json", "./gl")
	wantCode(t, "uniformity -json", r, 0)
	checkSchema(t, r.stdout)
	d := decodeDump(t, r.stdout)
	// The source's edges, by function and label.
	edges := map[string]map[string][]string{
		"example.com/gl/gl.K": {
			"B0": {"B1", "B2"}, "B1": {"B3"}, "B2": {"B3"}, "B3": {"B4"},
			"B4": {"B5", "B5"}, "B5": {"B0", "B6"}, "B6": nil,
		},
		"example.com/gl/gl.K2": {"B0": {"B1", "B2"}, "B1": {"B2", "B3"}, "B2": {"B1", "B3"}, "B3": nil},
		"example.com/gl/gl.K3": {"B0": {"B1", "B3"}, "B1": {"B2", "B4"}, "B2": {"B4"}, "B4": {"B3"}, "B3": nil},
		"example.com/gl/gl.K4": {"B0": {"B1", "B2"}, "B1": {"B2", "B0"}, "B2": nil},
		"example.com/gl/gl.K5": {"B0": {"for.loop"}, "B1": {"B1"}},
		"example.com/gl/gl.K6": {"B0": {"B1", "if.done"}},
	}
	blocks := map[string]map[string]uBlock{}
	for _, f := range d.Functions {
		want, ok := edges[f.Name]
		if !ok {
			t.Errorf("unexpected function %s", f.Name)
			continue
		}
		byLabel := map[string]uBlock{}
		name := map[int]string{}
		for _, b := range f.Blocks {
			name[b.Index] = b.Comment
			if strings.HasPrefix(b.Comment, "B") || b.Comment == "for.loop" {
				if _, dup := byLabel[b.Comment]; dup {
					t.Errorf("%s: two blocks named %s", f.Name, b.Comment)
				}
				byLabel[b.Comment] = b
			}
		}
		blocks[f.Name] = byLabel
		for l, want := range want {
			b, ok := byLabel[l]
			if !ok {
				t.Errorf("%s: no block for label %s", f.Name, l)
				continue
			}
			var got []string
			if b.Terminator != nil {
				f := strings.Fields(b.Terminator.Text)
				for i, w := range f {
					if w == "jump" || w == "goto" || w == "else" {
						n, _ := strconv.Atoi(f[i+1])
						got = append(got, name[n])
					}
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: %s goes to %v, want %v (terminator %+v)", f.Name, l, got, want, b.Terminator)
			}
		}
		if f.Name == "example.com/gl/gl.K" {
			if len(f.Cycles) != 1 || name[f.Cycles[0].Header] != "B0" || len(f.Cycles[0].Blocks) != 6 {
				t.Errorf("cycles %+v, want one headed by B0 with B0-B5", f.Cycles)
			}
		}
	}
	if len(blocks) != len(edges) {
		t.Fatalf("functions dumped: %d, want %d", len(blocks), len(edges))
	}
	// K: B3 joins the divergent branch of B0, so its phi of x is divergent.
	// The branch in B4 is divergent, though both its edges reach B5.
	k := blocks["example.com/gl/gl.K"]
	if b := k["B3"]; len(b.Instrs) != 1 || !strings.Contains(b.Instrs[0].Text, "= phi [") || !b.Instrs[0].Divergent {
		t.Errorf("K: B3 instructions %+v, want one divergent phi", b.Instrs)
	}
	if term := k["B4"].Terminator; term == nil || !strings.HasPrefix(term.Text, "if ") || !term.Divergent {
		t.Errorf("K: B4 terminator %+v, want a divergent if", term)
	} else if line, col := position(t, d.fn(t, "example.com/gl/gl.K").File, "tid < b"); term.Line != line || term.Col != col {
		t.Errorf("K: B4 terminator at %d:%d, want its condition's position %d:%d", term.Line, term.Col, line, col)
	}
	if !k["B1"].ControlDivergent || !k["B2"].ControlDivergent || k["B3"].ControlDivergent {
		t.Errorf("K: control divergence of B1, B2, B3: %v %v %v, want true true false",
			k["B1"].ControlDivergent, k["B2"].ControlDivergent, k["B3"].ControlDivergent)
	}
	// K5: the goto to B0 leaves the loop for an outer cycle, and lanes
	// leave the loop at different iterations (for B1), so the x that
	// reaches B0 is temporally divergent, and so is the store of x in the
	// loop, as in LLVM.
	k5 := blocks["example.com/gl/gl.K5"]
	if f := d.fn(t, "example.com/gl/gl.K5"); len(f.Cycles) != 3 || !slices.ContainsFunc(f.Cycles, func(c uCycle) bool {
		return c.Header == k5["B0"].Index && slices.Contains(c.Blocks, k5["for.loop"].Index)
	}) {
		t.Errorf("K5: cycles %+v, want three: B1's, the loop, and one around it from B0", f.Cycles)
	}
	if b := k5["B0"]; b.SSABlock != -1 || len(b.Instrs) != 1 || !b.Instrs[0].Divergent {
		t.Errorf("K5: B0 %+v, want a restored block with a divergent phi", b)
	}
	// K2: the cycle is assumed divergent, so LLVM's comparison 0 >= 2 in
	// B1 is divergent, and so is the branch on it.
	if term := blocks["example.com/gl/gl.K2"]["B1"].Terminator; term == nil || !term.Divergent {
		t.Errorf("K2: B1 terminator %+v, want a divergent if", term)
	}
}

// The dump gives LLVM 22's answers by default, and with -fixed those of the
// checker, which has the fix of LLVM PR #216296: they differ on the phi of
// x at B1 of K551.
func TestUniformityFixed(t *testing.T) {
	dir := writeModule(t, "pr216296.txtar", "example.com/pr")
	phiAtB1 := func(args ...string) bool {
		t.Helper()
		r := spmdvet(t, dir, append(append([]string{"uniformity", "-json"}, args...), "./k")...)
		wantCode(t, "uniformity -json", r, 0)
		d := decodeDump(t, r.stdout)
		for _, f := range d.Functions {
			for _, b := range f.Blocks {
				if b.Comment != "B1" {
					continue
				}
				for _, in := range b.Instrs {
					if strings.HasPrefix(in.Text, "phi ") || strings.Contains(in.Text, "= phi ") {
						return in.Divergent
					}
				}
			}
		}
		t.Fatalf("no phi in block B1 of:\n%s", r.stdout)
		return false
	}
	if phiAtB1() {
		t.Error("default (LLVM 22): the phi of x at B1 is divergent, want uniform as opt-22 has it")
	}
	if !phiAtB1("-fixed") {
		t.Error("-fixed: the phi of x at B1 is uniform, want divergent")
	}
	if phiAtB1("-llvm22") {
		t.Error("-llvm22 (the default): the phi of x at B1 is divergent")
	}
	if !phiAtB1("-llvm22=false") {
		t.Error("-llvm22=false: the phi of x at B1 is uniform, want divergent as with -fixed")
	}
	r := spmdvet(t, dir, "uniformity", "-fixed", "-llvm22", "./k")
	wantCode(t, "uniformity -fixed -llvm22", r, 2)
	if !strings.Contains(r.stderr, "contradict") {
		t.Errorf("uniformity -fixed -llvm22: stderr %q, want it to say the flags contradict each other", r.stderr)
	}
}

// A dump that cannot be written is an error, not a silent success.
func TestUniformityWriteError(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	dir := writeModule(t, "pr216296.txtar", "example.com/pr")
	for _, args := range [][]string{{"uniformity", "./k"}, {"uniformity", "-json", "./k"}} {
		cmd := exec.Command(binary, args...)
		cmd.Dir, cmd.Stdout = dir, full
		cmd.Env = env(goCache)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(stderr.String(), "writing the dump") {
			t.Errorf("spmdvet %s > /dev/full: exit %d (%v), stderr %q; want exit 1 and a message", strings.Join(args, " "), code, err, stderr.String())
		}
	}
}

// The dump reads a package's tests, as the checker does, unless -test=false:
// a kernel in a _test.go file is dumped once, although the package and its
// test variant both hold it.
func TestUniformityTests(t *testing.T) {
	dir := writeFiles(t, "example.com/tk", map[string]string{
		"tk/tk.go": "package tk\n",
		"tk/k_test.go": `package tk

import (
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func K(l spmd.Lane) {
	if l.Index() > 2 {
		l.Barrier()
	}
}

func TestK(t *testing.T) {}
`,
	})
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"uniformity", "./tk"}, 1},
		{[]string{"uniformity", "-test=false", "./tk"}, 0},
	} {
		r := spmdvet(t, dir, tc.args...)
		wantCode(t, strings.Join(tc.args, " "), r, 0)
		if n := strings.Count(r.stdout, "UniformityInfo for function 'example.com/tk/tk.K'"); n != tc.want {
			t.Errorf("spmdvet %s dumped K %d times, want %d:\n%s", strings.Join(tc.args, " "), n, tc.want, tail(r.stdout))
		}
	}
}
