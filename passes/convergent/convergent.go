package convergent

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
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
	calls := indexCalls(pass.Files)
	for _, f := range res.Funcs {
		for _, b := range f.SSA.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				fn, s := res.Callee(call)
				if s == nil || !s.Convergent {
					continue
				}
				check(pass, f, b, call, fn, s, calls)
			}
		}
	}
	return nil, nil
}

func check(pass *analysis.Pass, f *divergence.Func, b *ssa.BasicBlock, call ssa.CallInstruction, fn *types.Func, s *divergence.Summary, calls map[token.Pos]*ast.CallExpr) {
	expr := calls[call.Pos()]
	if expr == nil {
		return // synthetic: a wrapper's call has no place in the source
	}
	name := types.ExprString(expr.Fun)
	category, kind, consequence := CategoryCollective, "collective", "its result depends on which lanes happen to reach it"
	if s.Barrier {
		category, kind, consequence = CategoryBarrier, "barrier", "lanes that do not reach it wait forever (deadlock)"
	}
	diag := analysis.Diagnostic{Pos: expr.Pos(), End: expr.End(), Category: category}
	var notes []divergence.Note
	if len(f.ControlDivergence(b)) > 0 {
		diag.Message = fmt.Sprintf("%s %s under divergent control: %s", kind, name, consequence)
		notes = f.ExplainControl(b)
	} else if cycle, branch := f.NotMConverged(b); cycle != nil {
		diag.Message = fmt.Sprintf("%s %s in an irreducible cycle that lanes may enter at different blocks: %s", kind, name, consequence)
		for _, e := range cycle.Entries {
			p := divergence.BlockPos(f.SSA.Blocks[e])
			notes = append(notes, divergence.Note{Pos: p, End: p, Message: "the cycle can be entered here"})
		}
		if branch != nil {
			notes = append(notes, f.ExplainBranch(branch)...)
		}
	} else {
		return
	}
	_ = fn
	for _, n := range notes {
		if n.Pos.IsValid() {
			diag.Related = append(diag.Related, analysis.RelatedInformation{Pos: n.Pos, End: n.End, Message: n.Message})
		}
	}
	pass.Report(diag)
}

// indexCalls maps the position SSA gives a call (its left parenthesis, or
// the go/defer keyword) to the call expression.
func indexCalls(files []*ast.File) map[token.Pos]*ast.CallExpr {
	m := make(map[token.Pos]*ast.CallExpr)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				m[n.Lparen] = n
			case *ast.GoStmt:
				m[n.Go] = n.Call
			case *ast.DeferStmt:
				m[n.Defer] = n.Call
			}
			return true
		})
	}
	return m
}

var _ = strings.TrimSpace
