package divergence_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/spmdvet/spmdvet/internal/xfail"

	"github.com/spmdvet/spmdvet/passes/divergence"
)

// The function summaries (issue 4): packages of testdata/src whose names
// start with "sum" assert, with // want name:"spmd\\(...\\)", the summary
// the divergence analyzer infers for every function they declare, and the
// package fact. The same packages assert the convergent diagnostics, which
// passes/convergent checks; here expectations of diagnostics are ignored,
// there expectations of facts.
var sumSuite = []string{
	"sumchain",
	"sumparams",
	"sumptr",
	"sumclosure",
	"sumrec",
	"sumgeneric",
	"sumiface",
	"sumxpkg/base",
	"sumxpkg/helper",
	"sumxpkg/deep",
	"sumxpkg/kern",
	"sumtint",
	"sumrelated",
	"sumhigherorder",
}

// sumKnownFailures hold expectations that are right but that the analyzer
// does not meet yet. They are run, and skipped with the mismatches; one that
// passes says so, and fails under SPMDVET_STRICT_XFAIL=1.
var sumKnownFailures = map[string]string{}

func sumTestdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../../testdata/src")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// sumFactsOnly passes on analysistest's errors except those about
// expectations of diagnostics, which belong to the convergent analyzer.
type sumFactsOnly struct{ t analysistest.Testing }

func (f sumFactsOnly) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if strings.Contains(msg, "no diagnostic was reported matching") {
		return
	}
	f.t.Errorf("%s", msg)
}

func TestSummaryFacts(t *testing.T) {
	dir := sumTestdata(t)
	// The suite in one run, so that the packages are loaded once.
	var patterns []string
	for _, pkg := range sumSuite {
		if _, known := sumKnownFailures[pkg]; !known {
			patterns = append(patterns, "./"+pkg)
		}
	}
	analysistest.Run(sumFactsOnly{t}, dir, divergence.Analyzer, patterns...)
	for _, pkg := range sumSuite {
		why, known := sumKnownFailures[pkg]
		if !known {
			continue
		}
		t.Run(pkg, func(t *testing.T) {
			t.Parallel()
			xfail.Run(t, why, func(tt analysistest.Testing) {
				analysistest.Run(sumFactsOnly{tt}, dir, divergence.Analyzer, "./"+pkg)
			})
		})
	}
}
