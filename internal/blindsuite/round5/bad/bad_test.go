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
	"sync/atomic"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

var laneCounts = []int{4, 8, 16}

// mark is one EXPECT-marked line of the package's non-test sources.
type mark struct {
	file string // absolute
	line int
	fn   string // enclosing top-level function or method (T.M)
}

// marks parses the package and returns its EXPECT lines.
func marks(t *testing.T) []mark {
	t.Helper()
	fset := token.NewFileSet()
	files, _ := filepath.Glob("*.go")
	var out []mark
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		abs, _ := filepath.Abs(f)
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		af, err := parser.ParseFile(fset, abs, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(src), "\n")
		for i, text := range lines {
			if !strings.HasSuffix(strings.TrimSpace(text), "// "+"EXPECT") {
				continue
			}
			m := mark{file: abs, line: i + 1}
			for _, d := range af.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				lo, hi := fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line
				if lo <= m.line && m.line <= hi {
					m.fn = fd.Name.Name
					if fd.Recv != nil {
						m.fn = recvName(fd.Recv.List[0].Type) + "." + m.fn
					}
				}
			}
			out = append(out, m)
		}
	}
	return out
}

func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	case *ast.IndexExpr:
		return recvName(e.X)
	}
	return "?"
}

type badCase struct {
	name    string
	fn      string // function holding the EXPECT line; name if empty
	run     func(n int) error
	retries int // for kernels whose divergence depends on scheduling or map order
}

func ints(n int, f func(i int) int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

func floats(n int, f func(i int) float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

func idx(i int) int { return i }

var cases = []badCase{
	{name: "GridStrideBarrier", run: func(n int) error {
		return GridStrideBarrier(n, floats(2*n+1, func(i int) float64 { return 1 }), make([]float64, n))
	}},
	{name: "TreeBarrierInGuard", run: func(n int) error { return TreeBarrierInGuard(n, ints(n, idx)) }},
	{name: "ShuffleBranch", run: func(n int) error { return ShuffleBranch(n, ints(n, idx), make([]int, n)) }},
	{name: "LeaderReduce", run: func(n int) error { _, err := LeaderReduce(n, ints(n, idx)); return err }},
	{name: "RaggedBound", run: func(n int) error { _, err := RaggedBound(n, ints(n, func(i int) int { return i % 3 })); return err }},
	{name: "NewtonPerLane", run: func(n int) error {
		return NewtonPerLane(n, floats(n, func(i int) float64 { return float64((i + 1) * (i + 1) * 3) }), make([]float64, n))
	}},
	{name: "PrefixBound", run: PrefixBound},
	{name: "RotatedPivot", run: func(n int) error { return RotatedPivot(n, ints(n, idx)) }},
	{name: "SlotGuard", run: func(n int) error { return SlotGuard(n, make([]int, n)) }},
	{name: "LocalScratchTree", run: func(n int) error { return LocalScratchTree(n, ints(n, func(i int) int { return i + 1 })) }},
	{name: "LocalPublish", run: func(n int) error { _, err := LocalPublish(n); return err }},
	{name: "WarpLeaderSum", run: func(n int) error { _, err := WarpLeaderSum(n, ints(n, func(i int) int { return 5 + i })); return err }},

	{name: "StepsFromData", run: func(n int) error {
		return StepsFromData(n, ints(n, func(i int) int { return i % 3 }), make([]float64, n))
	}},
	{name: "LeaderConfig", run: LeaderConfig},
	{name: "SliceSlot", run: SliceSlot},
	{name: "MapCount", run: func(n int) error { return MapCount(n, ints(n, func(i int) int { return i % 2 })) }},
	{name: "SharedAtLaneAddr", run: func(n int) error { return SharedAtLaneAddr(n, ints(n, func(i int) int { return i%2 - 0 })) }},
	{name: "PushPositive", run: func(n int) error {
		return PushPositive(n, floats(4*n, func(i int) float64 { return float64(i%5 - 2) }))
	}},
	{name: "LocalDepth", run: func(n int) error { return LocalDepth(n, ints(n, func(i int) int { return 1 + i%2 })) }},
	{name: "TileFromCount", run: func(n int) error { return TileFromCount(n, ints(n, func(i int) int { return i % 3 })) }},
	{name: "ObserveSome", run: func(n int) error {
		return ObserveSome(n, floats(3*n, func(i int) float64 { return float64(i%4 - 1) }))
	}},
	{name: "FirstTicket", run: func(n int) error { var c atomic.Int64; return FirstTicket(n, &c) }},
	{name: "ChannelParity", run: ChannelParity},
	{name: "SelectWork", run: SelectWork},
	{name: "FirstKey", retries: 200, run: func(n int) error {
		return FirstKey(n, map[int]int{0: 1, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1})
	}},

	{name: "StageShortRow", fn: "stageRow", run: func(n int) error {
		return StageShortRow(n, floats(n/2, func(i int) float64 { return float64(i) }))
	}},
	{name: "CapturedLimit", run: CapturedLimit},
	{name: "ReadyPredicate", run: func(n int) error { return ReadyPredicate(n, 2) }},
	{name: "SearchThenSync", run: func(n int) error { return SearchThenSync(n, ints(n, func(i int) int { return n - 1 - i })) }},
	{name: "BoundedSearch", run: func(n int) error { return BoundedSearch(n, ints(n, func(i int) int { return i % 4 })) }},
	{name: "RangeFuncBreak", run: func(n int) error { return RangeFuncBreak(n, 3) }},
	{name: "RangeFuncReturn", run: func(n int) error { return RangeFuncReturn(n, 3) }},
	{name: "EnabledAndPositive", run: func(n int) error { return EnabledAndPositive(n, true, ints(n, func(i int) int { return i % 2 })) }},
	{name: "BigOrEven", run: BigOrEven},
	{name: "QuadSwitch", run: QuadSwitch},
	{name: "SkipEmpty", run: func(n int) error { return SkipEmpty(n, ints(n, func(i int) int { return i % 3 })) }},
	{name: "TwoDoorLoop", run: TwoDoorLoop},
	{name: "LaneSyncCount", run: func(n int) error { return LaneSyncCount(n, ints(n, func(i int) int { return 1 + i%2 })) }},
	{name: "RecoveredCheck", run: func(n int) error { return RecoveredCheck(n, ints(n, func(i int) int { return 1 - i%2*2 })) }},
	{name: "InvalidEarlyOut", run: func(n int) error {
		v := make([]bool, n)
		for i := range v {
			v[i] = i%3 != 1
		}
		_, err := InvalidEarlyOut(n, v)
		return err
	}},
	{name: "ContinueBeforeSync", run: func(n int) error {
		return ContinueBeforeSync(n, 2, ints(2*n, func(i int) int {
			if i < n {
				return i % 2
			}
			return 1
		}))
	}},
	{name: "GlobalIDGuard", run: func(n int) error { return GlobalIDGuard(n, 0, 2) }},
	{name: "HalfBlockSum", fn: "mergeLevel", run: HalfBlockSum},
	{name: "FlagFromLane", run: func(n int) error { return FlagFromLane(n, ints(n, func(i int) int { return 2 })) }},
	{name: "ReverseShuffleBound", run: func(n int) error { return ReverseShuffleBound(n, ints(n, idx)) }},
}

// TestBad runs every buggy kernel with 4, 8 and 16 lanes; each must stop
// with a *spmd.DivergenceError whose sites go through its EXPECT line.
// Every EXPECT line of the package must be covered by exactly one case.
func TestBad(t *testing.T) {
	ms := marks(t)
	byFn := map[string][]mark{}
	for _, m := range ms {
		if m.fn == "" {
			t.Errorf("%s:%d: EXPECT outside any function", m.file, m.line)
		}
		byFn[m.fn] = append(byFn[m.fn], m)
	}
	covered := map[mark]bool{}
	for _, c := range cases {
		fn := c.fn
		if fn == "" {
			fn = c.name
		}
		want := byFn[fn]
		if len(want) != 1 {
			t.Errorf("%s: %d EXPECT lines in %s, want 1", c.name, len(want), fn)
			continue
		}
		m := want[0]
		if covered[m] {
			t.Errorf("%s: EXPECT line %d covered twice", c.name, m.line)
		}
		covered[m] = true
		for _, n := range laneCounts {
			t.Run(fmt.Sprintf("%s/lanes=%d", c.name, n), func(t *testing.T) {
				var err error
				for try := 0; ; try++ {
					err = c.run(n)
					if err != nil || try >= c.retries {
						break
					}
				}
				var de *spmd.DivergenceError
				if !errors.As(err, &de) {
					t.Fatalf("got %v, want a *spmd.DivergenceError", err)
				}
				t.Log(err)
				if !mentions(de, m) {
					t.Errorf("error %v does not go through %s:%d", err, filepath.Base(m.file), m.line)
				}
			})
		}
	}
	for _, m := range ms {
		if !covered[m] {
			t.Errorf("%s:%d (%s): EXPECT line not exercised by any case", filepath.Base(m.file), m.line, m.fn)
		}
	}
	t.Logf("%d buggy kernels, %d EXPECT lines", len(cases), len(ms))
}

func mentions(de *spmd.DivergenceError, m mark) bool {
	for _, g := range de.Groups {
		for _, f := range g.Site.Stack {
			if f.File == m.file && f.Line == m.line {
				return true
			}
		}
	}
	return false
}
