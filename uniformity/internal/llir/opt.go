package llir

import (
	"fmt"
	"strings"
)

// OptFunc is what opt -passes='print<uniformity>' reports for one function.
type OptFunc struct {
	Name string
	// AllUniform is set when opt printed "ALL VALUES UNIFORM"; it then
	// prints no blocks.
	AllUniform bool
	// DivergentArgs holds the divergent parameters as printed: "i32 %a".
	DivergentArgs []string
	// AssumedDivergent and DivergentExits hold cycles as printed:
	// "depth=1: entries(loop) body".
	AssumedDivergent []string
	DivergentExits   []string
	Temporal         []OptTemporal
	Blocks           []OptBlock
}

// OptTemporal is one entry of the temporal divergence list: a value
// defined inside Cycle and used by User outside of it. Value and User are
// canonical instruction texts (see Canonical).
type OptTemporal struct {
	Value, User, Cycle string
}

// OptBlock is the report of one block. Defs lists every instruction but
// the terminator in order, stores and calls without result included.
type OptBlock struct {
	Name  string
	Defs  []OptInstr
	Terms []OptInstr
}

// OptInstr is one instruction line; Text is canonical.
type OptInstr struct {
	Text      string
	Divergent bool
}

// Block returns the report of the block named name, or nil.
func (f *OptFunc) Block(name string) *OptBlock {
	for i := range f.Blocks {
		if f.Blocks[i].Name == name {
			return &f.Blocks[i]
		}
	}
	return nil
}

// ParseOptOutput reads the output of
//
//	opt -passes='print<uniformity>' -disable-output file.ll
//
// (which opt writes to standard error) and returns the report of each
// function by name. Lines that belong to no report, like opt's timing
// tables, are ignored.
func ParseOptOutput(out string) (map[string]*OptFunc, error) {
	funcs := map[string]*OptFunc{}
	p := &optParser{lines: strings.Split(out, "\n")}
	var f *OptFunc
	for !p.done() {
		line := p.next()
		if name, ok := strings.CutPrefix(line, "UniformityInfo for function '"); ok {
			name, ok = strings.CutSuffix(name, "':")
			if !ok {
				return nil, p.errorf("malformed function header %q", line)
			}
			f = &OptFunc{Name: name}
			funcs[name] = f
			continue
		}
		if f == nil {
			continue
		}
		switch {
		case line == "":
		case line == "ALL VALUES UNIFORM":
			f.AllUniform = true
		case line == "DIVERGENT ARGUMENTS:":
			for !p.done() && strings.HasPrefix(p.peek(), "  DIVERGENT: ") {
				f.DivergentArgs = append(f.DivergentArgs, strings.TrimSpace(strings.TrimPrefix(p.next(), "  DIVERGENT: ")))
			}
		case line == "CYCLES ASSUMED DIVERGENT:":
			f.AssumedDivergent = p.cycles()
		case line == "CYCLES WITH DIVERGENT EXIT:":
			f.DivergentExits = p.cycles()
		case line == "TEMPORAL DIVERGENCE LIST:":
			for {
				for !p.done() && p.peek() == "" {
					p.next()
				}
				if p.done() || !strings.HasPrefix(p.peek(), "Value ") {
					break
				}
				var t OptTemporal
				var err error
				if t.Value, err = p.field("Value"); err != nil {
					return nil, err
				}
				if t.User, err = p.field("Used by"); err != nil {
					return nil, err
				}
				if t.Cycle, err = p.field("Outside cycle"); err != nil {
					return nil, err
				}
				t.Value, t.User = Canonical(t.Value), Canonical(t.User)
				f.Temporal = append(f.Temporal, t)
			}
		case strings.HasPrefix(line, "BLOCK "):
			b, err := p.block(strings.TrimPrefix(line, "BLOCK "))
			if err != nil {
				return nil, err
			}
			f.Blocks = append(f.Blocks, b)
		case strings.HasPrefix(line, "===-"):
			// A -time-passes report starts; the function's report is over.
			f = nil
		default:
			return nil, p.errorf("unexpected line %q in the report of %s", line, f.Name)
		}
	}
	return funcs, nil
}

type optParser struct {
	lines []string
	i     int
}

func (p *optParser) done() bool   { return p.i >= len(p.lines) }
func (p *optParser) peek() string { return p.lines[p.i] }
func (p *optParser) next() string {
	p.i++
	return p.lines[p.i-1]
}

func (p *optParser) errorf(format string, args ...any) error {
	return fmt.Errorf("opt output line %d: %s", p.i, fmt.Sprintf(format, args...))
}

// cycles reads the indented cycle lines that follow a cycle list header.
func (p *optParser) cycles() []string {
	var cs []string
	for !p.done() && strings.HasPrefix(p.peek(), "  depth=") {
		cs = append(cs, strings.TrimSpace(p.next()))
	}
	return cs
}

// field reads "Label<padding>:text" of a temporal divergence entry.
func (p *optParser) field(label string) (string, error) {
	if p.done() {
		return "", p.errorf("missing %q line", label)
	}
	line := p.next()
	rest, ok := strings.CutPrefix(line, label)
	colon := strings.IndexByte(rest, ':')
	if !ok || colon < 0 || strings.TrimSpace(rest[:colon]) != "" {
		return "", p.errorf("expected %q line, found %q", label, line)
	}
	return strings.TrimSpace(p.continued(rest[colon+1:])), nil
}

// continued appends the continuation lines of a switch, which opt prints
// with one case per line.
func (p *optParser) continued(text string) string {
	if !strings.Contains(text, "switch ") || !strings.Contains(text, "[") {
		return text
	}
	for !strings.Contains(text, "]") && !p.done() {
		text += " " + strings.TrimSpace(p.next())
	}
	return text
}

// block reads DEFINITIONS, TERMINATORS and their lines up to END BLOCK.
func (p *optParser) block(name string) (OptBlock, error) {
	b := OptBlock{Name: name}
	var list *[]OptInstr
	for !p.done() {
		line := p.next()
		switch line {
		case "DEFINITIONS":
			list = &b.Defs
			continue
		case "TERMINATORS":
			list = &b.Terms
			continue
		case "END BLOCK":
			return b, nil
		}
		if list == nil {
			return b, p.errorf("instruction outside DEFINITIONS or TERMINATORS in block %s", name)
		}
		// A line is "  DIVERGENT: " or thirteen spaces, then the
		// instruction as LLVM prints it.
		text, divergent := strings.CutPrefix(line, "  DIVERGENT: ")
		if !divergent && !strings.HasPrefix(line, "             ") {
			return b, p.errorf("unexpected line %q in block %s", line, name)
		}
		*list = append(*list, OptInstr{Text: Canonical(p.continued(text)), Divergent: divergent})
	}
	return b, p.errorf("block %s has no END BLOCK", name)
}
