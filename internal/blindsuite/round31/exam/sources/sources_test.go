package sources

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("got %v, want a *spmd.DivergenceError", err)
	}
}

func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func eq[T comparable](t *testing.T, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("got %v, want %v", got, want)
	}
}

func eqs[T comparable](t *testing.T, got, want []T) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

var data8 = []int{3, -4, 12, 7, -20, 5, 30, 1}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

func TestSourcesBugs(t *testing.T) {
	_, err := LowHalfSum(data8)
	diverges(t, err)
	diverges(t, RowSync(make([]int, 8), 4))
	_, err = BlockTailSum(make([]float64, 12), 1)
	diverges(t, err)
	diverges(t, SmoothOdd(make([]float64, 8)))
}

func TestSourcesOK(t *testing.T) {
	s, err := WideGroupSum(data8)
	ok(t, err)
	eq(t, s, sum(data8))

	grid := make([]int, 8)
	ok(t, RowsSync(grid, 4))
	eqs(t, grid, []int{2, 2, 2, 2, 2, 2, 2, 2})

	d := make([]float64, 12)
	for i := range d {
		d[i] = float64(i)
	}
	f, err := BlockFullSum(d, 1)
	ok(t, err)
	eq(t, f, 8.0+9+10+11)

	buf := []float64{8, 8, 8, 8}
	ok(t, SmoothAll(buf))
	eqs(t, buf, []float64{1, 1, 1, 1})
}

func TestOperators(t *testing.T) {
	_, err := ClearBitSync(0b1010_0101)
	diverges(t, err)
	n, err := ClearTopSync(0b1010_0101)
	ok(t, err)
	eq(t, n, 1)

	_, err = NegatedPeak(data8)
	diverges(t, err)
	p, err := NegatedBias(data8, 5)
	ok(t, err)
	eq(t, p, 25)

	diverges(t, UpperFractionSync(make([]int, 8)))
	out := make([]int, 8)
	ok(t, LoadFractionSync(out, 6))
	eqs(t, out, []int{75, 75, 75, 75, 75, 75, 75, 75})

	records := []int{0, 3, 1, 2, 0, 4, 1, 1}
	diverges(t, KeepLevels(records, make([]int, 8)))
	kept := make([]int, 8)
	ok(t, KeepAbove(records, kept, 3))
	eqs(t, kept, []int{12, 12, 12, 12, 12, 12, 12, 12})
}

func TestInterfacesTuples(t *testing.T) {
	tags := []string{"hot", "cold", "hot", "warm", "cold", "hot", "x", "y"}
	_, err := TagSync(tags)
	diverges(t, err)
	h, err := ModeSync(tags, "hot")
	ok(t, err)
	eq(t, h, 3)

	diverges(t, LabelWidth(make([]string, 8)))
	labels := make([]string, 8)
	ok(t, CountWidth(labels))
	eq(t, labels[3], "56")

	_, err = ThirdsSync(data8)
	diverges(t, err)
	s, err := GroupThirdsSync(data8)
	ok(t, err)
	eq(t, s, sum(data8))

	diverges(t, TileStart(make([]int, 12), 3))
	buf := make([]int, 12)
	ok(t, TileWidth(buf, 3))
	eqs(t, buf, []int{0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3})

	keep := []bool{true, false, true, true, false, false, true, false}
	diverges(t, KeptRank(keep, make([]int, 8)))
	pos := make([]int, 8)
	ok(t, KeptTotal(keep, pos))
	eqs(t, pos, []int{0, 1, 1, 2, 3, 3, 3, 4})

	samples := []any{1.5, 2, "x", 4.0, 5.0, nil, 0.5, 1.0}
	_, err = FloatSamples(samples)
	diverges(t, err)
	fs, err := FloatHeader(samples)
	ok(t, err)
	eq(t, fs, 1.5*28)

	prog := []any{1, "ab", 3, "c", 5, 6, "def", 8}
	diverges(t, Opcodes(prog, make([]int, 8)))
	acc := make([]int, 4)
	ok(t, Header(7, acc))
	eqs(t, acc, []int{28, 28, 28, 28})
	ok(t, Header("abc", acc))
	eqs(t, acc, []int{3, 3, 3, 3})
}

func TestFieldsSlicesMaps(t *testing.T) {
	ps := []Particle{{0, 1, true}, {0, 1, false}, {0, 2, true}, {0, 1, false}}
	diverges(t, StepAlive(ps))
	ps = []Particle{{0, 1, true}, {0, 1, false}, {0, 2, true}, {0, 1, false}}
	ok(t, StepLeader(ps, 0))
	eq(t, ps[2].X, 2.0)
	eq(t, ps[1].X, 1.0)

	cfgs := []Config{{1, true}, {2, false}, {3, true}}
	diverges(t, ChannelGain(cfgs, make([]float64, 6)))
	out := make([]float64, 6)
	ok(t, MasterGain(cfgs, out, 2))
	eq(t, out[4], 15.0)

	diverges(t, WeightedRounds(make([]int, 8)))
	rounds := make([]int, 8)
	ok(t, ModeRounds(rounds, 3))
	eq(t, rounds[5], 0+8+16)

	diverges(t, SuffixSums(data8, make([]int, 8)))
	ws := make([]int, 4)
	ok(t, WindowSums([]int{1, 2, 3, 4, 5}, ws, 1, 3))
	eqs(t, ws, []int{30, 30, 30, 30}) // (2+3)*(0+1+2+3)

	prices := map[string]int{"tea": 50, "gold": 900, "car": 20000, "pen": 2}
	items := []string{"tea", "gold", "pen", "car"}
	diverges(t, Expensive(items, prices, make([]int, 4)))
	bp := make([]int, 4)
	ok(t, BasePrice(items, prices, bp, "gold"))
	eqs(t, bp, []int{4*900 + 20952, 24552, 24552, 24552})

	ids := []int{1, 2, 3, 4, 5, 6}
	banned := map[int]bool{2: true, 5: true}
	_, err := BannedSkip(ids, banned)
	diverges(t, err)
	k, err := BannedBatch(ids, banned, 7)
	ok(t, err)
	eq(t, k, 6)
	k, err = BannedBatch(ids, banned, 5)
	ok(t, err)
	eq(t, k, 0)
}

func TestRangeSelectPhi(t *testing.T) {
	words := []string{"go", "kernel", "lane", "a", "warp", "barrier", "sync", "io"}
	diverges(t, WordLengths(words, make([]int, 8)))
	kl := make([]int, 8)
	ok(t, KeywordLength(words, kl, "simd"))
	eq(t, kl[1], 10)

	diverges(t, Vowels(words, make([]int, 8)))
	pv := make([]int, 8)
	ok(t, PatternVowels(words, pv, "ae"))
	// lanes whose word has an 'a': lane, a, warp, barrier = 4; an 'e': kernel, lane, barrier = 3
	eq(t, pv[0], 7)

	fill := func() chan int {
		q := make(chan int, 3)
		q <- 10
		q <- 20
		q <- 30
		return q
	}
	_, err := Tickets(fill())
	diverges(t, err)
	s, err := TicketsAfter(fill())
	ok(t, err)
	eq(t, s, 60)
	_, err = GotTicket(fill())
	diverges(t, err)
	g, err := AnyTicket(fill())
	ok(t, err)
	eq(t, g, 8)

	diverges(t, SignRepeats(data8))
	hr := make([]int, 8)
	ok(t, HeadRepeats(data8, hr))
	eqs(t, hr, []int{2, 2, 2, 2, 2, 2, 2, 2})

	class := []int{0, 1, 2, 0, 1, 1, 0, 2}
	diverges(t, ClassStep(class, make([]int, 8)))
	ms := make([]int, 8)
	ok(t, ModeStep(class, ms, 1))
	eq(t, ms[0], 4*7)
}

type modMetric int

func (m modMetric) Weight(x int) int { return x % int(m) }

func TestCallsClosures(t *testing.T) {
	keys := []int{1, 2, 3, 4, 5, 6, 7, 8}
	diverges(t, HashBucket(keys, 99, make([]int, 8)))
	out := make([]int, 8)
	ok(t, HashSeed(keys, 99, out))

	diverges(t, EdgeExchange(make([]float64, 8)))
	row := []float64{1, 2, 3}
	ok(t, EdgeGroup(row))
	eqs(t, row, []float64{2, 4, 6})

	diverges(t, BorderLanes(2, make([]int, 8)))
	wb := make([]int, 8)
	ok(t, WideBorder(2, wb))
	eq(t, wb[7], 8)

	_, err := OverLimit(data8, 6)
	diverges(t, err)
	n, err := LimitOverBase(data8, 6, 10)
	ok(t, err)
	eq(t, n, sum(data8))

	score := func(x int) int { return x - 4 }
	diverges(t, ScoreGate(data8, score, make([]int, 8)))
	sc := make([]int, 8)
	ok(t, ScoreThreshold(data8, score, sc, 6))
	eq(t, sc[0], 2*sum(data8))

	items := []int{1, 5, 2, 9, 3, 4}
	diverges(t, HeavyItems(modMetric(3), items, make([]int, 6)))
	ui := make([]int, 6)
	ok(t, UnitItems(modMetric(3), items, ui, 2))
	eqs(t, ui, []int{1, 2, 2, 0, 0, 1})
}

func TestMoreStyles(t *testing.T) {
	rows := [][]float64{{1, 2}, {3}, {4, 5, 6}}
	diverges(t, RowSamples(rows, make([]float64, 3)))
	rs := make([]float64, 3)
	ok(t, RefSamples(rows, rs, 2))
	eqs(t, rs, []float64{45, 45, 45})

	diverges(t, Digits(make([]byte, 8)))
	cd := make([]byte, 8)
	ok(t, CountDigit(cd))
	eq(t, string(cd), "88888888")

	diverges(t, Prefixes([]int{1, 2, 3, 4}, make([]int, 4)))
	hd := make([]int, 4)
	ok(t, Heads([]int{1, 2, 3, 4}, hd, 3))
	eqs(t, hd, []int{24, 24, 24, 24})

	diverges(t, Checked([]int{1, -1, 2, 3}, make([]int, 4)))
	co := make([]int, 4)
	ok(t, CheckedLimit([]int{1, -1, 2, 3}, co, 5))
	eqs(t, co, []int{-1, 2, 3, 1})

	diverged := false
	for range 20 {
		hi, lo := make(chan int, 8), make(chan int, 8)
		for k := range 8 {
			hi <- 100 + k
			lo <- k
		}
		if err := Priority(hi, lo, make([]int, 8)); err != nil {
			diverges(t, err)
			diverged = true
			break
		}
	}
	if !diverged {
		t.Fatal("Priority: no divergence in 20 runs")
	}
	hi, lo := make(chan int, 8), make(chan int, 8)
	for range 8 {
		hi <- 100
		lo <- 1
	}
	po := make([]int, 8)
	ok(t, PriorityAfter(hi, lo, po))
	if (po[0]-8)%99 != 0 || po[0] != po[7] {
		t.Errorf("PriorityAfter = %v", po)
	}

	diverges(t, Band(2, 5, make([]int, 8)))
	bm := make([]int, 8)
	ok(t, BandMid(2, 5, bm))
	eqs(t, bm, []int{28, 28, 28, 28, 28, 28, 28, 28})

	filters := []func(int) bool{func(v int) bool { return v > 0 }, func(v int) bool { return v%2 == 0 }}
	_, err := FilterChain(data8, filters, 0)
	diverges(t, err)
	fg, err := FilterGate(data8, filters, 1, 4)
	ok(t, err)
	eq(t, fg[2], sum(data8))
	fg, err = FilterGate(data8, filters, 1, 3)
	ok(t, err)
	eq(t, fg[2], 0)
}
