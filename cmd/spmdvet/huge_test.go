package main_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// hugeKernel returns the source of a kernel of about 2*n basic blocks: a
// sequence of divergent ifs, with a loop that lanes leave in different
// iterations every 100 steps and an irreducible goto cycle with a divergent
// entry every 1000 steps, two correct barriers and two buggy ones. It also
// returns the want comments' lines and the number of loops and irreducible
// cycles.
func hugeKernel(n int) (src string, bugLines []int, loops, irreducible int) {
	var b strings.Builder
	line := 1
	emit := func(format string, args ...any) {
		s := fmt.Sprintf(format, args...)
		b.WriteString(s)
		line += strings.Count(s, "\n")
	}
	emit("// Package huge has one very large kernel.\npackage huge\n\nimport \"github.com/spmdvet/spmdvet/spmd\"\n\n")
	emit("func Huge(l spmd.Lane, data []int, m int) int {\n\tx := 0\n")
	for k := range n {
		switch {
		case k == n/2:
			emit("\tl.Barrier()\n") // reached by all lanes: correct
			emit("\tif l.Index() == %d {\n", k)
			bugLines = append(bugLines, line+1)
			emit("\t\tl.Barrier() // want `^barrier l\\.Barrier under divergent control`\n\t}\n")
		case k == n/4:
			// A barrier in an irreducible cycle whose exit is uniform.
			emit("\tif l.Index() < %d {\n\t\tgoto B%d\n\t}\nA%d:\n", k, k, k)
			bugLines = append(bugLines, line)
			emit("\tl.Barrier() // want `^barrier l\\.Barrier in an irreducible cycle`\nB%d:\n\tif m > %d {\n\t\tgoto A%d\n\t}\n", k, k, k)
			irreducible++
		case k%1000 == 999:
			emit("\tif l.Index() < %d {\n\t\tgoto B%d\n\t}\nA%d:\n\tx++\nB%d:\n\tx += 2\n\tif x < %d {\n\t\tgoto A%d\n\t}\n", k, k, k, k, k, k)
			irreducible++
		case k%100 == 50:
			emit("\tfor i := 0; i < l.Index(); i++ {\n\t\tx += i\n\t}\n")
			loops++
		default:
			emit("\tif l.Index() < %d {\n\t\tx += data[%d]\n\t}\n", k, k%7)
		}
	}
	emit("\tl.Barrier()\n\treturn x\n}\n")
	return b.String(), bugLines, loops, irreducible
}

// chainKernel returns a kernel in which the divergence of per-lane memory
// spreads through a chain of n heap cells, one if statement per link: each
// step makes one more branch divergent, so the analysis must go around its
// memory fixed point n times.
func chainKernel(n int) string {
	var b strings.Builder
	b.WriteString("// Package chain has a kernel with a long chain of memory dependences.\npackage chain\n\nimport \"github.com/spmdvet/spmdvet/spmd\"\n\nfunc Chain(l spmd.Lane) {\n")
	for k := range n {
		fmt.Fprintf(&b, "\tp%d := new(int)\n", k)
	}
	b.WriteString("\tif l.Index() < 3 {\n\t\t*p0 = 1\n\t}\n")
	for k := 1; k < n; k++ {
		fmt.Fprintf(&b, "\tif *p%d > 0 {\n\t\t*p%d = 1\n\t}\n", k-1, k)
	}
	fmt.Fprintf(&b, "\tif *p%d > 0 {\n\t\tl.Barrier() // want `^barrier l\\.Barrier under divergent control`\n\t}\n}\n", n-1)
	return b.String()
}

// envInt returns the integer in the environment variable, or def.
func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return n
}

// TestHugeKernel runs the tool on a kernel of about 20,000 blocks
// (SPMDVET_HUGE_N=10000 steps of two blocks): it must finish (the commands
// time out after two minutes, as a hang guard only) and report exactly the
// two bugs.
func TestHugeKernel(t *testing.T) {
	n := envInt(t, "SPMDVET_HUGE_N", 10000)
	src, bugLines, loops, irreducible := hugeKernel(n)
	dir := writeFiles(t, "example.com/huge", map[string]string{"huge/huge.go": src})
	ws := wants(t, dir)
	if len(ws) != 2 || ws[0].Line != bugLines[0] && ws[0].Line != bugLines[1] {
		t.Fatalf("generator: wants %v, bug lines %v", ws, bugLines)
	}

	r := spmdvet(t, dir, "./huge")
	t.Logf("spmdvet on %d lines: %v", strings.Count(src, "\n"), r.elapsed)
	wantCode(t, "spmdvet ./huge", r, 3)
	checkWants(t, "standalone", parseText(t, dir, r.stderr), ws)

	r = spmdvet(t, dir, "uniformity", "-json", "./huge")
	t.Logf("spmdvet uniformity -json: %v, %d MB", r.elapsed, len(r.stdout)>>20)
	wantCode(t, "spmdvet uniformity -json ./huge", r, 0)
	d := decodeDump(t, r.stdout)
	if len(d.Functions) != 1 {
		t.Fatalf("%d functions, want 1", len(d.Functions))
	}
	f := d.Functions[0]
	t.Logf("%d blocks, %d cycles", len(f.Blocks), len(f.Cycles))
	if len(f.Blocks) < 2*n {
		t.Errorf("%d blocks, want at least %d", len(f.Blocks), 2*n)
	}
	var gotLoops, gotIrr int
	for _, c := range f.Cycles {
		switch {
		case c.Irreducible:
			gotIrr++
			if !c.AssumedDivergent {
				t.Errorf("irreducible cycle %+v is not assumed divergent", c)
			}
		default:
			gotLoops++
			if !c.DivergentExit {
				t.Errorf("loop %+v has no divergent exit", c)
			}
		}
	}
	if gotLoops != loops || gotIrr != irreducible {
		t.Errorf("%d loops and %d irreducible cycles, want %d and %d", gotLoops, gotIrr, loops, irreducible)
	}
	// Every if but those on m and the irreducible cycles' exits is on the
	// lane index, and divergent.
	ifs := 0
	for _, b := range f.Blocks {
		if b.Terminator != nil && strings.HasPrefix(b.Terminator.Text, "if ") {
			ifs++
			if !b.Terminator.Divergent && !regexp.MustCompile(`^\tif m > `).MatchString(lineOf(src, b.Terminator.Line)) {
				t.Errorf("uniform terminator %+v at %q", *b.Terminator, lineOf(src, b.Terminator.Line))
			}
		}
	}
	if ifs < n {
		t.Errorf("%d if terminators, want at least %d", ifs, n)
	}
}

// TestChainKernel runs the tool on a kernel whose analysis must iterate its
// memory fixed point once per link of a chain of SPMDVET_CHAIN_N cells
// (1000 by default). Its time is logged: it grows with the square of the
// chain's length.
func TestChainKernel(t *testing.T) {
	n := envInt(t, "SPMDVET_CHAIN_N", 1000)
	dir := writeFiles(t, "example.com/chain", map[string]string{"chain/chain.go": chainKernel(n)})
	r := spmdvet(t, dir, "./chain")
	t.Logf("spmdvet on a chain of %d: %v", n, r.elapsed)
	wantCode(t, "spmdvet ./chain", r, 3)
	checkWants(t, "standalone", parseText(t, dir, r.stderr), wants(t, dir))
}

func lineOf(src string, n int) string {
	lines := strings.Split(src, "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}

// gotoTangle returns a kernel of n labels that gotos tie into one large
// irreducible region: each label jumps, on the lane index or on a counter,
// to a label chosen at random (from a fixed seed), and falls through to the
// next. A barrier inside the region is a bug; the one after it, which every
// lane reaches, is not.
func gotoTangle(n int) string {
	rng := rand.New(rand.NewPCG(uint64(n), 1))
	var b strings.Builder
	b.WriteString("// Package tangle has a kernel made of gotos.\npackage tangle\n\nimport \"github.com/spmdvet/spmdvet/spmd\"\n\n")
	b.WriteString("func Tangle(l spmd.Lane, out []int) {\n\ti := l.Index()\n\tx := 0\n")
	fmt.Fprintf(&b, "\tif i > 3 {\n\t\tgoto L%d\n\t}\n\tgoto L0\n", n/2)
	for k := range n {
		fmt.Fprintf(&b, "L%d:\n\tx += %d\n", k, k)
		if k == n/3 {
			b.WriteString("\tl.Barrier() // want `^barrier l\\.Barrier in an irreducible cycle`\n")
		}
		switch r := rng.Float64(); {
		case r < 0.4:
			fmt.Fprintf(&b, "\tif i > %d {\n\t\tgoto L%d\n\t}\n", k%17, rng.IntN(n))
		case r < 0.6:
			fmt.Fprintf(&b, "\tif x > %d {\n\t\tgoto L%d\n\t}\n", k, rng.IntN(n))
		}
		if k+1 < n {
			fmt.Fprintf(&b, "\tgoto L%d\n", k+1)
		}
	}
	b.WriteString("\tout[0] = x\n\tl.Barrier()\n}\n")
	return b.String()
}

// TestGotoTangle runs the tool on a goto tangle of SPMDVET_TANGLE_N labels
// (2000 by default; a label is about one block, so 20000 gives the 20,000
// blocks of the issue), whose
// analysis must find the joins of thousands of divergent branches inside
// one irreducible region. Its time is logged.
func TestGotoTangle(t *testing.T) {
	n := envInt(t, "SPMDVET_TANGLE_N", 2000)
	dir := writeFiles(t, "example.com/tangle", map[string]string{"tangle/tangle.go": gotoTangle(n)})
	r := spmdvet(t, dir, "./tangle")
	t.Logf("spmdvet on a tangle of %d labels: %v", n, r.elapsed)
	wantCode(t, "spmdvet ./tangle", r, 3)
	checkWants(t, "standalone", parseText(t, dir, r.stderr), wants(t, dir))

	r = spmdvet(t, dir, "uniformity", "-json", "./tangle")
	wantCode(t, "spmdvet uniformity -json ./tangle", r, 0)
	f := decodeDump(t, r.stdout).Functions[0]
	top := 0
	for i, c := range f.Cycles {
		if len(c.Blocks) > len(f.Cycles[top].Blocks) {
			top = i
		}
	}
	t.Logf("%d blocks, %d cycles, the largest of %d blocks", len(f.Blocks), len(f.Cycles), len(f.Cycles[top].Blocks))
	if c := f.Cycles[top]; !c.Irreducible || !c.AssumedDivergent || 10*len(c.Blocks) < 9*n {
		t.Errorf("largest cycle: irreducible %v, assumed divergent %v, %d blocks; want an irreducible cycle assumed divergent of nearly all %d labels", c.Irreducible, c.AssumedDivergent, len(c.Blocks), n)
	}
}
