package divergence_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/spmdvet/spmdvet/passes/divergence"
)

// The suite: packages of testdata/src that pin what the divergence analyzer
// itself reports (malformed directives) and the facts it exports for the
// vocabulary that //spmd: directives declare. The packages hold only
// declarations with directives, so that every fact is asserted.
var suite = []string{
	"directives",
	"baddirectives",
	"misplaceddirectives", // reported as BUG(report), fixed since
}

// knownFailures: see the convergent tests. Each package is marked
// BUG(report) in its package comment.
var knownFailures = map[string]string{
	// None at the moment.
}

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata/src")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestDivergence(t *testing.T) {
	dir := testdata(t)
	for _, pkg := range suite {
		t.Run(pkg, func(t *testing.T) {
			t.Parallel()
			analysistest.Run(t, dir, divergence.Analyzer, "./"+pkg)
		})
	}
}

// TestDirectiveCategory checks that malformed directives are reported in
// category "directive".
func TestDirectiveCategory(t *testing.T) {
	results := analysistest.Run(t, testdata(t), divergence.Analyzer, "./baddirectives")
	n := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			n++
			if d.Category != "directive" {
				t.Errorf("%v: category %q for %q, want \"directive\"", r.Pass.Fset.Position(d.Pos), d.Category, d.Message)
			}
		}
	}
	if n == 0 {
		t.Fatal("no diagnostics in package baddirectives")
	}
}

// TestNotSPMD checks that a package with no //spmd: directives that imports
// nothing SPMD gets no facts and no diagnostics: analysistest fails on any
// fact it does not expect.
func TestNotSPMD(t *testing.T) {
	analysistest.Run(t, testdata(t), divergence.Analyzer, "./notspmd")
}

func TestKnownFailures(t *testing.T) {
	dir := testdata(t)
	for pkg, why := range knownFailures {
		t.Run(pkg, func(t *testing.T) {
			if os.Getenv("SPMDVET_STRICT_XFAIL") == "" {
				t.Skipf("known failure (%s); set SPMDVET_STRICT_XFAIL=1 to run", why)
			}
			rec := new(recorder)
			analysistest.Run(rec, dir, divergence.Analyzer, "./"+pkg)
			if len(rec.errs) == 0 {
				t.Errorf("known failure %s now passes: move it from knownFailures to the suite", pkg)
				return
			}
			const max = 3
			msgs := rec.errs
			if len(msgs) > max {
				msgs = append(msgs[:max:max], fmt.Sprintf("... and %d more", len(rec.errs)-max))
			}
			t.Skipf("known failure (%s):\n\t%s", why, strings.Join(msgs, "\n\t"))
		})
	}
}

// recorder is an analysistest.Testing that keeps the errors.
type recorder struct{ errs []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
