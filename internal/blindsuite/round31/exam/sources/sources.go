// Package sources holds kernels about where lane dependence comes from and
// how it flows through values: arithmetic, conversions, interfaces, tuples,
// fields and elements, slices, maps, type assertions, ranges, select, phis,
// calls, closures and unknown callees. Each bug kernel has a twin right
// after it in which the same value is computed from a uniform input.
package sources

import (
	"fmt"
	"strings"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round31/exam/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

// Lanes is the group size of every kernel of this package.
const Lanes = 8

// Passes is a global: uniform in every kernel.
var Passes = 2

// ---------------------------------------------------------------------------
// Sources

// LowHalfSum kernel(bug): the lanes of the lower half add up their elements;
// the condition is the lane index itself.
func LowHalfSum(data []int) (int, error) {
	var out int
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		i := l.Index()
		if i < Lanes/2 {
			s := spmd.ReduceAdd(l, data[i]) // EXPECT
			if i == 0 {
				out = s
			}
		}
	})
	return out, err
}

// WideGroupSum kernel(ok): the twin of LowHalfSum; the condition is
// l.Count(), the same in every lane.
func WideGroupSum(data []int) (int, error) {
	var out int
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		i := l.Index()
		if l.Count() >= Lanes/2 {
			s := spmd.ReduceAdd(l, data[i])
			if i == 0 {
				out = s
			}
		}
	})
	return out, err
}

// rowSyncKernel lays the lanes out as a grid of cols columns; only the
// first row waits for the others. The row is derived from the lane index.
//
//spmd:kernel
func rowSyncKernel(l spmd.Lane, grid []int, cols int) {
	row := l.Index() / cols
	grid[l.Index()] = row
	if row == 0 {
		l.Barrier() // EXPECT
	}
}

// RowSync kernel(bug): launches rowSyncKernel.
func RowSync(grid []int, cols int) error {
	return spmd.Run(len(grid), func(l spmd.Lane) { rowSyncKernel(l, grid, cols) })
}

// rowsSyncKernel is the twin of rowSyncKernel: the number of rows depends
// on the kernel parameter cols and on l.Count() only.
//
//spmd:kernel
func rowsSyncKernel(l spmd.Lane, grid []int, cols int) {
	rows := l.Count() / cols
	grid[l.Index()] = rows
	if rows > 1 {
		l.Barrier()
	}
}

// RowsSync kernel(ok): launches rowsSyncKernel.
func RowsSync(grid []int, cols int) error {
	return spmd.Run(len(grid), func(l spmd.Lane) { rowsSyncKernel(l, grid, cols) })
}

// BlockTailSum kernel(bug): the lanes whose global index (a //spmd:laneid
// helper of package kit) is inside the data add up; the others skip the
// reduction.
func BlockTailSum(data []float64, block int) (float64, error) {
	var out float64
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		g := kit.GlobalID(l, block)
		if g < len(data) {
			s := spmd.ReduceAdd(l, data[g]) // EXPECT
			if l.Index() == 0 {
				out = s
			}
		}
	})
	return out, err
}

// BlockFullSum kernel(ok): the twin of BlockTailSum; the test is on the
// base of the block (kit.BlockBase, inferred uniform), and lanes past the
// end add zero.
func BlockFullSum(data []float64, block int) (float64, error) {
	var out float64
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		base := kit.BlockBase(l, block)
		if base < len(data) {
			v := 0.0
			if g := base + l.Index(); g < len(data) {
				v = data[g]
			}
			s := spmd.ReduceAdd(l, v)
			if l.Index() == 0 {
				out = s
			}
		}
	})
	return out, err
}

// smoothKernel runs Passes smoothing passes (a global), each ended by a
// barrier, and the odd lanes run one more.
//
//spmd:kernel
func smoothKernel(l spmd.Lane, buf []float64) {
	i := l.Index()
	for p := 0; p < Passes+i%2; p++ {
		buf[i] *= 0.5
		l.Barrier() // EXPECT
	}
}

// SmoothOdd kernel(bug): launches smoothKernel.
func SmoothOdd(buf []float64) error {
	return spmd.Run(len(buf), func(l spmd.Lane) { smoothKernel(l, buf) })
}

// smoothAllKernel is the twin of smoothKernel: Passes (a global) plus a
// constant.
//
//spmd:kernel
func smoothAllKernel(l spmd.Lane, buf []float64) {
	i := l.Index()
	const extra = 1
	for p := 0; p < Passes+extra; p++ {
		buf[i] *= 0.5
		l.Barrier()
	}
}

// SmoothAll kernel(ok): launches smoothAllKernel.
func SmoothAll(buf []float64) error {
	return spmd.Run(len(buf), func(l spmd.Lane) { smoothAllKernel(l, buf) })
}

// ---------------------------------------------------------------------------
// Binary and unary operators, conversions, changetype

// ClearBitSync kernel(bug): each lane clears its own bit of a mask (shift,
// complement, and) and waits if the mask changed.
func ClearBitSync(mask uint64) (int, error) {
	var synced int
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		m := mask &^ (1 << l.Index())
		if m != mask {
			l.Barrier() // EXPECT
			if l.Index() == 0 {
				synced = 1
			}
		}
	})
	return synced, err
}

// ClearTopSync kernel(ok): the twin of ClearBitSync; the bit cleared is the
// top lane's, 1 << (Count()-1), the same in every lane.
func ClearTopSync(mask uint64) (int, error) {
	var synced int
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		m := mask &^ (1 << (l.Count() - 1))
		if m != mask {
			l.Barrier()
			if l.Index() == 0 {
				synced = 1
			}
		}
	})
	return synced, err
}

// NegatedPeak kernel(bug): a unary minus and a logical not on lane data
// decide whether to take part in the max.
func NegatedPeak(data []int) (int, error) {
	var peak int
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		neg := -data[l.Index()]
		small := !(neg < -10)
		if small {
			p := spmd.ReduceMax(l, neg) // EXPECT
			if l.Index() == 0 {
				peak = p
			}
		}
	})
	return peak, err
}

// NegatedBias kernel(ok): the twin of NegatedPeak; the negated value is the
// bias parameter.
func NegatedBias(data []int, bias int) (int, error) {
	var peak int
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		neg := -bias
		small := !(neg < -10)
		if small {
			p := spmd.ReduceMax(l, neg+data[l.Index()])
			if l.Index() == 0 {
				peak = p
			}
		}
	})
	return peak, err
}

// UpperFractionSync kernel(bug): the lane's position as a float fraction of
// the group, converted back to an int percentage.
func UpperFractionSync(out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		f := float64(l.Index()) / float64(l.Count())
		pct := int32(f * 100)
		out[l.Index()] = int(pct)
		if pct >= 50 {
			l.Barrier() // EXPECT
		}
	})
}

// LoadFractionSync kernel(ok): the twin of UpperFractionSync; the fraction
// is the load factor n/Count, uniform.
func LoadFractionSync(out []int, n int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		f := float64(n) / float64(l.Count())
		pct := int32(f * 100)
		out[l.Index()] = int(pct)
		if pct >= 50 {
			l.Barrier()
		}
	})
}

// Level is a log level: converting an int to it is a changetype.
type Level int

// Warn is the level from which records are kept.
const Warn Level = 2

// Keep reports whether records of level lv are kept.
func (lv Level) Keep() bool { return lv >= Warn }

// levelKernel keeps the records of its lane's level: Level(records[i]) is
// lane-dependent.
//
//spmd:kernel
func levelKernel(l spmd.Lane, records []int, kept []int) {
	lv := Level(records[l.Index()])
	if lv.Keep() {
		n := spmd.ReduceAdd(l, 1) // EXPECT
		kept[l.Index()] = n
	}
}

// KeepLevels kernel(bug): launches levelKernel.
func KeepLevels(records, kept []int) error {
	return spmd.Run(len(records), func(l spmd.Lane) { levelKernel(l, records, kept) })
}

// minLevelKernel is the twin of levelKernel: the level converted is the
// kernel parameter minLevel.
//
//spmd:kernel
func minLevelKernel(l spmd.Lane, records []int, kept []int, minLevel int) {
	lv := Level(minLevel)
	if lv.Keep() {
		n := spmd.ReduceAdd(l, records[l.Index()])
		kept[l.Index()] = n
	}
}

// KeepAbove kernel(ok): launches minLevelKernel.
func KeepAbove(records, kept []int, minLevel int) error {
	return spmd.Run(len(records), func(l spmd.Lane) { minLevelKernel(l, records, kept, minLevel) })
}

// ---------------------------------------------------------------------------
// Interfaces, tuples, type assertions

// TagSync kernel(bug): the lane's tag is boxed in an interface and compared
// with a boxed constant.
func TagSync(tags []string) (int, error) {
	var hits int
	err := spmd.Run(len(tags), func(l spmd.Lane) {
		var v any = tags[l.Index()]
		if v == any("hot") {
			h := spmd.ReduceAdd(l, 1) // EXPECT
			if l.Index() == 0 {
				hits = h
			}
		}
	})
	return hits, err
}

// ModeSync kernel(ok): the twin of TagSync; the boxed value is the mode
// parameter.
func ModeSync(tags []string, mode string) (int, error) {
	var hits int
	err := spmd.Run(len(tags), func(l spmd.Lane) {
		var v any = mode
		if v == any("hot") {
			one := 0
			if tags[l.Index()] == "hot" {
				one = 1
			}
			h := spmd.ReduceAdd(l, one)
			if l.Index() == 0 {
				hits = h
			}
		}
	})
	return hits, err
}

// LabelWidth kernel(bug): the lane's id goes through fmt.Sprint (an
// interface argument of a call the checker does not analyze) and the length
// of the text decides a barrier.
func LabelWidth(out []string) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		s := fmt.Sprint(l.Index() * 7)
		out[l.Index()] = s
		if len(s) > 1 {
			l.Barrier() // EXPECT
		}
	})
}

// CountWidth kernel(ok): the twin of LabelWidth on l.Count().
func CountWidth(out []string) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		s := fmt.Sprint(l.Count() * 7)
		out[l.Index()] = s
		if len(s) > 1 {
			l.Barrier()
		}
	})
}

// ThirdsSync kernel(bug): the remainder of a tuple-returning helper of
// package kit decides a reduction.
func ThirdsSync(data []int) (int, error) {
	var out int
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		_, r := kit.DivMod(l.Index(), 3)
		if r == 0 {
			s := spmd.ReduceAdd(l, data[l.Index()]) // EXPECT
			if l.Index() == 0 {
				out = s
			}
		}
	})
	return out, err
}

// GroupThirdsSync kernel(ok): the twin of ThirdsSync, the helper given
// l.Count().
func GroupThirdsSync(data []int) (int, error) {
	var out int
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		_, r := kit.DivMod(l.Count(), 3)
		if r != 0 {
			s := spmd.ReduceAdd(l, data[l.Index()])
			if l.Index() == 0 {
				out = s
			}
		}
	})
	return out, err
}

// tileStartKernel branches on the first result of kit.Span, which depends
// on the tile (the lane).
//
//spmd:kernel
func tileStartKernel(l spmd.Lane, buf []int, width int) {
	first, w := kit.Span(l.Index(), width)
	for k := first; k < first+w; k++ {
		buf[k] = l.Index()
	}
	if first > 0 {
		l.Barrier() // EXPECT
	}
}

// TileStart kernel(bug): launches tileStartKernel.
func TileStart(buf []int, width int) error {
	return spmd.Run(len(buf)/width, func(l spmd.Lane) { tileStartKernel(l, buf, width) })
}

// tileWidthKernel is the twin of tileStartKernel: it branches on the second
// result of the same call, which depends on width only.
//
//spmd:kernel
func tileWidthKernel(l spmd.Lane, buf []int, width int) {
	first, w := kit.Span(l.Index(), width)
	for k := first; k < first+w; k++ {
		buf[k] = l.Index()
	}
	if w > 1 {
		l.Barrier()
	}
}

// TileWidth kernel(ok): launches tileWidthKernel.
func TileWidth(buf []int, width int) error {
	return spmd.Run(len(buf)/width, func(l spmd.Lane) { tileWidthKernel(l, buf, width) })
}

// KeptRank kernel(bug): the scan position (first result of kit.Compact)
// decides a barrier.
func KeptRank(keep []bool, out []int) error {
	return spmd.Run(len(keep), func(l spmd.Lane) {
		pos, _ := kit.Compact(l, keep[l.Index()])
		out[l.Index()] = pos
		if pos > 0 {
			l.Barrier() // EXPECT
		}
	})
}

// KeptTotal kernel(ok): the twin of KeptRank; the total (second result,
// a ReduceAdd) decides the barrier.
func KeptTotal(keep []bool, out []int) error {
	return spmd.Run(len(keep), func(l spmd.Lane) {
		pos, total := kit.Compact(l, keep[l.Index()])
		out[l.Index()] = pos
		if total > 0 {
			l.Barrier()
		}
	})
}

// FloatSamples kernel(bug): the lanes whose sample is a float64 take part
// in the sum; the type assertion is on the lane's element.
func FloatSamples(samples []any) (float64, error) {
	var out float64
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		if f, ok := samples[l.Index()].(float64); ok {
			s := spmd.ReduceAdd(l, f) // EXPECT
			if l.Index() == 0 {
				out = s
			}
		}
	})
	return out, err
}

// FloatHeader kernel(ok): the twin of FloatSamples; the assertion is on the
// header element, samples[0], the same for all lanes.
func FloatHeader(samples []any) (float64, error) {
	var out float64
	err := spmd.Run(len(samples), func(l spmd.Lane) {
		if f, ok := samples[0].(float64); ok {
			s := spmd.ReduceAdd(l, f*float64(l.Index()))
			if l.Index() == 0 {
				out = s
			}
		}
	})
	return out, err
}

// opcodeKernel dispatches on the dynamic type of the lane's instruction
// with a type switch.
//
//spmd:kernel
func opcodeKernel(l spmd.Lane, prog []any, acc []int) {
	switch op := prog[l.Index()].(type) {
	case int:
		acc[l.Index()] = spmd.ReduceAdd(l, op) // EXPECT
	case string:
		acc[l.Index()] = len(op)
	}
}

// Opcodes kernel(bug): launches opcodeKernel.
func Opcodes(prog []any, acc []int) error {
	return spmd.Run(len(prog), func(l spmd.Lane) { opcodeKernel(l, prog, acc) })
}

// headerKernel is the twin of opcodeKernel: the type switch is on the
// kernel parameter hdr.
//
//spmd:kernel
func headerKernel(l spmd.Lane, hdr any, acc []int) {
	switch op := hdr.(type) {
	case int:
		acc[l.Index()] = spmd.ReduceAdd(l, op)
	case string:
		acc[l.Index()] = len(op)
	}
}

// Header kernel(ok): launches headerKernel.
func Header(hdr any, acc []int) error {
	return spmd.Run(len(acc), func(l spmd.Lane) { headerKernel(l, hdr, acc) })
}

// ---------------------------------------------------------------------------
// Fields, elements and their address forms, slicing, map lookups

// Particle is an element of a particle buffer.
type Particle struct {
	X, V  float64
	Alive bool
}

// StepAlive kernel(bug): each lane takes the address of its particle
// (IndexAddr, then FieldAddr) and only live particles join the barrier.
func StepAlive(ps []Particle) error {
	return spmd.Run(len(ps), func(l spmd.Lane) {
		p := &ps[l.Index()]
		if p.Alive {
			p.X += p.V
			l.Barrier() // EXPECT
		}
	})
}

// StepLeader kernel(ok): the twin of StepAlive; the pointer is to the
// leader particle, at a uniform index.
func StepLeader(ps []Particle, leader int) error {
	return spmd.Run(len(ps), func(l spmd.Lane) {
		p := &ps[leader]
		if p.Alive {
			ps[l.Index()].X += ps[l.Index()].V
			l.Barrier()
		}
	})
}

// Config is a per-channel configuration, copied by value.
type Config struct {
	Gain    float64
	Enabled bool
}

// gainKernel copies the lane's Config (a value) and reads its field.
//
//spmd:kernel
func gainKernel(l spmd.Lane, cfgs []Config, out []float64) {
	c := cfgs[l.Index()%len(cfgs)]
	if c.Enabled {
		out[l.Index()] = spmd.ReduceMax(l, c.Gain) // EXPECT
	}
}

// ChannelGain kernel(bug): launches gainKernel.
func ChannelGain(cfgs []Config, out []float64) error {
	return spmd.Run(len(out), func(l spmd.Lane) { gainKernel(l, cfgs, out) })
}

// masterGainKernel is the twin of gainKernel: the Config copied is the
// master channel's, at the uniform index master.
//
//spmd:kernel
func masterGainKernel(l spmd.Lane, cfgs []Config, out []float64, master int) {
	c := cfgs[master]
	if c.Enabled {
		out[l.Index()] = spmd.ReduceMax(l, c.Gain*float64(l.Index()))
	}
}

// MasterGain kernel(ok): launches masterGainKernel.
func MasterGain(cfgs []Config, out []float64, master int) error {
	return spmd.Run(len(out), func(l spmd.Lane) { masterGainKernel(l, cfgs, out, master) })
}

// WeightedRounds kernel(bug): a lookup table local to the lane (an array
// value) indexed by the lane gives the number of reduction rounds.
func WeightedRounds(out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		lut := [4]int{1, 2, 2, 3}
		rounds := lut[l.Index()%4]
		for r := 0; r < rounds; r++ {
			out[l.Index()] += spmd.ReduceAdd(l, r) // EXPECT
		}
	})
}

// ModeRounds kernel(ok): the twin of WeightedRounds; the table is indexed
// by the mode parameter.
func ModeRounds(out []int, mode int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		lut := [4]int{1, 2, 2, 3}
		rounds := lut[mode%4]
		for r := 0; r < rounds; r++ {
			out[l.Index()] += spmd.ReduceAdd(l, r)
		}
	})
}

// SuffixSums kernel(bug): each lane sums the suffix of data starting at its
// index; the slice's length, and the trip count of the range, depend on the
// lane.
func SuffixSums(data []int, out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		tail := data[l.Index():]
		for _, v := range tail {
			out[l.Index()] += spmd.ReduceAdd(l, v) // EXPECT
		}
	})
}

// WindowSums kernel(ok): the twin of SuffixSums; the slice is a window of
// data with uniform bounds.
func WindowSums(data []int, out []int, lo, hi int) error {
	return spmd.Run(len(out), func(l spmd.Lane) {
		win := data[lo:hi]
		for _, v := range win {
			out[l.Index()] += spmd.ReduceAdd(l, v*l.Index())
		}
	})
}

// priceKernel looks up the price of the lane's item in a shared map.
//
//spmd:kernel
func priceKernel(l spmd.Lane, items []string, prices map[string]int, out []int) {
	p := prices[items[l.Index()]]
	if p > 100 {
		out[l.Index()] = spmd.ReduceAdd(l, p) // EXPECT
	}
}

// Expensive kernel(bug): launches priceKernel.
func Expensive(items []string, prices map[string]int, out []int) error {
	return spmd.Run(len(items), func(l spmd.Lane) { priceKernel(l, items, prices, out) })
}

// basePriceKernel is the twin of priceKernel: the key is the kernel
// parameter base.
//
//spmd:kernel
func basePriceKernel(l spmd.Lane, items []string, prices map[string]int, out []int, base string) {
	p := prices[base]
	if p > 100 {
		out[l.Index()] = spmd.ReduceAdd(l, p+prices[items[l.Index()]])
	}
}

// BasePrice kernel(ok): launches basePriceKernel.
func BasePrice(items []string, prices map[string]int, out []int, base string) error {
	return spmd.Run(len(items), func(l spmd.Lane) { basePriceKernel(l, items, prices, out, base) })
}

// BannedSkip kernel(bug): the comma-ok form of a lookup with the lane's key
// sends banned lanes out early; the others reduce.
func BannedSkip(ids []int, banned map[int]bool) (int, error) {
	var kept int
	err := spmd.Run(len(ids), func(l spmd.Lane) {
		if _, ok := banned[ids[l.Index()]]; ok {
			return
		}
		k := spmd.ReduceAdd(l, 1) // EXPECT
		if l.Index() == 0 {
			kept = k
		}
	})
	return kept, err
}

// BannedBatch kernel(ok): the twin of BannedSkip; the key looked up is the
// batch number, so the whole group leaves or stays.
func BannedBatch(ids []int, banned map[int]bool, batch int) (int, error) {
	var kept int
	err := spmd.Run(len(ids), func(l spmd.Lane) {
		if _, ok := banned[batch]; ok {
			return
		}
		k := spmd.ReduceAdd(l, 1)
		if l.Index() == 0 {
			kept = k
		}
	})
	return kept, err
}

// ---------------------------------------------------------------------------
// Range over strings (next), select, phis

// WordLengths kernel(bug): each lane counts the runes of its word with a
// range over the string; the count is used after the loop.
func WordLengths(words []string, out []int) error {
	return spmd.Run(len(words), func(l spmd.Lane) {
		n := 0
		for range words[l.Index()] {
			n++
		}
		out[l.Index()] = n
		if n > 3 {
			l.Barrier() // EXPECT
		}
	})
}

// KeywordLength kernel(ok): the twin of WordLengths; the range is over the
// keyword parameter.
func KeywordLength(words []string, out []int, keyword string) error {
	return spmd.Run(len(words), func(l spmd.Lane) {
		n := 0
		for range keyword {
			n++
		}
		out[l.Index()] = n + len(words[l.Index()])
		if n > 3 {
			l.Barrier()
		}
	})
}

// vowelKernel syncs once per vowel of the lane's word: the range (and the
// rune it yields) is lane-dependent.
//
//spmd:kernel
func vowelKernel(l spmd.Lane, words []string, out []int) {
	for _, r := range words[l.Index()] {
		if strings.ContainsRune("aeiou", r) {
			out[l.Index()] += spmd.ReduceAdd(l, 1) // EXPECT
		}
	}
}

// Vowels kernel(bug): launches vowelKernel.
func Vowels(words []string, out []int) error {
	return spmd.Run(len(words), func(l spmd.Lane) { vowelKernel(l, words, out) })
}

// patternVowelKernel is the twin of vowelKernel: it ranges over the
// pattern parameter and counts, per vowel of the pattern, the lanes whose
// word contains it.
//
//spmd:kernel
func patternVowelKernel(l spmd.Lane, words []string, out []int, pattern string) {
	for _, r := range pattern {
		if strings.ContainsRune("aeiou", r) {
			has := 0
			if strings.ContainsRune(words[l.Index()], r) {
				has = 1
			}
			out[l.Index()] += spmd.ReduceAdd(l, has)
		}
	}
}

// PatternVowels kernel(ok): launches patternVowelKernel.
func PatternVowels(words []string, out []int, pattern string) error {
	return spmd.Run(len(words), func(l spmd.Lane) { patternVowelKernel(l, words, out, pattern) })
}

// Tickets kernel(bug): lanes take a ticket from a shared queue if one is
// there (select with default); those that got one reduce inside the case.
func Tickets(queue chan int) (int, error) {
	var sum int
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		select {
		case t := <-queue:
			s := spmd.ReduceAdd(l, t) // EXPECT
			if l.Index() == 0 {
				sum = s
			}
		default:
		}
	})
	return sum, err
}

// TicketsAfter kernel(ok): the twin of Tickets; the select only decides
// the value, and every lane reduces after it.
func TicketsAfter(queue chan int) (int, error) {
	var sum int
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		t := 0
		select {
		case t = <-queue:
		default:
		}
		s := spmd.ReduceAdd(l, t)
		if l.Index() == 0 {
			sum = s
		}
	})
	return sum, err
}

// GotTicket kernel(bug): the flag set in the select's cases is used after
// the select.
func GotTicket(queue chan int) (int, error) {
	var got int
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		have := false
		select {
		case <-queue:
			have = true
		default:
		}
		if have {
			g := spmd.ReduceAdd(l, 1) // EXPECT
			if g > 0 {
				got = g
			}
		}
	})
	return got, err
}

// AnyTicket kernel(ok): the twin of GotTicket; the flag goes through
// spmd.Ballot before it decides.
func AnyTicket(queue chan int) (int, error) {
	var got int
	err := spmd.Run(Lanes, func(l spmd.Lane) {
		have := false
		select {
		case <-queue:
			have = true
		default:
		}
		mask := spmd.Ballot(l, have)
		if mask != 0 {
			g := spmd.ReduceAdd(l, 1)
			if l.Index() == 0 {
				got = g
			}
		}
	})
	return got, err
}

// SignRepeats kernel(bug): w is assigned in both arms of an if on the
// lane's sign (a phi at the join) and then bounds a loop of barriers.
func SignRepeats(data []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		var w int
		if data[l.Index()] > 0 {
			w = 2
		} else {
			w = 1
		}
		for k := 0; k < w; k++ {
			l.Barrier() // EXPECT
		}
	})
}

// HeadRepeats kernel(ok): the twin of SignRepeats; the if is on data[0],
// so the phi merges values of one branch only.
func HeadRepeats(data, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		var w int
		if data[0] > 0 {
			w = 2
		} else {
			w = 1
		}
		for k := 0; k < w; k++ {
			out[l.Index()]++
			l.Barrier()
		}
	})
}

// stepKernel picks a step size in a switch on the lane's class; the phi of
// the step after the switch decides the reduction.
//
//spmd:kernel
func stepKernel(l spmd.Lane, class []int, out []int) {
	step := 0
	switch class[l.Index()] {
	case 0:
		step = 1
	case 1:
		step = 4
	default:
		step = 16
	}
	if step >= 4 {
		out[l.Index()] = spmd.ReduceAdd(l, step) // EXPECT
	}
}

// ClassStep kernel(bug): launches stepKernel.
func ClassStep(class, out []int) error {
	return spmd.Run(len(class), func(l spmd.Lane) { stepKernel(l, class, out) })
}

// modeStepKernel is the twin of stepKernel: the switch is on the kernel
// parameter mode.
//
//spmd:kernel
func modeStepKernel(l spmd.Lane, class []int, out []int, mode int) {
	step := 0
	switch mode {
	case 0:
		step = 1
	case 1:
		step = 4
	default:
		step = 16
	}
	if step >= 4 {
		out[l.Index()] = spmd.ReduceAdd(l, step*class[l.Index()])
	}
}

// ModeStep kernel(ok): launches modeStepKernel.
func ModeStep(class, out []int, mode int) error {
	return spmd.Run(len(class), func(l spmd.Lane) { modeStepKernel(l, class, out, mode) })
}

// ---------------------------------------------------------------------------
// Calls, closures, unknown callees

// HashBucket kernel(bug): a helper of package kit hashes the lane's key;
// the bucket decides a barrier.
func HashBucket(keys []int, seed int, out []int) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		h := kit.Mix(keys[l.Index()], seed)
		out[l.Index()] = h
		if h&1 == 0 {
			l.Barrier() // EXPECT
		}
	})
}

// HashSeed kernel(ok): the twin of HashBucket; the helper hashes the seed
// with the group size.
func HashSeed(keys []int, seed int, out []int) error {
	return spmd.Run(len(keys), func(l spmd.Lane) {
		h := kit.Mix(l.Count(), seed)
		out[l.Index()] = h + keys[l.Index()]
		if h&1 == 0 {
			l.Barrier()
		}
	})
}

// edge reports whether lane i of n is at an edge of the row.
func edge(i, n int) bool { return i == 0 || i == n-1 }

// EdgeExchange kernel(bug): a helper in this package decides from the lane
// index whether to wait.
func EdgeExchange(row []float64) error {
	return spmd.Run(len(row), func(l spmd.Lane) {
		if edge(l.Index(), l.Count()) {
			l.Barrier() // EXPECT
		}
		row[l.Index()] *= 2
	})
}

// EdgeGroup kernel(ok): the twin of EdgeExchange; the helper is asked about
// the last lane, Count()-1.
func EdgeGroup(row []float64) error {
	return spmd.Run(len(row), func(l spmd.Lane) {
		if edge(l.Count()-1, l.Count()) {
			l.Barrier()
		}
		row[l.Index()] *= 2
	})
}

// BorderLanes kernel(bug): a closure captures the lane index as a free
// variable and is called in the condition.
func BorderLanes(width int, out []int) error {
	return spmd.Run(Lanes, func(l spmd.Lane) {
		i := l.Index()
		border := func() bool { return i < width || i >= l.Count()-width }
		if border() {
			out[i] = spmd.ReduceAdd(l, 1) // EXPECT
		}
	})
}

// WideBorder kernel(ok): the twin of BorderLanes; the closure captures only
// width and the group size.
func WideBorder(width int, out []int) error {
	return spmd.Run(Lanes, func(l spmd.Lane) {
		i := l.Index()
		n := l.Count()
		wide := func() bool { return 2*width < n }
		if wide() {
			out[i] = spmd.ReduceAdd(l, 1)
		}
	})
}

// OverLimit kernel(bug): the predicate is a closure of the enclosing
// function capturing its parameter limit; it is applied to the lane's
// element.
func OverLimit(data []int, limit int) (int, error) {
	over := func(v int) bool { return v > limit }
	var n int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		if over(data[l.Index()]) {
			c := spmd.ReduceAdd(l, 1) // EXPECT
			if c > 0 {
				n = c
			}
		}
	})
	return n, err
}

// LimitOverBase kernel(ok): the twin of OverLimit; the same closure is
// applied to the base parameter.
func LimitOverBase(data []int, limit, base int) (int, error) {
	over := func(v int) bool { return v > limit }
	var n int
	err := spmd.Run(len(data), func(l spmd.Lane) {
		if over(base) {
			c := spmd.ReduceAdd(l, data[l.Index()])
			if l.Index() == 0 {
				n = c
			}
		}
	})
	return n, err
}

// ScoreGate kernel(bug): score is a function value the checker cannot
// resolve; called with the lane's element, its result is lane-dependent.
func ScoreGate(data []int, score func(int) int, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		s := score(data[l.Index()])
		if s > 0 {
			out[l.Index()] = spmd.ReduceAdd(l, s) // EXPECT
		}
	})
}

// ScoreThreshold kernel(ok): the twin of ScoreGate; the unknown function
// is called with the threshold parameter only.
func ScoreThreshold(data []int, score func(int) int, out []int, threshold int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		s := score(threshold)
		if s > 0 {
			out[l.Index()] = spmd.ReduceAdd(l, s*data[l.Index()])
		}
	})
}

// Metric weighs an item; the kernels call it through the interface.
type Metric interface {
	Weight(x int) int
}

// metricKernel calls an interface method (an unknown callee) with the
// lane's item.
//
//spmd:kernel
func metricKernel(l spmd.Lane, m Metric, items []int, out []int) {
	if m.Weight(items[l.Index()]) > 1 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = m.Weight(items[l.Index()])
}

// HeavyItems kernel(bug): launches metricKernel.
func HeavyItems(m Metric, items, out []int) error {
	return spmd.Run(len(items), func(l spmd.Lane) { metricKernel(l, m, items, out) })
}

// unitMetricKernel is the twin of metricKernel: the interface method is
// called with the kernel parameter unit.
//
//spmd:kernel
func unitMetricKernel(l spmd.Lane, m Metric, items []int, out []int, unit int) {
	if m.Weight(unit) > 1 {
		l.Barrier()
	}
	out[l.Index()] = m.Weight(items[l.Index()])
}

// UnitItems kernel(ok): launches unitMetricKernel.
func UnitItems(m Metric, items, out []int, unit int) error {
	return spmd.Run(len(items), func(l spmd.Lane) { unitMetricKernel(l, m, items, out, unit) })
}

// ---------------------------------------------------------------------------
// More styles of the same propagation items

// Samples is a named slice type: converting a []float64 to it is a
// changetype.
type Samples []float64

// Len returns the number of samples.
func (s Samples) Len() int { return len(s) }

// rowSamplesKernel converts the lane's row to Samples and reduces once per
// sample.
//
//spmd:kernel
func rowSamplesKernel(l spmd.Lane, rows [][]float64, out []float64) {
	s := Samples(rows[l.Index()])
	for k := 0; k < s.Len(); k++ {
		out[l.Index()] += spmd.ReduceAdd(l, s[k]) // EXPECT
	}
}

// RowSamples kernel(bug): launches rowSamplesKernel.
func RowSamples(rows [][]float64, out []float64) error {
	return spmd.Run(len(rows), func(l spmd.Lane) { rowSamplesKernel(l, rows, out) })
}

// refSamplesKernel is the twin of rowSamplesKernel: the row converted is
// the reference row, at the kernel parameter ref.
//
//spmd:kernel
func refSamplesKernel(l spmd.Lane, rows [][]float64, out []float64, ref int) {
	s := Samples(rows[ref])
	for k := 0; k < s.Len(); k++ {
		out[l.Index()] += spmd.ReduceAdd(l, s[k]*float64(l.Index()))
	}
}

// RefSamples kernel(ok): launches refSamplesKernel.
func RefSamples(rows [][]float64, out []float64, ref int) error {
	return spmd.Run(len(rows), func(l spmd.Lane) { refSamplesKernel(l, rows, out, ref) })
}

// digitKernel turns the lane index into an ASCII digit (conversion to byte
// and addition) and syncs for the digits above '3'.
//
//spmd:kernel
func digitKernel(l spmd.Lane, out []byte) {
	d := byte(l.Index()) + '0'
	out[l.Index()] = d
	if d > '3' {
		l.Barrier() // EXPECT
	}
}

// Digits kernel(bug): launches digitKernel.
func Digits(out []byte) error {
	return spmd.Run(len(out), func(l spmd.Lane) { digitKernel(l, out) })
}

// countDigitKernel is the twin of digitKernel: the digit is that of
// l.Count().
//
//spmd:kernel
func countDigitKernel(l spmd.Lane, out []byte) {
	d := byte(l.Count()) + '0'
	out[l.Index()] = d
	if d > '3' {
		l.Barrier()
	}
}

// CountDigit kernel(ok): launches countDigitKernel.
func CountDigit(out []byte) error {
	return spmd.Run(len(out), func(l spmd.Lane) { countDigitKernel(l, out) })
}

// prefixKernel reduces over the prefix of data up to and including the
// lane's own element: the length of data[:i+1] depends on the lane.
//
//spmd:kernel
func prefixKernel(l spmd.Lane, data []int, out []int) {
	prefix := data[:l.Index()+1]
	for k := range len(prefix) {
		out[l.Index()] += spmd.ReduceAdd(l, prefix[k]) // EXPECT
	}
}

// Prefixes kernel(bug): launches prefixKernel.
func Prefixes(data, out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) { prefixKernel(l, data, out) })
}

// headKernel is the twin of prefixKernel: the prefix is data[:n], n a
// kernel parameter.
//
//spmd:kernel
func headKernel(l spmd.Lane, data []int, out []int, n int) {
	prefix := data[:n]
	for k := range len(prefix) {
		out[l.Index()] += spmd.ReduceAdd(l, prefix[k])
	}
}

// Heads kernel(ok): launches headKernel.
func Heads(data, out []int, n int) error {
	return spmd.Run(len(out), func(l spmd.Lane) { headKernel(l, data, out, n) })
}

// errNegative is returned by check.
var errNegative = fmt.Errorf("negative value")

// check returns an error for negative values: its result is an interface
// made from a lane-dependent comparison when v is.
func check(v int) error {
	if v < 0 {
		return errNegative
	}
	return nil
}

// checkedKernel validates the lane's value; the lanes with an error (an
// interface value) return before the barrier.
//
//spmd:kernel
func checkedKernel(l spmd.Lane, data []int, out []int) {
	if err := check(data[l.Index()]); err != nil {
		return
	}
	l.Barrier() // EXPECT
	out[l.Index()] = data[(l.Index()+1)%l.Count()]
}

// Checked kernel(bug): launches checkedKernel.
func Checked(data, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) { checkedKernel(l, data, out) })
}

// checkedLimitKernel is the twin of checkedKernel: the value checked is
// the kernel parameter limit.
//
//spmd:kernel
func checkedLimitKernel(l spmd.Lane, data []int, out []int, limit int) {
	if err := check(limit); err != nil {
		return
	}
	l.Barrier()
	out[l.Index()] = data[(l.Index()+1)%l.Count()]
}

// CheckedLimit kernel(ok): launches checkedLimitKernel.
func CheckedLimit(data, out []int, limit int) error {
	return spmd.Run(len(data), func(l spmd.Lane) { checkedLimitKernel(l, data, out, limit) })
}

// priorityKernel takes one job from whichever shared queue select picks;
// select's choice differs between lanes, and each case reduces.
//
//spmd:kernel
func priorityKernel(l spmd.Lane, hi, lo chan int, out []int) {
	select {
	case j := <-hi:
		out[l.Index()] = spmd.ReduceAdd(l, j) // EXPECT
	case j := <-lo:
		out[l.Index()] = spmd.ReduceMax(l, j) // EXPECT
	}
}

// Priority kernel(bug): launches priorityKernel.
func Priority(hi, lo chan int, out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) { priorityKernel(l, hi, lo, out) })
}

// priorityAfterKernel is the twin of priorityKernel: the select only takes
// the job, and every lane reduces after it.
//
//spmd:kernel
func priorityAfterKernel(l spmd.Lane, hi, lo chan int, out []int) {
	j := 0
	select {
	case j = <-hi:
	case j = <-lo:
	}
	out[l.Index()] = spmd.ReduceAdd(l, j)
}

// PriorityAfter kernel(ok): launches priorityAfterKernel.
func PriorityAfter(hi, lo chan int, out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) { priorityAfterKernel(l, hi, lo, out) })
}

// bandKernel uses a closure that captures the kernel parameters lo and hi
// and applies it to the lane index.
//
//spmd:kernel
func bandKernel(l spmd.Lane, lo, hi int, out []int) {
	inBand := func(v int) bool { return v >= lo && v < hi }
	if inBand(l.Index()) {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// Band kernel(bug): launches bandKernel.
func Band(lo, hi int, out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) { bandKernel(l, lo, hi, out) })
}

// bandMidKernel is the twin of bandKernel: the same closure is applied to
// the midpoint of the band, computed from the parameters.
//
//spmd:kernel
func bandMidKernel(l spmd.Lane, lo, hi int, out []int) {
	inBand := func(v int) bool { return v >= lo && v < hi }
	if inBand((lo + hi) / 2) {
		out[l.Index()] = spmd.ReduceAdd(l, l.Index())
	}
}

// BandMid kernel(ok): launches bandMidKernel.
func BandMid(lo, hi int, out []int) error {
	return spmd.Run(len(out), func(l spmd.Lane) { bandMidKernel(l, lo, hi, out) })
}

// FilterChain kernel(bug): the filter is chosen from a slice of function
// values by the uniform mode, but it is applied to the lane's value.
func FilterChain(data []int, filters []func(int) bool, mode int) ([]int, error) {
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		f := filters[mode]
		if f(data[l.Index()]) {
			out[l.Index()] = spmd.ReduceAdd(l, data[l.Index()]) // EXPECT
		}
	})
	return out, err
}

// FilterGate kernel(ok): the twin of FilterChain; the chosen filter is
// applied to the gate parameter.
func FilterGate(data []int, filters []func(int) bool, mode, gate int) ([]int, error) {
	out := make([]int, len(data))
	err := spmd.Run(len(data), func(l spmd.Lane) {
		f := filters[mode]
		if f(gate) {
			out[l.Index()] = spmd.ReduceAdd(l, data[l.Index()])
		}
	})
	return out, err
}
