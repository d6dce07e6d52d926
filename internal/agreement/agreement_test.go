package agreement_test

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/spmdvet/spmdvet/internal/agreement"
	"github.com/spmdvet/spmdvet/passes/convergent"
	"github.com/spmdvet/spmdvet/spmd"
)

const (
	pkgAgreement = "github.com/spmdvet/spmdvet/internal/agreement"
)

// A verdict is what spmdvet says about a kernel.
type verdict string

const (
	flagged  verdict = "flagged"  // some barrier or collective in it is reported
	accepted verdict = "accepted" // nothing in it is reported
)

// An outcome is what spmd.Run says when the kernel runs in a group of
// several lanes, on the inputs of the table.
type outcome string

const (
	completes outcome = "completes" // nil
	diverges  outcome = "diverges"  // *spmd.DivergenceError
	panics    outcome = "panics"    // *spmd.PanicError
)

type kernelCase struct {
	// fn is the function of package agreement that spmdvet
	// checks.
	fn      string
	static  verdict
	dynamic outcome
	// run runs the kernel in a group of lanes on inputs that exercise its
	// divergence.
	run func(lanes int) error
	// tries > 1: the outcome is random (map order); it must come up at
	// least once in that many runs, and every run must give it or nil.
	tries int
	// differ explains why static and dynamic legitimately disagree: a
	// kernel is flagged but completes, or accepted but diverges.
	differ string
}

// kernel runs f in a group.
func kernel(f func(l spmd.Lane)) func(lanes int) error {
	return func(lanes int) error { return spmd.Run(lanes, f) }
}

// forEachN runs f in a group once for each n below count.
func forEachN(count int, f func(l spmd.Lane, n int)) func(lanes int) error {
	return func(lanes int) error {
		for n := range count {
			if err := spmd.Run(lanes, func(l spmd.Lane) { f(l, n) }); err != nil {
				return err
			}
		}
		return nil
	}
}

// alternating returns n values 1, -1, 1, ...
func alternating[T int | float64](n int) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = 1
		if i%2 == 1 {
			s[i] = -1
		}
	}
	return s
}

// cases is the agreement table for package agreement: spmdvet's verdict on
// each kernel next to what happens when it runs.
var cases = []kernelCase{
	// Reported, and divergent when run.
	{fn: "EarlyReturn", static: flagged, dynamic: diverges, run: kernel(func(l spmd.Lane) { agreement.EarlyReturn(l, 4) })},
	{fn: "LaneTripCount", static: flagged, dynamic: diverges, run: kernel(agreement.LaneTripCount)},
	{fn: "DivergentBreak", static: flagged, dynamic: diverges, run: func(lanes int) error {
		return spmd.Run(lanes, func(l spmd.Lane) { agreement.DivergentBreak(l, lanes) })
	}},
	{fn: "LabelledBreak", static: flagged, dynamic: diverges, run: kernel(func(l spmd.Lane) { agreement.LabelledBreak(l, 4) })},
	{fn: "Temporal", static: flagged, dynamic: diverges, run: kernel(agreement.Temporal)},
	{fn: "ExitIntoLoop", static: flagged, dynamic: diverges, run: kernel(func(l spmd.Lane) { agreement.ExitIntoLoop(l, 4) })},
	{fn: "RedirectedByClosure", static: flagged, dynamic: diverges, run: kernel(agreement.RedirectedByClosure)},
	{fn: "WrittenTwoPointersDown", static: flagged, dynamic: diverges, run: kernel(agreement.WrittenTwoPointersDown)},
	{fn: "FreshFromHelper", static: flagged, dynamic: diverges, run: kernel(agreement.FreshFromHelper)},
	{fn: "ArrayElementsLane", static: flagged, dynamic: diverges, run: kernel(agreement.ArrayElementsLane)},
	{fn: "CapturedFuncVar", static: flagged, dynamic: diverges, run: kernel(agreement.CapturedFuncVar)},
	{fn: "PointerStoreBack", static: flagged, dynamic: diverges, run: kernel(agreement.PointerStoreBack)},
	{fn: "OwnSliceInClosure", static: flagged, dynamic: diverges, run: kernel(agreement.OwnSliceInClosure)},
	{fn: "GotoArm", static: flagged, dynamic: diverges, run: kernel(func(l spmd.Lane) { agreement.GotoArm(l) })},
	{fn: "SwitchArms", static: flagged, dynamic: diverges, run: kernel(agreement.SwitchArms)},
	{fn: "ShortCircuit", static: flagged, dynamic: diverges, run: kernel(func(l spmd.Lane) { agreement.ShortCircuit(l) })},
	{fn: "ShuffleGuard", static: flagged, dynamic: diverges, run: kernel(agreement.ShuffleGuard)},
	{fn: "BroadcastOwnLane", static: flagged, dynamic: diverges, run: kernel(agreement.BroadcastOwnLane)},
	{fn: "AddressTaken", static: flagged, dynamic: diverges, run: kernel(agreement.AddressTaken)},
	{fn: "AtomicTicket", static: flagged, dynamic: diverges, run: func(lanes int) error {
		var counter int32
		return spmd.Run(lanes, func(l spmd.Lane) { agreement.AtomicTicket(l, &counter) })
	}},
	{fn: "MapFirstKey", static: flagged, dynamic: diverges, tries: 100, run: func(lanes int) error {
		m := make(map[int]bool)
		for i := range 64 {
			m[i] = true
		}
		return spmd.Run(lanes, func(l spmd.Lane) { agreement.MapFirstKey(l, m) })
	}},
	{fn: "Helper", static: flagged, dynamic: diverges, run: kernel(agreement.Helper)},
	{fn: "Captured", static: flagged, dynamic: diverges, run: kernel(agreement.Captured)},
	{fn: "PointerInSlice", static: flagged, dynamic: diverges, run: kernel(agreement.PointerInSlice)},
	{fn: "InterfaceIndex", static: flagged, dynamic: diverges, run: kernel(agreement.InterfaceIndex)},
	{fn: "RangeFunc", static: flagged, dynamic: diverges, run: kernel(agreement.RangeFunc)},
	{fn: "RangeFuncBreak", static: flagged, dynamic: diverges, run: kernel(agreement.RangeFuncBreak)},
	{fn: "RangeFuncContinue", static: accepted, dynamic: completes, run: kernel(agreement.RangeFuncContinue)},
	{fn: "RangeFuncCount", static: flagged, dynamic: diverges, run: kernel(agreement.RangeFuncCount)},
	{fn: "OwnChannel", static: accepted, dynamic: completes, run: kernel(agreement.OwnChannel)},
	{fn: "GoexitLane", static: flagged, dynamic: diverges, run: kernel(agreement.GoexitLane)},
	{fn: "OwnChannelDivergentSend", static: flagged, dynamic: diverges, run: kernel(agreement.OwnChannelDivergentSend)},
	{fn: "MethodValue", static: flagged, dynamic: diverges, run: kernel(agreement.MethodValue)},
	{fn: "GenericBody", static: flagged, dynamic: diverges, run: func(lanes int) error {
		data := alternating[float64](lanes)
		return spmd.Run(lanes, func(l spmd.Lane) { agreement.GenericBody(l, data) })
	}},
	{fn: "FuncByBranch", static: flagged, dynamic: diverges, run: kernel(agreement.FuncByBranch)},
	{fn: "FuncByIndex", static: flagged, dynamic: diverges, run: kernel(agreement.FuncByIndex)},
	{fn: "DeclaredWrapper", static: flagged, dynamic: diverges, run: kernel(agreement.DeclaredWrapper)},
	{fn: "FuncInStruct", static: flagged, dynamic: diverges, run: kernel(agreement.FuncInStruct)},
	{fn: "CapturedThroughHelper", static: flagged, dynamic: diverges, run: kernel(agreement.CapturedThroughHelper)},
	{fn: "PrivateScratch", static: flagged, dynamic: diverges, run: kernel(agreement.PrivateScratch)},
	{fn: "RecoverBeforeBarrier", static: flagged, dynamic: diverges, run: kernel(func(l spmd.Lane) { agreement.RecoverBeforeBarrier(l, 2) })},
	{fn: "CapturedBreak", static: flagged, dynamic: diverges, run: func(lanes int) error {
		data := []int{0, 1, 2, 3, 4, 5, 6, 7}
		return spmd.Run(lanes, func(l spmd.Lane) { agreement.CapturedBreak(l, data) })
	}},
	{fn: "DeferredBarrier", static: flagged, dynamic: diverges, run: kernel(func(l spmd.Lane) { agreement.DeferredBarrier(l, 4) })},
	{fn: "RunLiteral", static: flagged, dynamic: diverges, run: func(lanes int) error {
		return agreement.RunLiteral(lanes, alternating[int](lanes))
	}},

	// Reported, but not divergent when run.
	{fn: "IrreducibleWithExit", static: flagged, dynamic: completes,
		differ: "the lanes enter the irreducible cycle at different blocks, but both paths reach the same ReduceAdd " +
			"(same line, same call chain) in the first trip, and more() gives every lane the same answer, so at run " +
			"time they meet there every trip and leave together; statically more() is called out of step and is divergent",
		run: kernel(func(l spmd.Lane) {
			calls := 0
			agreement.IrreducibleWithExit(l, 1, func() bool { calls++; return calls < 3 })
		})},
	// A lane that panics brings the kernel down: spmdvet does not count the
	// check as divergence, and Run reports the panic.
	{fn: "PanicBeforeBarrier", static: accepted, dynamic: panics,
		run: kernel(func(l spmd.Lane) { agreement.PanicBeforeBarrier(l, 4) })},

	// Accepted, and complete when run.
	{fn: "UniformReturn", static: accepted, dynamic: completes, run: kernel(func(l spmd.Lane) { agreement.UniformReturn(l, 4) })},
	{fn: "BarrierAfterLoop", static: accepted, dynamic: completes, run: func(lanes int) error {
		data := alternating[int](3*lanes + 1)
		return spmd.Run(lanes, func(l spmd.Lane) { agreement.BarrierAfterLoop(l, data) })
	}},
	{fn: "InnerBreak", static: accepted, dynamic: completes, run: kernel(func(l spmd.Lane) { agreement.InnerBreak(l, 6) })},
	{fn: "AnyGuard", static: accepted, dynamic: completes, run: kernel(agreement.AnyGuard)},
	{fn: "BallotGuard", static: accepted, dynamic: completes, run: kernel(agreement.BallotGuard)},
	{fn: "ReduceGuard", static: accepted, dynamic: completes, run: kernel(agreement.ReduceGuard)},
	{fn: "BroadcastFirstGuard", static: accepted, dynamic: completes, run: kernel(agreement.BroadcastFirstGuard)},
	{fn: "UniformLoopDivergentBody", static: accepted, dynamic: completes, run: kernel(func(l spmd.Lane) { agreement.UniformLoopDivergentBody(l, 5) })},
	{fn: "GotoDiamond", static: accepted, dynamic: completes, run: kernel(func(l spmd.Lane) { agreement.GotoDiamond(l) })},
	{fn: "SwitchUniform", static: accepted, dynamic: completes, run: forEachN(3, agreement.SwitchUniform)},
	{fn: "RedirectedByClosureUniform", static: accepted, dynamic: completes, run: forEachN(3, agreement.RedirectedByClosureUniform)},
	{fn: "WrittenTwoPointersDownUniform", static: accepted, dynamic: completes, run: forEachN(3, agreement.WrittenTwoPointersDownUniform)},
	{fn: "ArrayElements", static: accepted, dynamic: completes, run: forEachN(3, agreement.ArrayElements)},
	{fn: "MapLaneValues", static: accepted, dynamic: completes, run: forEachN(3, agreement.MapLaneValues)},
	{fn: "CallbackReduce", static: flagged, dynamic: diverges, run: forEachN(6, agreement.CallbackReduce)},
	{fn: "CallbackStore", static: accepted, dynamic: completes, run: forEachN(6, agreement.CallbackStore)},
	{fn: "LaneCallbackVia", static: flagged, dynamic: diverges, run: forEachN(6, agreement.LaneCallbackVia)},
	{fn: "LaneCallbackStore", static: accepted, dynamic: completes, run: forEachN(6, agreement.LaneCallbackStore)},
	{fn: "AppendLaneValues", static: accepted, dynamic: completes, run: kernel(func(l spmd.Lane) { agreement.AppendLaneValues(l, 3) })},
	{fn: "TemporalUniformExit", static: accepted, dynamic: completes, run: kernel(func(l spmd.Lane) { agreement.TemporalUniformExit(l, 4) })},
	{fn: "SharedExchange", static: accepted, dynamic: completes, run: func(lanes int) error {
		data := make([]int, lanes)
		return spmd.Run(lanes, func(l spmd.Lane) { agreement.SharedExchange(l, data) })
	}},
	{fn: "MapLoop", static: accepted, dynamic: completes, run: func(lanes int) error {
		m := map[string]int{"a": 1, "b": 2, "c": 3, "d": 4}
		return spmd.Run(lanes, func(l spmd.Lane) { agreement.MapLoop(l, m) })
	}},
	{fn: "ConstantOr", static: accepted, dynamic: completes, run: kernel(agreement.ConstantOr)},
	{fn: "Worker", static: accepted, dynamic: completes, run: func(lanes int) error {
		out := make([]int, lanes)
		return spmd.Run(lanes, func(l spmd.Lane) { agreement.Worker(l, out, 3) })
	}},
	{fn: "GenericHelper", static: accepted, dynamic: completes, run: kernel(agreement.GenericHelper)},

	{fn: "SharedScratch", static: accepted, dynamic: completes, run: func(lanes int) error {
		sh := make([]int, lanes)
		return spmd.Run(lanes, func(l spmd.Lane) { agreement.SharedScratch(l, sh) })
	}},
	{fn: "CursorLoop", static: accepted, dynamic: completes, run: func(lanes int) error {
		out := make([]int, lanes)
		return spmd.Run(lanes, func(l spmd.Lane) { agreement.CursorLoop(l, 3, out) })
	}},
	{fn: "DeferredUniformReturn", static: accepted, dynamic: completes, run: func(lanes int) error {
		out := make([]int, lanes)
		for _, n := range []int{3, 5} {
			if err := spmd.Run(lanes, func(l spmd.Lane) { agreement.DeferredUniformReturn(l, n, out) }); err != nil {
				return err
			}
		}
		return nil
	}},
}

// laneCounts are the group sizes every kernel runs with. The inputs make
// every divergent kernel diverge with each of them.
var laneCounts = []int{5, 8, 16}

func repoRoot(t *testing.T) string {
	dir, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// staticVerdicts returns, for every function of package path, whether the
// convergent analyzer reported something inside it (literals included).
func staticVerdicts(t *testing.T, results []*analysistest.Result, path string) map[string][]string {
	t.Helper()
	reports := make(map[string][]string)
	found := false
	for _, r := range results {
		if r.Pass == nil || r.Pass.Pkg.Path() != path {
			continue
		}
		found = true
		for _, d := range r.Diagnostics {
			fn := enclosingFunc(r.Pass.Files, d.Pos)
			reports[fn] = append(reports[fn], fmt.Sprintf("%v: %s", r.Pass.Fset.Position(d.Pos), d.Message))
		}
	}
	if !found {
		t.Fatalf("package %s was not analyzed", path)
	}
	return reports
}

func enclosingFunc(files []*ast.File, pos token.Pos) string {
	for _, f := range files {
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				return fd.Name.Name
			}
		}
	}
	return "?"
}

// kernelFuncs returns the exported functions of package path, which must
// all be in the table.
func kernelFuncs(results []*analysistest.Result, path string) []string {
	var names []string
	for _, r := range results {
		if r.Pass == nil || r.Pass.Pkg.Path() != path {
			continue
		}
		for _, f := range r.Pass.Files {
			for _, decl := range f.Decls {
				if fd, ok := decl.(*ast.FuncDecl); ok && fd.Name.IsExported() && fd.Recv == nil {
					names = append(names, fd.Name.Name)
				}
			}
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

func checkTableCovers(t *testing.T, table []kernelCase, funcs []string) {
	t.Helper()
	inTable := make(map[string]bool)
	for _, c := range table {
		if inTable[c.fn] {
			t.Errorf("%s is in the table twice", c.fn)
		}
		inTable[c.fn] = true
	}
	for _, fn := range funcs {
		if !inTable[fn] {
			t.Errorf("kernel %s is not in the table", fn)
		}
		delete(inTable, fn)
	}
	for fn := range inTable {
		t.Errorf("the table names %s, which is not a function of the package", fn)
	}
}

// TestAgreement checks package agreement: spmdvet's diagnostics are exactly
// its "want" comments, every kernel's static verdict and run-time outcome are
// the table's, and they agree unless the table says why not.
func TestAgreement(t *testing.T) {
	results := analysistest.Run(t, repoRoot(t), convergent.Analyzer, pkgAgreement)
	reports := staticVerdicts(t, results, pkgAgreement)
	checkTableCovers(t, cases, kernelFuncs(results, pkgAgreement))
	for _, c := range cases {
		t.Run(c.fn, func(t *testing.T) {
			checkConsistent(t, c)
			if got := verdictOf(reports[c.fn]); got != c.static {
				t.Errorf("spmdvet: %s, table says %s\n\t%s", got, c.static, strings.Join(reports[c.fn], "\n\t"))
			}
			checkDynamic(t, c)
		})
	}
}

func verdictOf(reports []string) verdict {
	if len(reports) > 0 {
		return flagged
	}
	return accepted
}

// checkConsistent checks that a table row either agrees or says why not.
func checkConsistent(t *testing.T, c kernelCase) {
	t.Helper()
	agree := (c.static == flagged) == (c.dynamic == diverges)
	if agree && c.differ != "" {
		t.Errorf("table: %s agrees (%s, %s) but has a reason to differ", c.fn, c.static, c.dynamic)
	}
	if !agree && c.differ == "" {
		t.Errorf("table: %s is %s but %s when run, without a reason", c.fn, c.static, c.dynamic)
	}
	if c.differ != "" {
		t.Logf("static and dynamic differ: %s", c.differ)
	}
}

// checkDynamic runs the kernel with one lane, which can never diverge, and
// with each of laneCounts, where the outcome must be the table's.
func checkDynamic(t *testing.T, c kernelCase) {
	t.Helper()
	if err := runWithTimeout(t, c, 1); err != nil {
		t.Errorf("1 lane: %v, want nil: a single lane cannot diverge", err)
	}
	for _, lanes := range laneCounts {
		tries := max(c.tries, 1)
		seen := false
		for range tries {
			err := runWithTimeout(t, c, lanes)
			got := outcomeOf(err)
			if got == c.dynamic {
				seen = true
				if c.dynamic == diverges {
					t.Logf("%d lanes: %v", lanes, err)
				}
				break
			}
			if c.tries > 1 && got == completes {
				continue // random: the lanes happened to agree
			}
			t.Errorf("%d lanes: %s (%v), want %s", lanes, got, err, c.dynamic)
			break
		}
		if !seen && c.tries > 1 {
			t.Errorf("%d lanes: never %s in %d runs", lanes, c.dynamic, tries)
		}
	}
}

func outcomeOf(err error) outcome {
	var de *spmd.DivergenceError
	var pe *spmd.PanicError
	switch {
	case err == nil:
		return completes
	case errors.As(err, &de):
		return diverges
	case errors.As(err, &pe):
		return panics
	}
	return outcome("fails: " + err.Error())
}

func runWithTimeout(t *testing.T, c kernelCase, lanes int) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- c.run(lanes) }()
	select {
	case err := <-done:
		return err
	case <-time.After(30 * time.Second):
		t.Fatalf("%s with %d lanes did not finish", c.fn, lanes)
		return nil
	}
}
