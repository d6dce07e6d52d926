package divergence

import (
	"go/ast"
	"go/token"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// sourceFlow answers, from a function's syntax, where control goes when no
// code runs on the way: through a goto, into a label, along empty
// statements, out of the end of an if arm. go/ssa removes the blocks such
// paths cross (see restoreLabels); sourceFlow says which they were.
type sourceFlow struct {
	nodes  []*stmtNode // every statement that sits in a list, by position
	byStmt map[ast.Stmt]*stmtNode
	labels map[string]*stmtNode
	// leaves maps each operand of an if condition that go/ssa branches on
	// (the whole condition, or an operand of && and ||) to the labels its
	// true and false edges go to ("" where code runs first).
	leaves map[ast.Expr][2]string
	body   []ast.Stmt
}

// A stmtNode is a statement in a statement list. Statements that go/ssa
// treats as lists of one (a labelled statement's statement, an else-if)
// get a list of their own.
type stmtNode struct {
	stmt   ast.Stmt
	list   []ast.Stmt
	idx    int
	parent *stmtNode // the statement whose list this is; nil for the body
}

func newSourceFlow(body *ast.BlockStmt) *sourceFlow {
	sf := &sourceFlow{
		byStmt: make(map[ast.Stmt]*stmtNode),
		labels: make(map[string]*stmtNode),
		leaves: make(map[ast.Expr][2]string),
		body:   body.List,
	}
	sf.walk(body.List, nil)
	sort.SliceStable(sf.nodes, func(i, j int) bool { return sf.nodes[i].stmt.Pos() < sf.nodes[j].stmt.Pos() })
	for _, n := range sf.nodes {
		ifs, ok := n.stmt.(*ast.IfStmt)
		if !ok {
			continue
		}
		then := sf.transfer(ifs.Body.List, 0, n)
		var els string
		switch e := ifs.Else.(type) {
		case nil:
			els = sf.transfer(n.list, n.idx+1, n.parent)
		case *ast.BlockStmt:
			els = sf.transfer(e.List, 0, sf.byStmt[e])
		}
		condLeaves(ifs.Cond, then, els, "", func(leaf ast.Expr, t, f string) {
			sf.leaves[leaf] = [2]string{t, f}
		})
	}
	return sf
}

func (sf *sourceFlow) walk(list []ast.Stmt, parent *stmtNode) {
	for i, s := range list {
		n := &stmtNode{stmt: s, list: list, idx: i, parent: parent}
		sf.nodes = append(sf.nodes, n)
		sf.byStmt[s] = n
		switch s := s.(type) {
		case *ast.BlockStmt:
			sf.walk(s.List, n)
		case *ast.LabeledStmt:
			sf.labels[s.Label.Name] = n
			sf.walk([]ast.Stmt{s.Stmt}, n)
		case *ast.IfStmt:
			sf.walk(s.Body.List, n)
			if s.Else != nil {
				sf.walk([]ast.Stmt{s.Else}, n)
			}
		case *ast.ForStmt:
			sf.walk(s.Body.List, n)
		case *ast.RangeStmt:
			sf.walk(s.Body.List, n)
		case *ast.SwitchStmt:
			sf.walk(s.Body.List, n)
		case *ast.TypeSwitchStmt:
			sf.walk(s.Body.List, n)
		case *ast.SelectStmt:
			sf.walk(s.Body.List, n)
		case *ast.CaseClause:
			sf.walk(s.Body, n)
		case *ast.CommClause:
			sf.walk(s.Body, n)
		}
	}
}

// transfer returns the label control reaches from statement idx of list
// (whose statement is parent) without running code, or "".
func (sf *sourceFlow) transfer(list []ast.Stmt, idx int, parent *stmtNode) string {
	l, _ := sf.follow(list, idx, parent, false)
	return l
}

// follow walks from statement idx of list as control does while no code
// runs. It stops at the first label (unless through is set, when it goes
// on into the label's statement) and at an if statement, which it returns.
func (sf *sourceFlow) follow(list []ast.Stmt, idx int, parent *stmtNode, through bool) (string, *ast.IfStmt) {
	for steps := 0; steps <= len(sf.nodes); steps++ { // goto loops end
		if idx >= len(list) {
			if parent == nil {
				return "", nil // the end of the body returns
			}
			switch parent.stmt.(type) {
			case *ast.IfStmt, *ast.LabeledStmt, *ast.BlockStmt:
				list, idx, parent = parent.list, parent.idx+1, parent.parent
				continue
			}
			return "", nil // a loop goes round, a case leaves its switch
		}
		var label string
		switch s := list[idx].(type) {
		case *ast.BranchStmt:
			if s.Tok != token.GOTO {
				return "", nil
			}
			label = s.Label.Name
		case *ast.LabeledStmt:
			label = s.Label.Name
		case *ast.EmptyStmt:
			idx++
			continue
		case *ast.BlockStmt:
			list, idx, parent = s.List, 0, sf.byStmt[s]
			continue
		case *ast.IfStmt:
			return "", s
		default:
			return "", nil
		}
		n := sf.labels[label]
		if !through || n == nil {
			return label, nil
		}
		list, idx, parent = []ast.Stmt{n.stmt.(*ast.LabeledStmt).Stmt}, 0, n
	}
	return "", nil
}

// next returns the label an empty label passes control to, or "" if the
// label's statement runs code.
func (sf *sourceFlow) next(label string) string {
	n := sf.labels[label]
	if n == nil {
		return ""
	}
	return sf.transfer([]ast.Stmt{n.stmt.(*ast.LabeledStmt).Stmt}, 0, n)
}

// empty reports whether go/ssa removes label's block: its statement runs no
// code and passes control to another label, without coming back to it
// (go/ssa keeps a block that jumps to itself).
func (sf *sourceFlow) empty(label string) bool {
	next := sf.next(label)
	if label == "" || next == "" {
		return false
	}
	for range sf.labels {
		if next == label {
			return false
		}
		if next = sf.next(next); next == "" {
			return true
		}
	}
	return true // it leads into a loop of other empty labels
}

// condLeaves calls visit for each operand of cond that go/ssa branches on
// (the whole condition, or an operand of && and ||), with where its true
// and false edges go, given where cond's go: x && y tests y only when x
// holds, and next stands for the test of the next operand.
func condLeaves[T any](cond ast.Expr, t, f, next T, visit func(leaf ast.Expr, t, f T)) {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			condLeaves(e.X, next, f, next, visit)
			condLeaves(e.Y, t, f, next, visit)
			return
		case token.LOR:
			condLeaves(e.X, t, next, next, visit)
			condLeaves(e.Y, t, f, next, visit)
			return
		}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			condLeaves(e.X, f, t, next, visit)
			return
		}
	}
	visit(ast.Unparen(cond), t, f)
}

// at returns the innermost statement in a list that holds pos, or nil.
func (sf *sourceFlow) at(pos token.Pos) *stmtNode {
	i := sort.Search(len(sf.nodes), func(i int) bool { return sf.nodes[i].stmt.Pos() > pos })
	if i == 0 {
		return nil
	}
	for n := sf.nodes[i-1]; n != nil; n = n.parent {
		if n.stmt.Pos() <= pos && pos < n.stmt.End() {
			return n
		}
	}
	return nil
}

// edgeLabels returns, for each successor of an SSA block, the label the
// source sends that edge to when no code runs on the way ("" if code runs
// or it is not known), and whether the block's jump stands for an if that
// go/ssa made a jump because both edges met (then both labels are given).
//
// The block is given by its instructions, index and comment; virtual says
// that it ends in a jump that go/ssa removed when it fused the next block
// into it (see splitFused).
func (sf *sourceFlow) edgeLabels(instrs []ssa.Instruction, index int, comment string, virtual bool) (labels []string, degenerate bool) {
	if len(instrs) == 0 {
		return nil, false
	}
	var term ssa.Instruction = new(ssa.Jump)
	if !virtual {
		term = instrs[len(instrs)-1]
	}
	// The leaf of a condition the block tests last, and the last
	// instruction with a position.
	var leaf ast.Expr
	last := token.NoPos
	for i := len(instrs) - 1; i >= 0 && (leaf == nil || !last.IsValid()); i-- {
		instr := instrs[i]
		p := instrPos(instr)
		if ref, ok := instr.(*ssa.DebugRef); ok {
			if _, ok := sf.leaves[ref.Expr]; ok && leaf == nil && !ref.IsAddr {
				if ifi, ok := term.(*ssa.If); !ok || ifi.Cond == ref.X {
					leaf = ref.Expr
				}
			}
		}
		if !last.IsValid() && p.IsValid() {
			last = p
		}
	}
	switch term := term.(type) {
	case *ssa.If:
		if leaf != nil {
			t := sf.leaves[leaf]
			return t[:], false
		}
		if _, ok := term.Cond.(*ssa.Const); ok {
			// A constant condition leaves nothing to see: the if is the
			// statement after the last one that left an instruction.
			if ifs := sf.ifAfter(index, comment, last); ifs != nil {
				if t, ok := sf.leaves[ast.Unparen(ifs.Cond)]; ok {
					return t[:], false
				}
			}
		}
		return nil, false
	case *ssa.Jump:
		if leaf != nil && last == leaf.Pos() {
			t := sf.leaves[leaf]
			return t[:], true
		}
		var l string
		switch n := sf.at(last); {
		case !last.IsValid():
			l = sf.startLabel(index, comment)
		case n != nil && simpleStmt(n.stmt):
			l = sf.transfer(n.list, n.idx+1, n.parent)
		}
		return []string{l}, false
	}
	return nil, false
}

// ifAfter returns the if statement with a constant condition that a block
// (by index and comment) ends in, given the position of its last
// instruction with one: the if
// that control reaches from there without running code.
func (sf *sourceFlow) ifAfter(index int, comment string, last token.Pos) *ast.IfStmt {
	var ifs *ast.IfStmt
	switch n := sf.at(last); {
	case !last.IsValid() && index == 0:
		_, ifs = sf.follow(sf.body, 0, nil, true)
	case !last.IsValid() && sf.labels[comment] != nil:
		n := sf.labels[comment]
		_, ifs = sf.follow([]ast.Stmt{n.stmt.(*ast.LabeledStmt).Stmt}, 0, n, true)
	case n != nil && simpleStmt(n.stmt):
		_, ifs = sf.follow(n.list, n.idx+1, n.parent, true)
	}
	if ifs != nil && ifs.Init != nil {
		return nil
	}
	return ifs
}

// startLabel is where control goes from a block with no instruction that
// has a position: the entry, or a label block whose statement left none.
func (sf *sourceFlow) startLabel(index int, comment string) string {
	if index == 0 {
		return sf.transfer(sf.body, 0, nil)
	}
	return sf.next(comment)
}

// simpleStmt reports whether control leaves s at its end, to the next
// statement of its list.
func simpleStmt(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.AssignStmt, *ast.ExprStmt, *ast.IncDecStmt, *ast.DeclStmt, *ast.SendStmt, *ast.GoStmt, *ast.DeferStmt:
		return true
	}
	return false
}
