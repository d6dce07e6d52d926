package uniexit

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// expectSites returns "file.go:N" for every line of this package's
// non-test files that ends in // EXPECT.
func expectSites(t *testing.T) map[string]bool {
	t.Helper()
	files, _ := filepath.Glob("*.go")
	m := make(map[string]bool)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if strings.HasSuffix(strings.TrimSpace(line), "// EXPECT") {
				m[f+":"+strconv.Itoa(i+1)] = true
			}
		}
	}
	return m
}

// wantDivergence checks that err is a *spmd.DivergenceError in which some
// lanes wait at a line marked // EXPECT.
func wantDivergence(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("Run = %v, want a *spmd.DivergenceError", err)
	}
	t.Log(err)
	exp := expectSites(t)
	for _, g := range de.Groups {
		if g.Returned {
			continue
		}
		for _, f := range g.Site.Stack {
			if exp[f.String()] {
				return
			}
		}
	}
	t.Errorf("no lanes wait at an EXPECT line: %v", err)
}

func wantNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("Run = %v, want nil", err)
	}
}

func near(a, b float64) bool {
	d := a - b
	return d < 1e-6 && d > -1e-6
}
