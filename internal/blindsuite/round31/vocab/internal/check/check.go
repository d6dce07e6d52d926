// Package check holds the test helpers shared by the kernel packages.
package check

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// expectLines returns "file.go:N" for every line of the non-test Go files of
// the current directory that ends with "// EXPECT".
func expectLines(t *testing.T) map[string]bool {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	lines := make(map[string]bool)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, text := range strings.Split(string(src), "\n") {
			if strings.HasSuffix(strings.TrimSpace(text), "// EXPECT") {
				lines[f+":"+strconv.Itoa(i+1)] = true
			}
		}
	}
	return lines
}

// Divergence checks that err is a *spmd.DivergenceError in which some
// waiting lanes stopped at a call chain through a line marked EXPECT.
func Divergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("got error %v, want a *spmd.DivergenceError", err)
	}
	marked := expectLines(t)
	for _, g := range de.Groups {
		if g.Returned {
			continue
		}
		for _, f := range g.Site.Stack {
			if marked[f.String()] {
				t.Logf("%v (at marked line %v)", err, f)
				return
			}
		}
	}
	t.Errorf("no waiting lanes stopped at a line marked EXPECT: %v", err)
}

// Divergent checks only that err is a *spmd.DivergenceError (for the
// ambiguous cases, which carry no EXPECT marks).
func Divergent(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("got error %v, want a *spmd.DivergenceError", err)
	}
	t.Log(err)
}
