// Package flow holds pipeline, option, iterator and error helpers that call
// caller-supplied code.
package flow

import (
	"errors"
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// ErrNeg and ErrBig are sentinel errors (globals: uniform values).
var (
	ErrNeg = errors.New("flow: negative")
	ErrBig = errors.New("flow: too big")
)

// Check validates v.
func Check(v int) (int, error) {
	if v < 0 {
		return 0, ErrNeg
	}
	if v > 100 {
		return 0, ErrBig
	}
	return v * 2, nil
}

// Config is built from functional options.
type Config struct {
	Rounds int
	Scale  int
	Hook   func(int)
	Stage  func(spmd.Lane, int) int
}

// Option configures a Config.
type Option func(*Config)

func WithRounds(n int) Option { return func(c *Config) { c.Rounds = n } }
func WithScale(k int) Option  { return func(c *Config) { c.Scale = k } }
func WithHook(h func(int)) Option {
	return func(c *Config) { c.Hook = h }
}
func WithStage(s func(spmd.Lane, int) int) Option {
	return func(c *Config) { c.Stage = s }
}

// Build applies the options to a default Config and returns it by value.
func Build(opts ...Option) Config {
	c := Config{Rounds: 1, Scale: 1}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// Notify calls the hook of c once per element of xs that exceeds the lane's index.
func Notify(l spmd.Lane, c Config, xs []int) {
	for _, x := range xs {
		if x > l.Index() {
			c.Hook(x)
		}
	}
}

// Stage is one pipeline step.
type Stage func(l spmd.Lane, v int) int

// Pipeline runs its stages in order.
type Pipeline struct {
	Stages []Stage
}

// Run runs every stage once, in every lane alike.
func (p *Pipeline) Run(l spmd.Lane, v int) int {
	for _, s := range p.Stages {
		v = s(l, v)
	}
	return v
}

// RunLeader runs the stages in lane 0 only.
func RunLeader(l spmd.Lane, p *Pipeline, v int) int {
	if l.Index() == 0 {
		return p.Run(l, v)
	}
	return v
}

// RunWide runs the stages when the group has at least four lanes (uniform).
func RunWide(l spmd.Lane, p *Pipeline, v int) int {
	if l.Count() >= 4 {
		return p.Run(l, v)
	}
	return v
}

// Handoff hands the pipeline on to Pipeline.Run.
func Handoff(l spmd.Lane, p *Pipeline, v int) int { return p.Run(l, v) }

// Once calls f once.
func Once(l spmd.Lane, f func(spmd.Lane)) { f(l) }

// PerLane calls f Index()+1 times: a lane-dependent trip count.
func PerLane(l spmd.Lane, f func(int)) {
	for i := 0; i <= l.Index(); i++ {
		f(i)
	}
}

// Times calls f n times.
func Times(n int, f func(int)) {
	for i := 0; i < n; i++ {
		f(i)
	}
}

// ForEach calls f for every element.
func ForEach[T any](xs []T, f func(T)) {
	for _, x := range xs {
		f(x)
	}
}

// Handlers maps names to lane handlers.
type Handlers map[string]func(spmd.Lane, int) int

// Upto yields 0..n-1.
func Upto(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// Enumerate yields the index and value of each element.
func Enumerate[T any](xs []T) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i, x := range xs {
			if !yield(i, x) {
				return
			}
		}
	}
}

// LaneSteps yields 0..l.Index(): the iterator value only captures the
// (uniform) lane handle, but its trip count depends on the lane.
func LaneSteps(l spmd.Lane) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i <= l.Index(); i++ {
			if !yield(i) {
				return
			}
		}
	}
}
