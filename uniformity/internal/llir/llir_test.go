package llir

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/spmdvet/spmdvet/uniformity"
)

func readTestdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func parseSample(t *testing.T) map[string]*Func {
	t.Helper()
	fs, err := Parse(readTestdata(t, "sample.ll"))
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*Func{}
	for _, f := range fs {
		byName[f.Name] = f
	}
	return byName
}

// names maps value ids to names; Undef becomes "undef".
func names(f *Func, vs []int) []string {
	var out []string
	for _, v := range vs {
		if v == uniformity.Undef {
			out = append(out, "undef")
		} else {
			out = append(out, f.ValueName(v))
		}
	}
	return out
}

func blockNames(f *Func, bs []int) []string {
	var out []string
	for _, b := range bs {
		out = append(out, f.BlockName(b))
	}
	return out
}

func TestParseLoop(t *testing.T) {
	f := parseSample(t)["loop"]
	if f == nil || !f.Kernel {
		t.Fatalf("want kernel @loop, got %+v", f)
	}
	if got := blockNames(f, []int{0, 1, 2}); !slices.Equal(got, []string{"entry", "loop", "exit"}) {
		t.Errorf("blocks = %v", got)
	}
	loop, exit := f.BlockIndex("loop"), f.BlockIndex("exit")
	if got := blockNames(f, f.Succs(loop)); !slices.Equal(got, []string{"exit", "loop"}) {
		t.Errorf("succs(loop) = %v", got)
	}
	// LLVM's order: the latest branch in the text first.
	if got := blockNames(f, f.Preds(exit)); !slices.Equal(got, []string{"loop", "entry"}) {
		t.Errorf("preds(exit) = %v", got)
	}

	// %i uses %i.next, which is defined after it.
	i := f.Value("%i")
	if !f.IsPhi(i) || f.Block(i) != loop {
		t.Errorf("%%i: phi=%v block=%d", f.IsPhi(i), f.Block(i))
	}
	if got := names(f, f.Operands(i)); !slices.Equal(got, []string{"0", "%i.next"}) {
		t.Errorf("operands(%%i) = %v", got)
	}
	if got := blockNames(f, f.PhiBlocks(i)); !slices.Equal(got, []string{"entry", "loop"}) {
		t.Errorf("phi blocks(%%i) = %v", got)
	}
	if got := f.InstrText(f.Value("%i.next")); got != "%i.next = add nsw i32 %i, 1" {
		t.Errorf("text = %q", got)
	}

	// Equal constants are one value: "i32 1" in %i.next, %p and %q.
	one := f.Operands(f.Value("%i.next"))[1]
	if f.Operands(f.Value("%p"))[0] != one || f.Operands(f.Value("%q"))[0] != one {
		t.Error("the constant i32 1 is not shared")
	}
	if f.Block(one) != -1 {
		t.Error("a constant has a block")
	}

	// Instructions without a result are values too, in order.
	instrs := f.Instrs(exit)
	if len(instrs) != 6 {
		t.Fatalf("exit has %d instructions, want 6", len(instrs))
	}
	if got := f.InstrText(instrs[3]); got != "store i32 %q, ptr addrspace(1) %out" {
		t.Errorf("store text = %q (align must be dropped)", got)
	}
	if !f.IsTerminator(instrs[5]) || f.IsTerminator(instrs[4]) {
		t.Error("wrong terminator flags")
	}
	if got := names(f, f.Users(f.Value("%out"))); len(got) != 2 {
		t.Errorf("users(%%out) = %v", got)
	}
	if got := names(f, f.Seeds()); !slices.Equal(got, []string{"%tid"}) {
		t.Errorf("seeds = %v (kernel parameters are uniform)", got)
	}
}

func TestParseIrreducible(t *testing.T) {
	f := parseSample(t)["irreducible"]
	if f.Kernel {
		t.Fatal("@irreducible is not a kernel")
	}
	if got := names(f, f.Seeds()); !slices.Equal(got, []string{"%a"}) {
		t.Errorf("seeds = %v, want the parameter not in a register", got)
	}
	if got := names(f, f.Uniform()); !slices.Equal(got, []string{"%r"}) {
		t.Errorf("uniform = %v, want readfirstlane", got)
	}
	z := f.BlockIndex("z")
	// The default comes first, then the cases; duplicates stay.
	if got := blockNames(f, f.Succs(z)); !slices.Equal(got, []string{"z2", "z3", "z2"}) {
		t.Errorf("succs(z) = %v", got)
	}
	if got := blockNames(f, f.Preds(f.BlockIndex("z2"))); !slices.Equal(got, []string{"z", "z"}) {
		t.Errorf("preds(z2) = %v", got)
	}
	sw := f.Instrs(z)[1]
	if got := names(f, f.Operands(sw)); !slices.Equal(got, []string{"%r"}) {
		t.Errorf("operands(switch) = %v", got)
	}
	if got := f.InstrText(f.Value("%xv")); got != "%xv = phi i32 [ 0, %entry ], [ %yv, %y ]" {
		t.Errorf("text = %q", got)
	}
}

func TestParseSeedsAndUndef(t *testing.T) {
	f := parseSample(t)["temporal"]
	if got := names(f, f.Seeds()); !slices.Equal(got, []string{"%tid", "%l", "%x"}) {
		t.Errorf("seeds = %v, want thread id, flat load, call", got)
	}
	if got := names(f, f.Operands(f.Value("%s"))); !slices.Equal(got, []string{"%d", "%l", "undef"}) {
		t.Errorf("operands(%%s) = %v", got)
	}
	if got := f.Type(f.Value("%z")); got != "i64" {
		t.Errorf("type(%%z) = %q", got)
	}
	if got := f.Type(f.Value("%g")); got != "ptr addrspace(1)" {
		t.Errorf("type(%%g) = %q", got)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"define void @f() {\n  ret void\n}", "every block must be labelled"},
		{"define void @f() {\nentry:\n  %x = add i32 %y, 1\n  ret void\n}", "undefined value %y"},
		{"define void @f() {\nentry:\n  %x = frobnicate i32 1\n  ret void\n}", `unsupported instruction "frobnicate"`},
		{"define void @f() {\nentry:\n  br label %nowhere\n}", "no block %nowhere"},
		{"define void @f() {\nentry:\n  %x = add i32 1, 2\n}", "exactly one terminator"},
		{"define void @f(i32) {\nentry:\n  ret void\n}", "has no name"},
		{"define void @f() {\nentry:\n  ret void\n", "no closing"},
	} {
		_, err := Parse(tc.src)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q): error %v, want one containing %q", tc.src, err, tc.want)
		}
	}
}

func TestCanonical(t *testing.T) {
	for in, want := range map[string]string{
		"  %x = phi i32 [0, %a], [ %y,%b ]   ; comment":  "%x = phi i32 [ 0, %a ], [ %y, %b ]",
		"store i32 %v, ptr addrspace( 1 ) %p, align 4":   "store i32 %v, ptr addrspace(1) %p",
		"%t = call i32 @llvm.amdgcn.workitem.id.x( )":    "%t = call i32 @llvm.amdgcn.workitem.id.x()",
		"switch i32 %r, label %d [\n i32 0, label %a\n]": "switch i32 %r, label %d [ i32 0, label %a ]",
	} {
		if got := Canonical(in); got != want {
			t.Errorf("Canonical(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseOptOutput(t *testing.T) {
	funcs, err := ParseOptOutput(readTestdata(t, "sample.opt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(funcs) != 3 {
		t.Fatalf("got %d functions, want 3", len(funcs))
	}

	loop := funcs["loop"]
	if !slices.Equal(loop.DivergentExits, []string{"depth=1: entries(loop)"}) || loop.AssumedDivergent != nil {
		t.Errorf("loop cycles: exits %q assumed %q", loop.DivergentExits, loop.AssumedDivergent)
	}
	exit := loop.Block("exit")
	want := []OptInstr{
		{"%p = phi i32 [ 1, %entry ], [ %i, %loop ]", true},
		{"%q = phi i32 [ 1, %entry ], [ 2, %loop ]", true},
		{"store i32 %p, ptr addrspace(1) %out", true},
		{"store i32 %q, ptr addrspace(1) %out", true},
		{"call void @llvm.amdgcn.s.barrier()", false},
	}
	if !reflect.DeepEqual(exit.Defs, want) {
		t.Errorf("exit defs = %+v", exit.Defs)
	}
	if !reflect.DeepEqual(exit.Terms, []OptInstr{{"ret void", false}}) {
		t.Errorf("exit terms = %+v", exit.Terms)
	}

	irr := funcs["irreducible"]
	if !slices.Equal(irr.DivergentArgs, []string{"i32 %a"}) {
		t.Errorf("divergent args = %q", irr.DivergentArgs)
	}
	if !slices.Equal(irr.AssumedDivergent, []string{"depth=1: entries(y x)"}) {
		t.Errorf("assumed divergent = %q", irr.AssumedDivergent)
	}
	if got := irr.Block("z").Terms; len(got) != 1 || got[0].Text != "switch i32 %r, label %z2 [ i32 0, label %z3 i32 1, label %z2 ]" {
		t.Errorf("switch = %+v", got)
	}
	if len(irr.Blocks) != 6 {
		t.Errorf("got %d blocks, want 6", len(irr.Blocks))
	}

	tmp := funcs["temporal"]
	wantTemporal := []OptTemporal{
		{"%i.next = add i32 %i, 1", "%sum = add i32 %i.next, %u", "depth=1: entries(loop) latch"},
		{"%d = icmp eq i32 %i.next, %tid", "br i1 %d, label %done, label %done", "depth=1: entries(loop) latch"},
	}
	if !reflect.DeepEqual(tmp.Temporal, wantTemporal) {
		t.Errorf("temporal = %+v", tmp.Temporal)
	}
}

func TestParseOptOutputAllUniform(t *testing.T) {
	out := "UniformityInfo for function 'h':\nALL VALUES UNIFORM\n" +
		"===-------------------------------------------------------------------------===\n" +
		"                        Analysis execution timing report\n"
	funcs, err := ParseOptOutput(out)
	if err != nil {
		t.Fatal(err)
	}
	if f := funcs["h"]; f == nil || !f.AllUniform || len(f.Blocks) != 0 {
		t.Errorf("got %+v", f)
	}
	if _, err := ParseOptOutput("UniformityInfo for function 'h':\nBLOCK b\nDEFINITIONS\n"); err == nil {
		t.Error("a block without END BLOCK was accepted")
	}
}

// TestOptAgreesWithParse checks the two parsers against each other on a
// fresh report from opt: every block opt prints must line up instruction
// by instruction with the parsed function.
func TestOptAgreesWithParse(t *testing.T) {
	if _, err := exec.LookPath("opt-22"); err != nil {
		t.Skip("opt-22 not installed:", err)
	}
	out, err := exec.Command("opt-22", "-passes=print<uniformity>", "-disable-output", filepath.Join("testdata", "sample.ll")).CombinedOutput()
	if err != nil {
		t.Fatalf("opt-22: %v\n%s", err, out)
	}
	if string(out) != readTestdata(t, "sample.opt") {
		t.Errorf("opt-22 output differs from testdata/sample.opt; regenerate it:\n%s", out)
	}
	report, err := ParseOptOutput(string(out))
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range parseSample(t) {
		of := report[name]
		if of == nil {
			t.Errorf("no report for %s", name)
			continue
		}
		for _, ob := range of.Blocks {
			b := f.BlockIndex(ob.Name)
			if b < 0 {
				t.Errorf("%s: no block %s", name, ob.Name)
				continue
			}
			var texts []string
			for _, in := range append(ob.Defs, ob.Terms...) {
				texts = append(texts, in.Text)
			}
			var ours []string
			for _, v := range f.Instrs(b) {
				ours = append(ours, f.InstrText(v))
			}
			if !slices.Equal(texts, ours) {
				t.Errorf("%s/%s:\nopt:  %q\nours: %q", name, ob.Name, texts, ours)
			}
		}
	}
}

// TestPredOrderMatchesOpt checks Preds against the "; preds = " comments
// of opt -S, which list LLVM's predecessor order. LLVM's cycle analysis
// walks predecessors in that order, so the analysis must get the same.
func TestPredOrderMatchesOpt(t *testing.T) {
	if _, err := exec.LookPath("opt-22"); err != nil {
		t.Skip("opt-22 not installed:", err)
	}
	out, err := exec.Command("opt-22", "-S", filepath.Join("testdata", "sample.ll")).CombinedOutput()
	if err != nil {
		t.Fatalf("opt-22: %v\n%s", err, out)
	}
	funcs := parseSample(t)
	var f *Func
	checked := 0
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "define ") {
			name := line[strings.Index(line, "@")+1 : strings.Index(line, "(")]
			f = funcs[name]
			continue
		}
		label, preds, ok := strings.Cut(line, "; preds = ")
		if !ok || f == nil {
			continue
		}
		b := f.BlockIndex(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(label), ":")))
		var want []string
		for _, p := range strings.Split(preds, ", ") {
			want = append(want, strings.TrimPrefix(p, "%"))
		}
		if got := blockNames(f, f.Preds(b)); !slices.Equal(got, want) {
			t.Errorf("%s/%s: preds %v, opt says %v", f.Name, f.BlockName(b), got, want)
		}
		checked++
	}
	if checked < 5 {
		t.Errorf("only %d blocks checked", checked)
	}
}
