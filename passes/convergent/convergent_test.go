package convergent_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/spmdvet/spmdvet/passes/convergent"
)

func TestConvergent(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/src")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, convergent.Analyzer, "./basic")
}
