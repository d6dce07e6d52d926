package good

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

var laneCounts = []int{4, 8, 16}

func ok(t *testing.T, name string, lanes int, err error) {
	t.Helper()
	if err != nil {
		var de *spmd.DivergenceError
		if errors.As(err, &de) {
			t.Fatalf("%s lanes=%d: unexpected divergence: %v", name, lanes, err)
		}
		t.Fatalf("%s lanes=%d: %v", name, lanes, err)
	}
}

func seq(n, mul, mod, off int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = (i*mul)%mod + off
	}
	return s
}

func sum(s []int) int {
	t := 0
	for _, v := range s {
		t += v
	}
	return t
}

func TestReduce(t *testing.T) {
	for _, n := range laneCounts {
		// SumShared: below and above the limit.
		for _, limit := range []int{1 << 30, 10} {
			data := seq(3*n+1, 7, 11, 1)
			want := sum(data)
			var got int
			ok(t, "SumShared", n, SumShared(n, data, limit, &got))
			if got != want {
				t.Errorf("SumShared lanes=%d: got %d want %d", n, got, want)
			}
		}
		{
			out := make([]int, 2)
			ok(t, "SumHelper", n, SumHelper(n, make([]int, n), out))
			data := seq(n, 3, 7, 0)
			ok(t, "SumHelper", n, SumHelper(n, data, out))
			if out[0] != sum(data) {
				t.Errorf("SumHelper: %v", out)
			}
		}
		{
			data := seq(n, 5, 9, -2)
			out := make([]int, n)
			ok(t, "ButterflySum", n, ButterflySum(n, data, out))
			for _, v := range out {
				if v != sum(data) {
					t.Errorf("ButterflySum: %v", out)
					break
				}
			}
		}
		{
			a := make([]float64, 3*n)
			b := make([]float64, 3*n)
			for i := range a {
				a[i], b[i] = float64(i+1), float64(i+1)
			}
			var c float64
			ok(t, "Dot", n, Dot(n, a, b, &c))
			if math.Abs(c-1) > 1e-9 {
				t.Errorf("Dot: %v", c)
			}
			ok(t, "Dot zero", n, Dot(n, a, make([]float64, 3*n), &c))
		}
		{
			out := make([]float64, 2)
			data := make([]float64, n)
			ok(t, "MeanVariance zero", n, MeanVariance(n, data, out))
			for i := range data {
				data[i] = float64(i)
			}
			ok(t, "MeanVariance", n, MeanVariance(n, data, out))
			if out[0] != float64(n-1)/2 {
				t.Errorf("MeanVariance: %v", out)
			}
		}
		{
			keys := seq(n, 5, 7, 3)
			keys[n-1] = -1
			keys[n/2] = -1
			payload := seq(n, 1, 1000, 10)
			out := make([]int, 2)
			ok(t, "ArgMin", n, ArgMin(n, keys, payload, out))
			if out[0] != n/2 || out[1] != payload[n/2] {
				t.Errorf("ArgMin: %v", out)
			}
			payload[n/2] = -5
			ok(t, "ArgMin neg", n, ArgMin(n, keys, payload, out))
		}
		for _, scale := range []float64{1, 100} {
			data := make([]float64, n)
			for i := range data {
				data[i] = scale * float64(i)
			}
			var s float64
			ok(t, "MethodSum", n, MethodSum(n, data, &s))
		}
		{
			m, err := ReduceGeneric(n, seq(n, 3, 5, 1))
			ok(t, "ReduceGeneric int", n, err)
			if m != sum(seq(n, 3, 5, 1)) {
				t.Errorf("ReduceGeneric: %d", m)
			}
			f, err := ReduceGeneric(n, make([]float32, n))
			ok(t, "ReduceGeneric float", n, err)
			if f != 0 {
				t.Errorf("ReduceGeneric: %v", f)
			}
		}
		{
			data := seq(n, 3, 10, 1)
			var s int
			ok(t, "RecursiveTree", n, RecursiveTree(n, data, &s))
			if s != sum(data) {
				t.Errorf("RecursiveTree: %d", s)
			}
		}
	}
}

func TestScan(t *testing.T) {
	for _, n := range laneCounts {
		in := seq(n, 3, 5, 1)
		want := make([]int, n)
		for i := 1; i < n; i++ {
			want[i] = want[i-1] + in[i-1]
		}
		for _, c := range []int{1 << 20, 5} {
			out := make([]int, n)
			ok(t, "BlockScanKernel", n, BlockScanKernel(n, in, out, c))
			for i := range out {
				if out[i] != min(want[i], c) {
					t.Fatalf("BlockScanKernel: %v want %v", out, want)
				}
			}
		}
		out := make([]int, n+1)
		ok(t, "WarpScan", n, WarpScan(n, in, out))
		if !slices.Equal(out[:n], want) || out[n] != sum(in) {
			t.Errorf("WarpScan: %v", out)
		}
		big := seq(3*n+2, 7, 9, 0)
		bout := make([]int, len(big))
		ok(t, "ChunkedScan", n, ChunkedScan(n, big, bout))
		acc := 0
		for i := range big {
			if bout[i] != acc {
				t.Fatalf("ChunkedScan %d: %v", i, bout)
			}
			acc += big[i]
		}
		pout := make([]int, n)
		ok(t, "PingPongScan", n, PingPongScan(n, in, pout))
		for i := range pout {
			if pout[i] != want[i]+in[i] {
				t.Fatalf("PingPongScan: %v", pout)
			}
		}
		// compaction
		src := seq(2*n+3, 5, 7, -3)
		var keep []int
		for _, v := range src {
			if v > 0 {
				keep = append(keep, v)
			}
		}
		cout := make([]int, len(src))
		var cnt int
		ok(t, "CompactBallot", n, CompactBallot(n, src, cout, &cnt))
		if cnt != len(keep) || !slices.Equal(cout[:cnt], keep) {
			t.Errorf("CompactBallot: %v %d want %v", cout, cnt, keep)
		}
		cout = make([]int, len(src))
		cnt = 0
		ok(t, "CompactScan", n, CompactScan(n, src, cout, &cnt))
		if cnt != len(keep) || !slices.Equal(cout[:cnt], keep) {
			t.Errorf("CompactScan: %v %d want %v", cout, cnt, keep)
		}
		pin := seq(n, 5, 7, 0)
		pout = make([]int, n)
		ok(t, "Partition", n, Partition(n, pin, pout, 3))
		var lo, hi []int
		for _, v := range pin {
			if v < 3 {
				lo = append(lo, v)
			} else {
				hi = append(hi, v)
			}
		}
		if !slices.Equal(pout, append(lo, hi...)) {
			t.Errorf("Partition: %v", pout)
		}
	}
}

func TestHist(t *testing.T) {
	for _, n := range laneCounts {
		in := seq(5*n, 3, 13, 0)
		hist := make([]int32, 8)
		ok(t, "HistAtomic", n, HistAtomic(n, in, hist, 1<<20))
		var tot int32
		for _, h := range hist {
			tot += h
		}
		if int(tot) != len(in) {
			t.Errorf("HistAtomic: %v", hist)
		}
		ok(t, "HistAtomic limit", n, HistAtomic(n, in, make([]int32, 8), 2))
		for _, off := range []int{0, 1} {
			in := seq(3*n, 2, 1000, off) // all even or all odd
			hist := make([]int32, 8)
			var extra int
			ok(t, "HistPrivatized", n, HistPrivatized(n, in, hist, &extra))
		}
		out := make([]int, 4*n)
		ok(t, "AppendAtomic", n, AppendAtomic(n, seq(3*n, 1, 1000, 0), out, -1))
		evens := 0
		for _, v := range out {
			if v != -1 {
				evens++
			}
		}
		if evens != (3*n+1)/2 {
			t.Errorf("AppendAtomic: %v", out)
		}
	}
}

func matmulRef(a, b []float32, m, k, n int) []float32 {
	c := make([]float32, m*n)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			var s float32
			for e := 0; e < k; e++ {
				s += a[i*k+e] * b[e*n+j]
			}
			c[i*n+j] = s
		}
	}
	return c
}

func TestMatrix(t *testing.T) {
	for _, lanes := range []int{4, 16, 64} {
		for _, dims := range [][3]int{{5, 7, 3}, {8, 8, 8}, {1, 9, 2}} {
			m, k, n := dims[0], dims[1], dims[2]
			a := make([]float32, m*k)
			b := make([]float32, k*n)
			for i := range a {
				a[i] = float32(i%5 - 2)
			}
			for i := range b {
				b[i] = float32(i%3 + 1)
			}
			c := make([]float32, m*n)
			ok(t, "TiledMatMul", lanes, TiledMatMul(lanes, a, b, c, m, k, n))
			if !slices.Equal(c, matmulRef(a, b, m, k, n)) {
				t.Errorf("TiledMatMul %v: %v", dims, c)
			}
			in := seq(m*k, 1, 1000, 0)
			out := make([]int, m*k)
			ok(t, "Transpose", lanes, Transpose(lanes, in, out, k, m))
			for y := 0; y < m; y++ {
				for x := 0; x < k; x++ {
					if out[x*m+y] != in[y*k+x] {
						t.Fatalf("Transpose %v: %v", dims, out)
					}
				}
			}
		}
	}
	for _, lanes := range laneCounts {
		m, n := 2*lanes+1, lanes+3
		a := make([]float64, m*n)
		x := make([]float64, n)
		for i := range a {
			a[i] = float64(i % 4)
		}
		for i := range x {
			x[i] = float64(i)
		}
		y := make([]float64, m)
		ok(t, "MatVec", lanes, MatVec(lanes, a, x, y, m, n))
		for r := 0; r < m; r++ {
			s := 0.0
			for c := 0; c < n; c++ {
				s += a[r*n+c] * x[c]
			}
			if s != y[r] {
				t.Fatalf("MatVec row %d: %v want %v", r, y[r], s)
			}
		}
	}
}

func TestSort(t *testing.T) {
	for _, n := range laneCounts {
		data := seq(n, 7, 11, -5)
		want := slices.Sorted(slices.Values(data))
		d := slices.Clone(data)
		ok(t, "BitonicSort", n, BitonicSort(n, d))
		if !slices.Equal(d, want) {
			t.Errorf("BitonicSort: %v", d)
		}
		d = slices.Clone(data)
		ok(t, "OddEvenSort", n, OddEvenSort(n, d))
		if !slices.Equal(d, want) {
			t.Errorf("OddEvenSort: %v", d)
		}
		out := make([]int, n)
		var sorted bool
		ok(t, "RankSort", n, RankSort(n, data, out, &sorted))
		if !slices.Equal(out, want) || !sorted {
			t.Errorf("RankSort: %v %v", out, sorted)
		}
		d = slices.Clone(data)
		ok(t, "WarpBitonic", n, WarpBitonic(n, d))
		if !slices.Equal(d, want) {
			t.Errorf("WarpBitonic: %v", d)
		}
	}
}

func TestQueue(t *testing.T) {
	for _, n := range laneCounts {
		items := seq(3*n+5, 1, 1000, 0)
		out := make([]int, len(items))
		var done int
		ok(t, "WorkQueue", n, WorkQueue(n, items, out, &done))
		if done != len(items) || out[4] != 16 {
			t.Errorf("WorkQueue: %d %v", done, out)
		}
		var rounds int
		ok(t, "WorkQueueRounds", n, WorkQueueRounds(n, items, out, &rounds))
		if rounds != (len(items)+n-1)/n {
			t.Errorf("WorkQueueRounds: %d", rounds)
		}
		// graph: a path 0-1-2-...-9 plus chords
		nv := 10
		adj := make([][]int, nv)
		addE := func(a, b int) { adj[a] = append(adj[a], b); adj[b] = append(adj[b], a) }
		for v := 0; v+1 < nv; v++ {
			addE(v, v+1)
		}
		addE(0, 5)
		addE(2, 8)
		offsets := []int{0}
		var edges []int
		for _, a := range adj {
			edges = append(edges, a...)
			offsets = append(offsets, len(edges))
		}
		level := make([]int32, nv)
		for i := range level {
			level[i] = -1
		}
		ok(t, "BFS", n, BFS(n, offsets, edges, level))
		want := []int32{0, 1, 2, 3, 2, 1, 2, 3, 3, 4}
		if !slices.Equal(level, want) {
			t.Errorf("BFS: %v want %v", level, want)
		}
	}
}

func TestIter(t *testing.T) {
	for _, n := range laneCounts {
		data := seq(2*n+3, 3, 17, 0)
		var s int
		ok(t, "GridStride", n, GridStride(n, data, &s))
		w := 0
		for _, v := range data {
			w += v * v
		}
		if s != w {
			t.Errorf("GridStride: %d want %d", s, w)
		}
		ok(t, "TileRange", n, TileRange(n, data, &s))
		if s != slices.Max(data) {
			t.Errorf("TileRange: %d", s)
		}
		var at int
		ok(t, "TileRangeStop", n, TileRangeStop(n, data, &at))
		if at != -1 {
			t.Errorf("TileRangeStop: %d", at)
		}
		neg := slices.Clone(data)
		neg[n+1] = -1
		ok(t, "TileRangeStop neg", n, TileRangeStop(n, neg, &at))
		if at != 1 {
			t.Errorf("TileRangeStop: %d", at)
		}
		f := make([]float64, 3*n)
		f[n] = 9
		ok(t, "RangeInt", n, RangeInt(n, f, 3))
		rows := 3
		m := seq(rows*n, 1, 1000, 0)
		col := make([]int, n)
		ok(t, "RoundsStruct", n, RoundsStruct(n, m, rows, col))
		if col[1] != m[1]+m[n+1]+m[2*n+1] {
			t.Errorf("RoundsStruct: %v", col)
		}
		in := seq(2*n+1, 1, 1000, 0)
		out := make([]int, len(in))
		ok(t, "MixedStruct", n, MixedStruct(n, in, out))
	}
}

func TestControl(t *testing.T) {
	for _, n := range laneCounts {
		data := seq(n, 5, 9, -3)
		for _, mode := range []int{ModeSum, ModeMax, ModeMin} {
			var r int
			ok(t, "SwitchMode", n, SwitchMode(n, data, mode, &r))
		}
		var r int
		ok(t, "SwitchLaneThenReduce", n, SwitchLaneThenReduce(n, data, &r))
		rows, cols := 3, 4
		grid := seq(rows*cols*n, 7, 40, -1)
		ok(t, "LabelledLoops", n, LabelledLoops(n, grid, rows, cols, make([]int, n)))
		var att int
		ok(t, "GotoRetry", n, GotoRetry(n, seq(n, 1, 3, 0), &att))
		if att != 2 {
			t.Errorf("GotoRetry: %d", att)
		}
		ok(t, "GotoRetry2", n, GotoRetry(n, seq(n, 1, 1, 9), &att))
		for _, odd := range []bool{false, true} {
			ok(t, "IrreducibleUniform", n, IrreducibleUniform(n, seq(n, 1, 100, 1), odd, make([]int, n)))
		}
		idx := seq(n, 3, n, 0)
		ok(t, "PanicGuard", n, PanicGuard(n, idx, seq(n, 1, 100, 0), make([]int, n)))
		bad := slices.Clone(idx)
		bad[1] = 1000
		var pe *spmd.PanicError
		if err := PanicGuard(n, bad, seq(n, 1, 100, 0), make([]int, n)); !errors.As(err, &pe) {
			t.Errorf("PanicGuard with bad index: %v", err)
		}
		ok(t, "PanicHelper", n, PanicHelper(n, idx, seq(n, 1, 100, 0), &r))
		ok(t, "EarlyExitAny", n, EarlyExitAny(n, make([]int, n), make([]int, n)))
		ok(t, "EarlyExitAny", n, EarlyExitAny(n, seq(n, 1, 2, 0), make([]int, n)))
		ok(t, "EarlyExitParam", n, EarlyExitParam(n, data, 0, &r))
		ok(t, "EarlyExitParam", n, EarlyExitParam(n, data, n/2, &r))
		out := make([]int, n)
		ok(t, "MaxTripCount", n, MaxTripCount(n, seq(n, 1, 100, 0), out))
		if out[3] != 3 {
			t.Errorf("MaxTripCount: %v", out)
		}
		for _, strict := range []bool{false, true} {
			ok(t, "UniformShortCircuit", n, UniformShortCircuit(n, data, strict, make([]bool, 2)))
		}
		ok(t, "DivergentAndNoCollective", n, DivergentAndNoCollective(n, data, make([]int, n)))
		ok(t, "ClosureSync", n, ClosureSync(n, seq(n, 5, 9, 0), 3))
		out = make([]int, n)
		ok(t, "DeferredStore", n, DeferredStore(n, seq(n, 1, 100, 0), out))
		if out[n-1] != n*(n-1)/2 {
			t.Errorf("DeferredStore: %v", out)
		}
		ok(t, "DeferRecoverNoPanic", n, DeferRecoverNoPanic(n, data, make([]bool, n)))
	}
}

func TestMemory(t *testing.T) {
	for _, n := range laneCounts {
		data := seq(2*n+1, 5, 9, 0)
		ok(t, "LocalViaPointer", n, LocalViaPointer(n, data, make([]int, n)))
		for _, d := range [][]int{seq(n, 1, 100, 0), seq(n, 1, 100, 0)} {
			if d[0] == 0 {
				slices.Reverse(d)
			}
			ok(t, "PublishThenBranch", n, PublishThenBranch(n, d, make([]int, n)))
			d[0] = -d[0]
		}
		var flag int
		ok(t, "SharedFlag", n, SharedFlag(n, seq(n, 1, 100, -2), &flag, make([]int, n)))
		ok(t, "SharedFlag", n, SharedFlag(n, seq(n, 1, 100, 0), &flag, make([]int, n)))
		ok(t, "GlobalKnobs", n, GlobalKnobs(n, seq(n, 1, 100, 0)))
		ok(t, "ConfigMap", n, ConfigMap(n, map[string]int{"iters": 3}, seq(n, 1, 100, 0)))
		var s int
		ok(t, "MapSum", n, MapSum(n, map[string]int{"a": 1, "b": 2, "c": 3}, &s))
		if s != 6*n*(n-1)/2 {
			t.Errorf("MapSum: %d", s)
		}
		jobs := make(chan int, n)
		for j := range n {
			jobs <- j
		}
		ok(t, "ChannelWork", n, ChannelWork(n, jobs, &s))
		urgent, normal := make(chan int, n), make(chan int, n)
		for j := range n {
			if j%3 == 0 {
				urgent <- j
			} else {
				normal <- j
			}
		}
		ok(t, "SelectWork", n, SelectWork(n, urgent, normal, make([]int, n)))
		st := Stencil{Iters: 500, Eps: 1e-3, A: make([]float64, 2*n), B: make([]float64, 2*n)}
		st.A[0], st.B[0] = 1, 1
		var it int
		ok(t, "JacobiMethod", n, JacobiMethod(n, st, &it))
		if it == 0 || it >= 500 {
			t.Logf("JacobiMethod iterations: %d", it)
		}
		f := make([]float64, n)
		ok(t, "NormalizeGeneric zero", n, NormalizeGeneric(n, f))
		for i := range f {
			f[i] = float64(i)
		}
		ok(t, "NormalizeGeneric", n, NormalizeGeneric(n, f))
		ok(t, "NormalizeGeneric32", n, NormalizeGeneric(n, []float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}[:n]))
		out := make([]int, 2)
		ok(t, "PivotBroadcast", n, PivotBroadcast(n, seq(n, 5, 7, 0), out))
		ok(t, "LeaderChoice", n, LeaderChoice(n, seq(n, 1, 100, 1), make([]int, n)))
		req := seq(n, 1, 3, 0)
		out = make([]int, n)
		ok(t, "LeaderLoop", n, LeaderLoop(n, req, out))
		if out[0] != sum(req) {
			t.Errorf("LeaderLoop: %v", out)
		}
		ok(t, "UniformLoopExit", n, UniformLoopExit(n, seq(n, 37, 200, 0), make([]int, n)))
	}
}

func TestExtra(t *testing.T) {
	for _, n := range laneCounts {
		d := seq(n, 5, 11, 0)
		ok(t, "StageTable", n, StageTable(n, d))
		rows := 2*n + 1
		offsets := []int{0}
		var cols []int
		var vals []float64
		for r := 0; r < rows; r++ {
			for c := 0; c < r%4; c++ {
				cols = append(cols, (r+c)%rows)
				vals = append(vals, float64(c+1))
			}
			offsets = append(offsets, len(cols))
		}
		x := make([]float64, rows)
		for i := range x {
			x[i] = 1
		}
		var cs float64
		ok(t, "SpMV", n, SpMV(n, offsets, cols, vals, x, make([]float64, rows), &cs))
		want := 0.0
		for _, v := range vals {
			want += v
		}
		if cs != want {
			t.Errorf("SpMV: %v want %v", cs, want)
		}
		in := make([]float64, n)
		for i := range in {
			in[i] = float64(i*i + 1)
		}
		out := make([]float64, n)
		var steps int
		ok(t, "VoteLoop", n, VoteLoop(n, in, out, &steps))
		if math.Abs(out[3]-math.Sqrt(10)) > 1e-6 {
			t.Errorf("VoteLoop: %v", out)
		}
		rot := seq(n, 1, 100, 0)
		ok(t, "ShuffleRotate", n, ShuffleRotate(n, rot))
		if rot[1] != 0 || rot[0] != n-1 {
			t.Errorf("ShuffleRotate: %v", rot)
		}
		var o int
		ok(t, "UniformOfDivergent", n, UniformOfDivergent(n, seq(n, 1, 100, -2), &o))
		ok(t, "UniformOfDivergent", n, UniformOfDivergent(n, seq(n, 1, 100, 0), &o))
	}
	_ = sort.Ints
}

func TestDeferRecoverPanics(t *testing.T) {
	for _, n := range laneCounts {
		d := seq(n, 1, 100, 0)
		d[1] = -1
		failed := make([]bool, n)
		ok(t, "DeferRecoverNoPanic", n, DeferRecoverNoPanic(n, d, failed))
		if !failed[1] || failed[0] {
			t.Errorf("DeferRecoverNoPanic: %v", failed)
		}
	}
}

func TestNoExpectInGood(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		b, _ := os.ReadFile(f)
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		if strings.Contains(string(b), "// EXPECT") {
			t.Errorf("%s contains an EXPECT marker", f)
		}
	}
}
