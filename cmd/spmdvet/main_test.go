package main_test

// End-to-end tests of the spmdvet binary: it is built once, then run
// standalone, under go vet, and as "spmdvet uniformity" on small modules
// written to temporary directories. The modules import package spmd from
// this repository through a replace directive, and are built with
// GOPROXY=off: nothing is downloaded.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/txtar"
)

var (
	binary   string // the spmdvet binary under test
	repoRoot string // the root of this module, for replace directives
	goCmd    string // the go command
	// goCache is a build cache made fresh for this run of the tests, shared
	// by the standalone runs (go list runs cgo there). Each go vet run gets
	// its own cache: see freshCache.
	goCache string
)

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	var err error
	if goCmd, err = exec.LookPath("go"); err != nil {
		fmt.Fprintln(os.Stderr, "cannot find the go command:", err)
		return 1
	}
	if repoRoot, err = filepath.Abs("../.."); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	tmp, err := os.MkdirTemp("", "spmdvet-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	goCache = filepath.Join(tmp, "gocache")
	binary = filepath.Join(tmp, "spmdvet")
	build := exec.Command(goCmd, "build", "-o", binary, ".")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building spmdvet:", err)
		return 1
	}
	return m.Run()
}

// freshCache returns a build cache for the go vet runs of one test. go vet
// must not share one between tests: its cache key lacks VetxOnly, so the
// result of vetting a package for its facts only (as a dependency) and of
// vetting it as a root replace each other, and findings are lost or
// reported for packages that were not asked for.
//
// Compiling and vetting the standard library into a cold cache takes from
// 15 s to a minute, so each test's cache starts as a copy of a seed cache,
// which holds only what vetting a package that imports spmd and a few
// standard packages leaves there. Those packages are never vetted as roots
// by the tests, so the cache bug cannot affect them.
func freshCache(t *testing.T) string {
	t.Helper()
	seedOnce.Do(func() { seedErr = makeSeedCache() })
	if seedErr != nil {
		t.Fatalf("seeding the vet cache: %v", seedErr)
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(seedCache)); err != nil {
		t.Fatal(err)
	}
	return dir
}

var (
	seedOnce  sync.Once
	seedErr   error
	seedCache string
)

// seedFiles is the module whose vetting seeds the vet caches.
var seedFiles = map[string]string{
	"seed/seed.go": `package seed

import (
	"errors"
	"fmt"
	"log"
	"math/bits"
	"os"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

var _ = []any{errors.New, fmt.Println, log.Fatal, bits.OnesCount64, os.Exit, slices.Equal[[]int], strings.Repeat, atomic.AddInt32, spmd.Run}
`,
	"seed/seed_test.go": `package seed

import "testing"

func TestSeed(t *testing.T) {}
`,
}

func makeSeedCache() error {
	seedCache = filepath.Join(filepath.Dir(goCache), "seedcache")
	dir := filepath.Join(filepath.Dir(goCache), "seedmod")
	if err := writeTree(dir, "example.com/seed", seedFiles); err != nil {
		return err
	}
	cmd := exec.Command(goCmd, "vet", "-vettool="+binary, "./...")
	cmd.Dir = dir
	cmd.Env = env(seedCache)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go vet: %v\n%s", err, out)
	}
	return nil
}

// writeModule writes the files of testdata/name (a txtar archive) to a new
// temporary directory, with a go.mod for module modPath that takes package
// spmd from this repository, and returns the directory.
func writeModule(t *testing.T, name, modPath string) string {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	files := make(map[string]string)
	for _, f := range ar.Files {
		files[f.Name] = string(f.Data)
	}
	return writeFiles(t, modPath, files)
}

// writeFiles writes files (by slash-separated relative name) and a go.mod to
// a new temporary directory.
func writeFiles(t *testing.T, modPath string, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	// Resolve symbolic links (such as /tmp on macOS), so that the absolute
	// file names the tool prints can be compared with dir.
	dir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := writeTree(dir, modPath, files); err != nil {
		t.Fatal(err)
	}
	return dir
}

// writeTree writes the files and a go.mod for module modPath that takes
// package spmd from this repository to dir.
func writeTree(dir, modPath string, files map[string]string) error {
	gomod := fmt.Sprintf(`module %s

go 1.26.0

require github.com/spmdvet/spmdvet v0.0.0

replace github.com/spmdvet/spmdvet => %s
`, modPath, repoRoot)
	files = maps.Clone(files)
	files["go.mod"] = gomod
	for name, data := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// A result is what one run of a command did.
type result struct {
	stdout, stderr string
	code           int
	elapsed        time.Duration
}

// env returns the environment for the commands: modules from the replace
// directive only, no workspace, no toolchain switch.
func env(cache string) []string {
	return append(os.Environ(),
		"GOFLAGS=-mod=mod",
		"GOPROXY=off",
		"GOWORK=off",
		"GOTOOLCHAIN=local",
		"GOCACHE="+cache,
	)
}

// run runs the command in dir and returns what it did. The timeout only
// guards against hangs.
func run(t *testing.T, dir string, timeout time.Duration, environ []string, name string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = environ
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String(), elapsed: time.Since(start)}
	if ctx.Err() != nil {
		t.Fatalf("%s %s in %s: still running after %v (hang?)\nstderr:\n%s", filepath.Base(name), strings.Join(args, " "), dir, timeout, tail(r.stderr))
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		r.code = exit.ExitCode()
	default:
		t.Fatalf("running %s: %v", name, err)
	}
	noPanic(t, r)
	return r
}

// spmdvet runs the binary in dir.
func spmdvet(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return run(t, dir, 2*time.Minute, env(goCache), binary, args...)
}

// goVet runs go vet with the binary as vettool in dir, with the given
// build cache. A cold cache means compiling the standard library, which can
// take minutes on a loaded machine.
func goVet(t *testing.T, dir, cache string, args ...string) result {
	t.Helper()
	return run(t, dir, 10*time.Minute, env(cache), goCmd, append([]string{"vet", "-vettool=" + binary}, args...)...)
}

// noPanic fails the test if the output holds a Go panic or a goroutine dump.
func noPanic(t *testing.T, r result) {
	t.Helper()
	for _, s := range []string{r.stdout, r.stderr} {
		if strings.Contains(s, "panic:") || regexp.MustCompile(`(?m)^goroutine \d+ \[`).MatchString(s) {
			t.Fatalf("output holds a panic trace:\n%s", tail(s))
		}
	}
}

func tail(s string) string {
	const max = 4000
	if len(s) > max {
		return "...\n" + s[len(s)-max:]
	}
	return s
}

// wantCode fails the test unless the command exited with code.
func wantCode(t *testing.T, what string, r result, code int) {
	t.Helper()
	if r.code != code {
		t.Fatalf("%s: exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", what, r.code, code, tail(r.stdout), tail(r.stderr))
	}
}

// A finding is one diagnostic, with its file relative to the module
// directory in slash form.
type finding struct {
	File    string
	Line    int
	Col     int
	Message string
}

func (f finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s", f.File, f.Line, f.Col, f.Message)
}

// A diagnostic is a finding with the related notes printed after it.
type diagnostic struct {
	finding
	Related []finding
}

var diagLine = regexp.MustCompile(`^(.+\.go):(\d+):(\d+): (.*)$`)

// parseText parses the diagnostics that the tool prints (standalone or
// under go vet): "file:line:col: message", each followed by its related
// notes, whose message starts with a tab. Other lines are ignored.
func parseText(t *testing.T, dir, out string) []diagnostic {
	t.Helper()
	var diags []diagnostic
	for _, line := range strings.Split(out, "\n") {
		m := diagLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		f := newFinding(t, dir, m[1], m[2]+":"+m[3], m[4])
		if strings.HasPrefix(m[4], "\t") {
			if len(diags) == 0 {
				t.Fatalf("related note without a diagnostic: %q", line)
			}
			f.Message = strings.TrimPrefix(f.Message, "\t")
			d := &diags[len(diags)-1]
			d.Related = append(d.Related, f)
			continue
		}
		diags = append(diags, diagnostic{finding: f})
	}
	return diags
}

// newFinding makes a finding from a file name (absolute, or relative to
// dir), a "line:col" position and a message.
func newFinding(t *testing.T, dir, file, linecol, msg string) finding {
	t.Helper()
	if filepath.IsAbs(file) {
		rel, err := filepath.Rel(dir, file)
		if err != nil {
			t.Fatal(err)
		}
		file = rel
	}
	l, c, _ := strings.Cut(linecol, ":")
	line, err1 := strconv.Atoi(l)
	col, err2 := strconv.Atoi(c)
	if err1 != nil || err2 != nil {
		t.Fatalf("bad position %q", linecol)
	}
	return finding{File: filepath.ToSlash(file), Line: line, Col: col, Message: msg}
}

// A jsonDiag is a diagnostic in the -json output of the analysis drivers.
type jsonDiag struct {
	Category string `json:"category"`
	Posn     string `json:"posn"`
	End      string `json:"end"`
	Message  string `json:"message"`
	Related  []struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	} `json:"related"`
}

// parseJSON parses the -json output, package ID -> analyzer -> either
// diagnostics or {"error": ...}, into findings, without duplicates (a
// package and its test variant both report the findings of the package's
// files), and the errors.
func parseJSON(t *testing.T, dir, out string) (diags []diagnostic, errs []string) {
	t.Helper()
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("bad -json output: %v\n%s", err, tail(out))
	}
	seen := make(map[finding]bool)
	for pkg, analyzers := range tree {
		for name, raw := range analyzers {
			var e struct {
				Error string `json:"error"`
			}
			if json.Unmarshal(raw, &e) == nil && e.Error != "" {
				errs = append(errs, pkg+": "+name+": "+e.Error)
				continue
			}
			var ds []jsonDiag
			if err := json.Unmarshal(raw, &ds); err != nil {
				t.Fatalf("%s: %s: %v", pkg, name, err)
			}
			for _, d := range ds {
				file, pos := splitPosn(t, d.Posn)
				f := newFinding(t, dir, file, pos, d.Message)
				if seen[f] {
					continue
				}
				seen[f] = true
				diag := diagnostic{finding: f}
				for _, r := range d.Related {
					file, pos := splitPosn(t, r.Posn)
					diag.Related = append(diag.Related, newFinding(t, dir, file, pos, r.Message))
				}
				diags = append(diags, diag)
			}
		}
	}
	slices.Sort(errs)
	return diags, errs
}

// splitPosn splits "file:line:col".
func splitPosn(t *testing.T, posn string) (file, linecol string) {
	t.Helper()
	m := regexp.MustCompile(`^(.*):(\d+:\d+)$`).FindStringSubmatch(posn)
	if m == nil {
		t.Fatalf("bad posn %q", posn)
	}
	return m[1], m[2]
}

// findings returns the findings of diags as sorted strings.
func findings(diags []diagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, d.finding.String())
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// A want is an expected finding: a "// want `regexp`" comment at the end
// of a line, as in analysistest.
type want struct {
	File string
	Line int
	Re   *regexp.Regexp
}

func mustRe(t *testing.T, re string) *regexp.Regexp {
	t.Helper()
	r, err := regexp.Compile(re)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

var wantComment = regexp.MustCompile("// want `([^`]*)`")

// wants collects the want comments of the .go files under dir.
func wants(t *testing.T, dir string) []want {
	t.Helper()
	var out []want
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		for i, line := range strings.Split(string(data), "\n") {
			if m := wantComment.FindStringSubmatch(line); m != nil {
				out = append(out, want{filepath.ToSlash(rel), i + 1, regexp.MustCompile(m[1])})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// checkWants checks that the diagnostics are exactly those the want
// comments expect, one per comment, on the comment's line.
func checkWants(t *testing.T, what string, diags []diagnostic, ws []want) {
	t.Helper()
	matched := make([]bool, len(ws))
	for _, d := range diags {
		ok := false
		for i, w := range ws {
			if !matched[i] && w.File == d.File && w.Line == d.Line && w.Re.MatchString(d.Message) {
				matched[i], ok = true, true
				break
			}
		}
		if !ok {
			t.Errorf("%s: unexpected finding %v", what, d.finding)
		}
	}
	for i, w := range ws {
		if !matched[i] {
			t.Errorf("%s: missing finding at %s:%d matching %q", what, w.File, w.Line, w.Re)
		}
	}
}

// position returns the line and column (in bytes, from 1, as go/token
// counts them) of the first occurrence of text in file, which must occur
// exactly once.
func position(t *testing.T, file, text string) (line, col int) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	if n := strings.Count(s, text); n != 1 {
		t.Fatalf("%q occurs %d times in %s, want once", text, n, file)
	}
	i := strings.Index(s, text)
	line = strings.Count(s[:i], "\n") + 1
	col = i - strings.LastIndex(s[:i], "\n")
	return line, col
}
