package divergence

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"sync"
	"sync/atomic"

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
	FactTypes:  []analysis.Fact{new(Summary), new(LaneType), new(SPMDPackage), new(Recovers)},
}

// llvm22 makes the core reproduce LLVM 22 exactly, bug included (see
// uniformity.Config.LLVM22), for comparing dumps with opt-22.
var llvm22 bool

func init() {
	Analyzer.Flags.BoolVar(&llvm22, "llvm22", false, "reproduce LLVM 22's uniformity exactly, bugs included (for comparison with opt-22)")
}

// Result is the uniformity of every SPMD function of a package.
type Result struct {
	// Funcs are the SPMD functions, in the order of the source.
	Funcs []*Func
}

// A Func is the uniformity of one SPMD function.
type Func struct {
	SSA *ssa.Function
	// Kernel: the function is a kernel entry.
	Kernel bool
	graph  *funcGraph
	U      *uniformity.Result
	// base is U before seedClosures: with only the divergence that arises
	// in the body itself.
	base  *uniformity.Result
	exprs map[ssa.Value]ast.Expr
	calls map[token.Pos]*ast.CallExpr
	// outer explains why the whole body runs under divergent control, for
	// the body of a range-over-func loop whose iterator depends on the lane.
	outer []Note
	// seededClosures holds, for each function literal f makes, the
	// captured variables divergent in f, which the literal's own analysis
	// takes as divergent (seedClosures).
	seededClosures map[*ssa.Function]map[Input]bool
	// funcs are the package's analyzed functions, to explain in a loop
	// body's own terms what it does.
	funcs map[*ssa.Function]*Func
	// explaining counts the explanations under way in the package's
	// functions: one may call for another's (a loop body and the function
	// around it), and the chain must end.
	explaining *atomic.Int32
	// The if statements of the body, by condition (ifEnd).
	ifs map[token.Pos]*ast.IfStmt
	// The labelled statements of the body, by label (EntryNote).
	labelsOnce sync.Once
	labels     map[string]*ast.LabeledStmt
	// The range statements of the body, by operand (findRanges).
	rangesOnce   sync.Once
	ranges       map[ast.Expr]*ast.RangeStmt
	rangeOfValue map[ssa.Value]*ast.RangeStmt
}

// OuterDivergence explains why every block of f runs under divergent
// control, or returns nil: f is the body of a range-over-func loop, and the
// iterator that runs it depends on the lane, or is itself run so.
func (f *Func) OuterDivergence() []Note { return f.outer }

// crashForTest names a package whose analysis panics, for the test of
// what an internal error does.
var crashForTest string

func run(pass *analysis.Pass) (res any, err error) {
	defer func() {
		// A bug here must not take go vet down with a trace, nor pass
		// unseen: it is a diagnostic, not an error. go vet (Go 1.26)
		// caches a package's facts before it reads the errors in the
		// tool's output, so that the next go vet would pass the package
		// in silence; and a failed divergence would leave convergent
		// failing too.
		if r := recover(); r != nil {
			if os.Getenv("SPMDVET_PANIC") != "" {
				panic(r)
			}
			pass.Report(analysis.Diagnostic{
				Pos:      packagePos(pass),
				Category: "internal",
				Message:  fmt.Sprintf("internal error: %v: package %s was not checked (set SPMDVET_PANIC=1 for a trace)", r, pass.Pkg.Path()),
			})
			res, err = &Result{}, nil
		}
	}()
	exportRecovers(pass)
	vocab := newVocabulary(pass)
	if !vocab.relevant() {
		// Neither vocabulary nor anything that uses it: no SSA, no cost.
		return &Result{}, nil
	}
	if pass.Pkg.Path() == crashForTest {
		panic("crash for the test")
	}
	atomicsOnly := !vocab.directive && vocab.atomicsOnly()
	if !atomicsOnly {
		pass.ExportPackageFact(new(SPMDPackage))
	}
	vocab.declare()

	pkg := buildSSA(pass)
	pa := newPackageAnalysis(pass, vocab, pkg)
	pa.inferAll()
	pa.seedClosures()
	pa.loopBodies()
	if pa.exportSummaries() && atomicsOnly {
		// Its importers need its summaries; if it has none worth
		// saying, they stay skipped.
		pass.ExportPackageFact(new(SPMDPackage))
	}
	out := &Result{}
	for _, fn := range pa.spmd {
		out.Funcs = append(out.Funcs, pa.results[fn])
	}
	return out, nil
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

// packagePos is where a diagnostic about the whole package goes: its first
// file's package clause.
func packagePos(pass *analysis.Pass) token.Pos {
	if len(pass.Files) > 0 {
		return pass.Files[0].Package
	}
	return token.NoPos
}
