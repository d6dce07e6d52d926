package gotodiff

// TestGotoDifferential generates Go kernels from random goto graphs, runs
// them through `spmdvet uniformity -json`, writes the same graphs as LLVM
// IR, runs opt-22 on them, and compares every branch, every use of a
// variable, every value and phi, every block inside a cycle and every
// cycle. The dump runs as LLVM 22 (its default), so that it must give opt-22's
// answers; a disagreement fails the test, with the smallest kernel of each
// class and kind in full, unless its class is allowed.
//
// Environment:
//
//	SPMDVET_GOTO_N      number of graphs (default 300, 60 with -short)
//	SPMDVET_GOTO_SEED   base seed (default 1): graph i has seed base*1e6+i
//	SPMDVET_GOTO_FIXED  if set, dump with the core's fixes of LLVM 22 (the
//	                    checker's) with -fixed
//	SPMDVET_GOTO_ALLOW  classes that do not fail the test, comma separated
//	                    (default "constfold", the rare constant comparison
//	                    whose place the analysis cannot find after Go
//	                    folded it, and with SPMDVET_GOTO_FIXED also
//	                    "fixed", the intended deviation; see Classes)
//	SPMDVET_GOTO_DIR    work directory to keep (default: a temporary one)
//	SPMDVET_BIN         spmdvet binary to test (default: built from source)

import (
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%s=%q: %v", name, s, err)
	}
	return n
}

func TestGotoDifferential(t *testing.T) {
	if _, err := exec.LookPath("opt-22"); err != nil {
		t.Skip("opt-22 is not installed, so there is no LLVM to compare with:", err)
	}
	def := 300
	if testing.Short() {
		def = 60
	}
	n := envInt(t, "SPMDVET_GOTO_N", def)
	seed := envInt(t, "SPMDVET_GOTO_SEED", 1)
	fixed := os.Getenv("SPMDVET_GOTO_FIXED") != ""
	allow := []string{CConstFold}
	if fixed {
		allow = append(allow, CFixed)
	}
	if s, ok := os.LookupEnv("SPMDVET_GOTO_ALLOW"); ok {
		allow = strings.Split(s, ",")
	}
	dir := os.Getenv("SPMDVET_GOTO_DIR")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("SPMDVET_BIN") == "" {
		statSources(t)
	}
	sum, err := Run(Config{
		N: n, Seed: uint64(seed), Dir: dir, Spmdvet: os.Getenv("SPMDVET_BIN"), Keep: 1, LLVM22: !fixed,
		Log: func(format string, args ...any) { t.Logf(format, args...) },
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("summary:\n%s", sum.Format())
	for _, c := range Classes {
		for _, k := range Kinds {
			for _, ex := range sum.Examples[c+"/"+k] {
				if slices.Contains(allow, c) {
					t.Logf("%s/%s (allowed): %d disagreements; smallest: %s", c, k, sum.Diffs[c][k], ex.Result.Kernel.Summary())
					continue
				}
				t.Errorf("%s/%s: %d disagreements with LLVM 22; the smallest kernel:\n%s", c, k, sum.Diffs[c][k], ex.Format())
			}
		}
	}
}

// statSources stats every source file the spmdvet binary is built from.
// Run builds it with the go command, which the test cache does not see;
// the files a test stats are what the cache checks, so a change to the
// analysis makes the cached result stale, as it should.
func statSources(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps",
		"-f", `{{if .Module}}{{if .Module.Main}}{{range .GoFiles}}{{$.Dir}}/{{.}}{{"\n"}}{{end}}{{end}}{{end}}`,
		"github.com/spmdvet/spmdvet/cmd/spmdvet").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, f := range strings.Fields(string(out)) {
		if _, err := os.Stat(f); err != nil {
			t.Fatal(err)
		}
	}
}

// TestGenerate checks that generation is deterministic, keeps every block
// reachable and writes Go that names each label once.
func TestGenerate(t *testing.T) {
	shapes := map[string]int{}
	for i := range 500 {
		k := Generate(uint64(i), "K", Options{})
		k2 := Generate(uint64(i), "K", Options{})
		if GoFile("p", []*Kernel{k}) != GoFile("p", []*Kernel{k2}) {
			t.Fatalf("seed %d: generation is not deterministic", i)
		}
		shapes[k.Shape]++
		seen := reachable(func(b int) []int { return k.Blocks[b].Term.Succs }, len(k.Blocks))
		if j := slices.Index(seen, false); j >= 0 {
			t.Fatalf("seed %d: %s is unreachable", i, Label(j))
		}
		for b, blk := range k.Blocks {
			if want := map[TermKind]int{TReturn: 0, TGoto: 1, TIf: 2}[blk.Term.Kind]; len(blk.Term.Succs) != want {
				t.Fatalf("seed %d: %s has %d successors for its terminator", i, Label(b), len(blk.Term.Succs))
			}
		}
	}
	if len(shapes) != 3 {
		t.Errorf("shapes generated: %v", shapes)
	}
}
