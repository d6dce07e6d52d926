package bad

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

var laneCounts = []int{4, 8, 16}

type site struct {
	file string
	line int
}

var (
	expectOnce sync.Once
	expectAt   map[string][]site // kernel name -> EXPECT lines in its body
	expectErr  error
)

// loadExpect maps each top-level function of the package to the lines of
// its body that carry an EXPECT comment.
func loadExpect() {
	expectAt = map[string][]site{}
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		expectErr = err
		return
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			expectErr = err
			return
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			expectErr = err
			return
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.TrimSpace(strings.TrimPrefix(c.Text, "//")) != "EXPECT" {
					continue
				}
				line := fset.Position(c.Pos()).Line
				found := false
				for _, d := range f.Decls {
					fd, ok := d.(*ast.FuncDecl)
					if ok && fd.Pos() <= c.Pos() && c.Pos() < fd.End() {
						expectAt[fd.Name.Name] = append(expectAt[fd.Name.Name], site{name, line})
						found = true
					}
				}
				if !found {
					expectErr = fmt.Errorf("%s:%d: EXPECT outside a function", name, line)
				}
			}
		}
	}
}

// diverges checks that err is a divergence and that some lanes were
// stopped at (or in a call made from) the kernel's EXPECT line.
func diverges(t *testing.T, kernel string, lanes int, err error) {
	t.Helper()
	expectOnce.Do(loadExpect)
	if expectErr != nil {
		t.Fatal(expectErr)
	}
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Errorf("%s lanes=%d: want a divergence, got %v", kernel, lanes, err)
		return
	}
	want := expectAt[kernel]
	if len(want) != 1 {
		t.Errorf("%s: %d EXPECT lines, want exactly 1", kernel, len(want))
		return
	}
	for _, g := range de.Groups {
		for _, fr := range g.Site.Stack {
			if filepath.Base(fr.File) == want[0].file && fr.Line == want[0].line {
				return
			}
		}
	}
	t.Errorf("%s lanes=%d: divergence %v does not involve %s:%d", kernel, lanes, err, want[0].file, want[0].line)
}

// divergesSometimes runs a nondeterministic kernel until it diverges.
func divergesSometimes(t *testing.T, kernel string, lanes int, run func() error) {
	t.Helper()
	var err error
	for range 300 {
		if err = run(); err != nil {
			break
		}
	}
	diverges(t, kernel, lanes, err)
}

func seq(n, mul, mod, off int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = (i*mul)%mod + off
	}
	return s
}

// csr builds row offsets for row lengths i%3+1.
func csr(rows int) (offsets, vals []int) {
	offsets = []int{0}
	for r := 0; r < rows; r++ {
		for k := 0; k < r%3+1; k++ {
			vals = append(vals, r+k)
		}
		offsets = append(offsets, len(vals))
	}
	return
}

func TestEveryKernelHasOneExpect(t *testing.T) {
	expectOnce.Do(loadExpect)
	if expectErr != nil {
		t.Fatal(expectErr)
	}
	total := 0
	for k, s := range expectAt {
		if len(s) != 1 {
			t.Errorf("%s has %d EXPECT lines", k, len(s))
		}
		total += len(s)
	}
	t.Logf("%d kernels, %d EXPECT lines", len(expectAt), total)
}

func TestReduce(t *testing.T) {
	for _, n := range laneCounts {
		f := make([]float32, n)
		for i := range f {
			f[i] = float32(i % 3)
		}
		diverges(t, "EarlyReturnReduce", n, EarlyReturnReduce(n, f, make([]float32, 1)))
		var o int
		diverges(t, "TreeBarrierInIf", n, TreeBarrierInIf(n, seq(n, 1, 10, 0), &o))
		d := seq(n, 1, 10, 1)
		d[0] = 100
		diverges(t, "PrivateScratch", n, PrivateScratch(n, d, 10, make([]int, n)))
		diverges(t, "ShuffleBranch", n, ShuffleBranch(n, seq(n, 1, 100, 0)))
		diverges(t, "ExclusiveOverflow", n, ExclusiveOverflow(n, seq(n, 1, 3, 1), n, make([]int, n)))
		diverges(t, "ArgMinBroadcastInIf", n, ArgMinBroadcastInIf(n, seq(n, 3, 7, 0), seq(n, 1, 100, 0), make([]int, 1)))
		diverges(t, "BroadcastNeighbour", n, BroadcastNeighbour(n, seq(n, 1, 100, 0)))
		diverges(t, "ReduceMaxTypo", n, ReduceMaxTypo(n, seq(n, 1, 4, 0), make([]int, n)))
		key := seq(n, 1, 100, 0)
		diverges(t, "AnyAndLocal", n, AnyAndLocal(n, key, 2, &o))
		z := seq(n, 1, 5, 0)
		diverges(t, "NormalizeUnderIf", n, NormalizeUnderIf(n, z, make([]int, n)))
		ff := make([]float64, n)
		for i := range ff {
			ff[i] = float64(i%2) - 0.5
		}
		diverges(t, "MethodUnderIf", n, MethodUnderIf(n, ff, make([]float64, n)))
		diverges(t, "GenericUnderIf", n, GenericUnderIf(n, seq(n, 1, 5, -2), make([]int, n)))
		var cs int
		diverges(t, "ClampSum", n, ClampSum(n, seq(n, 1, 100, 0), 2, &cs))
		var cf float64
		diverges(t, "ClampSum", n, ClampSum(n, []float64{9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}[:n], 2, &cf))
		ones := make([]int, n)
		for i := range ones {
			ones[i] = 1
		}
		diverges(t, "InclusiveBound", n, InclusiveBound(n, ones, make([]int, n)))
	}
}

func TestControl(t *testing.T) {
	for _, n := range laneCounts {
		diverges(t, "SwitchLane", n, SwitchLane(n, seq(n, 1, 100, 0), make([]int, n)))
		diverges(t, "TaglessSwitch", n, TaglessSwitch(n, seq(n, 1, 100, 0), 1, 2, make([]int, n)))
		var mask uint64
		diverges(t, "BallotGuard", n, BallotGuard(n, n/2, seq(n, 1, 100, 0), &mask))
		diverges(t, "Wavefront", n, Wavefront(n, seq(n, 1, 100, 0)))
		diverges(t, "DataTripCount", n, DataTripCount(n, seq(n, 1, 3, 0), make([]int, n)))
		rounds := 3
		d := seq(rounds*n, 1, 100, 0)
		d[n+1] = -1
		diverges(t, "BreakOnNegative", n, BreakOnNegative(n, d, rounds, make([]int, n)))
		rows, cols := 2, 3
		g := seq(rows*cols*n, 1, 100, 0)
		g[2] = -1 // lane 2 skips the rest of row 0
		diverges(t, "ContinueOuterLane", n, ContinueOuterLane(n, g, rows, cols, make([]int, n)))
		gs := seq(n, 1, 100, 0)
		gs[1] = -1
		diverges(t, "GotoSkip", n, GotoSkip(n, gs, make([]int, n)))
		diverges(t, "IrreducibleDivergent", n, IrreducibleDivergent(n, seq(n, 1, 100, 1), make([]int, n)))
		diverges(t, "GotoRetryLane", n, GotoRetryLane(n, seq(n, 1, 4, 0), make([]int, n)))
		diverges(t, "AndRHS", n, AndRHS(n, seq(n, 1, 100, 0), make([]bool, n)))
		diverges(t, "OrRHS", n, OrRHS(n, seq(n, 1, 100, 0), make([]bool, n)))
		dr := seq(n, 1, 100, 0)
		dr[n-1] = -1
		var o int
		diverges(t, "DeferRecover", n, DeferRecover(n, dr, make([]bool, n), &o))
		m := make([]bool, n)
		m[0] = true
		diverges(t, "DeferEarlyReturn", n, DeferEarlyReturn(n, seq(n, 1, 100, 0), m, make([]int, n)))
		diverges(t, "TemporalBucket", n, TemporalBucket(n, seq(n, 1, 100, 0), []int{1, 2, 3}, make([]int, n)))
		diverges(t, "TemporalCollatz", n, TemporalCollatz(n, seq(n, 1, 100, 1), 5, make([]int, n)))
	}
}

func TestMemory(t *testing.T) {
	for _, n := range laneCounts {
		off, vals := csr(n)
		diverges(t, "LocalCountPtr", n, LocalCountPtr(n, off, vals, make([]int, n)))
		diverges(t, "LocalSeen", n, LocalSeen(n, seq(n, 1, 100, 0), make([]int, n)))
		diverges(t, "ClosureWidens", n, ClosureWidens(n, seq(n, 1, 100, 0), 1, make([]int, n)))
		diverges(t, "ComputeUnderIf", n, ComputeUnderIf(n, seq(n, 1, 100, 0), make([]int, n)))
		so := make([]int, n+1)
		for i := 1; i <= n; i++ {
			so[i] = so[i-1] + 4*i
		}
		diverges(t, "StructChunks", n, StructChunks(n, so, make([]int, n)))
		diverges(t, "RowLenReduce", n, RowLenReduce(n, off, vals, make([]int, n)))
		diverges(t, "GlobalTableLane", n, GlobalTableLane(n, seq(n, 1, 100, 0)))
		mp := map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8}
		divergesSometimes(t, "MapFirstKey", n, func() error { return MapFirstKey(n, mp, make([]int, n)) })
		jobs := make(chan int, n)
		for j := range n {
			if j == 1 {
				jobs <- -1
			} else {
				jobs <- j
			}
		}
		diverges(t, "ChannelPoison", n, ChannelPoison(n, jobs, make([]int, n)))
		urgent := make(chan int, n)
		urgent <- 7
		urgent <- 8
		diverges(t, "SelectArm", n, SelectArm(n, urgent, make([]int, n)))
		var o int
		diverges(t, "AtomicLastLane", n, AtomicLastLane(n, seq(n, 1, 100, 0), &o))
		diverges(t, "HelperSyncSome", n, HelperSyncSome(n, seq(n, 1, 100, 0)))
		diverges(t, "SyncIfDivergent", n, SyncIfDivergent(n, seq(n, 1, 100, 0)))
		diverges(t, "SyncNDivergent", n, SyncNDivergent(n, seq(n, 1, 100, 0)))
		diverges(t, "ClosureUnderIf", n, ClosureUnderIf(n, seq(n, 1, 100, 0)))
	}
}

func TestKernels(t *testing.T) {
	for _, n := range laneCounts {
		items := seq(2*n+3, 1, 100, 0)
		diverges(t, "WorkQueueBarrier", n, WorkQueueBarrier(n, items, make([]int, len(items))))
		diverges(t, "GridStrideBarrier", n, GridStrideBarrier(n, items, make([]int, len(items))))
		diverges(t, "BitonicBarrierInIf", n, BitonicBarrierInIf(n, seq(n, 7, 11, 0)))
		diverges(t, "OddEvenLocalStop", n, OddEvenLocalStop(n, seq(n, 7, 11, 0)))
		diverges(t, "ScanLaneBound", n, ScanLaneBound(n, seq(n, 1, 100, 0), make([]int, n)))
		diverges(t, "CompactScanInIf", n, CompactScanInIf(n, seq(n, 1, 3, -1), make([]int, n)))
		var hot int
		diverges(t, "HistHotBin", n, HistHotBin(n, seq(n, 1, 100, 0), make([]int32, 4), &hot))
		diverges(t, "TileRangeBreak", n, TileRangeBreak(n, items, make([]int, len(items))))
		u := make([]float64, 4*n)
		u[0] = 1
		diverges(t, "JacobiLocalConverge", n, JacobiLocalConverge(n, u, make([]float64, 4*n), 100, 1e-6))
		// path graph 0-1-2-3-4-5
		offsets := []int{0, 1, 3, 5, 7, 9, 10}
		edges := []int{1, 0, 2, 1, 3, 2, 4, 3, 5, 4}
		level := []int32{-1, -1, -1, -1, -1, -1}
		diverges(t, "BFSLocalStop", n, BFSLocalStop(n, offsets, edges, level))
		m := n - 1
		a := make([]float64, m*(n+1))
		x := make([]float64, n+1)
		diverges(t, "MatVecEarlyReturn", n, MatVecEarlyReturn(n, a, x, make([]float64, m), m, n+1))
	}
	for _, lanes := range []int{4, 16, 64} {
		T := isqrt(lanes)
		m, k, n := T-1, 2*T, T
		a := make([]float32, m*k)
		b := make([]float32, k*n)
		diverges(t, "MatMulGuardBarrier", lanes, MatMulGuardBarrier(lanes, a, b, make([]float32, m*n), m, k, n))
	}
}
