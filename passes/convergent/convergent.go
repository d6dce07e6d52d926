package convergent

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/spmdvet/spmdvet/passes/divergence"
)

//go:embed doc.go
var doc string

var Analyzer = &analysis.Analyzer{
	Name:     "convergent",
	Doc:      divergence.AnalyzerDoc(doc, "convergent"),
	URL:      "https://pkg.go.dev/github.com/spmdvet/spmdvet/passes/convergent",
	Requires: []*analysis.Analyzer{divergence.Analyzer},
	Run:      run,
}

// Categories of diagnostics.
const (
	CategoryBarrier    = "barrier"
	CategoryCollective = "collective"
)

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[divergence.Analyzer].(*divergence.Result)
	if len(res.Funcs) == 0 {
		return nil, nil
	}
	calls := divergence.IndexCalls(pass.Files)
	reported := make(map[ssa.CallInstruction]bool) // one report per call
	for _, f := range res.Funcs {
		for _, c := range f.ConvergentCalls() {
			if check(pass, f, c, calls) {
				reported[c.Call] = true
			}
		}
		for _, v := range f.Violations() {
			if !reported[v.Call] {
				reported[v.Call] = checkRequirement(pass, f, v, calls)
			}
		}
	}
	return nil, nil
}

// checkRequirement reports a divergent argument where the callee needs a
// uniform one, with the callee's reasons and the argument's.
func checkRequirement(pass *analysis.Pass, f *divergence.Func, v divergence.Violation, calls map[token.Pos]*ast.CallExpr) bool {
	expr := calls[v.Call.Pos()]
	if expr == nil {
		return checkIteratorRequirement(pass, f, v)
	}
	category, kind := CategoryCollective, "a collective"
	if v.Barrier {
		category, kind = CategoryBarrier, "a barrier"
	}
	name := calleeText(f, expr)
	if v.Closure {
		name = fmt.Sprintf("%s, which %s calls,", v.Callee, name)
	}
	msg := fmt.Sprintf("%s must be uniform, but a divergent value is passed: it decides whether %s runs", divergence.RequirementSubject(v.Requirement, name), kind)
	if v.Requirement.Shared {
		msg = fmt.Sprintf("%s must point to memory all lanes share, but memory of this lane alone is passed: what %s writes there decides whether %s runs", divergence.RequirementSubject(v.Requirement, name), name, kind)
	}
	diag := analysis.Diagnostic{Pos: expr.Pos(), End: expr.End(), Category: category, Message: msg}
	for i, why := range v.Requirement.Why {
		// At the call the step is about, when it is in this package.
		at := expr
		if e := calls[v.Requirement.WhyPos(i)]; e != nil {
			at = e
		}
		diag.Related = append(diag.Related, analysis.RelatedInformation{Pos: at.Pos(), End: at.End(), Message: why})
	}
	argPos, argEnd := expr.Pos(), expr.End()
	if e := divergence.ArgExpr(v.Call, expr, v.ArgIndex); e != nil {
		argPos, argEnd = e.Pos(), e.End()
	} else if e := f.Expr(v.Arg); e != nil && e.Pos() >= expr.Pos() && e.End() <= expr.End() {
		argPos, argEnd = e.Pos(), e.End()
	}
	passed := "divergent value passed here"
	switch {
	case v.Requirement.Shared:
		passed = "memory of this lane alone passed here"
	case v.Closure && v.ArgIndex < 0:
		// A literal called through a value that holds it.
		argPos, argEnd = expr.Fun.Pos(), expr.Fun.End()
		passed = "the function literal called here captures the divergent value"
	case v.Closure:
		passed = "the function literal passed here captures the divergent value"
	}
	diag.Related = append(diag.Related, analysis.RelatedInformation{Pos: argPos, End: argEnd, Message: passed})
	notes := f.ExplainArg(v.Arg, v.Requirement.Input)
	if v.Requirement.Shared {
		notes = f.ExplainOwn(v.Arg)
	}
	relate(pass, &diag, notes)
	pass.Report(diag)
	return true
}

// checkIteratorRequirement reports a range-over-func loop whose iterator
// reaches a convergent operation in its own loop and whose body leaves the
// loop in a lane-dependent iteration: the lanes still in the iterator's
// loop reach the operation without the others.
func checkIteratorRequirement(pass *analysis.Pass, f *divergence.Func, v divergence.Violation) bool {
	rs := divergence.RangeOverFunc(v.Call)
	if rs == nil || !v.Requirement.Input.Calls || v.ArgIndex != 0 {
		return false
	}
	exit := f.BodyExit(v.Call)
	if exit == nil {
		return false
	}
	category, kind, consequence := CategoryCollective, "a collective", "it runs with fewer lanes"
	if v.Barrier {
		category, kind, consequence = CategoryBarrier, "a barrier", "the lanes still in it wait for the others (deadlock)"
	}
	msg := fmt.Sprintf("lanes leave the loop over %s in different iterations, but the iterator reaches %s between the runs of the body: %s", f.Text(rs.X), kind, consequence)
	diag := analysis.Diagnostic{Pos: rs.X.Pos(), End: rs.X.End(), Category: category, Message: msg}
	for _, why := range v.Requirement.Why {
		diag.Related = append(diag.Related, analysis.RelatedInformation{Pos: rs.X.Pos(), End: rs.X.End(), Message: why})
	}
	relate(pass, &diag, exit)
	pass.Report(diag)
	return true
}

// relate adds the notes that have a place in the source to the
// diagnostic's related information.
func relate(pass *analysis.Pass, diag *analysis.Diagnostic, notes []divergence.Note) {
	for _, n := range notes {
		if !n.Pos.IsValid() {
			continue
		}
		if n.End == n.Pos {
			n.Pos, n.End = span(pass, n.Pos)
		}
		diag.Related = append(diag.Related, analysis.RelatedInformation{Pos: n.Pos, End: n.End, Message: n.Message})
	}
}

// span gives a note placed at p without an extent one that an editor can
// show: the identifier that starts there (a variable), or the simple
// statement on one line that holds p (a return, a break, a store).
func span(pass *analysis.Pass, p token.Pos) (token.Pos, token.Pos) {
	for _, f := range pass.Files {
		if p < f.FileStart || p >= f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, p, p)
		if len(path) > 0 {
			if id, ok := path[0].(*ast.Ident); ok && id.Pos() == p {
				return id.Pos(), id.End()
			}
		}
		for _, n := range path {
			switch n.(type) {
			case *ast.ReturnStmt, *ast.BranchStmt, *ast.AssignStmt, *ast.IncDecStmt, *ast.DeclStmt, *ast.SendStmt, *ast.ExprStmt:
				if pass.Fset.Position(n.Pos()).Line == pass.Fset.Position(n.End()).Line {
					return n.Pos(), n.End()
				}
				return p, p
			case *ast.BlockStmt, *ast.FuncLit, *ast.FuncDecl, *ast.CaseClause, *ast.CommClause:
				return p, p
			}
		}
	}
	return p, p
}

// reachNotes describes the calls by which callee reaches a convergent
// operation, outermost first, Tint-style. A call in this package's source
// is shown where it is ("outer calls inner here"); one elsewhere, at the
// reported call ("h.Outer calls inner at h.go:10").
func reachNotes(callee string, reaches []divergence.Step, at *ast.CallExpr, calls map[token.Pos]*ast.CallExpr) []analysis.RelatedInformation {
	if len(reaches) == 1 && reaches[0].Callee == divergence.UnknownCallee {
		return []analysis.RelatedInformation{{Pos: at.Pos(), End: at.End(), Message: "the function called here is not known statically and can reach a lane handle, so it may reach a convergent operation"}}
	}
	var out []analysis.RelatedInformation
	caller := callee
	for _, st := range reaches {
		switch {
		case st.Callee == divergence.UnknownCallee:
			out = append(out, analysis.RelatedInformation{Pos: at.Pos(), End: at.End(), Message: caller + " is not known statically and can reach a lane handle, so it may reach a convergent operation"})
			continue
		case st.Callee == divergence.MoreCalls:
			out = append(out, analysis.RelatedInformation{Pos: at.Pos(), End: at.End(), Message: caller + " calls more functions"})
			caller = "the last of them"
			continue
		case calls[st.Pos()] != nil:
			e := calls[st.Pos()]
			out = append(out, analysis.RelatedInformation{Pos: e.Pos(), End: e.End(), Message: fmt.Sprintf("%s calls %s here", caller, st.Callee)})
		default:
			out = append(out, analysis.RelatedInformation{Pos: at.Pos(), End: at.End(), Message: fmt.Sprintf("%s calls %s at %s", caller, st.Callee, st.At)})
		}
		caller = st.Callee
	}
	return out
}

// subject names what a convergent call is: "barrier l.Barrier", or, for a
// call that reaches one through other calls, "barrier l.Barrier (reached
// through outer)". op is the operation reached, "" for the call itself.
func subject(kind, name, op string) string {
	if op == "" {
		return kind + " " + name
	}
	return fmt.Sprintf("%s %s (reached through %s)", kind, op, name)
}

// maxEntryNotes bounds the entries of an irreducible cycle that a finding
// names.
const maxEntryNotes = 8

// reached returns the convergent operation that c reaches through other
// calls, and the notes that show the way; op is "" if c is the operation
// itself or calls a function not known statically.
func reached(info *types.Info, f *divergence.Func, c divergence.ConvergentCall, name string, expr *ast.CallExpr, calls map[token.Pos]*ast.CallExpr) (op string, notes []analysis.RelatedInformation) {
	steps := c.Summary.Reaches
	if n := len(steps); n > 0 && steps[n-1].Callee != divergence.UnknownCallee {
		op = steps[n-1].Callee
	}
	if c.Callback < 0 {
		return op, reachNotes(name, steps, expr, calls)
	}
	arg := divergence.ArgExpr(c.Call, expr, c.Callback)
	if arg == nil {
		return op, reachNotes("the function "+name+" is given", steps, expr, calls)
	}
	text := f.Text(arg)
	if _, ok := ast.Unparen(arg).(*ast.FuncLit); ok {
		text = "the function literal"
	}
	if op == "" {
		op = text // a convergent function passed as it is: l.Barrier
		if t := info.TypeOf(arg); t != nil {
			if _, isFunc := t.Underlying().(*types.Signature); !isFunc {
				op = "a function held in " + text // a struct, slice or map of them
			}
		}
	}
	notes = append(notes, analysis.RelatedInformation{Pos: arg.Pos(), End: arg.End(), Message: fmt.Sprintf("%s is passed to %s here", text, name)})
	return op, append(notes, reachNotes(text, steps, expr, calls)...)
}

// check reports the convergent call if it is under divergent control or in
// a cycle that is not m-converged, and says whether it did.
func check(pass *analysis.Pass, f *divergence.Func, c divergence.ConvergentCall, calls map[token.Pos]*ast.CallExpr) bool {
	call, s := c.Call, c.Summary
	expr := calls[call.Pos()]
	ranged := false // the call is a range statement's, of its operand
	if expr == nil {
		rs := divergence.RangeOverFunc(call)
		if rs == nil {
			return false // synthetic: a wrapper's call has no place in the source
		}
		if c.ThroughBody {
			return false // convergent as the loop's body is: reported there
		}
		// The range statement calls its operand, where go/ssa places
		// nothing: report the operand as the call.
		end := rs.X.End() - 1
		expr = &ast.CallExpr{Fun: rs.X, Lparen: end, Rparen: end}
		ranged = true
	}
	name := calleeText(f, expr)
	category, kind, consequence := CategoryCollective, "collective", "its result depends on which lanes happen to reach it"
	if call.Common().Signature().Results().Len() == 0 {
		consequence = "what it does depends on which lanes happen to reach it"
	}
	if s.Barrier {
		category, kind, consequence = CategoryBarrier, "barrier", "lanes that do not reach it wait forever (deadlock)"
	}
	op, chain := reached(pass.TypesInfo, f, c, name, expr, calls)
	if ranged && op == "" {
		return false // an iterator not known to reach a convergent operation
	}
	what := subject(kind, name, op)
	diag := analysis.Diagnostic{Pos: expr.Pos(), End: expr.End(), Category: category}
	var notes []divergence.Note
	calleeDiverges, calleeWhy := f.DivergentCallee(call)
	if cycle, branch := f.NotMConverged(call); cycle != nil {
		diag.Message = fmt.Sprintf("%s in an irreducible cycle that lanes may enter at different blocks: %s", what, consequence)
		for i, e := range cycle.Entries {
			if i == maxEntryNotes && len(cycle.Entries) > maxEntryNotes+1 {
				// A generated state machine can have thousands.
				last := notes[len(notes)-1]
				notes = append(notes, divergence.Note{Pos: last.Pos, End: last.Pos,
					Message: fmt.Sprintf("and %d more entries of the cycle", len(cycle.Entries)-i)})
				break
			}
			notes = append(notes, f.EntryNote(f.Block(e)))
		}
		if branch != nil {
			notes = append(notes, f.ExplainBranch(branch)...)
		}
	} else if len(f.ControlDivergence(call)) > 0 {
		diag.Message = fmt.Sprintf("%s under divergent control: %s", what, consequence)
		notes = f.ExplainControl(call)
	} else if runs := f.DeferRunDivergence(call); runs != nil {
		diag.Message = fmt.Sprintf("%s is deferred, and lanes reach the returns that run it under divergent control: each return runs its own call, so %s", what, consequence)
		notes = runs
	} else if ranged && !calleeDiverges {
		// How the iterator runs its body is told in the body; an
		// iterator that differs between lanes is reported below.
		return false
	} else if c.CalleeDivergence != "" {
		diag.Message = fmt.Sprintf("%s under divergent control: %s calls the function it is given under divergent control, so %s", what, name, consequence)
		chain = append(chain, analysis.RelatedInformation{Pos: expr.Pos(), End: expr.End(), Message: c.CalleeDivergence})
	} else if outer := f.OuterDivergence(); outer != nil {
		diag.Message = fmt.Sprintf("%s under divergent control: %s", what, consequence)
		notes = outer
	} else if calleeDiverges {
		diag.Message = fmt.Sprintf("%s %s called through a lane-dependent function value: lanes may run different functions here, so %s", kind, name, consequence)
		if ranged {
			diag.Message = fmt.Sprintf("%s %s ranged over, but the iterator depends on the lane: lanes may run different iterators here, so %s", kind, name, consequence)
		}
		notes = calleeWhy
	} else {
		return false
	}
	diag.Related = chain
	relate(pass, &diag, notes)
	pass.Report(diag)
	return true
}

// calleeText names what a call calls as the source writes it: l.Barrier,
// spmd.ReduceAdd, or "func literal" (not ExprString's "(func() literal)").
func calleeText(f *divergence.Func, call *ast.CallExpr) string {
	if _, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return "func literal"
	}
	return f.Text(call.Fun)
}
