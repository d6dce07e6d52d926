package good

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

var laneCounts = []int{4, 8, 16}

func each(t *testing.T, f func(t *testing.T, n int)) {
	t.Helper()
	for _, n := range laneCounts {
		t.Run(fmt.Sprintf("lanes=%d", n), func(t *testing.T) { f(t, n) })
	}
}

func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("kernel failed: %v", err)
	}
}

func iota(n int, f func(i int) int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

func fiota(n int, f func(i int) float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

func sum[T int | int32 | float64](s []T) T {
	var t T
	for _, v := range s {
		t += v
	}
	return t
}

func eq[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func TestNoExpectMarks(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "// "+"EXPECT") && !strings.HasSuffix(f, "_test.go") {
			t.Errorf("%s: correct kernels must carry no EXPECT mark", f)
		}
	}
}

func TestGridStrideSum(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := fiota(3*n+1, func(i int) float64 { return float64(i) })
		got, err := GridStrideSum(n, d)
		ok(t, err)
		eq(t, "sum", got, sum(d))
	})
}

func TestSharedTreeSum(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := iota(n, func(i int) int { return i * 3 })
		got, extra, err := SharedTreeSum(n, d)
		ok(t, err)
		eq(t, "sum", got, sum(d))
		want := 0
		if sum(d) > 100 {
			want = 1
		}
		eq(t, "extra", extra, want)
	})
}

func TestButterflyStore(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := fiota(n, func(i int) float64 { return float64(i + 1) })
		out, diff := make([]float64, n), make([]float64, n)
		ok(t, ButterflyStore(n, d, out, diff))
		for i := range n {
			eq(t, "out", out[i], sum(d))
			eq(t, "diff", diff[i], d[i^1]-d[i])
		}
	})
}

func TestWarpSumGate(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := iota(n, func(i int) int { return i })
		got, err := WarpSumGate(n, d)
		ok(t, err)
		eq(t, "phases", got, sum(d)%4)
	})
}

func TestBallotGate(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := iota(n, func(i int) int { return i%3 - 1 + i/2 })
		c, v, err := BallotGate(n, d)
		ok(t, err)
		want := 0
		for _, x := range d {
			if x > 0 {
				want++
			}
		}
		eq(t, "count", c, want)
		eq(t, "leader value", v > 0, true)
		_, _, err = BallotGate(n, make([]int, n))
		ok(t, err)
	})
}

func TestMinHopDistances(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := iota(n, func(i int) int { return 1000 })
		d[n/2] = 0
		_, err := MinHopDistances(n, d)
		ok(t, err)
		for i, v := range d {
			eq(t, "dist", v, max(i-n/2, n/2-i))
		}
	})
}

func TestNewtonSqrt(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		a := fiota(n, func(i int) float64 { return float64(i*i*7 + 1) })
		out := make([]float64, n)
		_, err := NewtonSqrt(n, a, out)
		ok(t, err)
		for i := range n {
			if math.Abs(out[i]-math.Sqrt(a[i])) > 1e-6 {
				t.Errorf("sqrt(%v) = %v", a[i], out[i])
			}
		}
	})
}

func TestRaggedWork(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		w := iota(n, func(i int) int { return i % 5 })
		got, err := RaggedWork(n, w)
		ok(t, err)
		want := 0
		for _, k := range w {
			want += k * (k + 1) / 2
		}
		eq(t, "acc", got, want)
	})
}

func TestFirstLaneBound(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := iota(n, func(i int) int { return 5 + i })
		got, err := FirstLaneBound(n, d)
		ok(t, err)
		eq(t, "sum", got, n*(0+1+2+3+4))
	})
}

func TestBroadcastPivot(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		got, err := BroadcastPivot(n, iota(n, func(i int) int { return i + 3 }))
		ok(t, err)
		eq(t, "syncs", got, 1)
	})
}

func TestHistogram(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := iota(n, func(i int) int { return 2 + i%3 })
		h, err := Histogram(n, d)
		ok(t, err)
		eq(t, "bins", len(h), 3)
		eq(t, "total", sum(h), n)
	})
}

func TestCompact(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := iota(n, func(i int) int { return (i%3 - 1) * (i + 1) })
		got, err := Compact(n, d)
		ok(t, err)
		var want []int
		for _, v := range d {
			if v > 0 {
				want = append(want, v)
			}
		}
		eq(t, "compacted", fmt.Sprint(got), fmt.Sprint(want))
	})
}

func TestRotateDiff(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := iota(n, func(i int) int { return i * i })
		out := make([]int, n)
		ok(t, RotateDiff(n, d, out))
		pre := 0
		for i := range n {
			pre += d[i]
			eq(t, "out", out[i], d[(i+1)%n]-d[i]+pre)
		}
	})
}

func TestRecursiveTree(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		b := fiota(n, func(i int) float64 { return float64(i) })
		ok(t, RecursiveTree(n, b))
		eq(t, "sum", b[0], float64(n*(n-1)/2))
	})
}

func TestGenericMaxBlock(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := make([]int32, n)
		for i := range d {
			d[i] = int32((i * 7) % n)
		}
		got, err := GenericMaxBlock(n, d)
		ok(t, err)
		eq(t, "max", got, int32(n-1))
	})
}

func TestTiledReverseScale(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		in := fiota(2*n+3, func(i int) float64 { return float64(i) })
		out, err := TiledReverseScale(n, in, 2)
		ok(t, err)
		for i := range in {
			eq(t, "out", out[i], 2*in[i])
		}
	})
}

func TestTileIterSum(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		in := iota(3*n-1, func(i int) int { return i })
		got, err := TileIterSum(n, in)
		ok(t, err)
		eq(t, "tiles", len(got), 3)
		eq(t, "sum", sum(got), sum(in))
	})
}

func TestStridedIterSum(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := fiota(5*n/2+1, func(i int) float64 { return float64(i % 7) })
		got, err := StridedIterSum(n, d)
		ok(t, err)
		eq(t, "sum", got, sum(d))
	})
}

func TestPhasesIter(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		b := make([]int, n)
		ok(t, PhasesIter(n, 3, b))
		eq(t, "b[0]", b[0], 0+1+2)
	})
}

func TestStageTiles(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		src := fiota(4*n, func(i int) float64 { return float64(i) })
		got, err := StageTiles(n, src)
		ok(t, err)
		eq(t, "total", got, sum(src))
	})
}

func TestLocalTileArea(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		got, err := LocalTileArea(n)
		ok(t, err)
		eq(t, "phases", got, n/2)
	})
}

func TestTranspose2(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		in := iota(2*n, func(i int) int { return i })
		out, err := Transpose2(n, in)
		ok(t, err)
		for r := range n {
			eq(t, "out", out[r], 2*r)
			eq(t, "out", out[n+r], 2*r+1)
		}
	})
}

func TestDampedAccum(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := fiota(n, func(i int) float64 { return float64(i) })
		out := make([]float64, n)
		ok(t, DampedAccum(n, d, out))
		if math.Abs(sum(out)-sum(d)) > 1e-9 {
			t.Errorf("mean not kept: %v vs %v", sum(out), sum(d))
		}
	})
}

func TestPerLaneBounds(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := iota(3*n, func(i int) int { return i })
		got, err := PerLaneBounds(n, d)
		ok(t, err)
		eq(t, "total", got, sum(d))
	})
}

func TestConfigMap(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		_, err := ConfigMap(n, iota(n, func(i int) int { return i }))
		ok(t, err)
	})
}

func TestPerLaneSliceSched(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		got, err := PerLaneSliceSched(n)
		ok(t, err)
		eq(t, "count", got, 3*n/4)
	})
}

func TestLane0Pivot(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		got, err := Lane0Pivot(n, iota(n, func(i int) int { return i + 3 }))
		ok(t, err)
		eq(t, "phases", got, 3)
	})
}

func TestPublishShared(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		got, err := PublishShared(n, iota(n, func(i int) int { return 2 - i }))
		ok(t, err)
		eq(t, "published", got, 2)
		got, err = PublishShared(n, iota(n, func(i int) int { return i }))
		ok(t, err)
		eq(t, "published", got, 0)
	})
}

func TestSharedFlag(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		got, err := SharedFlag(n, iota(n, func(i int) int { return i % 4 }))
		ok(t, err)
		eq(t, "n", got, ((n-1)%4)*n)
	})
}

func TestAtomicBins(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		bins, err := AtomicBins(n, iota(n, func(i int) int { return i }))
		ok(t, err)
		for _, b := range bins {
			eq(t, "bin", b, int32(n/4))
		}
	})
}

func TestGenericBufRounds(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := fiota(4*n, func(i int) float64 { return float64(i) })
		got, err := GenericBufRounds(n, d)
		ok(t, err)
		eq(t, "rounds", len(got), 4)
		eq(t, "total", sum(got), sum(d))
	})
}

func TestStatsRounds(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := fiota(3*n, func(i int) float64 { return 2 })
		got, err := StatsRounds(n, d)
		ok(t, err)
		eq(t, "mean", got, 2.0)
	})
}

func TestLocalPipeline(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		got, err := LocalPipeline(n, 3)
		ok(t, err)
		eq(t, "done", got, 3)
	})
}

func TestLocalScratchData(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		_, err := LocalScratchData(n, iota(n, func(i int) int { return i }))
		ok(t, err)
	})
}

func TestClosurePhases(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		b := iota(n, func(i int) int { return i })
		ok(t, ClosurePhases(n, 2, b))
	})
}

func TestDeferCleanup(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		var active atomic.Int32
		in := iota(n, func(i int) int { return i })
		out := make([]int, n/2)
		ok(t, DeferCleanup(n, in, out, &active))
		eq(t, "active", active.Load(), int32(0))
		eq(t, "out[1]", out[1], sum(in)-1)
	})
}

func TestPanicGuard(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		got, err := PanicGuard(n, iota(n, func(i int) int { return i }))
		ok(t, err)
		eq(t, "total", got, n*(n-1)/2)
	})
}

func TestCheckedHelper(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		ok(t, CheckedHelper(n, iota(n, func(i int) int { return i })))
	})
}

func TestDataArgs(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := fiota(n, func(i int) float64 { return float64(i) })
		out := make([]int, n)
		got, err := DataArgs(n, d, out)
		ok(t, err)
		eq(t, "total", got, 2*sum(d))
	})
}

func TestJoinThenBarrier(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		out := make([]int, n)
		ok(t, JoinThenBarrier(n, out))
		eq(t, "out[3]", out[3], 20+1)
	})
}

func TestContinueReconverge(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := iota(3*n, func(i int) int { return i % 3 })
		got, err := ContinueReconverge(n, 3, d)
		ok(t, err)
		eq(t, "total", got, sum(d))
	})
}

func TestInnerSearchOuterBarrier(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		hits := make([]int, n)
		ok(t, InnerSearchOuterBarrier(n, 3, iota(n/2, func(i int) int { return 2 * i }), hits))
	})
}

func TestGotoPhases(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		got, err := GotoPhases(n, 4)
		ok(t, err)
		eq(t, "n", got, 4)
	})
}

func TestModeSwitch(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := iota(n, func(i int) int { return i })
		for mode := range 4 {
			_, err := ModeSwitch(n, mode, d)
			ok(t, err)
		}
	})
}

func TestShortCircuitUniform(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		d := iota(n, func(i int) int { return i })
		for _, en := range []bool{false, true} {
			for _, p := range []int{0, 1} {
				_, err := ShortCircuitUniform(n, en, p, d)
				ok(t, err)
			}
		}
	})
}

func TestDivergentIfInUniformLoop(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		_, err := DivergentIfInUniformLoop(n, 3, iota(n, func(i int) int { return i % 4 }))
		ok(t, err)
	})
}

func TestOverwrittenLaneValue(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		got, err := OverwrittenLaneValue(n)
		ok(t, err)
		eq(t, "n", got, (3*n*(n-1)/2)%5)
	})
}

func TestWorkQueue(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		res, err := WorkQueue(n)
		ok(t, err)
		eq(t, "res[n-1]", res[n-1], (n-1)*(n-1))
	})
}

func TestInterfaceCombine(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		out := make([]int, n)
		d := iota(n, func(i int) int { return i })
		ok(t, InterfaceCombine(n, d, out))
		eq(t, "out[0]", out[0], sum(d))
	})
}

func TestSmooth(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		buf := fiota(n, func(i int) float64 { return float64(3 * (i % 2)) })
		ok(t, spmd.Run(n, func(l spmd.Lane) { Smooth(l, 2, buf) }))
	})
}

func TestScaleEntry(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		in := fiota(n, func(i int) float64 { return float64(i + 1) })
		out := make([]float64, n-1)
		ok(t, spmd.Run(n, func(l spmd.Lane) { ScaleEntry(l, 2, in, out) }))
		eq(t, "out[0]", out[0], 2/float64(n))
	})
}

func TestSyncWrapper(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		ok(t, SyncWrapper(n, 3))
	})
}

func TestRecoveredHelper(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		got, err := RecoveredHelper(n, iota(n, func(i int) int { return 1 - i%2*2 }))
		ok(t, err)
		eq(t, "bad", got, n/2)
	})
}

func TestAnyEarlyReturn(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		got, err := AnyEarlyReturn(n, iota(n, func(i int) int { return i - 2 }))
		ok(t, err)
		eq(t, "total", got, (n-3)*(n-2)/2)
		_, err = AnyEarlyReturn(n, make([]int, n))
		ok(t, err)
	})
}

func TestSearchThenReduce(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		got, err := SearchThenReduce(n, iota(n, func(i int) int { return n - 1 - i }))
		ok(t, err)
		eq(t, "phases", got, n)
	})
}

func TestRangeFuncAllBreak(t *testing.T) {
	each(t, func(t *testing.T, n int) {
		got, err := RangeFuncAllBreak(n, iota(n, func(i int) int { return i % 5 }))
		ok(t, err)
		eq(t, "rounds", got, min(n-1, 4))
	})
}
