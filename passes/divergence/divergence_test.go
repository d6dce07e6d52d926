package divergence_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/spmdvet/spmdvet/internal/xfail"

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
			xfail.Run(t, why, func(tt analysistest.Testing) {
				analysistest.Run(tt, dir, divergence.Analyzer, "./"+pkg)
			})
		})
	}
}

// TestInternalError checks that a panic in the analysis becomes a finding
// on the package clause, in category "internal", and not an error.
func TestInternalError(t *testing.T) {
	defer divergence.CrashForTest("spmdvet.test/internalerror")()
	results := analysistest.Run(t, testdata(t), divergence.Analyzer, "./internalerror")
	for _, r := range results {
		if r.Err != nil {
			t.Errorf("error %v, want a finding", r.Err)
		}
		for _, d := range r.Diagnostics {
			if d.Category != "internal" {
				t.Errorf("category %q, want \"internal\"", d.Category)
			}
		}
	}
}
