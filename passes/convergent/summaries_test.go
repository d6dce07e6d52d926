package convergent_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/spmdvet/spmdvet/passes/convergent"
)

// The function summaries (issue 4): packages of testdata/src whose names
// start with "sum" pin what convergent reports once callees are known by
// their summaries: calls of functions that reach a barrier or collective,
// divergent arguments for parameters that must be uniform, results and
// pointer effects that depend on arguments; within a package and across
// packages. Every report is at the call in the package analyzed. The same
// packages assert the inferred summaries as facts, which passes/divergence
// checks; here expectations of facts are ignored.
//
// sumSuite is all of them: a new one joins by its name.
const sumSuite = "./sum..."

func sumTestdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../../testdata/src")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// sumDiagnosticsOnly passes on analysistest's errors except those about
// expectations of facts, which belong to the divergence analyzer.
type sumDiagnosticsOnly struct{ t analysistest.Testing }

func (f sumDiagnosticsOnly) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if strings.Contains(msg, "no fact was reported matching") {
		return
	}
	f.t.Errorf("%s", msg)
}

func TestSummaries(t *testing.T) {
	// The suite in one run, so that the packages are loaded once.
	analysistest.Run(sumDiagnosticsOnly{t}, sumTestdata(t), convergent.Analyzer, sumSuite)
}

// A sumRelatedCase names a diagnostic, by the function it is in and the
// source text it spans, and what its related information must say.
type sumRelatedCase struct {
	pkg, fn, at string
	// steps must match related messages in this order (other messages
	// may come between them).
	steps []string
	// only, if set, says that the steps are all the related messages.
	only bool
	// spans maps some steps to the source text their note must span.
	spans map[string]string
	// passedHere, if set, is the source text that the "... passed here"
	// note ("divergent value passed here") must span: the argument; or the
	// "... called here ..." note, the function value called.
	passedHere string
	// known, if set, says why the analyzer does not meet this case yet: a
	// mismatch skips it.
	known string
}

// The chain in causal order, Tint-style: the convergent operation reached
// and the calls that reach it ("called by"), or the parameters that must
// be uniform down to the one that decides; then the branch or the argument
// ("divergent value passed here"); then the source of divergence.
var sumRelatedCases = []sumRelatedCase{
	{
		// Lanes pick between literals at a join: the join and its branch
		// explain it, not what the literals captured.
		pkg: "funcvalues", fn: "literalsChosenByLane", at: "f()",
		steps: []string{
			`^f calls l\.Barrier here$`,
			`^merges values from paths that lanes took differently, where the if ends$`,
			`^lanes diverge here: the condition i > 2 depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
	},
	{
		// Each lane calls the literal its last iteration chose.
		pkg: "funcvalues", fn: "literalChosenInLoop", at: "f()",
		steps: []string{
			`^f is read after a loop that lanes leave in different iterations$`,
			`^lanes leave the loop here in different iterations: the condition k < l\.Index\(\) depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
	},
	{
		// A callback's write to a captured variable, at the helper's call.
		pkg: "sumcallbacks", fn: "callbackWrites", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition v == 1 depends on the lane$`,
			`^v holds lane-dependent values$`,
			`^guarded\(l, func\(\) \{\.\.\.\}\) calls the function it is given, which writes to the variables it captured, under divergent control: guarded calls f at sumcallbacks\.go:\d+ under divergent control: l\.Index\(\) at sumcallbacks\.go:\d+ is the lane index$`,
		},
		spans: map[string]string{`^guarded`: "guarded(l, func() { v = 1 })"},
	},
	{
		// A type switch, then the join where the if that set v ends.
		pkg: "switches", fn: "typeSwitchDivergent", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the dynamic type of v depends on the lane$`,
			`^merges values from paths that lanes took differently, where the if ends$`,
			`^lanes diverge here: the condition l\.Index\(\) > 3 depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
		only: true,
	},
	{
		// A result of a chain of helpers names the source in the innermost
		// one, not the whole chain.
		pkg: "sumtint", fn: "Error_ReturnValueMayBeNonUniformChain", at: "l.Barrier()",
		steps: []string{
			`^retChain_foo\(l\) is the result of retChain_foo, which depends on the lane: l\.Index\(\) at sumtint\.go:\d+ is the lane index$`,
		},
	},
	{
		// The branch, then the return it sends lanes to, then the value.
		pkg: "earlyreturn", fn: "boundsCheck", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition l\.Index\(\) >= n depends on the lane$`,
			`^lanes that go this way return here$`,
			`^l\.Index\(\) is the lane index$`,
		},
		only:  true,
		spans: map[string]string{`^lanes that go this way return here$`: "return"},
	},
	{
		// Notes without an extent of their own span the variable or the
		// statement.
		pkg: "memory", fn: "addressTaken", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition x == 1 depends on the lane$`,
			`^x depends on the lane$`,
			`^x holds lane-dependent values$`,
			`^written under divergent control, so lanes disagree about the memory$`,
			`^lanes diverge here: the condition l\.Index\(\) < 4 depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
		only: true,
		spans: map[string]string{
			`^x holds lane-dependent values$`:                                       "x",
			`^written under divergent control, so lanes disagree about the memory$`: "*p = 1",
		},
	},
	{
		// The callback, not the value given, depends on the lane.
		pkg: "sumcallbacks", fn: "lanePredicate", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition firstMatch\(xs, func\(x int\) bool \{\.\.\.\}\) == 0 depends on the lane$`,
			`^func\(x int\) bool \{\.\.\.\} returns lane-dependent values$`,
			`^l\.Index\(\) is the lane index$`,
		},
	},
	{
		// A helper that calls the convergent literal it is given in some
		// lanes only: the literal, what it reaches, the helper's branch.
		pkg: "sumcallbacks", fn: "reduceEachNamed", at: "forEach(l, n, add)",
		steps: []string{
			`^add is passed to forEach here$`,
			`^add calls spmd\.ReduceAdd here$`,
			`^forEach calls f at sumcallbacks\.go:\d+ under divergent control: l\.Index\(\) at sumcallbacks\.go:\d+ is the lane index$`,
		},
		only: true,
		spans: map[string]string{
			`^add is passed to forEach here$`:  "add",
			`^add calls spmd\.ReduceAdd here$`: "spmd.ReduceAdd(l, i)",
		},
	},
	{
		// A trip count: the parameter decides how often, not whether.
		pkg: "sumchain", fn: "roundsByLane", at: "rounds(l, l.Index())",
		steps: []string{
			`^parameter n of rounds decides how often l\.Barrier at sumchain\.go:\d+ runs$`,
			`^divergent value passed here$`,
			`^l\.Index\(\) is the lane index$`,
		},
		only: true,
		// The step about a call in this package is shown at that call.
		spans: map[string]string{`^parameter n of rounds decides how often l\.Barrier at sumchain\.go:\d+ runs$`: "l.Barrier()"},
	},
	{
		// A helper that gives its callback on to one that calls it in
		// some lanes only.
		pkg: "sumcallbacks", fn: "laneCallbacks", at: "eachLaneVia(l, n, func(l spmd.Lane, i int) { _ = spmd.ReduceAdd(l, i) })",
		steps: []string{
			`^the function literal is passed to eachLaneVia here$`,
			`^the function literal calls spmd\.ReduceAdd here$`,
			`^eachLaneVia gives f to eachLane at sumcallbacks\.go:\d+; eachLane calls f at sumcallbacks\.go:\d+ under divergent control: l\.Index\(\) at sumcallbacks\.go:\d+ is the lane index$`,
		},
		only: true,
	},
	{
		pkg: "rangefunc", fn: "closureRangesWaiting", at: "f()",
		steps: []string{
			`^f calls the iterator waitingSeq\(l, 2\) at rangefunc\.go:\d+$`,
			`^the iterator waitingSeq\(l, 2\) calls l\.Barrier here$`,
			`^lanes diverge here`,
		},
	},
	{
		pkg: "sumcallbacks", fn: "barrierGuarded", at: "guarded(l, l.Barrier)",
		steps: []string{
			`^l\.Barrier is passed to guarded here$`,
			`^guarded calls f at sumcallbacks\.go:\d+ under divergent control: l\.Index\(\) at sumcallbacks\.go:\d+ is the lane index$`,
		},
		only:  true,
		spans: map[string]string{`^l\.Barrier is passed to guarded here$`: "l.Barrier"},
	},
	{
		pkg: "sumcallbacks", fn: "predicateDecides", at: "maybeSync(l, func() bool { return l.Index() > 2 })",
		steps: []string{
			`^what parameter pred of maybeSync returns decides whether l\.Barrier at sumcallbacks\.go:\d+ runs$`,
			`^func\(\) bool \{\.\.\.\} returns lane-dependent values$`,
			`^l\.Index\(\) is the lane index$`,
		},
	},
	{
		pkg: "sumcallbacks", fn: "returnedCallback", at: "l.Barrier()",
		steps: []string{
			`^addLane\(l\) returns a function that returns lane-dependent values$`,
		},
	},
	{
		// The break leaves the loop for some lanes; the iterator runs the
		// body again for the others.
		pkg: "rangefunc", fn: "barrierBeforeBreak", at: "l.Barrier()",
		steps: []string{
			`^lanes leave the loop here in different iterations, so fewer lanes run the body after$`,
			`^lanes diverge here: the condition v == l\.Index\(\) depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
		only: true,
	},
	{
		// go/ssa's variable that says where to go after the loop has no
		// name in the source: the notes say what it stands for.
		pkg: "rangefunc", fn: "barrierAfterReturn", at: "l.Barrier()",
		steps: []string{
			`^where lanes go after the loop over upTo\(n\) depends on the lane$`,
			`^lanes leave the loop here under divergent control$`,
			`^lanes diverge here: the condition v == l\.Index\(\) depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
		only: true,
	},
	{
		pkg: "rangefunc", fn: "countBeforeBreak", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition count > 3 depends on the lane$`,
			`^the body of the loop over upTo\(n\) writes lane-dependent values there$`,
			`^lanes leave the loop here in different iterations, and keep what the body wrote before$`,
			`^lanes diverge here: the condition v == l\.Index\(\) depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
	},
	{
		pkg: "rangefunc", fn: "writeInBody", at: "l.Barrier()",
		steps: []string{
			`^the body of the loop over upTo\(n\) writes lane-dependent values there$`,
			`^sum is set to a lane-dependent value here$`,
			`^v \* l\.Index\(\) depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
	},
	{
		// The iterator itself is lane-dependent.
		pkg: "rangefunc", fn: "divergentIterator", at: "l.Barrier()",
		steps: []string{
			`^the loop's iterator upTo\(l\.Index\(\)\) depends on the lane: lanes run the body a different number of times$`,
			`^l\.Index\(\) is the lane index$`,
		},
	},
	{
		pkg: "temporal", fn: "divergentExit", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition last > 2 depends on the lane$`,
			`^i is read after a loop that lanes leave in different iterations$`,
			`^lanes leave the loop here in different iterations: the condition i >= l\.Index\(\) depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
	},
	{
		// The condition is quoted cut short, and the operands that
		// start where it does (a+b of a+b+c) get no note of their own.
		pkg: "basic", fn: "longCondition", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition l\.Index\(\)\*alpha\+l\.Index\(\)\*beta\+l\.Index\(\)\*gamma\+alpha\*beta\.\.\. depends on the lane$`,
			`^l\.Index\(\)\*gamma depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
		only: true,
	},
	{
		pkg: "atomics", fn: "electLeader", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition atomic\.CompareAndSwapInt32\(flag, 0, 1\) depends on the lane$`,
			`^atomic\.CompareAndSwapInt32\(flag, 0, 1\) is an atomic read-modify-write`,
		},
	},
	{
		pkg: "loops", fn: "divergentLength", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: how many times the loop over s runs depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
	},
	{
		pkg: "memory", fn: "storeDivergentValue", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition x > 0 depends on the lane$`,
			`^x is set to a lane-dependent value here$`,
			`^l\.Index\(\) is the lane index$`,
		},
	},
	{
		pkg: "memory", fn: "localArrayByLane", at: "l.Barrier()",
		steps: []string{
			`^a is written at a lane-dependent place here$`,
			`^l\.Index\(\) is the lane index$`,
		},
	},
	{
		pkg: "memory", fn: "cursorLoop", at: "l.Barrier()",
		steps: []string{
			`^c\.sum is set to a lane-dependent value here$`,
			`^l\.Index\(\) is the lane index$`,
		},
	},
	{
		pkg: "sumshared", fn: "publishPrivate", at: "publish(l, &st, 1)",
		steps: []string{
			`^field (pivot|done) of what parameter st of publish points to is written under divergent control at sumshared\.go:\d+$`,
			`^what parameter st of publish points to decides whether l\.Barrier at sumshared\.go:\d+ runs$`,
			`^memory of this lane alone passed here$`,
			`^st belongs to each lane alone$`,
		},
		passedHere: "&st",
	},
	{
		pkg: "sumrelated", fn: "longChain", at: "d19(l)",
		steps: []string{
			`^d19 calls d18 here$`,
			`^d5 calls more functions$`,
			`^the last of them calls l\.Barrier here$`,
			`^lanes diverge here`,
		},
		spans: map[string]string{
			`^d19 calls d18 here$`:                     "d18(l)",
			`^d5 calls more functions$`:                "d19(l)",
			`^the last of them calls l\.Barrier here$`: "l.Barrier()",
		},
	},
	{
		// The chain ends in a call that cannot be known statically.
		pkg: "sumrelated", fn: "ifaceChain", at: "viaIface(l, s)",
		steps: []string{
			`^viaIface calls s\.Sync here$`,
			`^s\.Sync is not known statically and can reach a lane handle, so it may reach a convergent operation$`,
			`^lanes diverge here: the condition l\.Index\(\) < 2 depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
		only: true,
	},
	{
		pkg: "sumrelated", fn: "chain", at: "a(l)",
		steps: []string{
			`^a calls b here$`,
			`^b calls l\.Barrier here$`,
			`^lanes diverge here: the condition l\.Index\(\) < 4 depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
		only: true,
		// Each call in the package is shown where it is.
		spans: map[string]string{
			`^a calls b here$`:          "b(l)",
			`^b calls l\.Barrier here$`: "l.Barrier()",
		},
	},
	{
		pkg: "sumrelated", fn: "param", at: "g(l, l.Index()*2)",
		steps: []string{
			`^parameter x of g\b`,
			`^parameter n of h decides whether l\.Barrier\b`,
			`^divergent value passed here$`,
			`^l\.Index\(\) is the lane index$`,
		},
		passedHere: "l.Index()*2",
	},
	{
		pkg: "sumrelated", fn: "paramVar", at: "g(l, v)",
		steps: []string{
			`^parameter x of g\b`,
			`^parameter n of h decides whether l\.Barrier\b`,
			`^divergent value passed here$`,
			`^l\.Index\(\) is the lane index$`,
		},
		passedHere: "v",
		known:      `"divergent value passed here" spans the whole call when the argument is a variable computed earlier, not the argument`,
	},
	{
		pkg: "sumrelated", fn: "result", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition twice\(l\.Index\(\)\) > 4 depends on the lane$`,
			`^twice\(l\.Index\(\)\) depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
	},
	{
		pkg: "sumrelated", fn: "effect", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition x > 0 depends on the lane$`,
			`^x holds lane-dependent values$`,
			`^fill\(l, &x\) writes lane-dependent values`,
		},
	},
	{
		// Both arms end at the same return: no "lanes that go this way
		// return here".
		pkg: "gotos", fn: "barrierInArm", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition l\.Index\(\) < 4 depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
		only: true,
	},
	{
		// The call that wrote the memory, two pointers below its
		// receiver, comes between the memory and the source.
		pkg: "memory", fn: "writtenTwoPointersDown", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition h\.in\[0\] != 0 depends on the lane$`,
			`^h\.in\[0\] depends on the lane$`,
			`^new\(\[4\]int\) holds lane-dependent values$`,
			`^h\.push\(l\.Index\(\)\) writes lane-dependent values there$`,
			`^l\.Index\(\) is the lane index$`,
		},
		only: true,
	},
	{
		// The memory append allocates: named by the call that writes it,
		// not again as memory, nor the array of append's arguments.
		pkg: "sumappend", fn: "laneValuesRead", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition buf\[1\] > 2 depends on the lane$`,
			`^buf\[1\] depends on the lane$`,
			`^append\(buf, l\.Index\(\)\*i\) writes lane-dependent values there$`,
			`^l\.Index\(\)\*i depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
		only: true,
	},
	{
		pkg: "sumrelated", fn: "pointer", at: "waitIfPositive(l, &v)",
		steps: []string{
			`parameter p of waitIfPositive points to decides whether l\.Barrier\b`,
			`^divergent value passed here$`,
			`^l\.Index\(\) is the lane index$`,
		},
		passedHere: "&v",
	},
	{
		pkg: "sumrelated", fn: "closureParam", at: "waitIf(l.Index() > 2)",
		steps: []string{
			`^parameter c of .* decides whether l\.Barrier\b`,
			`^divergent value passed here$`,
			`^l\.Index\(\) is the lane index$`,
		},
		passedHere: "l.Index() > 2",
	},
	{
		pkg: "sumrelated", fn: "closure", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition id < 4 depends on the lane$`,
			`^id depends on the lane$`,
			`^captured variable id is lane-dependent where the function literal is made$`,
			`^l\.Index\(\) is the lane index$`, // on, where the literal is made
		},
		only: true,
	},
	{
		// The entries of an irreducible cycle are its labels.
		pkg: "irreducible", fn: "enteredAtTwoBlocks", at: "l.Barrier()",
		steps: []string{
			`^the cycle can be entered here, at (a|c)$`,
			`^the cycle can be entered here, at (a|c)$`,
			`^lanes diverge here: the condition l\.Index\(\) < 4 depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
		only: true,
	},
	{
		// Eight entries, then how many more.
		pkg: "irreducible", fn: "enteredAtTenBlocks", at: "l.Barrier()",
		steps: []string{
			`^the cycle can be entered here, at e\d$`,
			`^the cycle can be entered here, at e\d$`,
			`^the cycle can be entered here, at e\d$`,
			`^the cycle can be entered here, at e\d$`,
			`^the cycle can be entered here, at e\d$`,
			`^the cycle can be entered here, at e\d$`,
			`^the cycle can be entered here, at e\d$`,
			`^the cycle can be entered here, at e\d$`,
			`^and 2 more entries of the cycle$`,
			`^lanes diverge here: the switch compares a lane-dependent value with case 0$`,
			`^l\.Index\(\) % 10 depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
		only: true,
	},
	{
		// The statement by which lanes left is named after the branch.
		pkg: "loops", fn: "divergentBreak", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition i == l\.Index\(\) depends on the lane$`,
			`^lanes that go this way break out here$`,
			`^l\.Index\(\) is the lane index$`,
		},
		only: true,
	},
	{
		pkg: "loops", fn: "labelledBreak", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition i\+j == l\.Index\(\) depends on the lane$`,
			`^lanes that go this way break out here$`,
		},
	},
	{
		pkg: "loops", fn: "labelledContinue", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition i\+j == l\.Index\(\) depends on the lane$`,
			`^lanes that go this way skip to the next iteration here$`,
		},
	},
	{
		// A break in a range-over-func body is a return of go/ssa's
		// function for the body, and still a break to the user.
		pkg: "rangefunc", fn: "capturedBreak", at: "l.Barrier()",
		steps: []string{
			`^lanes diverge here: the condition v\*2 >= i depends on the lane$`,
			`^lanes that go this way break out here$`,
			`^i is lane-dependent where the loop starts$`,
			`^l\.Index\(\) is the lane index$`,
		},
	},
	{
		// Across four packages: the chain is told at the call in kern.
		pkg: "sumxpkg/kern", fn: "chains", at: "deep.Outer(l)",
		steps: []string{
			`^deep\.Outer calls helper\.Phase at deep\.go:\d+$`,
			`^helper\.Phase calls base\.Wait at helper\.go:\d+$`,
			`^base\.Wait calls l\.Barrier at base\.go:\d+$`,
			`^lanes diverge here: the condition l\.Index\(\) < 4 depends on the lane$`,
			`^l\.Index\(\) is the lane index$`,
		},
		spans: map[string]string{
			`^deep\.Outer calls helper\.Phase at deep\.go:\d+$`: "deep.Outer(l)",
			`^base\.Wait calls l\.Barrier at base\.go:\d+$`:     "deep.Outer(l)",
		},
	},
	{
		pkg: "sumxpkg/kern", fn: "params", at: "deep.OuterStep(l, l.Index())",
		steps: []string{
			`^parameter n of OuterStep is passed to helper\.Step at deep\.go:\d+$`,
			`^parameter k of Step is passed to base\.WaitIf at helper\.go:\d+$`,
			`^parameter n of WaitIf decides whether l\.Barrier at base\.go:\d+ runs$`,
			`^divergent value passed here$`,
			`^l\.Index\(\) is the lane index$`,
		},
		passedHere: "l.Index()",
	},
}

// TestSummaryRelated pins the related information of diagnostics that go
// through summaries. Every diagnostic, and every related note, must be in
// the package analyzed; no note may name a function by go/ssa's synthetic
// names (f$1).
func TestSummaryRelated(t *testing.T) {
	dir := sumTestdata(t)
	pkgs := make(map[string]bool)
	for _, c := range sumRelatedCases {
		pkgs[c.pkg] = true
	}
	for pkg := range pkgs {
		t.Run(pkg, func(t *testing.T) {
			t.Parallel()
			results := analysistest.Run(sumDiagnosticsOnly{t}, dir, convergent.Analyzer, "./"+pkg)
			if len(results) != 1 || results[0].Pass == nil {
				t.Fatalf("analysis of %s: %d results", pkg, len(results))
			}
			r := results[0]
			sumCheckPlaces(t, r)
			for _, c := range sumRelatedCases {
				if c.pkg != pkg {
					continue
				}
				t.Run(c.fn, func(t *testing.T) {
					errs := sumCheckRelated(r, c)
					switch {
					case len(errs) > 0 && c.known != "":
						t.Skipf("known failure (%s):\n\t%s", c.known, strings.Join(errs, "\n\t"))
					case len(errs) > 0:
						for _, e := range errs {
							t.Error(e)
						}
					case c.known != "":
						t.Logf("known failure now passes (%s): clear known", c.known)
					}
				})
			}
		})
	}
}

// sumCheckPlaces checks that every diagnostic and related note is in the
// files of the package analyzed, and that notes use source names.
func sumCheckPlaces(t *testing.T, r *analysistest.Result) {
	t.Helper()
	inPkg := func(pos token.Pos) bool {
		for _, f := range r.Pass.Files {
			if f.FileStart <= pos && pos <= f.FileEnd {
				return true
			}
		}
		return false
	}
	synthetic := regexp.MustCompile(`\$\d`)
	for _, d := range r.Diagnostics {
		posn := r.Pass.Fset.Position(d.Pos)
		if !inPkg(d.Pos) {
			t.Errorf("%v: diagnostic %q is outside package %s", posn, d.Message, r.Pass.Pkg.Path())
		}
		for _, rel := range d.Related {
			if !inPkg(rel.Pos) {
				t.Errorf("%v: related %q of %q is outside package %s", r.Pass.Fset.Position(rel.Pos), rel.Message, d.Message, r.Pass.Pkg.Path())
			}
			if synthetic.MatchString(rel.Message) {
				t.Errorf("%v: related %q names a synthetic function", r.Pass.Fset.Position(rel.Pos), rel.Message)
			}
		}
	}
}

// sumCheckRelated finds the diagnostic of case c and checks its related
// information; it returns the mismatches.
func sumCheckRelated(r *analysistest.Result, c sumRelatedCase) []string {
	fset := r.Pass.Fset
	var decl *ast.FuncDecl
	for _, f := range r.Pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == c.fn {
				decl = fd
			}
		}
	}
	if decl == nil {
		return []string{fmt.Sprintf("no function %s in %s", c.fn, c.pkg)}
	}
	var found []analysis.Diagnostic
	for _, d := range r.Diagnostics {
		if decl.Pos() <= d.Pos && d.Pos < decl.End() && sumText(fset, d.Pos, d.End) == c.at {
			found = append(found, d)
		}
	}
	if len(found) != 1 {
		return []string{fmt.Sprintf("%d diagnostics at %q in %s, want 1", len(found), c.at, c.fn)}
	}
	d := found[0]
	var msgs []string
	for _, rel := range d.Related {
		msgs = append(msgs, rel.Message)
	}
	var errs []string
	next := 0
	for _, step := range c.steps {
		rx := regexp.MustCompile(step)
		i := next
		for i < len(msgs) && !rx.MatchString(msgs[i]) {
			i++
		}
		if i == len(msgs) {
			errs = append(errs, fmt.Sprintf("%v: no related message matching %#q after #%d in\n\t\t%s", fset.Position(d.Pos), step, next, strings.Join(msgs, "\n\t\t")))
			break
		}
		if want, ok := c.spans[step]; ok {
			if got := sumText(fset, d.Related[i].Pos, d.Related[i].End); got != want {
				errs = append(errs, fmt.Sprintf("%v: %q spans %q, want %q", fset.Position(d.Related[i].Pos), msgs[i], got, want))
			}
		}
		next = i + 1
	}
	if c.only && len(msgs) != len(c.steps) {
		errs = append(errs, fmt.Sprintf("%v: %d related messages, want only the %d steps:\n\t\t%s", fset.Position(d.Pos), len(msgs), len(c.steps), strings.Join(msgs, "\n\t\t")))
	}
	if c.passedHere != "" {
		ok := false
		for _, rel := range d.Related {
			if strings.HasSuffix(rel.Message, " passed here") || strings.Contains(rel.Message, " called here ") {
				got := sumText(fset, rel.Pos, rel.End)
				if got != c.passedHere {
					errs = append(errs, fmt.Sprintf("%v: %q spans %q, want %q", fset.Position(rel.Pos), rel.Message, got, c.passedHere))
				}
				ok = true
			}
		}
		if !ok {
			errs = append(errs, fmt.Sprintf("%v: no \"... passed here\" note", fset.Position(d.Pos)))
		}
	}
	return errs
}

// sumText returns the source text between pos and end.
func sumText(fset *token.FileSet, pos, end token.Pos) string {
	if !pos.IsValid() || !end.IsValid() {
		return ""
	}
	p, e := fset.Position(pos), fset.Position(end)
	data, err := os.ReadFile(p.Filename)
	if err != nil || p.Filename != e.Filename || e.Offset > len(data) || p.Offset > e.Offset {
		return ""
	}
	return string(data[p.Offset:e.Offset])
}
