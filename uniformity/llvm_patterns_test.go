package uniformity_test

// Hand-written graphs for the patterns of LLVM's uniformity analysis tests
// (llvm/test/Analysis/UniformityAnalysis/), each asserting the answers that
// LLVM's CHECK lines assert and that opt-22 gives.
//
// The graphs live in testdata/llvm/*.ll, in the IR subset that package llir
// reads. Every instruction line of a function, terminators included, ends
// with an annotation comment saying what the analysis must answer for it:
//
//	%x = add i32 %a, %lane          ; DIVERGENT
//	br i1 %uc, label %a, label %b   ; UNIFORM
//
// A line without an annotation is an error, so nothing in a function goes
// unchecked. For a terminator the annotation is about the branch
// (Result.IsDivergentTerminator), for every other instruction about its
// value (Result.IsDivergent). The expected answer is the one with the
// analysis's two fixes of LLVM 22: LLVM PR #216296 (a divergent cycle exit
// is also a join) and "sibling exit" (lanes that leave a cycle straight
// into another cycle leave every cycle around the branch that does not hold
// the exit; see Result.exitedCycle). Where LLVM 22 answers differently the
// line says so:
//
//	%x = phi i32 [ 1, %body ], [ 0, %hdr ]   ; DIVERGENT(fix #216296; LLVM 22 says uniform)
//	%y = phi i32 [ %x1, %i ], [ %y1, %x ]    ; DIVERGENT(fix sibling exit; LLVM 22 says uniform)
//
// The comment lines directly above a function's define line (a contiguous
// block of ';' lines) may list the cycles and temporal uses, with cycles
// written the way LLVM prints them (Cycle.Format):
//
//	; ASSUMED-DIVERGENT: depth=1: entries(p t) q
//	; DIVERGENT-EXIT: depth=1: entries(hdr) body
//	; TEMPORAL: %i.next -> %use @ depth=1: entries(loop)
//
// In a TEMPORAL line the value and the user are "%name", or "block:N" for
// the N-th (from 0) instruction of a block when it has no name. Each list is
// complete: a function without ASSUMED-DIVERGENT lines must have no cycle
// assumed divergent, and so on. The lists are compared as sets (multisets
// for TEMPORAL). A cycle is identified by its depth, its header (the first
// entry) and its sets of other entries and of other blocks; the order LLVM
// prints those blocks in is checked on its own by TestLLVMPatternsCycleText.
// A list line that holds only with the fixes says "(fixed)" after its key,
// one that holds only in LLVM 22 says "(LLVM 22)":
//
//	; DIVERGENT-EXIT(fixed): depth=1: entries(h1) i i2 l
//	; DIVERGENT-EXIT(LLVM 22): depth=2: entries(i) i2
//
// TestLLVMPatterns runs the analysis on every function twice: as is, where
// every annotation must hold, and with Config.LLVM22, where the fix-marked
// lines must give LLVM 22's answer instead. TestLLVMPatternsAgainstOpt runs
// opt-22 on each file, when it is installed, and checks that LLVM 22 gives
// exactly the annotated answers (the "LLVM 22 says" one on fix-marked
// lines), which keeps the expectations honest.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spmdvet/spmdvet/uniformity"
	"github.com/spmdvet/spmdvet/uniformity/internal/llir"
)

const patDir = "testdata/llvm"

// patFile is one annotated .ll file.
type patFile struct {
	path  string
	src   string
	funcs []*patFunc
}

// patFunc is the expectation for one function.
type patFunc struct {
	name string
	line int // of the define line
	// The lists with the fixes, and as LLVM 22 gives them.
	assumed, assumed22   []string
	exits, exits22       []string
	temporal, temporal22 []patTemporal
	blocks               []*patBlock
	// named maps "%x" to the instruction that defines it.
	named map[string]patPos
}

type patBlock struct {
	name   string
	instrs []patInstr
}

type patPos struct{ block, index int }

// patInstr is one annotated instruction line.
type patInstr struct {
	line int
	text string // the instruction, without the comment
	// divergent is the expected answer (with #216296 fixed), llvm22 is what
	// LLVM 22 answers; they differ only on fix-marked lines.
	divergent, llvm22 bool
}

type patTemporal struct {
	line               int
	value, user, cycle string
}

func (t patTemporal) String() string {
	return t.value + " -> " + t.user + " @ " + t.cycle
}

var (
	patDefineRE   = regexp.MustCompile(`^define\b.*@([A-Za-z0-9_.$-]+)\(`)
	patLabelRE    = regexp.MustCompile(`^([A-Za-z0-9_.$-]+):`)
	patAnnotRE    = regexp.MustCompile(`^(DIVERGENT|UNIFORM)(?:\(fix (?:#216296|sibling exit); LLVM 22 says (divergent|uniform)\))?$`)
	patTemporalRE = regexp.MustCompile(`^(\S+) -> (\S+) @ (depth=\d+: .*)$`)
	patRefRE      = regexp.MustCompile(`^(%[A-Za-z0-9_.$-]+|[A-Za-z0-9_.$-]+:\d+)$`)
)

// patHeaderKeys are the annotations allowed above a define line.
var patHeaderKeys = []string{"ASSUMED-DIVERGENT:", "DIVERGENT-EXIT:", "TEMPORAL:"} // each may carry "(fixed)" or "(LLVM 22)" before the colon

// loadPatternFiles reads and parses the annotations of every .ll file.
func loadPatternFiles(t *testing.T) []*patFile {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(patDir, "*.ll"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("no .ll files in %s", patDir)
	}
	var files []*patFile
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		pf, err := parsePatternFile(path, string(src))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, pf)
	}
	return files
}

func parsePatternFile(path, src string) (*patFile, error) {
	pf := &patFile{path: path, src: src}
	var header []string // the current run of comment lines, with line numbers
	var headerLines []int
	var fn *patFunc
	var blk *patBlock
	errorf := func(line int, format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", path, line, fmt.Sprintf(format, args...))
	}
	for i, raw := range strings.Split(src, "\n") {
		line := i + 1
		trimmed := strings.TrimSpace(raw)
		if fn == nil {
			switch {
			case strings.HasPrefix(trimmed, ";"):
				header = append(header, trimmed)
				headerLines = append(headerLines, line)
				continue
			case strings.HasPrefix(trimmed, "define "):
				m := patDefineRE.FindStringSubmatch(trimmed)
				if m == nil {
					return nil, errorf(line, "cannot find the function name in %q", trimmed)
				}
				fn = &patFunc{name: m[1], line: line, named: map[string]patPos{}}
				for k, h := range header {
					if err := fn.addHeader(h); err != nil {
						return nil, errorf(headerLines[k], "%v", err)
					}
				}
				pf.funcs = append(pf.funcs, fn)
				blk = nil
			}
			header, headerLines = nil, nil
			continue
		}
		switch {
		case trimmed == "}":
			if err := fn.validate(); err != nil {
				return nil, errorf(fn.line, "function %s: %v", fn.name, err)
			}
			fn = nil
		case trimmed == "" || strings.HasPrefix(trimmed, ";"):
		case !strings.HasPrefix(raw, " ") && patLabelRE.MatchString(raw):
			blk = &patBlock{name: patLabelRE.FindStringSubmatch(raw)[1]}
			fn.blocks = append(fn.blocks, blk)
		default:
			if blk == nil {
				return nil, errorf(line, "instruction before the first label")
			}
			text, comment, ok := strings.Cut(trimmed, ";")
			if !ok {
				return nil, errorf(line, "instruction without a DIVERGENT or UNIFORM annotation: %q", trimmed)
			}
			m := patAnnotRE.FindStringSubmatch(strings.TrimSpace(comment))
			if m == nil {
				return nil, errorf(line, "malformed annotation %q", strings.TrimSpace(comment))
			}
			in := patInstr{line: line, text: strings.TrimSpace(text), divergent: m[1] == "DIVERGENT"}
			in.llvm22 = in.divergent
			if m[2] != "" {
				in.llvm22 = m[2] == "divergent"
				if in.llvm22 == in.divergent {
					return nil, errorf(line, "fix marker gives LLVM 22 the same answer")
				}
			}
			if name, _, ok := strings.Cut(in.text, " = "); ok && strings.HasPrefix(name, "%") {
				fn.named[name] = patPos{len(fn.blocks) - 1, len(blk.instrs)}
			}
			blk.instrs = append(blk.instrs, in)
		}
	}
	if fn != nil {
		return nil, errorf(fn.line, "function %s has no closing '}'", fn.name)
	}
	if len(pf.funcs) == 0 {
		return nil, fmt.Errorf("%s: no functions", path)
	}
	return pf, nil
}

// addHeader records one comment line above the define line if it is an
// annotation.
func (fn *patFunc) addHeader(comment string) error {
	body := strings.TrimSpace(strings.TrimPrefix(comment, ";"))
	key := ""
	for _, k := range patHeaderKeys {
		if strings.HasPrefix(body, strings.TrimSuffix(k, ":")) {
			key = k
		}
	}
	if key == "" {
		// Catch misspelt annotations rather than silently ignoring them.
		for _, w := range []string{"ASSUMED", "DIVERGENT", "UNIFORM", "TEMPORAL"} {
			if strings.HasPrefix(body, w) {
				return fmt.Errorf("unknown annotation %q", body)
			}
		}
		return nil
	}
	rest := strings.TrimPrefix(body, strings.TrimSuffix(key, ":"))
	fixed, llvm22 := true, true
	switch {
	case strings.HasPrefix(rest, "(fixed):"):
		llvm22 = false
	case strings.HasPrefix(rest, "(LLVM 22):"):
		fixed = false
	case !strings.HasPrefix(rest, ":"):
		return fmt.Errorf("malformed annotation %q", body)
	}
	_, rest, _ = strings.Cut(rest, ":")
	val := strings.Join(strings.Fields(rest), " ")
	add := func(list, list22 *[]string) {
		if fixed {
			*list = append(*list, val)
		}
		if llvm22 {
			*list22 = append(*list22, val)
		}
	}
	switch key {
	case "ASSUMED-DIVERGENT:":
		add(&fn.assumed, &fn.assumed22)
	case "DIVERGENT-EXIT:":
		add(&fn.exits, &fn.exits22)
	case "TEMPORAL:":
		m := patTemporalRE.FindStringSubmatch(val)
		if m == nil || !patRefRE.MatchString(m[1]) || !patRefRE.MatchString(m[2]) {
			return fmt.Errorf("malformed TEMPORAL annotation %q", val)
		}
		te := patTemporal{value: m[1], user: m[2], cycle: m[3]}
		if fixed {
			fn.temporal = append(fn.temporal, te)
		}
		if llvm22 {
			fn.temporal22 = append(fn.temporal22, te)
		}
	}
	return nil
}

// validate checks that every reference in the TEMPORAL annotations names an
// instruction of the function.
func (fn *patFunc) validate() error {
	for _, te := range slices.Concat(fn.temporal, fn.temporal22) {
		for _, ref := range []string{te.value, te.user} {
			if _, ok := fn.resolve(ref); !ok {
				return fmt.Errorf("TEMPORAL annotation %q refers to %s, which is not an instruction here", te, ref)
			}
		}
	}
	return nil
}

// resolve finds the instruction a TEMPORAL reference names.
func (fn *patFunc) resolve(ref string) (patPos, bool) {
	if strings.HasPrefix(ref, "%") {
		p, ok := fn.named[ref]
		return p, ok
	}
	name, idx, _ := strings.Cut(ref, ":")
	n, err := strconv.Atoi(idx)
	if err != nil {
		return patPos{}, false
	}
	for b, blk := range fn.blocks {
		if blk.name == name && n < len(blk.instrs) {
			return patPos{b, n}, true
		}
	}
	return patPos{}, false
}

func (fn *patFunc) instr(p patPos) patInstr { return fn.blocks[p.block].instrs[p.index] }

// patBound is a patFunc matched with the function llir parsed from the same
// text: ids[b][k] is the value id of the k-th instruction of pattern block b,
// blockIDs[b] its block id.
type patBound struct {
	pf       *patFile
	fn       *patFunc
	f        *llir.Func
	blockIDs []int
	ids      [][]int
}

// bindPatterns parses a file with llir and matches each annotated
// instruction to its value id, checking that both readings agree on the
// blocks and on the text of every instruction.
func bindPatterns(pf *patFile) ([]*patBound, error) {
	funcs, err := llir.Parse(pf.src)
	if err != nil {
		return nil, fmt.Errorf("%s: llir.Parse: %v", pf.path, err)
	}
	byName := map[string]*llir.Func{}
	for _, f := range funcs {
		byName[f.Name] = f
	}
	if len(funcs) != len(pf.funcs) {
		return nil, fmt.Errorf("%s: llir read %d functions, the annotations %d", pf.path, len(funcs), len(pf.funcs))
	}
	var out []*patBound
	for _, fn := range pf.funcs {
		f := byName[fn.name]
		if f == nil {
			return nil, fmt.Errorf("%s:%d: llir did not read function %s", pf.path, fn.line, fn.name)
		}
		if f.NumBlocks() != len(fn.blocks) {
			return nil, fmt.Errorf("%s:%d: %s: llir read %d blocks, the annotations %d", pf.path, fn.line, fn.name, f.NumBlocks(), len(fn.blocks))
		}
		bd := &patBound{pf: pf, fn: fn, f: f}
		for _, blk := range fn.blocks {
			b := f.BlockIndex(blk.name)
			if b < 0 {
				return nil, fmt.Errorf("%s:%d: %s: llir has no block %s", pf.path, fn.line, fn.name, blk.name)
			}
			ids := f.Instrs(b)
			if len(ids) != len(blk.instrs) {
				return nil, fmt.Errorf("%s:%d: %s: block %s: llir read %d instructions, the annotations %d", pf.path, fn.line, fn.name, blk.name, len(ids), len(blk.instrs))
			}
			for k, in := range blk.instrs {
				if got, want := f.InstrText(ids[k]), llir.Canonical(in.text); got != want {
					return nil, fmt.Errorf("%s:%d: llir's instruction %d of block %s is %q, the line says %q", pf.path, in.line, k, blk.name, got, want)
				}
			}
			bd.blockIDs = append(bd.blockIDs, b)
			bd.ids = append(bd.ids, ids)
		}
		out = append(out, bd)
	}
	return out, nil
}

func patWord(divergent bool) string {
	if divergent {
		return "DIVERGENT"
	}
	return "UNIFORM"
}

// patNormalizeCycle rewrites a cycle as printed by LLVM, "depth=1: entries(h
// e2 e1) b3 b1", into a form that does not depend on the order of the blocks
// after the header: "depth=1: entries(h e1 e2) b1 b3".
func patNormalizeCycle(s string) string {
	head, rest, ok := strings.Cut(s, "entries(")
	if !ok {
		return s
	}
	entries, blocks, ok := strings.Cut(rest, ")")
	if !ok {
		return s
	}
	es := strings.Fields(entries)
	if len(es) > 1 {
		slices.Sort(es[1:])
	}
	bs := strings.Fields(blocks)
	slices.Sort(bs)
	return strings.TrimSpace(head + "entries(" + strings.Join(es, " ") + ") " + strings.Join(bs, " "))
}

func patNormalizeCycles(cs []string) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = patNormalizeCycle(c)
	}
	return out
}

func TestLLVMPatterns(t *testing.T) {
	files := loadPatternFiles(t)
	nfuncs := 0
	for _, pf := range files {
		bounds, err := bindPatterns(pf)
		if err != nil {
			t.Error(err)
			continue
		}
		for _, bd := range bounds {
			nfuncs++
			name := strings.TrimSuffix(filepath.Base(pf.path), ".ll") + "/" + bd.fn.name
			t.Run(name, func(t *testing.T) {
				patCheckCore(t, bd, false)
			})
			t.Run(name+"/llvm22", func(t *testing.T) {
				patCheckCore(t, bd, true)
			})
		}
	}
	t.Logf("%d functions in %d files", nfuncs, len(files))
}

// patCheckCore runs the analysis on one function and compares every answer with
// the annotations; with llvm22 it expects LLVM 22's answers.
func patCheckCore(t *testing.T, bd *patBound, llvm22 bool) {
	f, fn := bd.f, bd.fn
	r := uniformity.Analyze(f, uniformity.Config{Seeds: f.Seeds(), Uniform: f.Uniform(), LLVM22: llvm22})
	for bi, blk := range fn.blocks {
		for k, in := range blk.instrs {
			v := bd.ids[bi][k]
			var got bool
			if f.IsTerminator(v) {
				got = r.IsDivergentTerminator(bd.blockIDs[bi])
			} else {
				got = r.IsDivergent(v)
			}
			want := in.divergent
			if llvm22 {
				want = in.llvm22
			}
			if got != want {
				t.Errorf("%s:%d: %s: %s: got %s, want %s", bd.pf.path, in.line, fn.name, in.text, patWord(got), patWord(want))
			}
		}
	}
	assumed, exits, temporal := fn.assumed, fn.exits, fn.temporal
	if llvm22 {
		assumed, exits, temporal = fn.assumed22, fn.exits22, fn.temporal22
	}
	patCompareSets(t, bd, "ASSUMED-DIVERGENT", patNormalizeCycles(patFormatCycles(r.AssumedDivergent(), f)), patNormalizeCycles(assumed))
	patCompareSets(t, bd, "DIVERGENT-EXIT", patNormalizeCycles(patFormatCycles(r.DivergentExits(), f)), patNormalizeCycles(exits))
	var gotTemporal, wantTemporal []string
	for _, tu := range r.TemporalDivergence() {
		gotTemporal = append(gotTemporal, patTemporal{
			value: patValueRef(f, tu.Value),
			user:  patValueRef(f, tu.User),
			cycle: patNormalizeCycle(tu.Cycle.Format(f.BlockName)),
		}.String())
	}
	// LLVM also lists some uses of values that end up divergent anyway,
	// depending on its worklist order; TemporalDivergence leaves those out.
	for _, te := range temporal {
		if p, ok := fn.resolve(te.value); ok && r.IsDivergent(bd.ids[p.block][p.index]) {
			continue
		}
		te.cycle = patNormalizeCycle(te.cycle)
		wantTemporal = append(wantTemporal, te.String())
	}
	patCompareSets(t, bd, "TEMPORAL", gotTemporal, wantTemporal)
}

func patFormatCycles(cs []*uniformity.Cycle, f *llir.Func) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Format(f.BlockName))
	}
	return out
}

// patValueRef names an instruction the way TEMPORAL annotations do.
func patValueRef(f *llir.Func, v int) string {
	if name := f.ValueName(v); strings.HasPrefix(name, "%") {
		return name
	}
	b := f.Block(v)
	if b < 0 {
		return fmt.Sprintf("value#%d", v)
	}
	return fmt.Sprintf("%s:%d", f.BlockName(b), slices.Index(f.Instrs(b), v))
}

// patCompareSets reports the difference between two lists compared as
// multisets.
func patCompareSets(t *testing.T, bd *patBound, what string, got, want []string) {
	t.Helper()
	got, want = slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))
	if slices.Equal(got, want) {
		return
	}
	var missing, extra []string
	rest := slices.Clone(got)
	for _, w := range want {
		if i := slices.Index(rest, w); i >= 0 {
			rest = slices.Delete(rest, i, i+1)
		} else {
			missing = append(missing, w)
		}
	}
	extra = rest
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s:%d: %s: %s differs", bd.pf.path, bd.fn.line, bd.fn.name, what)
	for _, m := range missing {
		fmt.Fprintf(&sb, "\n\tmissing: %s", m)
	}
	for _, e := range extra {
		fmt.Fprintf(&sb, "\n\tunexpected: %s", e)
	}
	t.Error(sb.String())
}

// TestLLVMPatternsCycleText checks that Cycle.Format prints every cycle of
// the annotations exactly as LLVM 22 does, blocks in LLVM's order. It looks
// at each annotated cycle that the analysis also reports (the others are
// TestLLVMPatterns's business).
func TestLLVMPatternsCycleText(t *testing.T) {
	for _, pf := range loadPatternFiles(t) {
		bounds, err := bindPatterns(pf)
		if err != nil {
			t.Error(err)
			continue
		}
		for _, bd := range bounds {
			f, fn := bd.f, bd.fn
			r := uniformity.Analyze(f, uniformity.Config{Seeds: f.Seeds(), Uniform: f.Uniform()})
			got := map[string]string{} // normalized to exact text
			for _, c := range slices.Concat(r.AssumedDivergent(), r.DivergentExits()) {
				got[patNormalizeCycle(c.Format(f.BlockName))] = c.Format(f.BlockName)
			}
			for _, tu := range r.TemporalDivergence() {
				got[patNormalizeCycle(tu.Cycle.Format(f.BlockName))] = tu.Cycle.Format(f.BlockName)
			}
			var want []string
			want = slices.Concat(want, fn.assumed, fn.exits)
			for _, te := range fn.temporal {
				want = append(want, te.cycle)
			}
			for _, w := range want {
				if g, ok := got[patNormalizeCycle(w)]; ok && g != w {
					t.Errorf("%s:%d: %s: cycle printed as %q, LLVM prints %q", pf.path, fn.line, fn.name, g, w)
				}
			}
		}
	}
}

// TestLLVMPatternsAgainstOpt checks the annotations against LLVM 22 itself.
func TestLLVMPatternsAgainstOpt(t *testing.T) {
	opt, err := exec.LookPath("opt-22")
	if err != nil {
		t.Skip("opt-22 is not installed: the annotations in testdata/llvm are not re-checked against LLVM 22")
	}
	for _, pf := range loadPatternFiles(t) {
		t.Run(strings.TrimSuffix(filepath.Base(pf.path), ".ll"), func(t *testing.T) {
			out, err := exec.Command(opt, "-passes=print<uniformity>", "-disable-output", pf.path).CombinedOutput()
			if err != nil {
				t.Fatalf("opt-22 failed on %s: %v\n%s", pf.path, err, out)
			}
			reports, err := llir.ParseOptOutput(string(out))
			if err != nil {
				t.Fatalf("reading opt-22's report on %s: %v", pf.path, err)
			}
			if len(reports) != len(pf.funcs) {
				t.Errorf("%s: opt-22 reported %d functions, the annotations cover %d", pf.path, len(reports), len(pf.funcs))
			}
			for _, fn := range pf.funcs {
				if rep := reports[fn.name]; rep == nil {
					t.Errorf("%s:%d: opt-22 did not report on %s", pf.path, fn.line, fn.name)
				} else {
					patCheckOpt(t, pf, fn, rep)
				}
			}
		})
	}
}

func patCheckOpt(t *testing.T, pf *patFile, fn *patFunc, rep *llir.OptFunc) {
	for _, blk := range fn.blocks {
		var lines []llir.OptInstr
		if !rep.AllUniform {
			ob := rep.Block(blk.name)
			if ob == nil {
				t.Errorf("%s:%d: %s: opt-22 reported no block %s", pf.path, fn.line, fn.name, blk.name)
				continue
			}
			lines = append(slices.Clone(ob.Defs), ob.Terms...)
			if len(lines) != len(blk.instrs) {
				t.Errorf("%s:%d: %s: block %s: opt-22 reported %d instructions, the annotations cover %d", pf.path, fn.line, fn.name, blk.name, len(lines), len(blk.instrs))
				continue
			}
		}
		for k, in := range blk.instrs {
			got := false // "ALL VALUES UNIFORM" lists no blocks
			if lines != nil {
				if want := llir.Canonical(in.text); lines[k].Text != want {
					t.Errorf("%s:%d: opt-22's instruction %d of block %s is %q, the line says %q", pf.path, in.line, k, blk.name, lines[k].Text, want)
					continue
				}
				got = lines[k].Divergent
			}
			if got != in.llvm22 {
				t.Errorf("%s:%d: %s: %s: opt-22 says %s, the annotation says LLVM 22 gives %s", pf.path, in.line, fn.name, in.text, patWord(got), patWord(in.llvm22))
			}
		}
	}
	bd := &patBound{pf: pf, fn: fn}
	patCompareSets(t, bd, "ASSUMED-DIVERGENT (opt-22)", rep.AssumedDivergent, fn.assumed22)
	patCompareSets(t, bd, "DIVERGENT-EXIT (opt-22)", rep.DivergentExits, fn.exits22)
	// opt prints the instructions of a temporal use; compare by canonical
	// text.
	var got, want []string
	for _, tu := range rep.Temporal {
		got = append(got, tu.Value+" -> "+tu.User+" @ "+tu.Cycle)
	}
	for _, te := range fn.temporal22 {
		v, _ := fn.resolve(te.value)
		u, _ := fn.resolve(te.user)
		want = append(want, llir.Canonical(fn.instr(v).text)+" -> "+llir.Canonical(fn.instr(u).text)+" @ "+te.cycle)
	}
	patCompareSets(t, bd, "TEMPORAL (opt-22)", got, want)
}
