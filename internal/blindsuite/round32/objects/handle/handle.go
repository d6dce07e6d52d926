// Package handle wraps a spmd.Lane in object-style handles, the way a CUDA
// cooperative-groups library wraps a thread: a Block for the whole group, a
// Warp that embeds it, a Tile that embeds a Warp, a value-typed Group for
// segmented trees, and a Pipeline that holds a sync method value and runs
// phases. It defines no kernels.
package handle

import "github.com/spmdvet/spmdvet/spmd"

// Syncer is anything that can synchronise the lanes it covers. *Block and
// *Warp implement it with barriers; *Tally only counts.
type Syncer interface {
	Sync()
}

// Reducer combines one value per lane. *Block and *Warp implement it with
// collectives; Local only scales the lane's own value.
type Reducer interface {
	Reduce(x float64) float64
}

// Block is a per-lane handle on the whole group of lanes.
type Block struct {
	l       spmd.Lane
	muted   bool      // when set, reductions return the lane's own value
	steps   int       // barriers run through this handle
	hits    int       // items Note accepted in this lane
	scratch []float64 // per-lane staging area
}

// NewBlock returns a fresh handle for lane l.
func NewBlock(l spmd.Lane) *Block {
	return &Block{l: l}
}

// ID returns the lane's index in the group.
func (b *Block) ID() int { return b.l.Index() }

// Size returns the number of lanes in the group.
func (b *Block) Size() int { return b.l.Count() }

// Sync is a block-wide barrier; it also counts the barriers run.
func (b *Block) Sync() {
	b.l.Barrier()
	b.steps++
}

// Steps returns how many times Sync ran.
func (b *Block) Steps() int { return b.steps }

// Mute sets whether Sum/Reduce skip the reduction, and returns b for chaining.
func (b *Block) Mute(m bool) *Block {
	b.muted = m
	return b
}

// Muted reports the muted flag.
func (b *Block) Muted() bool { return b.muted }

// Sum returns the sum of x over the block, or x itself when b is muted.
func (b *Block) Sum(x float64) float64 {
	if b.muted {
		return x
	}
	return spmd.ReduceAdd(b.l, x)
}

// Reduce makes *Block a Reducer: the block-wide sum.
func (b *Block) Reduce(x float64) float64 { return b.Sum(x) }

// Note counts x when it is positive.
func (b *Block) Note(x float64) {
	if x > 0 {
		b.hits++
	}
}

// Hits returns how many items Note accepted.
func (b *Block) Hits() int { return b.hits }

// Flush runs a barrier if this handle has synced before, so that a handle
// that never took part in a phase does not add an extra one.
func (b *Block) Flush() {
	if b.steps > 0 {
		b.l.Barrier()
	}
}

// Drain runs a barrier if this lane noted anything, and returns the count.
func (b *Block) Drain() int {
	if b.hits > 0 {
		b.l.Barrier()
	}
	return b.hits
}

// WithScratch gives b a scratch area of n slots and returns b.
func (b *Block) WithScratch(n int) *Block {
	b.scratch = make([]float64, n)
	return b
}

// Scratch returns the scratch area.
func (b *Block) Scratch() []float64 { return b.scratch }

// Stage writes scratch slot k of every lane to shared[k*Count+lane], one
// slot per phase, with a barrier after each phase.
func (b *Block) Stage(shared []float64) {
	for k, v := range b.scratch {
		shared[k*b.l.Count()+b.l.Index()] = v
		b.l.Barrier()
	}
}

// Option configures a Warp.
type Option func(*Warp)

// WithWidth sets the warp width (a power of two dividing the group size).
func WithWidth(n int) Option { return func(w *Warp) { w.width = n } }

// WithMute sets the muted flag of the warp's block.
func WithMute(m bool) Option { return func(w *Warp) { w.muted = m } }

// WithTag sets a free-form tag, used only as data.
func WithTag(t int) Option { return func(w *Warp) { w.tag = t } }

// Warp is a handle on the lanes of one warp; it embeds the block handle.
type Warp struct {
	*Block
	width int // lanes per warp
	lane  int // index within the warp
	tag   int
}

// NewWarp returns a warp handle for lane l, 32 wide unless an option says
// otherwise.
func NewWarp(l spmd.Lane, opts ...Option) *Warp {
	w := &Warp{Block: NewBlock(l), width: 32}
	for _, o := range opts {
		o(w)
	}
	w.lane = l.Index() % w.width
	return w
}

// Width returns the warp width.
func (w *Warp) Width() int { return w.width }

// LaneID returns the index within the warp.
func (w *Warp) LaneID() int { return w.lane }

// Tag returns the tag.
func (w *Warp) Tag() int { return w.tag }

// Leader reports whether this lane is lane 0 of its warp.
func (w *Warp) Leader() bool { return w.lane == 0 }

// Sync is the warp-level sync. It shadows Block.Sync.
func (w *Warp) Sync() {
	w.l.Barrier()
	w.steps++
}

// Reduce sums x over the lanes of the warp with a butterfly, unless the warp
// is muted. It shadows Block.Reduce.
func (w *Warp) Reduce(x float64) float64 {
	if w.muted {
		return x
	}
	for m := w.width / 2; m > 0; m /= 2 {
		x += spmd.ShuffleXor(w.l, x, m)
	}
	return x
}

// TileOpts configures a Tile.
type TileOpts struct {
	Width int  // warp width
	Rows  int  // rows swept by Sweep
	Muted bool // mute the reductions
}

// Tile is a handle on a 2-D tile of lanes: a Warp plus rows. It reaches the
// Block two embeddings down.
type Tile struct {
	Warp
	rows int
	row  int // the row this lane stands for
}

// NewTile returns a tile handle for lane l.
func NewTile(l spmd.Lane, o TileOpts) *Tile {
	t := &Tile{Warp: *NewWarp(l, WithWidth(o.Width), WithMute(o.Muted)), rows: o.Rows}
	t.row = l.Index() / o.Width
	return t
}

// Rows returns the number of rows.
func (t *Tile) Rows() int { return t.rows }

// Row returns this lane's row.
func (t *Tile) Row() int { return t.row }

// Sweep calls f for each row in turn, with a warp sync after each call.
func (t *Tile) Sweep(f func(r int)) {
	for r := 0; r < t.rows; r++ {
		f(r)
		t.Sync()
	}
}

// Group is a value handle on a segment of lanes [offset, offset+width).
type Group struct {
	l      spmd.Lane
	width  int
	offset int
}

// NewGroup returns a group of the given width starting at lane 0.
func NewGroup(l spmd.Lane, width int) Group {
	return Group{l: l, width: width}
}

// At returns a copy of g moved to offset off.
func (g Group) At(off int) Group {
	g.offset = off
	return g
}

// Offset returns the group's first lane.
func (g Group) Offset() int { return g.offset }

// Tree sums shared[offset:offset+width] into shared[offset], halving the
// active lanes each round; every lane runs one barrier per round.
func (g Group) Tree(shared []float64) {
	j := g.l.Index() - g.offset
	for s := g.width / 2; s > 0; s /= 2 {
		if j < s {
			shared[g.offset+j] += shared[g.offset+j+s]
		}
		g.l.Barrier()
	}
}

// Local is a Reducer that needs no other lane: it scales x.
type Local struct{ Scale float64 }

// Reduce returns x*Scale.
func (s Local) Reduce(x float64) float64 { return x * s.Scale }

// Tally is a Syncer that only counts how often it was asked to sync.
type Tally struct{ n int }

// Sync counts.
func (t *Tally) Sync() { t.n++ }

// N returns the count.
func (t *Tally) N() int { return t.n }

// Pipeline runs phases, calling a stored sync method value after each.
type Pipeline struct {
	sync   func()
	bodies []func(i int)
}

// NewPipeline returns a pipeline that calls sync between phases.
func NewPipeline(sync func()) *Pipeline {
	return &Pipeline{sync: sync}
}

// Then appends a phase and returns p.
func (p *Pipeline) Then(body func(i int)) *Pipeline {
	p.bodies = append(p.bodies, body)
	return p
}

// Len returns the number of phases.
func (p *Pipeline) Len() int { return len(p.bodies) }

// Run runs every phase for item i, syncing after each.
func (p *Pipeline) Run(i int) {
	for _, f := range p.bodies {
		f(i)
		p.sync()
	}
}
