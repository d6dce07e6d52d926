package dev

import "github.com/spmdvet/spmdvet/spmd"

// Tile is a W x H block of work.
type Tile struct {
	W, H int
}

// Area has a value receiver.
func (t Tile) Area() int { return t.W * t.H }

// Stage copies the tile's elements src[base:base+Area()] into the shared
// buffer sh, grid-stride, and waits until the whole tile is in.
func (t *Tile) Stage(l spmd.Lane, sh, src []float64, base int) {
	for i := l.Index(); i < t.Area(); i += l.Count() {
		sh[i] = src[base+i]
	}
	l.Barrier()
}

// Pipeline runs Stages phases separated by barriers.
type Pipeline struct {
	Stages int
	Done   int
}

// Run waits at one barrier per stage; p.Stages must be uniform.
func (p *Pipeline) Run(l spmd.Lane) {
	for s := 0; s < p.Stages; s++ {
		l.Barrier()
		p.Done++
	}
}

// Buf is a small fixed-capacity per-lane buffer.
type Buf[T any] struct {
	vals [8]T
	n    int
}

// Push appends v.
func (b *Buf[T]) Push(v T) {
	b.vals[b.n] = v
	b.n++
}

// Len returns the number of elements pushed.
func (b *Buf[T]) Len() int { return b.n }

// At returns element i.
func (b *Buf[T]) At(i int) T { return b.vals[i] }

// Stats accumulates a count and a sum.
type Stats struct {
	N   int
	Sum float64
}

// Observe adds one observation.
func (s *Stats) Observe(v float64) {
	s.Sum += v
	s.N++
}

// Mean is a value-receiver method.
func (s Stats) Mean() float64 {
	if s.N == 0 {
		return 0
	}
	return s.Sum / float64(s.N)
}

// Combiner combines per-lane values into one value for the group.
type Combiner interface {
	Combine(l spmd.Lane, v int) int
}

// SumCombiner is the only Combiner: it adds.
type SumCombiner struct{}

// Combine returns the group's sum of v.
func (SumCombiner) Combine(l spmd.Lane, v int) int { return spmd.ReduceAdd(l, v) }

// Syncer separates phases.
type Syncer interface {
	Sync(l spmd.Lane)
}

// BlockSyncer is the only Syncer: a barrier.
type BlockSyncer struct{}

// Sync waits at a barrier.
func (BlockSyncer) Sync(l spmd.Lane) { l.Barrier() }
