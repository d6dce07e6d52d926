package llir

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spmdvet/spmdvet/uniformity"
)

// Parse reads the function definitions of a module. Everything outside a
// definition (target lines, declarations, attribute groups, metadata) is
// skipped. Inside a definition every block must be labelled, and each
// instruction must be on one line, except that a switch may continue its
// case list over several lines as opt prints it.
func Parse(src string) ([]*Func, error) {
	lines := strings.Split(src, "\n")
	var funcs []*Func
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(strings.TrimSpace(lines[i]), "define ") {
			continue
		}
		start := i
		for i < len(lines) && strings.TrimSpace(lines[i]) != "}" {
			i++
		}
		if i == len(lines) {
			return nil, fmt.Errorf("line %d: definition has no closing '}'", start+1)
		}
		f, err := parseFunc(lines[start:i+1], start+1)
		if err != nil {
			return nil, err
		}
		funcs = append(funcs, f)
	}
	return funcs, nil
}

// MustParse is Parse for tests and generated input that is known to be
// well formed: it panics on error.
func MustParse(src string) []*Func {
	fs, err := Parse(src)
	if err != nil {
		panic(err)
	}
	return fs
}

// refKind tells what an operand written in the text refers to; operands are
// resolved to value ids only when the whole function has been read, since a
// phi may use a value defined further down.
type refKind uint8

const (
	refLocal refKind = iota
	refGlobal
	refConst
	refUndef
)

type ref struct {
	kind refKind
	text string // "%x", "@g", or the constant as written
	typ  string
}

// pinstr is an instruction as read, before its operands are resolved.
type pinstr struct {
	line   int
	name   string // "%x", or "" without a result
	op     string
	typ    string // result type, "void" without a result
	text   string
	block  int
	ops    []ref
	labels []string // branch targets in order, or a phi's incoming blocks
	callee string   // the called function without '@', for calls
	ptrTyp string   // the pointer type of a load
}

// parseError carries a syntax error out of the recursive descent; parseFunc
// turns it back into an error.
type parseError struct{ err error }

func fail(format string, args ...any) {
	panic(parseError{fmt.Errorf(format, args...)})
}

func parseFunc(lines []string, firstLine int) (f *Func, err error) {
	lineNo := firstLine
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(parseError)
			if !ok {
				panic(r)
			}
			f, err = nil, fmt.Errorf("line %d: %w", lineNo, pe.err)
		}
	}()

	f = &Func{
		Text:       strings.Join(lines, "\n"),
		blockIndex: map[string]int{},
		valueIndex: map[string]int{},
	}
	toks, lexErr := lex(lines[0])
	if lexErr != nil {
		fail("%v", lexErr)
	}
	params := parseHeader(f, toks)

	var instrs []pinstr
	for i := 1; i < len(lines)-1; i++ {
		lineNo = firstLine + i
		text := lines[i]
		// opt prints the cases of a switch on lines of their own.
		if strings.Contains(text, "switch ") && strings.Contains(text, "[") && !strings.Contains(text, "]") {
			for i+1 < len(lines)-1 && !strings.Contains(text, "]") {
				i++
				text += " " + lines[i]
			}
		}
		toks, lexErr := lex(text)
		if lexErr != nil {
			fail("%v", lexErr)
		}
		if len(toks) == 0 {
			continue
		}
		if len(toks) == 2 && toks[1].text == ":" {
			name := toks[0].text
			if _, dup := f.blockIndex[name]; dup {
				fail("block %s defined twice", name)
			}
			f.blockIndex[name] = len(f.blocks)
			f.blocks = append(f.blocks, block{name: name})
			continue
		}
		if len(f.blocks) == 0 {
			fail("instruction before the first label: every block must be labelled")
		}
		in := parseInstr(&cursor{toks: toks})
		in.line = lineNo
		in.block = len(f.blocks) - 1
		instrs = append(instrs, in)
	}
	lineNo = firstLine
	if len(f.blocks) == 0 {
		fail("function @%s has no blocks", f.Name)
	}
	resolve(f, params, instrs, firstLine)
	return f, nil
}

type param struct {
	name, typ, text string
	sgpr            bool // inreg or byval: passed in scalar registers
}

// parseHeader reads "define [...] void @name(T [attrs] %a, ...) [...] {".
func parseHeader(f *Func, toks []token) []param {
	c := &cursor{toks: toks}
	for !c.done() && c.peek().kind != tokGlobal {
		if c.next().text == "amdgpu_kernel" {
			f.Kernel = true
		}
	}
	if c.done() {
		fail("definition without a name")
	}
	f.Name = strings.TrimPrefix(c.next().text, "@")
	c.expect("(")
	var params []param
	for !c.accept(")") {
		if len(params) > 0 {
			c.expect(",")
		}
		if c.accept("...") {
			continue
		}
		p := param{typ: c.typ()}
		var attrs []string
		for !c.done() && c.peek().kind != tokLocal {
			t := c.next()
			switch t.text {
			case "inreg", "byval":
				p.sgpr = true
			case ",", ")":
				fail("parameter %d has no name", len(params)+1)
			}
			attrs = append(attrs, t.text)
			if t.text == "(" { // byval(T), align(N), ...
				for !c.done() && c.peek().text != ")" {
					attrs = append(attrs, c.next().text)
				}
				attrs = append(attrs, c.next().text)
			}
		}
		if c.done() {
			fail("parameter %d has no name", len(params)+1)
		}
		p.name = c.next().text
		p.text = strings.Join(append(append([]string{p.typ}, attrs...), p.name), " ")
		params = append(params, p)
	}
	return params
}

// cursor walks the tokens of one instruction.
type cursor struct {
	toks []token
	i    int
}

func (c *cursor) done() bool { return c.i >= len(c.toks) }

func (c *cursor) peek() token {
	if c.done() {
		return token{tokPunct, "<end of line>"}
	}
	return c.toks[c.i]
}

func (c *cursor) next() token {
	t := c.peek()
	if c.done() {
		fail("unexpected end of line")
	}
	c.i++
	return t
}

func (c *cursor) accept(text string) bool {
	if !c.done() && c.toks[c.i].text == text {
		c.i++
		return true
	}
	return false
}

func (c *cursor) expect(text string) {
	if t := c.next(); t.text != text {
		fail("expected %q, found %q", text, t.text)
	}
}

// skipWords skips keywords from set: flags like nsw, attributes like noundef.
func (c *cursor) skipWords(set map[string]bool) {
	for !c.done() && c.peek().kind == tokWord && set[c.peek().text] {
		c.i++
	}
}

func (c *cursor) local() string {
	t := c.next()
	if t.kind != tokLocal {
		fail("expected a %%name, found %q", t.text)
	}
	return t.text
}

// typ reads a type: iN, float, ptr [addrspace(N)], <N x T>, [N x T], {T, ...}.
func (c *cursor) typ() string {
	t := c.next()
	switch t.text {
	case "ptr":
		if c.accept("addrspace") {
			c.expect("(")
			n := c.next()
			c.expect(")")
			return "ptr addrspace(" + n.text + ")"
		}
		return "ptr"
	case "<", "[":
		n := c.next()
		c.expect("x")
		elem := c.typ()
		closing := map[string]string{"<": ">", "[": "]"}[t.text]
		c.expect(closing)
		return t.text + n.text + " x " + elem + closing
	case "{":
		var elems []string
		for !c.accept("}") {
			if len(elems) > 0 {
				c.expect(",")
			}
			elems = append(elems, c.typ())
		}
		return "{ " + strings.Join(elems, ", ") + " }"
	}
	if t.kind != tokWord {
		fail("expected a type, found %q", t.text)
	}
	return t.text
}

// val reads a value of type typ.
func (c *cursor) val(typ string) ref {
	t := c.next()
	switch t.kind {
	case tokLocal:
		return ref{kind: refLocal, text: t.text, typ: typ}
	case tokGlobal:
		return ref{kind: refGlobal, text: t.text, typ: typ}
	case tokNumber:
		return ref{kind: refConst, text: t.text, typ: typ}
	case tokWord:
		switch t.text {
		case "undef", "poison":
			return ref{kind: refUndef, text: t.text, typ: typ}
		case "true", "false", "null", "zeroinitializer", "none":
			return ref{kind: refConst, text: t.text, typ: typ}
		}
	}
	fail("unsupported operand %q", t.text)
	return ref{}
}

var paramAttrs = set("noundef", "signext", "zeroext", "inreg", "immarg", "nonnull", "noalias", "nocapture", "readonly")

// typedVal reads "T [attrs] v".
func (c *cursor) typedVal() ref {
	typ := c.typ()
	c.skipWords(paramAttrs)
	return c.val(typ)
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

var (
	binaryOps = set("add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr",
		"and", "or", "xor", "fadd", "fsub", "fmul", "fdiv", "frem")
	castOps = set("zext", "sext", "trunc", "bitcast", "ptrtoint", "inttoptr", "addrspacecast",
		"fptosi", "fptoui", "sitofp", "uitofp", "fpext", "fptrunc")
	// Flags that may follow an opcode; none changes uniformity.
	opFlags = set("nuw", "nsw", "exact", "disjoint", "nneg", "samesign", "inbounds", "nusw",
		"fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc",
		"volatile", "atomic")
	// Words between "call" and the return type.
	callPrefix = set("fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc",
		"ccc", "fastcc", "coldcc", "amdgpu_gfx", "noundef", "zeroext", "signext", "inreg", "nonnull")
)

func parseInstr(c *cursor) pinstr {
	in := pinstr{typ: "void", text: join(dropAlign(c.toks))}
	if c.peek().kind == tokLocal && len(c.toks) > 1 && c.toks[1].text == "=" {
		in.name = c.next().text
		c.next()
	}
	in.op = c.next().text
	if in.op == "tail" || in.op == "musttail" || in.op == "notail" {
		in.op = c.next().text
		if in.op != "call" {
			fail("expected call after tail, found %q", in.op)
		}
	}
	switch {
	case in.op == "phi":
		c.skipWords(opFlags)
		in.typ = c.typ()
		for {
			c.expect("[")
			in.ops = append(in.ops, c.val(in.typ))
			c.expect(",")
			in.labels = append(in.labels, c.local())
			c.expect("]")
			if !c.accept(",") {
				break
			}
		}
	case binaryOps[in.op]:
		c.skipWords(opFlags)
		in.typ = c.typ()
		in.ops = append(in.ops, c.val(in.typ))
		c.expect(",")
		in.ops = append(in.ops, c.val(in.typ))
	case in.op == "icmp" || in.op == "fcmp":
		c.skipWords(opFlags)
		c.next() // predicate
		c.skipWords(opFlags)
		typ := c.typ()
		in.ops = append(in.ops, c.val(typ))
		c.expect(",")
		in.ops = append(in.ops, c.val(typ))
		in.typ = "i1"
		if strings.HasPrefix(typ, "<") {
			in.typ = typ[:strings.Index(typ, "x ")+2] + "i1>"
		}
	case in.op == "select":
		c.skipWords(opFlags)
		in.ops = append(in.ops, c.typedVal())
		c.expect(",")
		in.ops = append(in.ops, c.typedVal())
		c.expect(",")
		in.ops = append(in.ops, c.typedVal())
		in.typ = in.ops[1].typ
	case castOps[in.op]:
		c.skipWords(opFlags)
		in.ops = append(in.ops, c.typedVal())
		c.expect("to")
		in.typ = c.typ()
	case in.op == "freeze":
		in.ops = append(in.ops, c.typedVal())
		in.typ = in.ops[0].typ
	case in.op == "call":
		c.skipWords(callPrefix)
		in.typ = c.typ()
		if c.peek().text == "(" { // function type of a varargs call
			for c.next().text != ")" {
			}
		}
		callee := c.next()
		switch callee.kind {
		case tokGlobal:
			in.callee = strings.TrimPrefix(callee.text, "@")
		case tokLocal:
			in.ops = append(in.ops, ref{kind: refLocal, text: callee.text, typ: "ptr"})
		default:
			fail("expected a callee, found %q", callee.text)
		}
		c.expect("(")
		for n := 0; !c.accept(")"); n++ {
			if n > 0 {
				c.expect(",")
			}
			in.ops = append(in.ops, c.typedVal())
		}
	case in.op == "load":
		c.skipWords(opFlags)
		in.typ = c.typ()
		c.expect(",")
		p := c.typedVal()
		in.ops = append(in.ops, p)
		in.ptrTyp = p.typ
	case in.op == "store":
		c.skipWords(opFlags)
		in.ops = append(in.ops, c.typedVal())
		c.expect(",")
		in.ops = append(in.ops, c.typedVal())
	case in.op == "getelementptr":
		c.skipWords(opFlags)
		c.typ() // source element type
		for c.accept(",") {
			in.ops = append(in.ops, c.typedVal())
		}
		if len(in.ops) == 0 {
			fail("getelementptr without a pointer")
		}
		in.typ = in.ops[0].typ
	case in.op == "br":
		if c.accept("label") {
			in.labels = append(in.labels, c.local())
			break
		}
		in.ops = append(in.ops, c.typedVal())
		for range 2 {
			c.expect(",")
			c.expect("label")
			in.labels = append(in.labels, c.local())
		}
	case in.op == "switch":
		in.ops = append(in.ops, c.typedVal())
		c.expect(",")
		c.expect("label")
		in.labels = append(in.labels, c.local())
		c.expect("[")
		for !c.accept("]") {
			c.typedVal() // case value: a constant, it decides nothing about uniformity
			c.expect(",")
			c.expect("label")
			in.labels = append(in.labels, c.local())
		}
	case in.op == "ret":
		if !c.accept("void") {
			in.ops = append(in.ops, c.typedVal())
		}
	case in.op == "unreachable":
	default:
		fail("unsupported instruction %q", in.op)
	}
	return in
}

// resolve numbers the values (parameters first, then instructions in
// order, then constants and globals as they are met), turns operand
// references into ids and derives edges, users, seeds and uniform values.
func resolve(f *Func, params []param, instrs []pinstr, firstLine int) {
	for _, p := range params {
		if _, dup := f.valueIndex[p.name]; dup {
			fail("parameter %s declared twice", p.name)
		}
		f.valueIndex[p.name] = len(f.vals)
		f.params = append(f.params, len(f.vals))
		f.vals = append(f.vals, value{kind: kindParam, name: p.name, typ: p.typ, text: p.text, block: -1, inreg: p.sgpr})
	}
	first := len(f.vals)
	for i, in := range instrs {
		id := first + i
		if in.name != "" {
			if _, dup := f.valueIndex[in.name]; dup {
				panic(parseError{fmt.Errorf("line %d: %s defined twice", in.line, in.name)})
			}
			f.valueIndex[in.name] = id
		}
		f.vals = append(f.vals, value{kind: kindInstr, name: in.name, typ: in.typ, op: in.op, text: in.text, block: in.block})
		f.blocks[in.block].instrs = append(f.blocks[in.block].instrs, id)
	}

	consts := map[string]int{} // "i32 0" and "@g" to value id
	lookup := func(r ref, line int) int {
		switch r.kind {
		case refUndef:
			return uniformity.Undef
		case refLocal:
			if v, ok := f.valueIndex[r.text]; ok {
				return v
			}
			panic(parseError{fmt.Errorf("line %d: use of undefined value %s", line, r.text)})
		}
		key := r.text
		if r.kind == refConst {
			key = r.typ + " " + r.text
		}
		if v, ok := consts[key]; ok {
			return v
		}
		kind := kindConst
		if r.kind == refGlobal {
			kind = kindGlobal
			f.valueIndex[r.text] = len(f.vals)
		}
		consts[key] = len(f.vals)
		f.vals = append(f.vals, value{kind: kind, name: r.text, typ: r.typ, block: -1})
		return consts[key]
	}
	label := func(name string, line int) int {
		b, ok := f.blockIndex[strings.TrimPrefix(name, "%")]
		if !ok {
			panic(parseError{fmt.Errorf("line %d: no block %s", line, name)})
		}
		return b
	}

	for i, in := range instrs {
		id := first + i
		ops := make([]int, len(in.ops))
		for j, r := range in.ops {
			ops[j] = lookup(r, in.line)
		}
		f.vals[id].ops = ops
		if in.op == "phi" {
			inBlocks := make([]int, len(in.labels))
			for j, l := range in.labels {
				inBlocks[j] = label(l, in.line)
			}
			f.vals[id].inBlocks = inBlocks
		} else if len(in.labels) > 0 {
			b := &f.blocks[in.block]
			for _, l := range in.labels {
				b.succs = append(b.succs, label(l, in.line))
			}
		}
		switch {
		case in.op == "call" && isDivergentCall(in.callee):
			f.seeds = append(f.seeds, id)
		case in.op == "call" && isUniformCall(in.callee):
			f.uniform = append(f.uniform, id)
		case in.op == "load" && (in.ptrTyp == "ptr" || in.ptrTyp == "ptr addrspace(0)" || in.ptrTyp == "ptr addrspace(5)"):
			// Flat and private (scratch) memory can differ per lane.
			f.seeds = append(f.seeds, id)
		}
	}
	if !f.Kernel {
		for _, p := range f.params {
			if !f.vals[p].inreg {
				f.seeds = append(f.seeds, p)
			}
		}
	}

	for b := range f.blocks {
		instrs := f.blocks[b].instrs
		for k, v := range instrs {
			if isTerminator(f.vals[v].op) != (k == len(instrs)-1) {
				panic(parseError{fmt.Errorf("line %d: block %s must end in exactly one terminator", firstLine, f.blocks[b].name)})
			}
		}
		if len(instrs) == 0 {
			panic(parseError{fmt.Errorf("line %d: block %s is empty", firstLine, f.blocks[b].name)})
		}
		for _, s := range f.blocks[b].succs {
			f.blocks[s].preds = append(f.blocks[s].preds, b)
		}
	}
	// LLVM lists the predecessors of a block in its use list, which starts
	// with the latest use: the reverse of the order in the text. Its cycle
	// analysis walks them in that order, which decides the order in which
	// it prints a cycle's blocks, so keep it.
	for b := range f.blocks {
		slices.Reverse(f.blocks[b].preds)
	}
	for v := range f.vals {
		for _, op := range f.vals[v].ops {
			if op >= 0 {
				f.vals[op].users = append(f.vals[op].users, v)
			}
		}
	}
}

// isDivergentCall reports whether a call of callee yields a different
// value per lane. Like LLVM's AMDGPU target, it assumes so for every call
// of a function that is not an intrinsic (and for indirect calls, whose
// callee is ""), and for the intrinsics that read the lane's identity.
func isDivergentCall(callee string) bool {
	if !strings.HasPrefix(callee, "llvm.") {
		return true
	}
	for _, name := range []string{
		"llvm.amdgcn.workitem.id.x", "llvm.amdgcn.workitem.id.y", "llvm.amdgcn.workitem.id.z",
		"llvm.amdgcn.mbcnt.lo", "llvm.amdgcn.mbcnt.hi",
	} {
		if intrinsicIs(callee, name) {
			return true
		}
	}
	return false
}

// isUniformCall reports whether callee returns the same value in every
// lane whatever its operands: the cross-lane reads that broadcast one lane.
func isUniformCall(callee string) bool {
	for _, name := range []string{"llvm.amdgcn.readfirstlane", "llvm.amdgcn.readlane", "llvm.amdgcn.ballot"} {
		if intrinsicIs(callee, name) {
			return true
		}
	}
	return false
}

// intrinsicIs reports whether callee is the intrinsic name, possibly with
// an overload suffix like ".i32".
func intrinsicIs(callee, name string) bool {
	return callee == name || strings.HasPrefix(callee, name+".")
}
