package main

// An end-to-end test of function summaries as facts: a module of three
// packages, none with an //spmd: directive, whose kernel package's findings
// rest on the summaries inferred for the other two. Under go vet each
// package is analyzed by a process of its own, which knows the others only
// from the facts in their vetx files; standalone, all are analyzed in one
// process. Both must report the same findings, those marked in the
// sources.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// factsModule is the module under test. A line marked "// finding: RE"
// must get exactly one finding whose message matches RE; no other line may
// get one.
var factsModule = map[string]string{
	"base/base.go": `// Package base is the bottom of the chain.
package base

import "github.com/spmdvet/spmdvet/spmd"

func Wait(l spmd.Lane) {
	l.Barrier()
}

func WaitIf(l spmd.Lane, n int) {
	if n > 0 {
		l.Barrier()
	}
}
`,
	"helper/helper.go": `// Package helper has no directive: its summaries are inferred.
package helper

import (
	"github.com/spmdvet/spmdvet/spmd"

	"factsmod/base"
)

func Phase(l spmd.Lane) { base.Wait(l) }

func Step(l spmd.Lane, k int) { base.WaitIf(l, k-1) }

func Twice(x int) int { return 2 * x }

func LaneOf(l spmd.Lane) int { return l.Index() }

func Fill(l spmd.Lane, p *int) { *p = l.Index() }

func Set(p *int, v int) { *p = v }

func Sync[T any](l spmd.Lane, v T) T {
	l.Barrier()
	return v
}

type Stage struct{ L spmd.Lane }

func (s Stage) Wait() { s.L.Barrier() }

func Countdown(l spmd.Lane, n int) {
	if n == 0 {
		l.Barrier()
		return
	}
	Countdown(l, n-1)
}

// Inside is reported here, not at its callers.
func Inside(l spmd.Lane) {
	if l.Index() == 0 {
		l.Barrier() // finding: ^barrier l\.Barrier under divergent control
	}
}
`,
	"kern/kern.go": `// Package kern is the kernel package: every finding here rests on facts
// from helper and base.
package kern

import (
	"github.com/spmdvet/spmdvet/spmd"

	"factsmod/base"
	"factsmod/helper"
)

func Kernel(l spmd.Lane) {
	helper.Phase(l)
	if l.Index() < 4 {
		helper.Phase(l) // finding: ^barrier l\.Barrier \(reached through helper\.Phase\) under divergent control
	}
	helper.Step(l, l.Count())
	helper.Step(l, l.Index()) // finding: ^parameter k of helper\.Step must be uniform
	base.WaitIf(l, 1)

	if helper.Twice(l.Count()) > 0 {
		l.Barrier()
	}
	if helper.Twice(l.Index()) > 0 {
		l.Barrier() // finding: ^barrier l\.Barrier under divergent control
	}
	if helper.LaneOf(l) > 0 {
		l.Barrier() // finding: ^barrier l\.Barrier under divergent control
	}

	var x, y, z int
	helper.Fill(l, &x)
	if x > 0 {
		l.Barrier() // finding: ^barrier l\.Barrier under divergent control
	}
	helper.Set(&y, l.Count())
	if y > 0 {
		l.Barrier()
	}
	helper.Set(&z, l.Index())
	if z > 0 {
		l.Barrier() // finding: ^barrier l\.Barrier under divergent control
	}

	_ = helper.Sync(l, 1.5)
	if l.Index() == 1 {
		_ = helper.Sync(l, 1) // finding: ^barrier l\.Barrier \(reached through helper\.Sync\) under divergent control
	}

	s := helper.Stage{L: l}
	wait := s.Wait
	wait()
	if l.Index() == 2 {
		wait() // finding: ^barrier s\.L\.Barrier \(reached through wait\) under divergent control
	}

	helper.Countdown(l, 3)
	helper.Countdown(l, l.Index()) // finding: ^parameter n of helper\.Countdown must be uniform

	helper.Inside(l)
}
`,
}

// A factsFinding is a diagnostic as printed: file (relative, slash
// separated), line, column and message, and its related notes.
type factsFinding struct {
	file      string
	line, col int
	msg       string
	related   []string
}

func (f factsFinding) key() string { return fmt.Sprintf("%s:%d:%d: %s", f.file, f.line, f.col, f.msg) }

var factsLine = regexp.MustCompile(`^(.+\.go):(\d+):(\d+): (.*)$`)

// factsParse reads the diagnostics in a tool's output; related notes are
// the lines whose message starts with a tab.
func factsParse(dir, out string) []factsFinding {
	var fs []factsFinding
	for _, line := range strings.Split(out, "\n") {
		m := factsLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		file := m[1]
		if rel, err := filepath.Rel(dir, file); err == nil && filepath.IsAbs(file) {
			file = rel
		}
		file = filepath.ToSlash(file)
		ln, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		if msg, ok := strings.CutPrefix(m[4], "\t"); ok {
			if len(fs) > 0 {
				fs[len(fs)-1].related = append(fs[len(fs)-1].related, fmt.Sprintf("%s:%d:%d: %s", file, ln, col, msg))
			}
			continue
		}
		fs = append(fs, factsFinding{file: file, line: ln, col: col, msg: m[4]})
	}
	slices.SortFunc(fs, func(a, b factsFinding) int { return strings.Compare(a.key(), b.key()) })
	return fs
}

// factsExpected returns the "// finding:" marks of the module, by
// "file:line".
func factsExpected(t *testing.T) map[string]*regexp.Regexp {
	t.Helper()
	want := make(map[string]*regexp.Regexp)
	for name, src := range factsModule {
		for i, line := range strings.Split(src, "\n") {
			if _, rx, ok := strings.Cut(line, "// finding: "); ok {
				want[fmt.Sprintf("%s:%d", name, i+1)] = regexp.MustCompile(rx)
			}
		}
	}
	return want
}

// factsCheck checks that the findings are exactly the marked ones.
func factsCheck(t *testing.T, what string, got []factsFinding, want map[string]*regexp.Regexp, only string) {
	t.Helper()
	seen := make(map[string]bool)
	for _, f := range got {
		at := fmt.Sprintf("%s:%d", f.file, f.line)
		rx := want[at]
		switch {
		case rx == nil:
			t.Errorf("%s: unexpected finding %s", what, f.key())
		case seen[at]:
			t.Errorf("%s: second finding at %s: %s", what, at, f.key())
		case !rx.MatchString(f.msg):
			t.Errorf("%s: finding %s does not match %#q", what, f.key(), rx)
		}
		seen[at] = true
	}
	for at, rx := range want {
		if !seen[at] && strings.HasPrefix(at, only) {
			t.Errorf("%s: no finding at %s matching %#q", what, at, rx)
		}
	}
}

// factsBuild builds the spmdvet binary into dir.
func factsBuild(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "spmdvet")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// factsWriteModule writes a module of the given files, with a go.mod that
// takes package spmd from this repository, to a new directory.
func factsWriteModule(t *testing.T, path string, module map[string]string) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod": fmt.Sprintf("module %s\n\ngo 1.26.0\n\nrequire github.com/spmdvet/spmdvet v0.0.0\n\nreplace github.com/spmdvet/spmdvet => %s\n", path, root),
	}
	for name, src := range module {
		files[name] = src
	}
	for name, src := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// factsRun runs a command in dir with the build cache, and returns its
// output and exit code.
func factsRun(t *testing.T, dir, cache string, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"GOFLAGS=-mod=mod",
		"GOPROXY=off",
		"GOWORK=off",
		"GOTOOLCHAIN=local",
		"GOCACHE="+cache,
	)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	t.Logf("%s %s: %v", filepath.Base(name), strings.Join(args, " "), time.Since(start).Round(time.Millisecond))
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if s := out.String() + errb.String(); strings.Contains(s, "panic:") || strings.Contains(s, "internal error") {
		t.Fatalf("%s %s failed inside:\n%s", name, strings.Join(args, " "), s)
	}
	return out.String(), errb.String(), code
}

// factsSeed is a module that imports package spmd and nothing of the
// module under test: vetting it fills a build cache with the standard
// library and spmd, compiled and vetted.
var factsSeed = map[string]string{
	"seed/seed.go": "package seed\n\nimport \"github.com/spmdvet/spmdvet/spmd\"\n\nvar _ = spmd.Run\n",
}

// factsCache returns a copy of the seed cache. Every go vet run gets a
// cache of its own: go vet's cache key does not tell a package vetted for
// its facts only (as a dependency) from one vetted as a root, so runs that
// share a cache lose findings or report them for packages not asked for.
// The seed cache holds only packages that no run vets as a root.
func factsCache(t *testing.T, seed string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(seed)); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestFactsVetAcrossPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tool and runs go vet with cold build caches")
	}
	bin := factsBuild(t, t.TempDir())
	seed := t.TempDir()
	if _, errs, code := factsRun(t, factsWriteModule(t, "factsseed", factsSeed), seed, "go", "vet", "-vettool="+bin, "./..."); code != 0 {
		t.Fatalf("seeding the build cache: go vet exit code %d\n%s", code, errs)
	}
	dir := factsWriteModule(t, "factsmod", factsModule)
	want := factsExpected(t)

	_, vetErr, code := factsRun(t, dir, factsCache(t, seed), "go", "vet", "-vettool="+bin, "./...")
	if code != 1 {
		t.Fatalf("go vet ./...: exit code %d, want 1\n%s", code, vetErr)
	}
	vet := factsParse(dir, vetErr)
	factsCheck(t, "go vet ./...", vet, want, "")

	_, stdErr, code := factsRun(t, dir, factsCache(t, seed), bin, "./...")
	if code != 3 {
		t.Fatalf("spmdvet ./...: exit code %d, want 3\n%s", code, stdErr)
	}
	std := factsParse(dir, stdErr)
	factsCheck(t, "spmdvet ./...", std, want, "")

	keys := func(fs []factsFinding) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.key())
		}
		return out
	}
	if !slices.Equal(keys(vet), keys(std)) {
		t.Errorf("go vet and standalone disagree:\ngo vet:\n\t%s\nstandalone:\n\t%s", strings.Join(keys(vet), "\n\t"), strings.Join(keys(std), "\n\t"))
	} else {
		for i := range vet {
			if !slices.Equal(vet[i].related, std[i].related) {
				t.Errorf("related notes of %s differ:\ngo vet:\n\t%s\nstandalone:\n\t%s", vet[i].key(), strings.Join(vet[i].related, "\n\t"), strings.Join(std[i].related, "\n\t"))
			}
		}
	}

	// The chain through helper and base is told at the call in kern, from
	// the facts alone.
	for _, f := range vet {
		if f.file == "kern/kern.go" && strings.HasPrefix(f.msg, "barrier helper.Phase") {
			joined := strings.Join(f.related, "\n")
			for _, s := range []string{"l.Barrier at base.go:7, called by base.Wait", "base.Wait at helper.go:10, called by helper.Phase", "l.Index() is the lane index"} {
				if !strings.Contains(joined, s) {
					t.Errorf("go vet: the related notes of %s lack %q:\n\t%s", f.key(), s, strings.Join(f.related, "\n\t"))
				}
			}
			for _, r := range f.related {
				if !strings.HasPrefix(r, "kern/kern.go:") {
					t.Errorf("go vet: related note outside kern: %s", r)
				}
			}
		}
	}

	// Vetting kern alone analyzes helper and base for their facts only:
	// kern's findings are all there, helper's are not.
	_, kernErr, code := factsRun(t, dir, factsCache(t, seed), "go", "vet", "-vettool="+bin, "./kern")
	if code != 1 {
		t.Fatalf("go vet ./kern: exit code %d, want 1\n%s", code, kernErr)
	}
	kernWant := make(map[string]*regexp.Regexp)
	for at, rx := range want {
		if strings.HasPrefix(at, "kern/") {
			kernWant[at] = rx
		}
	}
	factsCheck(t, "go vet ./kern", factsParse(dir, kernErr), kernWant, "kern/")
}
