// Package ktest runs the kernels of a package of this suite under spmd.Run
// and checks them against their markers: a Pos kernel must stop with a
// *spmd.DivergenceError whose stopped-at stacks mention its `// EXPECT`
// line, a Neg kernel must return nil. It never consults the static checker.
package ktest

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/spmdvet/spmdvet/spmd"
)

// A K is one kernel of a package.
type K struct {
	Name string          // exported wrapper: PosX, NegX or AmbigX
	Fn   func(int) error // runs the kernel with that many lanes
	// In names the top-level function holding the EXPECT line, when it is
	// not the wrapper itself (a //spmd:kernel function, a helper).
	In string
	// Random: the divergence depends on map order or scheduling, so a run
	// that happens to stay converged is retried.
	Random bool
	// Diverges is what an Ambig kernel does at run time.
	Diverges bool
}

// Lanes are the group sizes every kernel is run with.
var Lanes = []int{4, 8, 16}

var expectRE = regexp.MustCompile(`//\s*EXPECT\s*$`)
var ambigRE = regexp.MustCompile(`//\s*AMBIG\b`)

type loc struct {
	file string // absolute
	line int
}

type fn struct {
	file       string
	start, end int
}

// Run checks every kernel of the package in the current directory.
func Run(t *testing.T, ks []K) {
	t.Helper()
	funcs, expects, ambigs := scan(t)

	// Every wrapper of the package is listed, and listed once.
	listed := map[string]bool{}
	for _, k := range ks {
		if listed[k.Name] {
			t.Errorf("%s listed twice", k.Name)
		}
		listed[k.Name] = true
		if _, ok := funcs[k.Name]; !ok {
			t.Errorf("%s: no such function", k.Name)
		}
	}
	for name := range funcs {
		if isWrapper(name) && !listed[name] {
			t.Errorf("%s is not listed in the test", name)
		}
	}

	// EXPECT lines: exactly one in the function of each Pos kernel, none
	// elsewhere.
	owned := map[loc]bool{}
	for _, k := range ks {
		if !strings.HasPrefix(k.Name, "Pos") {
			continue
		}
		in := k.In
		if in == "" {
			in = k.Name
		}
		n := 0
		for _, e := range expects {
			if e.fn == in {
				n++
				owned[e.loc] = true
			}
		}
		if n != 1 {
			t.Errorf("%s: %d EXPECT lines in %s, want 1", k.Name, n, in)
		}
	}
	for _, e := range expects {
		if !owned[e.loc] {
			t.Errorf("%s:%d: EXPECT outside a Pos kernel", filepath.Base(e.loc.file), e.loc.line)
		}
	}
	for _, k := range ks {
		if strings.HasPrefix(k.Name, "Ambig") {
			f := funcs[k.Name]
			if ambigs[k.Name] == 0 {
				t.Errorf("%s (%s): no AMBIG comment", k.Name, filepath.Base(f.file))
			}
		}
	}

	for _, k := range ks {
		k := k
		t.Run(k.Name, func(t *testing.T) {
			for _, n := range Lanes {
				check(t, k, n, expects)
			}
		})
	}
}

func isWrapper(name string) bool {
	for _, p := range []string{"Pos", "Neg", "Ambig"} {
		if strings.HasPrefix(name, p) && len(name) > len(p) && name[len(p)] >= 'A' && name[len(p)] <= 'Z' {
			return true
		}
	}
	return false
}

type expect struct {
	loc loc
	fn  string
}

func check(t *testing.T, k K, n int, expects []expect) {
	t.Helper()
	switch {
	case strings.HasPrefix(k.Name, "Neg"):
		if err := run(t, k.Fn, n); err != nil {
			t.Errorf("%d lanes: negative kernel failed: %v", n, err)
		}
	case strings.HasPrefix(k.Name, "Ambig"):
		err := run(t, k.Fn, n)
		if k.Random && k.Diverges {
			for try := 0; err == nil && try < 200; try++ {
				err = run(t, k.Fn, n)
			}
		}
		var de *spmd.DivergenceError
		if k.Diverges != errors.As(err, &de) || (!k.Diverges && err != nil) {
			t.Errorf("%d lanes: ambiguous kernel: got %v, want diverges=%v", n, err, k.Diverges)
		}
	default:
		in := k.In
		if in == "" {
			in = k.Name
		}
		var want loc
		for _, e := range expects {
			if e.fn == in {
				want = e.loc
			}
		}
		err := run(t, k.Fn, n)
		if k.Random {
			for try := 0; err == nil && try < 200; try++ {
				err = run(t, k.Fn, n)
			}
		}
		var de *spmd.DivergenceError
		if !errors.As(err, &de) {
			t.Errorf("%d lanes: positive kernel: got %v, want a *spmd.DivergenceError", n, err)
			return
		}
		if !mentions(de, want) {
			t.Errorf("%d lanes: %v: does not stop at %s:%d", n, err, filepath.Base(want.file), want.line)
		}
	}
}

// mentions reports whether some lane stopped at a site whose call chain
// passes through the EXPECT line.
func mentions(de *spmd.DivergenceError, want loc) bool {
	for _, g := range de.Groups {
		if g.Returned {
			continue
		}
		for _, f := range g.Site.Stack {
			if f.Line == want.line && (f.File == want.file || filepath.Base(f.File) == filepath.Base(want.file)) {
				return true
			}
		}
	}
	return false
}

// run runs one kernel with a watchdog, so that a kernel blocked outside
// package spmd fails the test instead of hanging it.
func run(t *testing.T, f func(int) error, n int) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f(n) }()
	select {
	case err := <-done:
		return err
	case <-time.After(20 * time.Second):
		t.Fatalf("%d lanes: kernel hangs", n)
		return nil
	}
}

// scan parses the package in the current directory.
func scan(t *testing.T) (map[string]fn, []expect, map[string]int) {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	fset := token.NewFileSet()
	funcs := map[string]fn{}
	var expects []expect
	ambigs := map[string]int{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		var here []fn
		var hereNames []string
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil {
				continue
			}
			f := fn{file: name, start: fset.Position(fd.Pos()).Line, end: fset.Position(fd.End()).Line}
			if _, dup := funcs[fd.Name.Name]; dup {
				t.Fatalf("%s declared twice", fd.Name.Name)
			}
			funcs[fd.Name.Name] = f
			here = append(here, f)
			hereNames = append(hereNames, fd.Name.Name)
		}
		for i, line := range strings.Split(string(src), "\n") {
			ln := i + 1
			owner := ""
			for j, f := range here {
				if ln >= f.start && ln <= f.end {
					owner = hereNames[j]
				}
			}
			if expectRE.MatchString(line) {
				if owner == "" {
					t.Errorf("%s:%d: EXPECT outside a function", filepath.Base(name), ln)
				}
				expects = append(expects, expect{loc{name, ln}, owner})
			}
			if ambigRE.MatchString(line) && owner != "" {
				ambigs[owner]++
			}
		}
	}
	return funcs, expects, ambigs
}

// Describe is a debugging aid: it runs f and prints what happened.
func Describe(f func(int) error, n int) string {
	return fmt.Sprint(f(n))
}
