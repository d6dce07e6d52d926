package convergent_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/spmdvet/spmdvet/internal/xfail"

	"github.com/spmdvet/spmdvet/passes/convergent"
)

// The suite: one package of testdata/src per topic, each a specification of
// what convergent reports (// want) and what it accepts (commented cases
// without a want).
var suite = []string{
	"basic",
	"earlyreturn",
	"loops",
	"temporal",
	"gotos",
	"irreducible",
	"collectives",
	"shortcircuit",
	"switches",
	"memory",
	"atomics",
	"maporder",
	"channels",
	"closures",
	"generics",
	"helpers",
	"helpers/use",
	"handles/lib",
	"handles/use",
	"valuefields",
	"embedding",
	"directives/local",
	"directives/use",
	// Reported as BUG(report) and fixed since (see each package comment).
	"aliasing",
	"endlessloops",
	"interfaces",
	"rangefunc",
	"constbranch",
	"funcvalues",
	"declaredbody",
	// Found by fuzzing.
	"fieldnodes",
	"declorder",
}

// knownFailures are packages whose expectations are what the analyzer
// should do but does not yet. Each is marked BUG(report) in its package
// comment. They are skipped; set SPMDVET_STRICT_XFAIL=1 to run them and
// fail on any that unexpectedly pass, so that they can be moved to the
// suite.
var knownFailures = map[string]string{}

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata/src")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestConvergent(t *testing.T) {
	// One load for the whole suite: each package's expectations are still
	// checked on their own lines.
	var patterns []string
	for _, pkg := range suite {
		patterns = append(patterns, "./"+pkg)
	}
	analysistest.Run(t, testdata(t), convergent.Analyzer, patterns...)
}

// TestCategories checks that every diagnostic's category matches the kind
// its message names: "barrier ..." diagnostics are in category barrier,
// "collective ..." ones in category collective.
func TestCategories(t *testing.T) {
	dir := testdata(t)
	results := analysistest.Run(t, dir, convergent.Analyzer, "./collectives")
	n := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			n++
			kind, _, _ := strings.Cut(d.Message, " ")
			want := map[string]string{"barrier": convergent.CategoryBarrier, "collective": convergent.CategoryCollective}[kind]
			if want == "" || d.Category != want {
				t.Errorf("%v: category %q for %q, want %q", r.Pass.Fset.Position(d.Pos), d.Category, d.Message, want)
			}
			if len(d.Related) == 0 {
				t.Errorf("%v: %q has no related information explaining the divergence", r.Pass.Fset.Position(d.Pos), d.Message)
			}
		}
	}
	if n == 0 {
		t.Fatal("no diagnostics in package collectives")
	}
}

func TestKnownFailures(t *testing.T) {
	runKnownFailures(t, testdata(t), knownFailures, func(t analysistest.Testing, dir, pkg string) {
		analysistest.Run(t, dir, convergent.Analyzer, "./"+pkg)
	})
}

// runKnownFailures runs each known failure (see package xfail).
func runKnownFailures(t *testing.T, dir string, known map[string]string, run func(t analysistest.Testing, dir, pkg string)) {
	for pkg, why := range known {
		t.Run(pkg, func(t *testing.T) {
			xfail.Run(t, why, func(tt analysistest.Testing) { run(tt, dir, pkg) })
		})
	}
}

// ignoreDiagnostics passes on analysistest's errors except those about
// diagnostics that no // want expects.
type ignoreDiagnostics struct{ t *testing.T }

func (f ignoreDiagnostics) Errorf(format string, args ...any) {
	if msg := fmt.Sprintf(format, args...); !strings.Contains(msg, "unexpected diagnostic") {
		f.t.Errorf("%s", msg)
	}
}

// A generated kernel whose explanations once recursed without end (a
// stack overflow): each finding must come with its explanation, and none
// may be an internal error.
func TestDeepExplanation(t *testing.T) {
	results := analysistest.Run(ignoreDiagnostics{t}, testdata(t), convergent.Analyzer, "./deepexplain")
	n := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			n++
			if d.Category == "internal" || len(d.Related) == 0 {
				t.Errorf("%v: %s (%d related)", r.Pass.Fset.Position(d.Pos), d.Message, len(d.Related))
			}
		}
	}
	if n == 0 {
		t.Error("no findings in deepexplain")
	}
}
