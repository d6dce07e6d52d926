package gotodiff

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"

	"github.com/spmdvet/spmdvet/uniformity"
)

// OptPasses is the pipeline opt runs: mem2reg builds SSA from the
// allocas, then the cycle and uniformity printers report.
const OptPasses = "mem2reg,print<cycles>,print<uniformity>"

// OptFunc is what opt reports for one function.
type OptFunc struct {
	Name       string
	AllUniform bool
	// Cycles from print<cycles>, AssumedDivergent and DivergentExits
	// from print<uniformity>, as printed: "depth=1: entries(B1 B2) B3".
	Cycles           []string
	AssumedDivergent []string
	DivergentExits   []string
	Blocks           map[string]*OptBlock
	Report           string // the raw print<uniformity> text
	CycleReport      string // the raw print<cycles> text
}

// OptBlock is one block of the report.
type OptBlock struct {
	Defs  []OptInstr
	Terms []OptInstr
}

// OptInstr is one instruction line.
type OptInstr struct {
	Text      string
	Divergent bool
}

// RunOpt runs opt-22 on the IR file path, writes the IR after mem2reg to
// path.m2r.ll, and returns the reports by function and the IR after
// mem2reg.
func RunOpt(opt, path string) (map[string]*OptFunc, string, error) {
	outPath := strings.TrimSuffix(path, ".ll") + ".m2r.ll"
	cmd := exec.Command(opt, "-passes="+OptPasses, "-S", "-o", outPath, path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, "", fmt.Errorf("%s %s: %v\n%s", opt, path, err, stderr.Bytes())
	}
	ir, err := os.ReadFile(outPath)
	if err != nil {
		return nil, "", err
	}
	rep, err := ParseOptOutput(stderr.String())
	return rep, string(ir), err
}

// ParseOptOutput reads what print<cycles> and print<uniformity> write.
func ParseOptOutput(out string) (map[string]*OptFunc, error) {
	funcs := map[string]*OptFunc{}
	get := func(name string) *OptFunc {
		f := funcs[name]
		if f == nil {
			f = &OptFunc{Name: name, Blocks: map[string]*OptBlock{}}
			funcs[name] = f
		}
		return f
	}
	lines := strings.Split(out, "\n")
	var f *OptFunc
	var raw *strings.Builder
	var list *[]string  // cycle list being read
	var blk *OptBlock   // block being read
	var ins *[]OptInstr // its definitions or terminators
	flush := func() {
		if f != nil && raw != nil {
			f.Report = raw.String()
		}
		raw = nil
	}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if name, ok := strings.CutPrefix(line, "CycleInfo for function: "); ok {
			flush()
			cf := get(name)
			var sb strings.Builder
			sb.WriteString(line + "\n")
			for i+1 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i+1]), "depth=") {
				i++
				sb.WriteString(lines[i] + "\n")
				cf.Cycles = append(cf.Cycles, strings.TrimSpace(lines[i]))
			}
			cf.CycleReport = sb.String()
			f = nil
			continue
		}
		if name, ok := strings.CutPrefix(line, "UniformityInfo for function '"); ok {
			flush()
			f = get(strings.TrimSuffix(name, "':"))
			raw = &strings.Builder{}
			raw.WriteString(line + "\n")
			list, blk, ins = nil, nil, nil
			continue
		}
		if f == nil {
			continue
		}
		raw.WriteString(line + "\n")
		switch {
		case blk != nil:
			switch {
			case line == "DEFINITIONS":
				ins = &blk.Defs
			case line == "TERMINATORS":
				ins = &blk.Terms
			case line == "END BLOCK":
				blk, ins = nil, nil
			case ins != nil:
				text, div := strings.CutPrefix(line, "  DIVERGENT: ")
				if !div && !strings.HasPrefix(line, "             ") {
					return nil, fmt.Errorf("opt output: unexpected line %q", line)
				}
				*ins = append(*ins, OptInstr{Text: strings.TrimSpace(text), Divergent: div})
			default:
				return nil, fmt.Errorf("opt output: unexpected line %q", line)
			}
		case line == "":
			list = nil
		case line == "ALL VALUES UNIFORM":
			f.AllUniform = true
		case line == "CYCLES ASSUMED DIVERGENT:":
			list = &f.AssumedDivergent
		case line == "CYCLES WITH DIVERGENT EXIT:":
			list = &f.DivergentExits
		case line == "DIVERGENT ARGUMENTS:" || line == "TEMPORAL DIVERGENCE LIST:":
			list = nil
			// Skip the entries: indented lines and "Value/Used by/Outside".
			for i+1 < len(lines) && lines[i+1] != "" && !strings.HasPrefix(lines[i+1], "BLOCK ") {
				i++
				raw.WriteString(lines[i] + "\n")
			}
		case strings.HasPrefix(line, "Value ") || strings.HasPrefix(line, "Used by") || strings.HasPrefix(line, "Outside cycle"):
			// More temporal divergence entries.
		case strings.HasPrefix(line, "BLOCK "):
			blk = &OptBlock{}
			f.Blocks[strings.TrimPrefix(line, "BLOCK ")] = blk
		case list != nil && strings.HasPrefix(line, "  depth="):
			*list = append(*list, strings.TrimSpace(line))
		default:
			return nil, fmt.Errorf("opt output: unexpected line %q in %s", line, f.Name)
		}
	}
	flush()
	return funcs, nil
}

// IRFunc is a function of the IR that opt wrote after mem2reg, read just
// well enough to run the uniformity analysis on it (a uniformity.Graph).
type IRFunc struct {
	Name       string
	Text       string
	blockNames []string
	blockIndex map[string]int
	succs      [][]int
	preds      [][]int
	instrs     [][]int
	vals       []irVal
	valIndex   map[string]int
	seeds      []int
	// chains maps a block name to the labels whose code it holds, for the
	// IR of go/ssa's graph (see GoView.GoIR); a block holds its own label
	// otherwise.
	chains map[string][]string
}

// SetChains tells which labels each block holds.
func (f *IRFunc) SetChains(chains map[string][]string) { f.chains = chains }

// labels returns the labels block b holds.
func (f *IRFunc) labels(b int) []string {
	if c, ok := f.chains[f.blockNames[b]]; ok {
		return c
	}
	return []string{f.blockNames[b]}
}

// blockWith returns the block holding label: any, first or last of its
// labels (which=0, 1, 2), or -1.
func (f *IRFunc) blockWith(label string, which int) int {
	for b := range f.blockNames {
		ls := f.labels(b)
		switch {
		case which == 1 && ls[0] == label,
			which == 2 && ls[len(ls)-1] == label,
			which == 0 && slices.Contains(ls, label):
			return b
		}
	}
	return -1
}

type irVal struct {
	name   string
	text   string
	op     string
	block  int
	ops    []int
	users  []int
	phi    bool
	term   bool
	labels []string
}

var _ uniformity.Graph = (*IRFunc)(nil)

func (f *IRFunc) NumBlocks() int          { return len(f.blockNames) }
func (f *IRFunc) Succs(b int) []int       { return f.succs[b] }
func (f *IRFunc) Preds(b int) []int       { return f.preds[b] }
func (f *IRFunc) NumValues() int          { return len(f.vals) }
func (f *IRFunc) Instrs(b int) []int      { return f.instrs[b] }
func (f *IRFunc) Block(v int) int         { return f.vals[v].block }
func (f *IRFunc) Operands(v int) []int    { return f.vals[v].ops }
func (f *IRFunc) Users(v int) []int       { return f.vals[v].users }
func (f *IRFunc) IsPhi(v int) bool        { return f.vals[v].phi }
func (f *IRFunc) IsTerminator(v int) bool { return f.vals[v].term }

// BlockIndex returns the index of the block named name, or -1.
func (f *IRFunc) BlockIndex(name string) int {
	if b, ok := f.blockIndex[name]; ok {
		return b
	}
	return -1
}

// BlockName returns the name of block b.
func (f *IRFunc) BlockName(b int) string { return f.blockNames[b] }

var (
	irDefineRE = regexp.MustCompile(`^define .*@([\w.]+)\((.*)\)`)
	irLabelRE  = regexp.MustCompile(`^([\w.]+):`)
	irLocalRE  = regexp.MustCompile(`%[\w.]+`)
	irPhiRE    = regexp.MustCompile(`\[ ([^,\]]+), %([\w.]+) \]`)
	irTargetRE = regexp.MustCompile(`label %([\w.]+)`)
)

// ParseIR reads the functions of an IR module as opt prints it. It knows
// the instructions that Kernel.IR writes and mem2reg leaves.
func ParseIR(src string) (map[string]*IRFunc, error) {
	funcs := map[string]*IRFunc{}
	lines := strings.Split(src, "\n")
	for i := 0; i < len(lines); i++ {
		m := irDefineRE.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		f := &IRFunc{Name: m[1], blockIndex: map[string]int{}, valIndex: map[string]int{}}
		for _, p := range irLocalRE.FindAllString(m[2], -1) {
			f.newVal(irVal{name: p, block: -1, text: p})
		}
		start := i
		consts := map[string]int{}
		for i++; i < len(lines) && lines[i] != "}"; i++ {
			line := lines[i]
			if c := strings.Index(line, ";"); c >= 0 {
				line = line[:c]
			}
			if strings.TrimSpace(line) == "" {
				continue
			}
			if lm := irLabelRE.FindStringSubmatch(line); lm != nil {
				f.blockIndex[lm[1]] = len(f.blockNames)
				f.blockNames = append(f.blockNames, lm[1])
				f.instrs = append(f.instrs, nil)
				continue
			}
			text := strings.TrimSpace(line)
			v := irVal{text: text, block: len(f.blockNames) - 1}
			rest := text
			if name, r, ok := strings.Cut(text, " = "); ok && strings.HasPrefix(name, "%") {
				v.name, rest = name, r
			}
			v.op, _, _ = strings.Cut(rest, " ")
			switch v.op {
			case "phi":
				for _, pm := range irPhiRE.FindAllStringSubmatch(rest, -1) {
					op := strings.TrimSpace(pm[1])
					v.labels = append(v.labels, pm[2])
					switch {
					case strings.HasPrefix(op, "%"):
						v.ops = append(v.ops, -2) // resolved below
						v.labels[len(v.labels)-1] += "\x00" + op
					case op == "undef" || op == "poison":
						v.ops = append(v.ops, uniformity.Undef)
					default:
						id, ok := consts[op]
						if !ok {
							id = f.newVal(irVal{name: op, block: -1, text: op})
							consts[op] = id
						}
						v.ops = append(v.ops, id)
					}
				}
				v.phi = true
			case "br", "ret", "unreachable":
				v.term = true
			}
			if v.block < 0 {
				return nil, fmt.Errorf("%s: instruction before the first label", f.Name)
			}
			id := f.newVal(v)
			f.instrs[v.block] = append(f.instrs[v.block], id)
			if v.op == "call" && strings.Contains(rest, "@llvm.amdgcn.workitem.id.") {
				f.seeds = append(f.seeds, id)
			}
		}
		f.Text = strings.Join(lines[start:i+1], "\n")
		if err := f.resolve(); err != nil {
			return nil, err
		}
		funcs[f.Name] = f
	}
	return funcs, nil
}

func (f *IRFunc) newVal(v irVal) int {
	id := len(f.vals)
	if v.name != "" && strings.HasPrefix(v.name, "%") {
		f.valIndex[v.name] = id
	}
	f.vals = append(f.vals, v)
	return id
}

func (f *IRFunc) resolve() error {
	n := len(f.blockNames)
	f.succs = make([][]int, n)
	f.preds = make([][]int, n)
	for id := range f.vals {
		v := &f.vals[id]
		if v.block < 0 {
			continue
		}
		if v.phi {
			for i, l := range v.labels {
				if blk, op, ok := strings.Cut(l, "\x00"); ok {
					o, found := f.valIndex[op]
					if !found {
						return fmt.Errorf("%s: unknown value %s", f.Name, op)
					}
					v.ops[i] = o
					v.labels[i] = blk
				}
			}
			continue
		}
		rest := v.text
		if v.name != "" {
			_, rest, _ = strings.Cut(rest, " = ")
		}
		if v.term {
			for _, t := range irTargetRE.FindAllStringSubmatch(rest, -1) {
				b, ok := f.blockIndex[t[1]]
				if !ok {
					return fmt.Errorf("%s: unknown block %s", f.Name, t[1])
				}
				f.succs[v.block] = append(f.succs[v.block], b)
				f.preds[b] = append(f.preds[b], v.block)
			}
			rest = irTargetRE.ReplaceAllString(rest, "")
		}
		for _, name := range irLocalRE.FindAllString(rest, -1) {
			o, ok := f.valIndex[name]
			if !ok {
				return fmt.Errorf("%s: unknown value %s in %q", f.Name, name, v.text)
			}
			v.ops = append(v.ops, o)
		}
	}
	for id := range f.vals {
		for _, o := range f.vals[id].ops {
			if o >= 0 {
				f.vals[o].users = append(f.vals[o].users, id)
			}
		}
	}
	return nil
}

// CoreView is the answer of the uniformity core on the IR after mem2reg:
// the same analysis spmdvet runs, on LLVM's SSA form.
type CoreView struct {
	f *IRFunc
	r *uniformity.Result
}

// Analyze runs the uniformity core on f; llvm22 reproduces LLVM 22's
// behaviour (uniformity.Config.LLVM22).
func Analyze(f *IRFunc, llvm22 bool) *CoreView {
	return &CoreView{f: f, r: uniformity.Analyze(f, uniformity.Config{Seeds: f.seeds, LLVM22: llvm22})}
}
