package walks

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round34/montecarlo/rng"
	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var d *spmd.DivergenceError
	if !errors.As(err, &d) {
		t.Fatalf("%s: got %v, want a *spmd.DivergenceError", name, err)
	}
	t.Logf("%s: %v", name, err)
}

var ruinStart = []int{1, 2, 3, 5, 5, 7, 8, 9}

func TestGamblersRuin(t *testing.T) {
	const top, p, every, seed = 10, 0.5, 5, 3
	n := len(ruinStart)
	steps, wins := make([]int, n), make([]bool, n)
	var alive []int
	if err := GamblersRuin(ruinStart, top, p, every, seed, steps, wins, &alive); err != nil {
		t.Fatal(err)
	}
	xs := slices.Clone(ruinStart)
	rs := make([]rng.XorShift, n)
	wantSteps := make([]int, n)
	for i := range rs {
		rs[i] = rng.ForLane(seed, i)
	}
	running := func(x int) bool { return 0 < x && x < top }
	var wantAlive []int
	for step := 0; slices.ContainsFunc(xs, running); step++ {
		k := 0
		for i := range xs {
			if running(xs[i]) {
				if rs[i].Bernoulli(p) {
					xs[i]++
				} else {
					xs[i]--
				}
				wantSteps[i]++
			}
			k += b2i(running(xs[i]))
		}
		if step%every == 0 {
			wantAlive = append(wantAlive, k)
		}
	}
	for i := range xs {
		if steps[i] != wantSteps[i] || wins[i] != (xs[i] == top) {
			t.Errorf("lane %d: %d steps win=%v, want %d steps win=%v", i, steps[i], wins[i], wantSteps[i], xs[i] == top)
		}
	}
	if !slices.Equal(alive, wantAlive) {
		t.Errorf("alive = %v, want %v", alive, wantAlive)
	}
}

func TestGamblersRuinOwnLoop(t *testing.T) {
	n := len(ruinStart)
	var alive []int
	wantDivergence(t, "GamblersRuinOwnLoop", GamblersRuinOwnLoop(ruinStart, 10, 0.5, 5, 3, make([]int, n), make([]bool, n), &alive))
}

func slabRef(n int, thick, absorb float64, maxRounds int, seed uint64) ([]int, []int) {
	fate := make([]int, n)
	ended := make([]int, n) // round in which the particle ended, or maxRounds
	for i := range n {
		r := rng.ForLane(seed, i)
		x, mu := 0.0, 1.0
		ended[i] = maxRounds
		for round := range maxRounds {
			x += mu * r.Exp()
			if x < 0 {
				fate[i] = Reflected
			} else if x >= thick {
				fate[i] = Transmitted
			} else if r.Bernoulli(absorb) {
				fate[i] = Absorbed
			} else {
				mu = 2*r.Float64() - 1
				continue
			}
			ended[i] = round
			break
		}
	}
	var hist []int
	for round := range maxRounds {
		k := 0
		for i := range n {
			k += b2i(ended[i] > round)
		}
		hist = append(hist, k)
		if k == 0 {
			break
		}
	}
	return fate, hist
}

func TestSlabTransport(t *testing.T) {
	const n, thick, absorb, rounds, seed = 16, 2.0, 0.3, 50, 4
	fate := make([]int, n)
	var hist []int
	if err := SlabTransport(fate, thick, absorb, rounds, seed, &hist); err != nil {
		t.Fatal(err)
	}
	wf, wh := slabRef(n, thick, absorb, rounds, seed)
	if !slices.Equal(fate, wf) || !slices.Equal(hist, wh) {
		t.Errorf("got %v %v, want %v %v", fate, hist, wf, wh)
	}
	if !slices.Contains(fate, Absorbed) || !slices.Contains(fate, Transmitted) {
		t.Errorf("fates %v: want some absorbed and some transmitted", fate)
	}
}

func TestSlabTransportReturnDead(t *testing.T) {
	var hist []int
	wantDivergence(t, "SlabTransportReturnDead", SlabTransportReturnDead(make([]int, 16), 2, 0.3, 50, 4, &hist))
}

func TestDepositDose(t *testing.T) {
	const lanes, steps, energy, seed = 8, 12, 1000, 5
	dose := make([]int64, 20)
	if err := DepositDose(lanes, steps, energy, seed, dose); err != nil {
		t.Fatal(err)
	}
	want := make([]int64, len(dose))
	for i := range lanes {
		r := rng.ForLane(seed, i)
		depth, e := 0, int64(energy)
		for range steps {
			depth += 1 + r.Intn(3)
			d := min(e, int64(50+r.Intn(200)))
			if depth >= len(want) {
				break
			}
			want[depth] += d
			e -= d
			if e <= 0 {
				break
			}
		}
	}
	if !slices.Equal(dose, want) {
		t.Errorf("dose = %v, want %v", dose, want)
	}
}

func TestDepositDoseSkipDead(t *testing.T) {
	wantDivergence(t, "DepositDoseSkipDead", DepositDoseSkipDead(8, 12, 1000, 5, make([]int64, 20)))
}

// graph has dangling nodes 3 and 6.
var graph = [][]int{{1, 2}, {2, 4}, {0, 3}, {}, {5, 0}, {6, 1}, {}, {0, 5, 2}}

func TestRandomSurfers(t *testing.T) {
	start := []int{0, 1, 2, 4, 5, 7, 0, 2}
	const hops, damp, watch, seed = 15, 0.85, 0, 6
	n := len(start)
	end := make([]int, n)
	var trace []int
	if err := RandomSurfers(graph, start, hops, damp, watch, seed, end, &trace); err != nil {
		t.Fatal(err)
	}
	vs := slices.Clone(start)
	rs := make([]rng.XorShift, n)
	for i := range rs {
		rs[i] = rng.ForLane(seed, i)
	}
	var wantTrace []int
	for range hops {
		k := 0
		for i := range vs {
			if out := graph[vs[i]]; len(out) > 0 && rs[i].Bernoulli(damp) {
				vs[i] = out[rs[i].Intn(len(out))]
			} else {
				vs[i] = rs[i].Intn(len(graph))
			}
			k += b2i(vs[i] == watch)
		}
		wantTrace = append(wantTrace, k)
	}
	if !slices.Equal(end, vs) || !slices.Equal(trace, wantTrace) {
		t.Errorf("got %v %v, want %v %v", end, trace, vs, wantTrace)
	}
}

func TestRandomSurfersStopAtDangling(t *testing.T) {
	start := []int{0, 1, 2, 4, 5, 7, 0, 2}
	var trace []int
	wantDivergence(t, "RandomSurfersStopAtDangling", RandomSurfersStopAtDangling(graph, start, 15, 0.85, 0, 6, make([]int, 8), &trace))
}

func TestPathQueue(t *testing.T) {
	const lanes, maxB, albedo, seed = 16, 30, 0.7, 8
	queue := make([]int, lanes*maxB)
	lens, depth := make([]int, maxB), make([]int, lanes)
	if err := PathQueue(lanes, maxB, albedo, seed, queue, lens, depth); err != nil {
		t.Fatal(err)
	}
	// Reference: the bounce after which each path dies (or maxB).
	wantDepth := make([]int, lanes)
	died := make([]int, lanes)
	for i := range lanes {
		r := rng.ForLane(seed, i)
		tp := 1.0
		died[i] = maxB
		for b := range maxB {
			tp *= albedo
			wantDepth[i]++
			if q := min(1, 4*tp); r.Float64() >= q {
				died[i] = b
				break
			} else {
				tp /= q
			}
		}
	}
	if !slices.Equal(depth, wantDepth) {
		t.Errorf("depth = %v, want %v", depth, wantDepth)
	}
	for b := range maxB {
		var row []int
		for i := range lanes {
			if died[i] > b {
				row = append(row, i)
			}
		}
		if lens[b] != len(row) || !slices.Equal(queue[b*lanes:b*lanes+len(row)], row) {
			t.Errorf("bounce %d: queue %v (%d), want %v", b, queue[b*lanes:b*lanes+lens[b]], lens[b], row)
		}
		if len(row) == 0 {
			break
		}
	}
}

func TestPathQueueBreakOnKill(t *testing.T) {
	const lanes, maxB = 16, 30
	wantDivergence(t, "PathQueueBreakOnKill", PathQueueBreakOnKill(lanes, maxB, 0.7, 8, make([]int, lanes*maxB), make([]int, maxB), make([]int, lanes)))
}

func sawRef(n int, seed uint64, lane int) (d2, restarts int) {
	r := rng.ForLane(seed, lane)
	for {
		seen := map[[2]int]bool{{0, 0}: true}
		x, y, ok := 0, 0, true
		for k := 0; k < n && ok; k++ {
			var free [][2]int
			for _, d := range dirs {
				if p := [2]int{x + d[0], y + d[1]}; !seen[p] {
					free = append(free, p)
				}
			}
			if len(free) == 0 {
				ok = false
				break
			}
			p := free[r.Intn(len(free))]
			seen[p] = true
			x, y = p[0], p[1]
		}
		if ok {
			return x*x + y*y, restarts
		}
		restarts++
	}
}

func TestSelfAvoidingWalks(t *testing.T) {
	const lanes, n, seed = 16, 40, 10
	r2 := make([]int, lanes)
	var mean float64
	var most int
	if err := SelfAvoidingWalks(lanes, n, seed, r2, &mean, &most); err != nil {
		t.Fatal(err)
	}
	sum, wantMost := 0, 0
	for i := range lanes {
		d2, rs := sawRef(n, seed, i)
		if r2[i] != d2 {
			t.Errorf("r2[%d] = %d, want %d", i, r2[i], d2)
		}
		sum += d2
		wantMost = max(wantMost, rs)
	}
	if mean != float64(sum)/lanes || most != wantMost || most == 0 {
		t.Errorf("mean %v, most %d; want %v, %d (> 0)", mean, most, float64(sum)/lanes, wantMost)
	}
}

func TestSelfAvoidingWalksTrackLongest(t *testing.T) {
	var mean float64
	var most int
	wantDivergence(t, "SelfAvoidingWalksTrackLongest", SelfAvoidingWalksTrackLongest(16, 40, 10, make([]int, 16), &mean, &most))
}

func TestWallWalkers(t *testing.T) {
	x0 := []int{0, 3, 5, 6, 7, -2, 1, 4}
	const wall, steps, every, seed = 8, 40, 4, 12
	want := slices.Clone(x0)
	rs := make([]rng.XorShift, len(x0))
	for i := range rs {
		rs[i] = rng.ForLane(seed, i)
	}
	var wantSpread []int
	for step := range steps {
		for i := range want {
			if want[i] < wall {
				want[i] += 2*int(rs[i].Next()>>63) - 1
			}
		}
		if step%every == 0 {
			wantSpread = append(wantSpread, slices.Max(want)-slices.Min(want))
		}
	}
	var spread []int
	if err := WallWalkers(x0, wall, steps, every, seed, &spread); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(x0, want) || !slices.Equal(spread, wantSpread) {
		t.Errorf("got %v %v, want %v %v", x0, spread, want, wantSpread)
	}
	if !slices.Contains(want, wall) {
		t.Errorf("no walker reached the wall: %v", want)
	}
}

func TestWallWalkersStopAtWall(t *testing.T) {
	x0 := []int{0, 3, 5, 6, 7, -2, 1, 4}
	var spread []int
	wantDivergence(t, "WallWalkersStopAtWall", WallWalkersStopAtWall(x0, 8, 40, 4, 12, &spread))
}

func TestCollisionCensus(t *testing.T) {
	const lanes, thick, steps, seed = 16, 3.0, 12, 14
	var census []int
	if err := CollisionCensus(lanes, thick, steps, seed, &census); err != nil {
		t.Fatal(err)
	}
	want := make([]int, steps)
	for i := range lanes {
		r := rng.ForLane(seed, i)
		x, inside := thick/2, true
		for k := range steps {
			want[k] += b2i(inside)
			if inside {
				x += (2*r.Float64() - 1) * r.Exp()
				inside = 0 <= x && x < thick
			}
		}
	}
	if !slices.Equal(census, want) {
		t.Errorf("census = %v, want %v", census, want)
	}
	if want[steps-1] == lanes {
		t.Errorf("no particle escaped")
	}
}

func TestCollisionCensusUntilEscape(t *testing.T) {
	var census []int
	wantDivergence(t, "CollisionCensusUntilEscape", CollisionCensusUntilEscape(16, 3, 12, 14, &census))
}

func TestVoterModel(t *testing.T) {
	op := []int{0, 0, 0, 1, 1, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0, 1}
	const n, seed = 10, 15
	sites := len(op)
	cur := slices.Clone(op)
	rs := make([]rng.XorShift, sites)
	for i := range rs {
		rs[i] = rng.ForLane(seed, i)
	}
	for range n {
		next := make([]int, sites)
		for i := range sites {
			left, right := (i+sites-1)%sites, (i+1)%sites
			j := [3]int{left, i, right}[rs[i].Intn(3)]
			if cur[left] == cur[i] && cur[i] == cur[right] {
				j = i
			}
			next[i] = cur[j]
		}
		cur = next
	}
	if err := VoterModel(op, n, seed); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(op, cur) {
		t.Errorf("got %v, want %v", op, cur)
	}
}

func TestVoterModelFreeze(t *testing.T) {
	op := []int{0, 0, 0, 1, 1, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0, 1}
	wantDivergence(t, "VoterModelFreeze", VoterModelFreeze(op, 10, 15))
}
