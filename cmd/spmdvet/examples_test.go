package main_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestExamples checks that spmdvet reports, in the examples of this
// repository, the bug of examples/histogram and nothing else, standalone and
// under go vet.
func TestExamples(t *testing.T) {
	hist := filepath.Join(repoRoot, "examples", "histogram", "main.go")
	line, col := position(t, hist, "l.Barrier() // the whole block is counted")
	want := []want{{File: "examples/histogram/main.go", Line: line, Re: mustRe(t, `^barrier l\.Barrier under divergent control`)}}
	// The main module: no -mod=mod, which could rewrite its go.mod.
	environ := append(env(goCache), "GOFLAGS=")

	r := run(t, repoRoot, 2*time.Minute, environ, binary, "./examples/...")
	wantCode(t, "spmdvet ./examples/...", r, 3)
	diags := parseText(t, repoRoot, r.stderr)
	checkWants(t, "standalone", diags, want)
	for _, d := range diags {
		if d.Col != col {
			t.Errorf("finding %v, want column %d", d.finding, col)
		}
	}

	r = run(t, repoRoot, 10*time.Minute, append(env(freshCache(t)), "GOFLAGS="), goCmd, "vet", "-vettool="+binary, "./examples/...")
	wantCode(t, "go vet ./examples/...", r, 1)
	checkWants(t, "go vet", parseText(t, repoRoot, r.stderr), want)
	if strings.Contains(r.stderr, "reduce") || strings.Contains(r.stderr, "compact") {
		t.Errorf("go vet mentions the correct examples:\n%s", r.stderr)
	}
}
