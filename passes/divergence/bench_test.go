package divergence_test

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/spmdvet/spmdvet/passes/divergence"
)

// BenchmarkSummaries measures the cost of the function summaries (facts)
// over a generated module: benchPkgs packages in an import chain, with n
// functions in all, each calling the one before it (a call chain n deep
// that crosses every package boundary), one in ten calling 15 others, some
// reaching l.Barrier() directly or under a parameter that must then be
// uniform, some writing lane-dependent values through pointer parameters,
// some recursive (alone or in pairs), some making closures.
//
// Each size has two sub-benchmarks over the same source, loaded (one size at
// a time) outside the timer:
//
//	spmd/n=N  the packages import package spmd: every function is analyzed
//	          and gets a summary;
//	skip/n=N  the import of spmd is replaced by a package of the same shape
//	          (same name, same types, the same standard library imports)
//	          without //spmd: directives, so the analyzer skips every
//	          package without building SSA.
//
// Both report functions/op and ns/function. Size 0 (the same ten packages,
// without functions) always runs: it is the fixed cost, mostly analyzing
// package spmd itself, and the analysis, for facts, of the standard library
// packages spmd imports (skipped: they carry no directives). If summaries
// are computed once per function, the cost above it, (ns/op(N) -
// ns/op(0)) / N, stays flat as N grows. The ratio spmd/skip is what the
// vocabulary costs over the skip path.
//
// scripts/bench-facts.sh runs this several times and prints the medians and
// ratios. SPMDVET_BENCH_SIZES=250,1000 picks the sizes.
func BenchmarkSummaries(b *testing.B) {
	sizes := []int{250, 500, 1000, 2000}
	if s := os.Getenv("SPMDVET_BENCH_SIZES"); s != "" {
		sizes = nil
		for f := range strings.SplitSeq(s, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 0 {
				b.Fatalf("SPMDVET_BENCH_SIZES: bad size %q", f)
			}
			sizes = append(sizes, n)
		}
	}
	if !slices.Contains(sizes, 0) {
		sizes = append([]int{0}, sizes...)
	}
	dir := writeBenchModule(b, sizes)
	for _, n := range sizes {
		// One size at a time, so that the heap the garbage collector
		// scans holds one size's syntax and types, not all of them.
		pkgs := loadBenchModule(b, dir, n)
		for _, variant := range []string{"spmd", "skip"} {
			roots := pkgs[benchDir(variant, n)]
			b.Run(fmt.Sprintf("%s/n=%d", variant, n), func(b *testing.B) {
				benchAnalyze(b, roots, variant, n)
			})
		}
	}
}

// benchPkgs is the number of packages the functions are spread over.
const benchPkgs = 10

func benchAnalyze(b *testing.B, roots []*packages.Package, variant string, n int) {
	if len(roots) != benchPkgs {
		b.Fatalf("%d packages loaded for %s/n=%d, want %d", len(roots), variant, n, benchPkgs)
	}
	analyzers := []*analysis.Analyzer{divergence.Analyzer}
	// Once outside the timer: check that the analysis works, and that it
	// does (or skips) what this variant is meant to measure.
	g, err := checker.Analyze(analyzers, roots, nil)
	if err != nil {
		b.Fatal(err)
	}
	summaries := 0
	for _, act := range g.Roots {
		if act.Err != nil {
			b.Fatalf("%s: %v", act.Package.PkgPath, act.Err)
		}
		for _, f := range act.AllObjectFacts() {
			if _, ok := f.Fact.(*divergence.Summary); ok && f.Object.Pkg() == act.Package.Types {
				summaries++
			}
		}
	}
	switch {
	case variant == "spmd" && summaries < n:
		b.Fatalf("%d summaries exported for the %d functions", summaries, n)
	case variant == "skip" && summaries != 0:
		b.Fatalf("%d summaries exported: the skip variant was analyzed", summaries)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := checker.Analyze(analyzers, roots, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n), "functions/op")
	if n > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/function")
	}
	b.ReportMetric(float64(summaries), "summaries/op")
}

// benchDir is the directory, under the module, of one variant and size;
// its packages are benchDir/p0 ... benchDir/p9.
func benchDir(variant string, n int) string { return fmt.Sprintf("%s/n%d", variant, n) }

// writeBenchModule generates the module for all sizes in a temporary
// directory, and returns the directory. It skips the benchmark if the module
// cannot be made.
func writeBenchModule(b *testing.B, sizes []int) string {
	b.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		b.Skipf("cannot find the repository root: %v", err)
	}
	if _, err := exec.LookPath("go"); err != nil {
		b.Skipf("no go command: %v", err)
	}
	dir := b.TempDir()
	files := map[string]string{
		"go.mod": "module bench.example\n\ngo 1.26\n\nrequire github.com/spmdvet/spmdvet v0.0.0\n\n" +
			"replace github.com/spmdvet/spmdvet => " + root + "\n",
	}
	if sum, err := os.ReadFile(filepath.Join(root, "go.sum")); err == nil {
		files["go.sum"] = string(sum)
	}
	stdImports, err := spmdImports(filepath.Join(root, "spmd"))
	if err != nil {
		b.Skipf("cannot read package spmd: %v", err)
	}
	files["lanes/lanes.go"] = fakeSPMD(stdImports)
	for _, n := range sizes {
		for _, variant := range []string{"spmd", "skip"} {
			imp := `"github.com/spmdvet/spmdvet/spmd"`
			if variant == "skip" {
				imp = `spmd "bench.example/lanes"`
			}
			per := n / benchPkgs
			for k := range benchPkgs {
				prev := ""
				if k > 0 {
					prev = "bench.example/" + benchDir(variant, n) + fmt.Sprintf("/p%d", k-1)
				}
				name := fmt.Sprintf("%s/p%d/p%d.go", benchDir(variant, n), k, k)
				files[name] = benchPackage(k, per, imp, prev)
			}
		}
	}
	for name, src := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			b.Skipf("cannot write the module: %v", err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			b.Skipf("cannot write the module: %v", err)
		}
	}
	return dir
}

// loadBenchModule loads both variants of size n from the module in dir. It
// returns the generated packages by benchDir, in chain order. It skips the
// benchmark if they cannot be loaded (no module cache, say).
func loadBenchModule(b *testing.B, dir string, n int) map[string][]*packages.Package {
	b.Helper()
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Dir:   dir,
		Env:   append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off"),
		Tests: false,
	}
	pkgs, err := packages.Load(cfg, "./"+benchDir("spmd", n)+"/...", "./"+benchDir("skip", n)+"/...")
	if err != nil {
		b.Skipf("cannot load the generated module: %v", err)
	}
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		if len(errs) > 10 {
			errs = errs[:10]
		}
		b.Skipf("cannot load the generated module:\n%s", strings.Join(errs, "\n"))
	}
	out := make(map[string][]*packages.Package)
	for _, p := range pkgs {
		rel := strings.TrimPrefix(p.PkgPath, "bench.example/")
		if i := strings.LastIndex(rel, "/p"); i >= 0 {
			out[rel[:i]] = append(out[rel[:i]], p)
		}
	}
	for _, ps := range out {
		slices.SortFunc(ps, func(x, y *packages.Package) int { return cmpChain(x.PkgPath, y.PkgPath) })
	}
	return out
}

// cmpChain orders .../pK by K.
func cmpChain(x, y string) int {
	k := func(s string) int {
		n, _ := strconv.Atoi(s[strings.LastIndex(s, "/p")+2:])
		return n
	}
	return k(x) - k(y)
}

// spmdImports returns the packages that package spmd imports.
func spmdImports(dir string) ([]string, error) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	seen := make(map[string]bool)
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ImportsOnly)
		if err != nil {
			return nil, err
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			seen[path] = true
		}
	}
	return slices.Sorted(func(yield func(string) bool) {
		for p := range seen {
			if !yield(p) {
				return
			}
		}
	}), nil
}

// fakeSPMD returns a package with the part of spmd's API the generated code
// uses and the same imports, but no //spmd: directives: to the analyzer it
// is ordinary code.
func fakeSPMD(imports []string) string {
	var b strings.Builder
	b.WriteString("// Package spmd is a stand-in for the real one, without directives.\npackage spmd\n\nimport (\n")
	for _, p := range imports {
		fmt.Fprintf(&b, "\t_ %q\n", p)
	}
	b.WriteString(")\n\n")
	b.WriteString("type Lane struct{ i, n int }\n\n")
	b.WriteString("func (l Lane) Index() int { return l.i }\n\n")
	b.WriteString("func (l Lane) Count() int { return l.n }\n\n")
	b.WriteString("func (l Lane) Barrier() {}\n")
	return b.String()
}

// benchPackage returns package pK of the chain, with per functions F0 ...
// F{per-1}. imp is the import spec of package spmd (real or stand-in), prev
// the import path of p{K-1} ("" for p0).
//
// Every function is func(l spmd.Lane, n int, p *int) int and calls the one
// before it (F0 calls prev.F{per-1}), so the call chain runs through every
// function of every package. On top of that, by j%10:
//
//	0  a loop on n
//	1  passes a lane-dependent value down the chain
//	2  a lane-dependent branch, no collective
//	3  a barrier under n > 0: n must be uniform
//	4  an unconditional barrier
//	5  writes a lane-dependent value through p
//	6  passes per-lane memory down the chain and branches on what is left in it
//	7  fan-out: calls 15 more earlier functions
//	8  recursion, and mutual recursion with F{j+1}
//	9  a closure on the lane
func benchPackage(k, per int, imp, prev string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package p%d\n\nimport (\n\t%s\n", k, imp)
	if prev != "" {
		fmt.Fprintf(&b, "\n\tprev %q\n", prev)
	}
	b.WriteString(")\n\n")
	fmt.Fprintf(&b, "// Pos is the package's place in the chain.\nconst Pos = %d\n\nvar _ spmd.Lane\n\n", k)
	if prev != "" {
		b.WriteString("var _ = prev.Pos\n\n")
	}
	// callee returns the name of the function j-d of this package, or of
	// the previous one, or "" if it is further away.
	callee := func(j, d int) string {
		switch {
		case j-d >= 0:
			return fmt.Sprintf("F%d", j-d)
		case prev != "" && j-d+per >= 0:
			return fmt.Sprintf("prev.F%d", j-d+per)
		}
		return ""
	}
	for j := range per {
		fmt.Fprintf(&b, "func F%d(l spmd.Lane, n int, p *int) int {\n\tx := n + %d\n", j, j)
		chainArg, chainPtr := "n - 1", "p"
		switch j % 10 {
		case 0:
			b.WriteString("\tfor i := 0; i < n; i++ {\n\t\tx += i\n\t}\n")
		case 1:
			chainArg = "l.Index()"
		case 2:
			b.WriteString("\tif l.Index() > n {\n\t\tx++\n\t}\n")
		case 3:
			b.WriteString("\tif n > 0 {\n\t\tl.Barrier()\n\t}\n")
		case 4:
			b.WriteString("\tl.Barrier()\n")
		case 5:
			b.WriteString("\t*p = x + l.Index()\n")
		case 6:
			b.WriteString("\ty := new(int)\n")
			chainPtr = "y"
		case 7:
			for d := 2; d <= 16; d++ {
				if c := callee(j, d); c != "" {
					fmt.Fprintf(&b, "\tx += %s(l, n+%d, p)\n", c, d)
				}
			}
		case 8:
			b.WriteString("\tif n > 0 {\n")
			fmt.Fprintf(&b, "\t\tx += F%d(l, n-1, p)\n", j)
			if j+1 < per {
				fmt.Fprintf(&b, "\t\tx += F%d(l, n-2, p)\n", j+1)
			}
			b.WriteString("\t}\n")
		case 9:
			b.WriteString("\tg := func(v int) int { return v + l.Index() }\n\tx += g(n)\n")
		}
		if c := callee(j, 1); c != "" {
			fmt.Fprintf(&b, "\tx += %s(l, %s, %s)\n", c, chainArg, chainPtr)
		} else {
			b.WriteString("\tx += l.Count()\n")
		}
		if j%10 == 6 {
			b.WriteString("\tif *y > 0 {\n\t\tx++\n\t}\n")
		}
		b.WriteString("\treturn x\n}\n\n")
	}
	return b.String()
}
