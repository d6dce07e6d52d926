// Package kt runs kernels in tests and checks them against the EXPECT
// markers in their source: a correct kernel must finish without error for
// every lane count, a buggy one must stop with a *spmd.DivergenceError in
// which one group of lanes waits at the marked line (or in a call made from
// it).
package kt

import (
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// Lanes are the group sizes every kernel is run with.
var Lanes = []int{4, 8, 16}

type mark struct {
	file string // absolute
	line int
}

type decl struct {
	file       string
	start, end int
}

var (
	once    sync.Once
	decls   map[string]decl
	marks   map[mark]string // kind of marker: "EXPECT" or "AMBIG"
	loadErr error

	mu      sync.Mutex
	claimed = map[mark]bool{}
	tested  = map[string]bool{}
)

func load() {
	decls = map[string]decl{}
	marks = map[mark]string{}
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		loadErr = err
		return
	}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		abs, _ := filepath.Abs(name)
		f, err := parser.ParseFile(fset, abs, nil, parser.ParseComments)
		if err != nil {
			loadErr = err
			return
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			key := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				key = recvName(fd.Recv.List[0].Type) + "." + key
			}
			decls[key] = decl{abs, fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line}
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				txt := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
				for _, m := range []string{"EXPECT", "AMBIG"} {
					if txt == m || strings.HasPrefix(txt, m+" ") || strings.HasPrefix(txt, m+":") {
						marks[mark{abs, fset.Position(c.Pos()).Line}] = m
					}
				}
			}
		}
	}
}

func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.IndexListExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return "?"
}

func find(t *testing.T, names []string) ([]decl, []mark) {
	t.Helper()
	once.Do(load)
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	var ds []decl
	var ms []mark
	mu.Lock()
	tested[names[0]] = true
	mu.Unlock()
	for _, n := range names {
		d, ok := decls[n]
		if !ok {
			t.Fatalf("no declaration %s", n)
		}
		ds = append(ds, d)
		for m, kind := range marks {
			if m.file == d.file && m.line >= d.start && m.line <= d.end {
				if kind != "EXPECT" {
					t.Fatalf("%s: %s marker at line %d", n, kind, m.line)
				}
				ms = append(ms, m)
			}
		}
	}
	return ds, ms
}

// Good runs a correct kernel: the declarations named must hold no marker,
// and run must return nil for every lane count.
func Good(t *testing.T, run func(n int) error, names ...string) {
	t.Helper()
	_, ms := find(t, names)
	if len(ms) != 0 {
		t.Fatalf("correct kernel %s has EXPECT markers: %v", names[0], ms)
	}
	for _, n := range Lanes {
		if err := run(n); err != nil {
			t.Errorf("%s with %d lanes: %v", names[0], n, err)
		}
	}
}

// Bad runs a buggy kernel once per lane count. See BadRetry.
func Bad(t *testing.T, run func(n int) error, names ...string) {
	t.Helper()
	BadRetry(t, 1, run, names...)
}

// BadRetry runs a buggy kernel for every lane count, up to tries times
// until it diverges (for bugs whose divergence depends on scheduling or map
// order). The named declarations must hold exactly one EXPECT marker, and
// one group of lanes must stop at it or in a call made from it.
func BadRetry(t *testing.T, tries int, run func(n int) error, names ...string) {
	t.Helper()
	_, ms := find(t, names)
	if len(ms) != 1 {
		t.Fatalf("buggy kernel %s must have exactly one EXPECT, has %v", names[0], ms)
	}
	m := ms[0]
	mu.Lock()
	claimed[m] = true
	mu.Unlock()
	for _, n := range Lanes {
		var err error
		for try := 0; try < tries; try++ {
			err = run(n)
			if err != nil {
				break
			}
		}
		t.Logf("%s with %d lanes: %v", names[0], n, err)
		var de *spmd.DivergenceError
		if !errors.As(err, &de) {
			t.Errorf("%s with %d lanes: want *spmd.DivergenceError, got %v", names[0], n, err)
			continue
		}
		if !stopsAt(de, m) {
			t.Errorf("%s with %d lanes: no group stopped at %s:%d: %v", names[0], n, filepath.Base(m.file), m.line, err)
		}
	}
}

func stopsAt(de *spmd.DivergenceError, m mark) bool {
	for _, g := range de.Groups {
		if g.Returned {
			continue
		}
		for _, f := range g.Site.Stack {
			if f.File == m.file && f.Line == m.line {
				return true
			}
		}
	}
	return false
}

// Main runs the tests and then, when all of them ran, checks that every
// marker (EXPECT) of the package belongs to a buggy kernel that was tested,
// and that every Good*/Bad* function was tested.
func Main(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if code == 0 && flag.Lookup("test.run").Value.String() == "" {
		once.Do(load)
		if loadErr != nil {
			fmt.Fprintln(os.Stderr, loadErr)
			os.Exit(1)
		}
		var missing []string
		for mk, kind := range marks {
			if kind == "EXPECT" && !claimed[mk] {
				missing = append(missing, fmt.Sprintf("%s:%d", filepath.Base(mk.file), mk.line))
			}
		}
		for name := range decls {
			if (strings.HasPrefix(name, "Good") || strings.HasPrefix(name, "Bad")) && !tested[name] {
				missing = append(missing, "kernel "+name)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			fmt.Fprintln(os.Stderr, "EXPECT markers or kernels not covered by a test:", missing)
			code = 1
		}
	}
	os.Exit(code)
}
