package divergence

import (
	_ "embed"
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/spmdvet/spmdvet/uniformity"
)

//go:embed doc.go
var doc string

var Analyzer = &analysis.Analyzer{
	Name:       "divergence",
	Doc:        AnalyzerDoc(doc, "divergence"),
	URL:        "https://pkg.go.dev/github.com/spmdvet/spmdvet/passes/divergence",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Summary), new(LaneType), new(SPMDPackage)},
}

// Result is the uniformity of every SPMD function of a package.
type Result struct {
	// Funcs are the SPMD functions, in the order of the source.
	Funcs []*Func
	vocab *vocabulary
}

// Summary returns the vocabulary of fn: what its directives declare, here or
// in the package that declares it. It returns nil for an ordinary function.
func (r *Result) Summary(fn *types.Func) *Summary {
	if r.vocab == nil || fn == nil {
		return nil
	}
	return r.vocab.summary(fn)
}

// Callee returns the function that call statically calls and its
// vocabulary.
func (r *Result) Callee(call ssa.CallInstruction) (*types.Func, *Summary) {
	fn, _ := callee(call.Common())
	return fn, r.Summary(fn)
}

// A Func is the uniformity of one SPMD function.
type Func struct {
	SSA *ssa.Function
	// Kernel: the function is a kernel entry.
	Kernel bool
	graph  *funcGraph
	U      *uniformity.Result
	exprs  map[ssa.Value]ast.Expr
}

func run(pass *analysis.Pass) (any, error) {
	vocab := newVocabulary(pass)
	if !vocab.relevant() {
		// Neither vocabulary nor anything that uses it: no SSA, no cost.
		return &Result{}, nil
	}
	pass.ExportPackageFact(new(SPMDPackage))
	vocab.declare()

	pkg := buildSSA(pass)
	res := &Result{vocab: vocab}
	for _, fn := range spmdFunctions(pkg, vocab) {
		res.Funcs = append(res.Funcs, analyzeFunc(fn.fn, fn.kernel, fn.perLane, vocab))
	}
	return res, nil
}

// buildSSA builds SSA for this package only; dependencies are created from
// their types, without bodies. Debug information maps values back to the
// expressions that compute them, for diagnostics.
func buildSSA(pass *analysis.Pass) *ssa.Package {
	prog := ssa.NewProgram(pass.Fset, ssa.GlobalDebug)
	created := make(map[*types.Package]bool)
	var create func(pkgs []*types.Package)
	create = func(pkgs []*types.Package) {
		for _, p := range pkgs {
			if !created[p] {
				created[p] = true
				prog.CreatePackage(p, nil, nil, true)
				create(p.Imports())
			}
		}
	}
	create(pass.Pkg.Imports())
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
	return pkg
}

// analyzeFunc runs the uniformity analysis on fn. Writes to per-lane memory
// under divergent control make the memory divergent, which can make more
// control divergent, so it iterates to a fixed point.
func analyzeFunc(fn *ssa.Function, kernel, perLaneFreeVars bool, vocab *vocabulary) *Func {
	g := newFuncGraph(fn, vocab, perLaneFreeVars)
	r := uniformity.Analyze(g, uniformity.Config{Seeds: g.seeds, Uniform: g.uniform})
	for changed := true; changed; {
		changed = false
		for _, m := range g.memList {
			if r.IsDivergent(m.id) {
				continue
			}
			for _, w := range m.writers {
				b := g.blockOf[w]
				if b < 0 {
					continue
				}
				branch := -1
				if cd := r.ControlDivergence(b); len(cd) > 0 {
					branch = cd[0]
				} else if r.IsMConverged(b) {
					continue
				}
				r.Extend(m.id, uniformity.Cause{Kind: uniformity.CauseControl, Value: w, Branch: branch})
				changed = true
				break
			}
		}
	}
	return &Func{SSA: fn, Kernel: kernel, graph: g, U: r, exprs: debugExprs(fn)}
}

// debugExprs maps values to the source expressions they were computed from.
func debugExprs(fn *ssa.Function) map[ssa.Value]ast.Expr {
	m := make(map[ssa.Value]ast.Expr)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ref, ok := instr.(*ssa.DebugRef); ok && !ref.IsAddr {
				if _, seen := m[ref.X]; !seen {
					m[ref.X] = ref.Expr
				}
			}
		}
	}
	return m
}
