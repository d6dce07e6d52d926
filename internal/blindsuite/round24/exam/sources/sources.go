// Package sources holds kernels where a lane-dependent value reaches a
// branch that guards a collective through one kind of SSA instruction, each
// with a twin whose value is uniform.
package sources

import (
	"fmt"
	"math"
	"strconv"

	"github.com/spmdvet/spmdvet/spmd"
)

// ---- l.Index() directly ----

// FirstLaneSyncBug lets lane 0 publish a value and then waits, but only lane
// 0 waits.
//
//spmd:kernel
func FirstLaneSyncBug(l spmd.Lane, shared []int, v int) {
	if l.Index() == 0 {
		shared[0] = v
		l.Barrier() // EXPECT
	}
	_ = shared[0]
}

// FirstLaneSync publishes from lane 0 and then every lane waits.
//
//spmd:kernel
func FirstLaneSync(l spmd.Lane, shared []int, v int) {
	if l.Index() == 0 {
		shared[0] = v
	}
	l.Barrier()
	_ = shared[0]
}

// ---- BinOp ----

// PairSumBug sums pairs, but only the lanes past a computed offset join.
//
//spmd:kernel
func PairSumBug(l spmd.Lane, data []int, out []int) {
	gid := l.Index()
	pos := gid*2 + 1
	if pos > 4 {
		out[gid] = spmd.ReduceAdd(l, data[gid]) // EXPECT
	}
}

// PairSum does the same with a threshold computed from the parameter k.
//
//spmd:kernel
func PairSum(l spmd.Lane, data []int, out []int, k int) {
	gid := l.Index()
	pos := k*2 + 1
	if pos > 4 {
		out[gid] = spmd.ReduceAdd(l, data[gid])
	}
}

// ---- UnOp (negation, complement, not) ----

// MirrorBug flips the index and syncs only in the upper half.
//
//spmd:kernel
func MirrorBug(l spmd.Lane, out []int) {
	neg := -l.Index()
	if neg < -3 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = neg
}

// Mirror flips a parameter instead.
//
//spmd:kernel
func Mirror(l spmd.Lane, out []int, shift int) {
	neg := -shift
	if neg < -3 {
		l.Barrier()
	}
	out[l.Index()] = neg
}

// MaskBug tests the complement of the lane index.
//
//spmd:kernel
func MaskBug(l spmd.Lane, out []int) {
	m := ^l.Index()
	even := !(m&1 == 0)
	if even {
		out[l.Index()] = spmd.ReduceMax(l, l.Index()) // EXPECT
	}
}

// Mask tests the complement of a uniform flag word.
//
//spmd:kernel
func Mask(l spmd.Lane, out []int, flags int) {
	m := ^flags
	even := !(m&1 == 0)
	if even {
		out[l.Index()] = spmd.ReduceMax(l, l.Index())
	}
}

// ---- Convert ----

// HalfStepBug converts the lane index to float before testing it.
//
//spmd:kernel
func HalfStepBug(l spmd.Lane, out []float64) {
	f := float64(l.Index()) * 0.5
	if f >= 1 {
		out[l.Index()] = spmd.ReduceAdd(l, f) // EXPECT
	}
}

// HalfStep converts a uniform step count.
//
//spmd:kernel
func HalfStep(l spmd.Lane, out []float64, steps int) {
	f := float64(steps) * 0.5
	if f >= 1 {
		out[l.Index()] = spmd.ReduceAdd(l, float64(l.Index()))
	}
}

// ---- ChangeType ----

// Row is a row number.
type Row int

// Odd reports whether the row is odd.
func (r Row) Odd() bool { return r%2 == 1 }

// OddRowBug uses the lane as a row number.
//
//spmd:kernel
func OddRowBug(l spmd.Lane, out []int) {
	r := Row(l.Index())
	if r.Odd() {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// OddRow uses a uniform row number.
//
//spmd:kernel
func OddRow(l spmd.Lane, out []int, row int) {
	r := Row(row)
	if r.Odd() {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// ---- MakeInterface ----

// LabelBug formats the lane index and compares the label.
//
//spmd:kernel
func LabelBug(l spmd.Lane, out []string) {
	label := fmt.Sprint(l.Index())
	if label == "3" {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = label
}

// Label formats a uniform block number.
//
//spmd:kernel
func Label(l spmd.Lane, out []string, block int) {
	label := fmt.Sprint(block)
	if label == "3" {
		l.Barrier()
	}
	out[l.Index()] = label
}

// ---- Extract ----

// divmod returns the quotient and remainder of a by b.
func divmod(a, b int) (int, int) { return a / b, a % b }

// TileBug splits the lane index into tile and offset.
//
//spmd:kernel
func TileBug(l spmd.Lane, out []int) {
	_, off := divmod(l.Index(), 4)
	if off == 0 {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// Tile splits a uniform position.
//
//spmd:kernel
func Tile(l spmd.Lane, out []int, pos int) {
	_, off := divmod(pos, 4)
	if off == 0 {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// ParseBug parses the lane's own token.
//
//spmd:kernel
func ParseBug(l spmd.Lane, tokens []string, out []int) {
	n, err := strconv.Atoi(tokens[l.Index()])
	if err != nil {
		return
	}
	out[l.Index()] = spmd.ReduceAdd(l, n) // EXPECT
}

// Parse parses the header token that every lane shares.
//
//spmd:kernel
func Parse(l spmd.Lane, tokens []string, out []int) {
	n, err := strconv.Atoi(tokens[0])
	if err != nil {
		return
	}
	out[l.Index()] = spmd.ReduceAdd(l, n)
}

// ---- Index (array value) and Field ----

// lut returns a small lookup table by value.
func lut() [4]int { return [4]int{0, 10, 0, 10} }

// LutBug indexes a table value with the lane.
//
//spmd:kernel
func LutBug(l spmd.Lane, out []int) {
	w := lut()[l.Index()%4]
	if w > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, w) // EXPECT
	}
}

// Lut indexes the table with a uniform selector.
//
//spmd:kernel
func Lut(l spmd.Lane, out []int, sel int) {
	w := lut()[sel%4]
	if w > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, w)
	}
}

// Params configures a filter.
type Params struct {
	Radius int
	Gain   float64
}

// FilterBug reads the radius of the lane's own parameter set.
//
//spmd:kernel
func FilterBug(l spmd.Lane, per []Params, out []float64) {
	p := per[l.Index()]
	if p.Radius > 1 {
		out[l.Index()] = spmd.ReduceAdd(l, p.Gain) // EXPECT
	}
}

// Filter reads the radius of the shared parameter set.
//
//spmd:kernel
func Filter(l spmd.Lane, p Params, out []float64) {
	if p.Radius > 1 {
		out[l.Index()] = spmd.ReduceAdd(l, p.Gain)
	}
}

// ---- IndexAddr / FieldAddr ----

// Point is a 2D point.
type Point struct{ X, Y float64 }

// RightHalfBug takes the address of the lane's point.
//
//spmd:kernel
func RightHalfBug(l spmd.Lane, pts []Point, out []float64) {
	p := &pts[l.Index()]
	if p.X > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, p.Y) // EXPECT
	}
}

// RightHalf takes the address of the pivot point.
//
//spmd:kernel
func RightHalf(l spmd.Lane, pts []Point, pivot int, out []float64) {
	p := &pts[pivot]
	if p.X > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, pts[l.Index()].Y)
	}
}

// ---- Slice ----

// TailBug looks at what is left of the data after the lane's position.
//
//spmd:kernel
func TailBug(l spmd.Lane, data []int, out []int) {
	tail := data[l.Index():]
	if len(tail) > 3 {
		out[l.Index()] = spmd.ReduceAdd(l, tail[0]) // EXPECT
	}
}

// Tail looks at what is left after a uniform position.
//
//spmd:kernel
func Tail(l spmd.Lane, data []int, from int, out []int) {
	tail := data[from:]
	if len(tail) > 3 {
		out[l.Index()] = spmd.ReduceAdd(l, data[l.Index()])
	}
}

// ---- Lookup (map) ----

// WeightBug looks up the weight of the lane's own class.
//
//spmd:kernel
func WeightBug(l spmd.Lane, class []string, weight map[string]int, out []int) {
	w, ok := weight[class[l.Index()]]
	if ok {
		out[l.Index()] = spmd.ReduceAdd(l, w) // EXPECT
	}
}

// Weight looks up the weight of the class being processed.
//
//spmd:kernel
func Weight(l spmd.Lane, class string, weight map[string]int, out []int) {
	w, ok := weight[class]
	if ok {
		out[l.Index()] = spmd.ReduceAdd(l, w+l.Index())
	}
}

// ---- string index ----

// CodeBug reads the lane's character of a code string.
//
//spmd:kernel
func CodeBug(l spmd.Lane, code string, out []int) {
	if code[l.Index()] == 'x' {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// Code reads the first character of the code string.
//
//spmd:kernel
func Code(l spmd.Lane, code string, out []int) {
	if code[0] == 'x' {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// ---- TypeAssert ----

// CountIntsBug asserts the type of the lane's item.
//
//spmd:kernel
func CountIntsBug(l spmd.Lane, items []any, out []int) {
	v, ok := items[l.Index()].(int)
	if ok {
		out[l.Index()] = spmd.ReduceAdd(l, v) // EXPECT
	}
}

// CountInts asserts the type of the header item.
//
//spmd:kernel
func CountInts(l spmd.Lane, items []any, out []int) {
	v, ok := items[0].(int)
	if ok {
		out[l.Index()] = spmd.ReduceAdd(l, v)
	}
}

// ---- Range / Next over a string ----

// RuneSumBug walks over the lane's own word: the trip count is per lane.
//
//spmd:kernel
func RuneSumBug(l spmd.Lane, words []string, out []int) {
	total := 0
	for _, r := range words[l.Index()] {
		total = spmd.ReduceAdd(l, int(r)) // EXPECT
	}
	out[l.Index()] = total
}

// RuneSum walks over the shared word.
//
//spmd:kernel
func RuneSum(l spmd.Lane, word string, out []int) {
	total := 0
	for _, r := range word {
		total += spmd.ReduceAdd(l, int(r)+l.Index())
	}
	out[l.Index()] = total
}

// ---- Phi ----

// PhaseBug picks a phase per lane and then branches on it.
//
//spmd:kernel
func PhaseBug(l spmd.Lane, out []int) {
	phase := 0
	if l.Index() >= 4 {
		phase = 1
	}
	if phase == 1 {
		out[l.Index()] = spmd.ReduceAdd(l, l.Index()) // EXPECT
	}
}

// Phase picks the phase from the uniform step.
//
//spmd:kernel
func Phase(l spmd.Lane, step int, out []int) {
	phase := 0
	if step >= 4 {
		phase = 1
	}
	if phase == 1 {
		out[l.Index()] = spmd.ReduceAdd(l, l.Index())
	}
}

// ---- Call ----

// DistanceBug computes a distance from the lane's position.
//
//spmd:kernel
func DistanceBug(l spmd.Lane, out []float64) {
	d := math.Abs(float64(l.Index() - 3))
	if d < 2 {
		out[l.Index()] = spmd.ReduceAdd(l, d) // EXPECT
	}
}

// Distance computes the distance of a uniform position.
//
//spmd:kernel
func Distance(l spmd.Lane, pos int, out []float64) {
	d := math.Abs(float64(pos - 3))
	if d < 2 {
		out[l.Index()] = spmd.ReduceAdd(l, d)
	}
}

// ApplyBug calls a function value the checker cannot resolve on the lane.
//
//spmd:kernel
func ApplyBug(l spmd.Lane, f func(int) int, out []int) {
	v := f(l.Index())
	if v > 2 {
		out[l.Index()] = spmd.ReduceAdd(l, v) // EXPECT
	}
}

// Apply calls the function value on a uniform argument.
//
//spmd:kernel
func Apply(l spmd.Lane, f func(int) int, x int, out []int) {
	v := f(x)
	if v > 2 {
		out[l.Index()] = spmd.ReduceAdd(l, v+l.Index())
	}
}

// ---- MakeClosure free variables ----

// ScoreBug builds a scoring closure over the lane index.
//
//spmd:kernel
func ScoreBug(l spmd.Lane, out []int) {
	gid := l.Index()
	score := func() int { return gid * 3 }
	if score() > 9 {
		out[gid] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// Score builds the closure over a uniform weight.
//
//spmd:kernel
func Score(l spmd.Lane, weight int, out []int) {
	gid := l.Index()
	score := func() int { return weight * 3 }
	if score() > 9 {
		out[gid] = spmd.ReduceAdd(l, 1)
	}
}

// ---- uniform inputs: constants, globals, Count ----

const tileWidth = 4

// tileRows is the number of rows a tile has.
var tileRows = 2

// ConstTile syncs when the tile is wide: a constant condition.
//
//spmd:kernel
func ConstTile(l spmd.Lane, out []int) {
	if tileWidth > 2 {
		out[l.Index()] = spmd.ReduceAdd(l, tileWidth)
	}
}

// GlobalTile syncs depending on a global.
//
//spmd:kernel
func GlobalTile(l spmd.Lane, out []int) {
	if tileRows > 1 {
		l.Barrier()
	}
	out[l.Index()] = tileRows
}

// GlobalTileBug mixes the global with the lane.
//
//spmd:kernel
func GlobalTileBug(l spmd.Lane, out []int) {
	if tileRows > l.Index() {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = tileRows
}

// WideGroup syncs only in wide groups: Count is uniform.
//
//spmd:kernel
func WideGroup(l spmd.Lane, out []int) {
	half := l.Count() / 2
	if half > 2 {
		out[l.Index()] = spmd.ReduceAdd(l, half)
	}
}

// WideGroupBug compares Count against the lane.
//
//spmd:kernel
func WideGroupBug(l spmd.Lane, out []int) {
	half := l.Count() / 2
	if half > l.Index() {
		out[l.Index()] = spmd.ReduceAdd(l, half) // EXPECT
	}
}

// ---- results of uniform-result collectives ----

// NormalizeIfLarge divides by the total only when the total is large: the
// total is uniform.
//
//spmd:kernel
func NormalizeIfLarge(l spmd.Lane, data []float64) {
	total := spmd.ReduceAdd(l, data[l.Index()])
	if total > 10 {
		m := spmd.ReduceMax(l, data[l.Index()])
		data[l.Index()] /= m
	}
}

// NormalizeIfLargeBug compares the lane's value instead of the total.
//
//spmd:kernel
func NormalizeIfLargeBug(l spmd.Lane, data []float64) {
	total := spmd.ReduceAdd(l, data[l.Index()])
	if data[l.Index()] > total/4 {
		m := spmd.ReduceMax(l, data[l.Index()]) // EXPECT
		data[l.Index()] /= m
	}
}
