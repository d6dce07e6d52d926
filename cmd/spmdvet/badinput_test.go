package main_test

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A badCase is a package that is broken or unusual, and what each mode of
// the tool must do with it. Standalone, the tool exits 1 when a package
// cannot be loaded (even if others have findings), 3 when it reports
// findings and 0 otherwise; go vet exits 1 for both; spmdvet uniformity
// exits 1 when a package cannot be loaded. None may panic.
type badCase struct {
	name     string
	patterns []string
	code     int      // standalone exit code
	stderr   []string // in the standalone stderr
	findings bool     // the standalone findings are those of the want comments of the packages
	ucode    int      // spmdvet uniformity exit code
	ustderr  []string // in its stderr
	ufuncs   []string // with -json, when ucode is 0: the functions of the dump
	vet      int      // go vet exit code
	cgo      bool
}

// checkerNoise is what the go/analysis checker says beside the errors of
// packages that do not load; standalone spmdvet leaves it out.
var checkerNoise = []string{"err: exit status", "analysis skipped due to errors", "failed prerequisites", "-: ", "package ; expected package"}

var badCases = []badCase{
	{
		name:     "syntax error",
		patterns: []string{"./syn"},
		code:     1, stderr: []string{"syn/syn.go:3:9: expected ')', found '{'"},
		ucode: 1, ustderr: []string{"syn/syn.go:3:9: expected ')'", "spmdvet uniformity: "},
		vet: 1,
	},
	{
		name:     "type error",
		patterns: []string{"./typ"},
		code:     1, stderr: []string{`typ/typ.go:6:9: invalid operation: l.Index() + "x" (mismatched types int and untyped string)`},
		ucode: 1, ustderr: []string{"typ/typ.go:6:9: invalid operation", "spmdvet uniformity: "},
		vet: 1,
	},
	{
		name:     "missing import",
		patterns: []string{"./miss"},
		code:     1, stderr: []string{"miss/miss.go:3:8: ", "example.com/nowhere/pkg"},
		ucode: 1, ustderr: []string{"example.com/nowhere/pkg", "spmdvet uniformity: "},
		vet: 1,
	},
	{
		name:     "nonexistent directory",
		patterns: []string{"./nonexist"},
		code:     1, stderr: []string{"nonexist: directory not found"},
		ucode: 1, ustderr: []string{"nonexist: directory not found", "spmdvet uniformity: "},
		vet: 1,
	},
	{
		name:     "pattern without packages",
		patterns: []string{"./nothing/..."},
		code:     1, stderr: []string{"nothing"},
		ucode: 1, ustderr: []string{"nothing", "spmdvet uniformity: "},
		vet: 1,
	},
	{
		name:     "empty package",
		patterns: []string{"./empty"},
		code:     0,
		ucode:    0, ufuncs: []string{},
		vet: 0,
	},
	{
		name:     "generics",
		patterns: []string{"./gen"},
		code:     3, findings: true,
		ucode: 0, ufuncs: []string{"example.com/bad/gen.Sum", "example.com/bad/gen.Use"},
		vet: 1,
	},
	{
		name:     "cgo",
		patterns: []string{"./cg"},
		code:     3, findings: true,
		ucode: 0, ufuncs: []string{"example.com/bad/cg.K"},
		vet: 1,
		cgo: true,
	},
	{
		name:     "nesting past the parser's limit",
		patterns: []string{"./deep"},
		code:     1, stderr: []string{"deep/deep.go:503:2: exceeded max scope depth during object resolution"},
		ucode: 1, ustderr: []string{"deep/deep.go:503:2: exceeded max scope depth", "spmdvet uniformity: "},
		vet: 1,
	},
	{
		name:     "findings and a load error",
		patterns: []string{"./gen", "./typ"},
		code:     1, stderr: []string{"gen/gen.go:8:10: collective spmd.ReduceAdd under divergent control", "typ/typ.go:6:9: invalid operation"},
		ucode: 1, ustderr: []string{"typ/typ.go:6:9"},
		vet: 1,
	},
}

func cgoEnabled(t *testing.T) bool {
	out, err := exec.Command(goCmd, "env", "CGO_ENABLED").Output()
	if err != nil {
		t.Fatal(err)
	}
	_, gcc := exec.LookPath("gcc")
	return strings.TrimSpace(string(out)) == "1" && gcc == nil
}

func TestBadInput(t *testing.T) {
	dir := writeModule(t, "bad.txtar", "example.com/bad")
	if err := writeTree(dir, "example.com/bad", map[string]string{"deep/deep.go": deepSource(600)}); err != nil {
		t.Fatal(err)
	}
	cgo := cgoEnabled(t)
	vetCache := freshCache(t)
	for _, tc := range badCases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.cgo && !cgo {
				t.Skip("cgo is not available")
			}
			var ws []want
			for _, w := range wants(t, dir) {
				for _, pat := range tc.patterns {
					if strings.HasPrefix(w.File, p(pat)+"/") {
						ws = append(ws, w)
					}
				}
			}

			t.Run("standalone", func(t *testing.T) {
				r := spmdvet(t, dir, tc.patterns...)
				wantCode(t, "spmdvet "+strings.Join(tc.patterns, " "), r, tc.code)
				for _, s := range tc.stderr {
					if !strings.Contains(r.stderr, s) {
						t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
					}
				}
				for _, noise := range checkerNoise {
					if strings.Contains(r.stderr, noise) {
						t.Errorf("stderr holds the checker's %q:\n%s", noise, r.stderr)
					}
				}
				if tc.findings {
					diags := parseText(t, dir, r.stderr)
					checkWants(t, "standalone", diags, ws)
					if tc.cgo {
						for _, d := range diags {
							for _, rel := range d.Related {
								if strings.Contains(rel.Message, "_Cfunc_") || strings.Contains(rel.Message, "_Ctype_") {
									t.Errorf("a note shows cgo's rewritten code instead of the source: %v", rel)
								}
							}
						}
					}
				}
				if tc.code == 0 && (r.stderr != "" || r.stdout != "") {
					t.Errorf("output for a package without findings:\nstdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
				}
			})

			t.Run("uniformity", func(t *testing.T) {
				r := spmdvet(t, dir, append([]string{"uniformity", "-json"}, tc.patterns...)...)
				wantCode(t, "spmdvet uniformity", r, tc.ucode)
				for _, s := range tc.ustderr {
					if !strings.Contains(r.stderr, s) {
						t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
					}
				}
				for _, noise := range checkerNoise {
					if strings.Contains(r.stderr, noise) {
						t.Errorf("stderr holds the checker's %q:\n%s", noise, r.stderr)
					}
				}
				for _, line := range strings.Split(r.stderr, "\n") {
					if strings.HasPrefix(line, dir+string(filepath.Separator)) {
						t.Errorf("position by absolute path, not relative to the working directory as go vet's: %s", line)
					}
				}
				if tc.ucode != 0 {
					if r.stdout != "" {
						t.Errorf("stdout after a failure:\n%s", r.stdout)
					}
					return
				}
				d := decodeDump(t, r.stdout)
				if got := names(d); !slices.Equal(got, tc.ufuncs) && (len(got) > 0 || len(tc.ufuncs) > 0) {
					t.Errorf("functions %v, want %v", got, tc.ufuncs)
				}
				for _, f := range d.Functions {
					if !strings.HasPrefix(f.File, filepath.Join(dir, p(tc.patterns[0]))+string(filepath.Separator)) {
						t.Errorf("%s: file %s is not in the package's directory", f.Name, f.File)
					}
				}
				if tc.cgo {
					// The positions are those of the cgo source file, not of
					// cgo's output.
					f := d.fn(t, "example.com/bad/cg.K")
					line, col := position(t, f.File, "int(C.twice(C.int(l.Index()))) < 4")
					if term := f.Blocks[0].Terminator; term == nil || !term.Divergent || term.Line != line || term.Col != col {
						t.Errorf("cg.K: entry terminator %+v, want divergent at %d:%d", term, line, col)
					}
				}
			})

			t.Run("vet", func(t *testing.T) {
				r := goVet(t, dir, vetCache, tc.patterns...)
				wantCode(t, "go vet "+strings.Join(tc.patterns, " "), r, tc.vet)
				if tc.findings {
					checkWants(t, "go vet", parseText(t, dir, r.stderr), ws)
				}
				if tc.vet != 0 && strings.TrimSpace(r.stderr) == "" {
					t.Errorf("go vet failed without a message")
				}
			})
		})
	}
}

// deepSource returns a package with n nested ifs: more than go/parser
// resolves.
func deepSource(n int) string {
	var b strings.Builder
	b.WriteString("package deep\n\nfunc F(x int) int {\n")
	for i := range n {
		fmt.Fprintf(&b, "\tif x > %d {\n", i)
	}
	b.WriteString("\treturn x\n")
	b.WriteString(strings.Repeat("\t}\n", n))
	b.WriteString("\treturn 0\n}\n")
	return b.String()
}

// p returns a pattern's directory, in slash form, without "./".
func p(pattern string) string {
	return strings.TrimPrefix(pattern, "./")
}

// TestJSONLoadError pins what -json does with a package that does not
// type-check: the errors are in the JSON, and the exit code is still 1.
func TestJSONLoadError(t *testing.T) {
	dir := writeModule(t, "bad.txtar", "example.com/bad")
	r := spmdvet(t, dir, "-json", "./typ")
	wantCode(t, "spmdvet -json ./typ", r, 1)
	diags, errs := parseJSON(t, dir, r.stdout)
	if len(diags) != 0 || len(errs) == 0 {
		t.Errorf("-json: findings %v, errors %v; want only errors", diags, errs)
	}
	if !strings.Contains(r.stderr, "typ/typ.go:6:9: invalid operation") {
		t.Errorf("stderr lacks the type error:\n%s", r.stderr)
	}
}

// TestUsage pins the exit codes and messages of bad command lines.
func TestUsage(t *testing.T) {
	dir := writeModule(t, "bad.txtar", "example.com/bad")
	for _, tc := range []struct {
		args   []string
		code   int
		output string // in stdout or stderr
	}{
		{nil, 1, "Usage: spmdvet [-flag] [package]"},
		{[]string{"-h"}, 0, "Usage"},
		{[]string{"help"}, 0, "spmdvet uniformity [-json] [-run RE] packages"},
		{[]string{"help"}, 0, "https://pkg.go.dev/github.com/spmdvet/spmdvet/passes/convergent"},
		{[]string{"help", "uniformity"}, 0, "usage: spmdvet uniformity"},
		{[]string{"help", "convergent"}, 0, "barriers and collectives"},
		{[]string{"-nosuchflag", "./empty"}, 2, "flag provided but not defined: -nosuchflag"},
		{[]string{"uniformity"}, 2, "usage: spmdvet uniformity [-json] [-run REGEXP] [-test=false] [-fixed] packages"},
		{[]string{"uniformity", "-h"}, 0, "usage: spmdvet uniformity"},
		{[]string{"uniformity", "-nosuchflag", "./empty"}, 2, "flag provided but not defined: -nosuchflag"},
		{[]string{"uniformity", "-run", "(", "./empty"}, 2, "spmdvet uniformity: bad -run: error parsing regexp"},
	} {
		r := spmdvet(t, dir, tc.args...)
		if r.code != tc.code || !strings.Contains(r.stdout+r.stderr, tc.output) {
			t.Errorf("spmdvet %s: exit code %d, want %d; output should contain %q:\nstdout:\n%s\nstderr:\n%s",
				strings.Join(tc.args, " "), r.code, tc.code, tc.output, tail(r.stdout), tail(r.stderr))
		}
	}
}

// Outside any module (or outside the one around the temporary directory)
// the go command refuses to list packages: standalone spmdvet gives its
// message alone, as go vet would.
func TestStandaloneOutsideModule(t *testing.T) {
	r := spmdvet(t, t.TempDir(), "./...")
	noPanic(t, r)
	wantCode(t, "spmdvet ./... outside a module", r, 1)
	if !strings.Contains(r.stderr, "go.mod file not found") && !strings.Contains(r.stderr, "does not contain main module") {
		t.Errorf("stderr lacks the go command's message:\n%s", r.stderr)
	}
	for _, noise := range checkerNoise {
		if strings.Contains(r.stderr, noise) {
			t.Errorf("stderr holds the checker's %q:\n%s", noise, r.stderr)
		}
	}
}
