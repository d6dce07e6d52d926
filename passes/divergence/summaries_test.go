package divergence_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/spmdvet/spmdvet/passes/divergence"
)

// The function summaries (issue 4): packages of testdata/src whose names
// start with "sum" assert, with // want name:"spmd\\(...\\)", the summary
// the divergence analyzer infers for every function they declare, and the
// package fact. The same packages assert the convergent diagnostics, which
// passes/convergent checks; here expectations of diagnostics are ignored,
// there expectations of facts.
//
// sumSuite lists all of them but sumcgo, where cgo's generated files hold
// functions with facts that no // want can name.
func sumSuite(t *testing.T) []string {
	dirs, err := filepath.Glob(filepath.Join(sumTestdata(t), "sum*"))
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for _, d := range dirs {
		if name := filepath.Base(d); name != "sumcgo" {
			patterns = append(patterns, "./"+name+"/...")
		}
	}
	return patterns
}

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
	// The suite in one run, so that the packages are loaded once.
	analysistest.Run(sumFactsOnly{t}, sumTestdata(t), divergence.Analyzer, sumSuite(t)...)
}
