package spmd_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// laneCounts are the group sizes every collective is tried with: a lone
// lane, an odd size, and the sizes of common GPU waves.
var laneCounts = []int{1, 2, 7, 32, 64}

// eachCount runs f as a subtest for every size in laneCounts.
func eachCount(t *testing.T, f func(t *testing.T, n int)) {
	t.Helper()
	for _, n := range laneCounts {
		t.Run(fmt.Sprintf("lanes=%d", n), func(t *testing.T) { f(t, n) })
	}
}

// perLane runs kernel in n lanes and returns what each lane computed,
// indexed by lane.
func perLane[T any](t *testing.T, n int, kernel func(l spmd.Lane) T) []T {
	t.Helper()
	out := make([]T, n)
	if err := spmd.Run(n, func(l spmd.Lane) { out[l.Index()] = kernel(l) }); err != nil {
		t.Fatalf("Run: %v", err)
	}
	return out
}

// fill returns the n values f(0), ..., f(n-1).
func fill[T any](n int, f func(i int) T) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

// checkLanes compares per-lane results with the expected ones.
func checkLanes[T comparable](t *testing.T, what string, got, want []T) {
	t.Helper()
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s: lane %d got %v, want %v", what, i, got[i], want[i])
		}
	}
}

// uniform returns n copies of v: what a uniform result looks like.
func uniform[T any](n int, v T) []T {
	return fill(n, func(int) T { return v })
}

func TestIndexCount(t *testing.T) {
	eachCount(t, func(t *testing.T, n int) {
		got := perLane(t, n, func(l spmd.Lane) [2]int { return [2]int{l.Index(), l.Count()} })
		checkLanes(t, "Index, Count", got, fill(n, func(i int) [2]int { return [2]int{i, n} }))
	})
}

func TestAnyAllBallot(t *testing.T) {
	preds := []struct {
		name string
		p    func(i, n int) bool
	}{
		{"none", func(i, n int) bool { return false }},
		{"every", func(i, n int) bool { return true }},
		{"first", func(i, n int) bool { return i == 0 }},
		{"last", func(i, n int) bool { return i == n-1 }},
		{"multiples of 3", func(i, n int) bool { return i%3 == 0 }},
	}
	eachCount(t, func(t *testing.T, n int) {
		for _, pred := range preds {
			ps := fill(n, func(i int) bool { return pred.p(i, n) })
			var mask uint64
			for i, p := range ps {
				if p {
					mask |= 1 << i
				}
			}
			anyP := slices.Contains(ps, true)
			allP := !slices.Contains(ps, false)

			type result struct {
				any, all bool
				ballot   uint64
			}
			got := perLane(t, n, func(l spmd.Lane) result {
				p := ps[l.Index()]
				return result{spmd.Any(l, p), spmd.All(l, p), spmd.Ballot(l, p)}
			})
			checkLanes(t, pred.name, got, uniform(n, result{anyP, allP, mask}))
		}
	})
}

func TestBallotFullMask(t *testing.T) {
	got := perLane(t, 64, func(l spmd.Lane) uint64 { return spmd.Ballot(l, true) })
	checkLanes(t, "Ballot(true) in 64 lanes", got, uniform(64, uint64(math.MaxUint64)))
}

func TestReduceInt(t *testing.T) {
	eachCount(t, func(t *testing.T, n int) {
		vs := fill(n, func(i int) int { return (i*37)%11 - 5 })
		want := [3]int{0, slices.Min(vs), slices.Max(vs)}
		for _, v := range vs {
			want[0] += v
		}
		got := perLane(t, n, func(l spmd.Lane) [3]int {
			v := vs[l.Index()]
			return [3]int{spmd.ReduceAdd(l, v), spmd.ReduceMin(l, v), spmd.ReduceMax(l, v)}
		})
		checkLanes(t, "ReduceAdd, ReduceMin, ReduceMax", got, uniform(n, want))
	})
}

func TestReduceFloat(t *testing.T) {
	eachCount(t, func(t *testing.T, n int) {
		vs := fill(n, func(i int) float64 { return math.Sin(float64(i)) * 1e3 })
		var sum float64
		for _, v := range vs { // lane order, as documented
			sum += v
		}
		want := [3]float64{sum, slices.Min(vs), slices.Max(vs)}
		got := perLane(t, n, func(l spmd.Lane) [3]float64 {
			v := vs[l.Index()]
			return [3]float64{spmd.ReduceAdd(l, v), spmd.ReduceMin(l, v), spmd.ReduceMax(l, v)}
		})
		checkLanes(t, "float64", got, uniform(n, want))

		got32 := perLane(t, n, func(l spmd.Lane) float32 { return spmd.ReduceAdd(l, float32(0.5)) })
		checkLanes(t, "float32", got32, uniform(n, float32(n)/2))
	})
}

func TestReduceNaN(t *testing.T) {
	got := perLane(t, 4, func(l spmd.Lane) [2]float64 {
		v := float64(l.Index())
		if l.Index() == 2 {
			v = math.NaN()
		}
		return [2]float64{spmd.ReduceMin(l, v), spmd.ReduceMax(l, v)}
	})
	for i, r := range got {
		if !math.IsNaN(r[0]) || !math.IsNaN(r[1]) {
			t.Errorf("lane %d: min, max = %v, want NaN", i, r)
		}
	}
}

func TestReduceDefinedTypes(t *testing.T) {
	type celsius int8
	got := perLane(t, 4, func(l spmd.Lane) [3]celsius {
		v := celsius(100) // four lanes overflow int8: the sum wraps like +
		return [3]celsius{spmd.ReduceAdd(l, v), spmd.ReduceMin(l, v-celsius(l.Index())), spmd.ReduceMax(l, v+celsius(l.Index()))}
	})
	var sum celsius
	for range 4 {
		sum += 100
	}
	checkLanes(t, "celsius", got, uniform(4, [3]celsius{sum, 97, 103}))

	gotU := perLane(t, 3, func(l spmd.Lane) uintptr { return spmd.ReduceAdd(l, uintptr(l.Index())) })
	checkLanes(t, "uintptr", gotU, uniform(3, uintptr(3)))
}

func TestBroadcast(t *testing.T) {
	eachCount(t, func(t *testing.T, n int) {
		names := fill(n, func(i int) string { return fmt.Sprintf("lane-%d", i) })
		for _, src := range []int{0, n / 2, n - 1} {
			got := perLane(t, n, func(l spmd.Lane) string { return spmd.Broadcast(l, names[l.Index()], src) })
			checkLanes(t, fmt.Sprintf("Broadcast from %d", src), got, uniform(n, names[src]))
		}
		// A divergent src makes Broadcast a shuffle.
		got := perLane(t, n, func(l spmd.Lane) string { return spmd.Broadcast(l, names[l.Index()], n-1-l.Index()) })
		checkLanes(t, "Broadcast reversed", got, fill(n, func(i int) string { return names[n-1-i] }))

		first := perLane(t, n, func(l spmd.Lane) string { return spmd.BroadcastFirst(l, names[l.Index()]) })
		checkLanes(t, "BroadcastFirst", first, uniform(n, names[0]))
	})
}

func TestShuffle(t *testing.T) {
	eachCount(t, func(t *testing.T, n int) {
		type point struct{ x, y int }
		got := perLane(t, n, func(l spmd.Lane) point {
			i := l.Index()
			return spmd.Shuffle(l, point{i, -i}, (i+1)%n)
		})
		checkLanes(t, "rotate", got, fill(n, func(i int) point { j := (i + 1) % n; return point{j, -j} }))

		got = perLane(t, n, func(l spmd.Lane) point { return spmd.Shuffle(l, point{l.Index(), 0}, 0) })
		checkLanes(t, "all from lane 0", got, uniform(n, point{0, 0}))
	})
}

func TestShuffleXor(t *testing.T) {
	for _, n := range []int{1, 2, 32, 64} { // powers of two: every partner exists
		for mask := range n {
			got := perLane(t, n, func(l spmd.Lane) int { return spmd.ShuffleXor(l, 10*l.Index(), mask) })
			checkLanes(t, fmt.Sprintf("lanes=%d mask=%d", n, mask), got, fill(n, func(i int) int { return 10 * (i ^ mask) }))
		}
	}
	// In an odd group, mask 0 is still fine.
	got := perLane(t, 7, func(l spmd.Lane) int { return spmd.ShuffleXor(l, l.Index(), 0) })
	checkLanes(t, "lanes=7 mask=0", got, fill(7, func(i int) int { return i }))
}

// TestButterflySum is the classic use of ShuffleXor: after log2(n) exchanges
// every lane holds the total.
func TestButterflySum(t *testing.T) {
	const n = 32
	got := perLane(t, n, func(l spmd.Lane) int {
		v := l.Index() + 1
		for mask := 1; mask < l.Count(); mask <<= 1 {
			v += spmd.ShuffleXor(l, v, mask)
		}
		return v
	})
	checkLanes(t, "butterfly", got, uniform(n, n*(n+1)/2))
}

func TestPrefixSums(t *testing.T) {
	eachCount(t, func(t *testing.T, n int) {
		vs := fill(n, func(i int) int64 { return int64(i%4 + 1) })
		got := perLane(t, n, func(l spmd.Lane) [2]int64 {
			v := vs[l.Index()]
			return [2]int64{spmd.InclusiveAdd(l, v), spmd.ExclusiveAdd(l, v)}
		})
		want := make([][2]int64, n)
		var sum int64
		for i, v := range vs {
			want[i] = [2]int64{sum + v, sum}
			sum += v
		}
		checkLanes(t, "InclusiveAdd, ExclusiveAdd", got, want)

		gotF := perLane(t, n, func(l spmd.Lane) float64 { return spmd.InclusiveAdd(l, 0.25) })
		checkLanes(t, "float64", gotF, fill(n, func(i int) float64 { return 0.25 * float64(i+1) }))
	})
}

// TestBarrierTreeReduction sums a shared slice in place, halving the active
// lanes at each step. Every lane reaches every barrier (the loop bound is
// uniform), and the barriers are what make each step see the previous one's
// writes: without them the race detector objects.
func TestBarrierTreeReduction(t *testing.T) {
	eachCount(t, func(t *testing.T, n int) {
		buf := fill(n, func(i int) int { return i * i })
		want := 0
		for _, v := range buf {
			want += v
		}
		err := spmd.Run(n, func(l spmd.Lane) {
			i := l.Index()
			for stride := 1; stride < l.Count(); stride *= 2 {
				if i%(2*stride) == 0 && i+stride < l.Count() {
					buf[i] += buf[i+stride]
				}
				l.Barrier()
			}
		})
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
		if buf[0] != want {
			t.Errorf("sum = %d, want %d", buf[0], want)
		}
	})
}

// TestBarrierPhases has each lane read what its neighbour wrote before the
// barrier, then overwrite its own slot after a second barrier.
func TestBarrierPhases(t *testing.T) {
	eachCount(t, func(t *testing.T, n int) {
		shared := make([]int, n)
		got := perLane(t, n, func(l spmd.Lane) int {
			i := l.Index()
			shared[i] = 100 + i
			l.Barrier()
			v := shared[(i+1)%l.Count()]
			l.Barrier()
			shared[i] = -1
			return v
		})
		checkLanes(t, "neighbour", got, fill(n, func(i int) int { return 100 + (i+1)%n }))
	})
}

func TestMaxLanes(t *testing.T) {
	n := spmd.MaxLanes
	got := perLane(t, n, func(l spmd.Lane) [2]int {
		return [2]int{spmd.ReduceAdd(l, l.Index()), spmd.ExclusiveAdd(l, 1)}
	})
	checkLanes(t, "MaxLanes", got, fill(n, func(i int) [2]int { return [2]int{n * (n - 1) / 2, i} }))
}
