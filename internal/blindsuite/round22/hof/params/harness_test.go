package params

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// A kcase runs one kernel: setup returns the function given to spmd.Run and
// a check of the results (nil for none). Kernels named Bad* must make Run
// return a *spmd.DivergenceError; the others must return nil and pass check.
type kcase struct {
	name  string
	lanes int
	setup func() (func(spmd.Lane), func() error)
}

func eq(what string, got, want []int) error {
	if len(got) != len(want) {
		return fmt.Errorf("%s: len %d, want %d", what, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			return fmt.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	return nil
}

func runCases(t *testing.T, cases []kcase) {
	t.Helper()
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.name] {
			t.Errorf("duplicate case %s", c.name)
		}
		seen[c.name] = true
		t.Run(c.name, func(t *testing.T) {
			k, check := c.setup()
			err := spmd.Run(c.lanes, k)
			if strings.HasPrefix(c.name, "Bad") {
				var de *spmd.DivergenceError
				if !errors.As(err, &de) {
					t.Fatalf("want a *spmd.DivergenceError, got %v", err)
				}
				t.Logf("divergence: %v", err)
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if check != nil {
				if err := check(); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	for _, name := range kernelNames(t) {
		if !seen[name] {
			t.Errorf("kernel %s has no case", name)
		}
	}
}

// kernelNames lists the functions of the package marked //spmd:kernel.
func kernelNames(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	fset := token.NewFileSet()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil {
				continue
			}
			for _, c := range fd.Doc.List {
				if strings.HasPrefix(c.Text, "//spmd:kernel") {
					names = append(names, fd.Name.Name)
				}
			}
		}
	}
	return names
}
