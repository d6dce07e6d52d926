// Package propagate holds grid-sweep kernels. Each pair shows lane-dependence
// carried through one kind of Go operation, next to the same kernel fed a
// value that every lane shares.
package propagate

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Geometry is the shape of a tile of lanes.
type Geometry struct{ W, H int }

// Cell is a lane's position in its tile.
type Cell struct{ Row, Col int }

func (g Geometry) cellOf(i int) Cell { return Cell{Row: i / g.W, Col: i % g.W} }

// LaneID is a lane number as a distinct type.
type LaneID int

// Span is a run of values.
type Span []int

// Slot is what a lane publishes.
type Slot struct {
	Ready bool
	Val   int
}

// Shape is anything with an area.
type Shape interface{ Area() int }

// Circle and Square are shapes.
type (
	Circle struct{ R int }
	Square struct{ S int }
)

func (c Circle) Area() int { return 3 * c.R * c.R }
func (q Square) Area() int { return q.S * q.S }

// Sweep is the state of a sweep over a tile.
type Sweep struct {
	Geo     Geometry
	Vals    []int
	Out     []int
	Cut     int
	Leader  int
	Limit   *int
	PerLane []*int
	Jobs    chan int
	Rows    [][]int
	Quota   map[int]int
	Skip    map[int]bool
	Pattern string
	Items   []Shape
	Slots   []Slot
	Words   []string
}

func (s *Sweep) n() int { return len(s.Vals) }

func weights() [4]int { return [4]int{3, 1, 4, 1} }

func divmod(a, b int) (int, int) { return a / b, a % b }

func rowsFor(n, w int) int { return (n + w - 1) / w }

// kernel(bug): BinOp: the tile number comes from the lane index.
func (s *Sweep) EvenTilesSync() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		tile := i / s.Geo.W
		out := s.Vals[i]
		if tile%2 == 0 {
			out = spmd.ReduceAdd(l, out) // EXPECT
		}
		s.Out[i] = out
	})
}

// kernel(ok): BinOp on the group size.
func (s *Sweep) EvenTileCountSync() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		tiles := l.Count() / s.Geo.W
		out := s.Vals[i]
		if tiles%2 == 0 {
			out = spmd.ReduceAdd(l, out)
		}
		s.Out[i] = out
	})
}

// kernel(bug): UnOp negation of the lane index.
func (s *Sweep) NegatedIndex() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		d := -i
		out := s.Vals[i]
		if d > -2 {
			out = spmd.ReduceAdd(l, out) // EXPECT
		}
		s.Out[i] = out
	})
}

// kernel(ok): UnOp negation of the group size.
func (s *Sweep) NegatedCount() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		d := -l.Count()
		out := s.Vals[i]
		if d < -2 {
			out = spmd.ReduceAdd(l, out)
		}
		s.Out[i] = out
	})
}

// kernel(bug): UnOp complement of the lane index.
func (s *Sweep) ComplementParity() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		m := ^i & 1
		out := s.Vals[i]
		if m == 1 {
			out = spmd.ReduceMax(l, out) // EXPECT
		}
		s.Out[i] = out
	})
}

// kernel(ok): UnOp complement of the group size.
func (s *Sweep) ComplementCountParity() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		m := ^l.Count() & 1
		out := s.Vals[i]
		if m == 1 {
			out = spmd.ReduceMax(l, out)
		}
		s.Out[i] = out
	})
}

// kernel(ok): UnOp load through a shared pointer.
func (s *Sweep) SharedLimitPhases() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		lim := *s.Limit
		acc := 0
		for k := 0; k < lim; k++ {
			acc += spmd.ReduceAdd(l, s.Vals[l.Index()])
		}
		s.Out[l.Index()] = acc
	})
}

// kernel(bug): UnOp load through the lane's own pointer.
func (s *Sweep) OwnLimitPhases() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		lim := *s.PerLane[l.Index()]
		acc := 0
		for k := 0; k < lim; k++ {
			acc += spmd.ReduceAdd(l, s.Vals[l.Index()]) // EXPECT
		}
		s.Out[l.Index()] = acc
	})
}

// kernel(bug): UnOp receive: lanes take different jobs off a shared queue.
func (s *Sweep) TakeJob() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		job := <-s.Jobs
		s.Out[l.Index()] = job
		if job%2 == 0 {
			l.Barrier() // EXPECT
		}
	})
}

// kernel(ok): UnOp receive from a channel the lane keeps to itself.
func (s *Sweep) TakeOwnJob() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		own := make(chan int, 1)
		own <- l.Count()
		job := <-own
		s.Out[l.Index()] = job
		if job%2 == 0 {
			l.Barrier()
		}
	})
}

// kernel(bug): Convert of the lane index to a fraction.
func (s *Sweep) FirstHalfSum() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		frac := float64(i) / float64(l.Count())
		out := s.Vals[i]
		if frac < 0.5 {
			out = spmd.ReduceAdd(l, out) // EXPECT
		}
		s.Out[i] = out
	})
}

// kernel(ok): Convert of the group size.
func (s *Sweep) ScaledSum() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		scale := float64(l.Count()) / 8
		out := s.Vals[i]
		if scale < 2 {
			out = spmd.ReduceAdd(l, out)
		}
		s.Out[i] = out
	})
}

// kernel(bug): ChangeType of the lane index to LaneID.
func (s *Sweep) LowIDsSync() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		id := LaneID(l.Index())
		s.Out[id] = s.Vals[id]
		if id < 2 {
			l.Barrier() // EXPECT
		}
	})
}

// kernel(ok): ChangeType of the group size.
func (s *Sweep) WideGroupSync() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		width := LaneID(l.Count())
		s.Out[l.Index()] = s.Vals[l.Index()]
		if width > 2 {
			l.Barrier()
		}
	})
}

// kernel(bug): MakeInterface of a lane-dependent key.
func (s *Sweep) EvenKeySum() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		var key any = i % 2
		out := s.Vals[i]
		if key == any(0) {
			out = spmd.ReduceAdd(l, out) // EXPECT
		}
		s.Out[i] = out
	})
}

// kernel(ok): MakeInterface of a shared key.
func (s *Sweep) EvenGroupKeySum() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		var key any = l.Count() % 2
		out := s.Vals[i]
		if key == any(0) {
			out = spmd.ReduceAdd(l, out)
		}
		s.Out[i] = out
	})
}

// kernel(bug): Extract of a remainder of the lane index.
func (s *Sweep) EvenRemainderSum() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		_, r := divmod(i, 2)
		out := s.Vals[i]
		if r == 0 {
			out = spmd.ReduceAdd(l, out) // EXPECT
		}
		s.Out[i] = out
	})
}

// kernel(ok): Extract of a remainder of the group size.
func (s *Sweep) EvenGroupRemainderSum() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		_, r := divmod(l.Count(), 2)
		out := s.Vals[i]
		if r == 0 {
			out = spmd.ReduceAdd(l, out)
		}
		s.Out[i] = out
	})
}

// kernel(bug): Extract of a comma-ok map lookup on the lane index.
func (s *Sweep) SumUnskipped() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		out := 0
		if _, skip := s.Skip[i]; !skip {
			out = spmd.ReduceAdd(l, s.Vals[i]) // EXPECT
		}
		s.Out[i] = out
	})
}

// kernel(ok): Extract of a comma-ok map lookup on the group size.
func (s *Sweep) SumUnlessGroupSkipped() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		out := 0
		if _, skip := s.Skip[l.Count()]; !skip {
			out = spmd.ReduceAdd(l, s.Vals[i])
		}
		s.Out[i] = out
	})
}

// kernel(bug): Index into an array value at the lane index.
func (s *Sweep) WeightedPhases() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		w := weights()[l.Index()%4]
		for k := 0; k < w; k++ {
			l.Barrier() // EXPECT
		}
		s.Out[l.Index()] = w
	})
}

// kernel(ok): Index into an array value at a shared position.
func (s *Sweep) GroupWeightedPhases() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		w := weights()[l.Count()%4]
		for k := 0; k < w; k++ {
			l.Barrier()
		}
		s.Out[l.Index()] = w
	})
}

// kernel(bug): Index into a string at the lane's position.
func (s *Sweep) MarkedSum() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		c := s.Pattern[i%len(s.Pattern)]
		out := s.Vals[i]
		if c == '#' {
			out = spmd.ReduceAdd(l, out) // EXPECT
		}
		s.Out[i] = out
	})
}

// kernel(ok): Index into a string at a shared position.
func (s *Sweep) TerminatedSum() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		c := s.Pattern[len(s.Pattern)-1]
		out := s.Vals[i]
		if c == '#' {
			out = spmd.ReduceAdd(l, out)
		}
		s.Out[i] = out
	})
}

// kernel(bug): Field of the lane's own cell.
func (s *Sweep) TopRowSync() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		c := s.Geo.cellOf(l.Index())
		s.Out[l.Index()] = c.Col
		if c.Row == 0 {
			l.Barrier() // EXPECT
		}
	})
}

// kernel(ok): Field of the last lane's cell, the same for everyone.
func (s *Sweep) TallTileSync() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		last := s.Geo.cellOf(l.Count() - 1)
		s.Out[l.Index()] = last.Col
		if last.Row > 0 {
			l.Barrier()
		}
	})
}

// kernel(bug): FieldAddr of the lane's own slot.
func (s *Sweep) SumReady() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		out := 0
		if s.Slots[i].Ready {
			out = spmd.ReduceAdd(l, s.Slots[i].Val) // EXPECT
		}
		s.Out[i] = out
	})
}

// kernel(ok): FieldAddr of the first slot, shared by all.
func (s *Sweep) SumIfFirstReady() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		out := 0
		if s.Slots[0].Ready {
			out = spmd.ReduceAdd(l, s.Slots[i].Val)
		}
		s.Out[i] = out
	})
}

// kernel(bug): Slice from the lane index on.
func (s *Sweep) TailPhases() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		tail := s.Vals[l.Index():]
		acc := 0
		for range tail {
			acc += spmd.ReduceAdd(l, 1) // EXPECT
		}
		s.Out[l.Index()] = acc
	})
}

// kernel(ok): Slice from the middle of the group on.
func (s *Sweep) UpperHalfPhases() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		tail := s.Vals[l.Count()/2:]
		acc := 0
		for range tail {
			acc += spmd.ReduceAdd(l, 1)
		}
		s.Out[l.Index()] = acc
	})
}

// kernel(bug): Lookup of the lane's quota in a map.
func (s *Sweep) QuotaPhases() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		q := s.Quota[l.Index()%3]
		for k := 0; k < q; k++ {
			l.Barrier() // EXPECT
		}
		s.Out[l.Index()] = q
	})
}

// kernel(ok): Lookup of the group's quota in a map.
func (s *Sweep) GroupQuotaPhases() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		q := s.Quota[l.Count()%3]
		for k := 0; k < q; k++ {
			l.Barrier()
		}
		s.Out[l.Index()] = q
	})
}

// kernel(bug): TypeAssert on the lane's own item.
func (s *Sweep) CircleArea() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		out := 0
		if _, ok := s.Items[i].(Circle); ok {
			out = spmd.ReduceAdd(l, s.Items[i].Area()) // EXPECT
		}
		s.Out[i] = out
	})
}

// kernel(ok): TypeAssert on the first item, shared by all.
func (s *Sweep) CircleAreaIfFirst() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		out := 0
		if _, ok := s.Items[0].(Circle); ok {
			out = spmd.ReduceAdd(l, s.Items[i].Area())
		}
		s.Out[i] = out
	})
}

// kernel(bug): Range/Next over the lane's own word.
func (s *Sweep) SpellOwnWord() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		n := 0
		for range s.Words[l.Index()] {
			l.Barrier() // EXPECT
			n++
		}
		s.Out[l.Index()] = n
	})
}

// kernel(ok): Range/Next over a word every lane shares.
func (s *Sweep) SpellFirstWord() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		n := 0
		for range s.Words[0] {
			l.Barrier()
			n++
		}
		s.Out[l.Index()] = n
	})
}

// kernel(bug): Select: only the lanes that got a job reduce.
func (s *Sweep) PollJobs() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		got := 0
		select {
		case v := <-s.Jobs:
			got = spmd.ReduceAdd(l, v) // EXPECT
		default:
		}
		s.Out[l.Index()] = got
	})
}

// kernel(ok): Select, then every lane reduces.
func (s *Sweep) PollJobsThenSum() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		v := 0
		select {
		case v = <-s.Jobs:
		default:
		}
		got := spmd.ReduceAdd(l, v)
		s.Out[l.Index()] = got
	})
}

// kernel(bug): Phi of rounds chosen per lane.
func (s *Sweep) ExtraRoundForLarge() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		rounds := 1
		if s.Vals[i] > s.Cut {
			rounds = 2
		}
		out := 0
		for r := 0; r < rounds; r++ {
			out += spmd.ReduceAdd(l, s.Vals[i]) // EXPECT
		}
		s.Out[i] = out
	})
}

// kernel(ok): Phi of rounds chosen for the whole group.
func (s *Sweep) ExtraRoundForCut() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		i := l.Index()
		rounds := 1
		if s.Cut > 0 {
			rounds = 2
		}
		out := 0
		for r := 0; r < rounds; r++ {
			out += spmd.ReduceAdd(l, s.Vals[i])
		}
		s.Out[i] = out
	})
}

// kernel(bug): Call of a helper on the lane index.
func (s *Sweep) RowPhases() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		rows := rowsFor(l.Index(), s.Geo.W)
		for r := 0; r < rows; r++ {
			l.Barrier() // EXPECT
		}
		s.Out[l.Index()] = rows
	})
}

// kernel(ok): Call of a helper on the group size.
func (s *Sweep) GroupRowPhases() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		rows := rowsFor(l.Count(), s.Geo.W)
		for r := 0; r < rows; r++ {
			l.Barrier()
		}
		s.Out[l.Index()] = rows
	})
}

// kernel(bug): MakeClosure capturing the lane index.
func (s *Sweep) OwnerSum() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		me := l.Index()
		n := l.Count()
		owns := func(k int) bool { return k%n == me }
		out := 0
		if owns(s.Leader) {
			out = spmd.ReduceAdd(l, s.Vals[me]) // EXPECT
		}
		s.Out[me] = out
	})
}

// kernel(ok): MakeClosure capturing a shared leader.
func (s *Sweep) LeaderSum() error {
	return spmd.Run(s.n(), func(l spmd.Lane) {
		me := l.Index()
		n := l.Count()
		leader := s.Leader
		owns := func(k int) bool { return k%n == leader }
		out := 0
		if owns(s.Leader) {
			out = spmd.ReduceAdd(l, s.Vals[me])
		}
		s.Out[me] = out
	})
}
