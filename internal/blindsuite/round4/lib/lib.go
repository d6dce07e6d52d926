// Package lib holds helpers shared by the good and bad kernels, so that
// their effects reach the kernels through cross-package summaries.
package lib

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/spmd"
)

// SyncN runs the barrier k times: k decides whether barriers run, so it
// must be uniform.
func SyncN(l spmd.Lane, k int) {
	for i := 0; i < k; i++ {
		l.Barrier()
	}
}

// MaybeSync runs the barrier when do is true.
func MaybeSync(l spmd.Lane, do bool) {
	if do {
		l.Barrier()
	}
}

// TreeSum adds up v over the lanes through the shared scratch buffer buf
// (at least Count long) and returns the total, read from buf[0].
func TreeSum(l spmd.Lane, buf []float64, v float64) float64 {
	i := l.Index()
	buf[i] = v
	l.Barrier()
	for s := 1; s < l.Count(); s *= 2 {
		if i%(2*s) == 0 && i+s < l.Count() {
			buf[i] += buf[i+s]
		}
		l.Barrier()
	}
	total := buf[0]
	l.Barrier()
	return total
}

// Publish stores v in st[Index()] and returns st[0] once every lane has
// stored; when that value is positive the lanes synchronise once more. st
// must be memory all lanes share: with a lane's own array, st[0] is only
// written by lane 0.
func Publish(l spmd.Lane, st *[64]int, v int) int {
	st[l.Index()] = v
	l.Barrier()
	lead := st[0]
	if lead > 0 {
		l.Barrier()
	}
	return lead
}

// Set writes v to *p.
func Set(p *int, v int) {
	*p = v
}

// Twice returns 2*v.
func Twice(v int) int {
	return 2 * v
}

// Exchange passes v to the next lane through the shared buffer buf and
// returns the value of the next lane.
func Exchange[T any](l spmd.Lane, buf []T, v T) T {
	buf[l.Index()] = v
	l.Barrier()
	r := buf[(l.Index()+1)%l.Count()]
	l.Barrier()
	return r
}

// Repeat runs the barrier n times, for any number type.
func Repeat[T spmd.Number](l spmd.Lane, n T) {
	for i := T(0); i < n; i++ {
		l.Barrier()
	}
}

// SumAll adds up v over the lanes.
func SumAll[T spmd.Number](l spmd.Lane, v T) T {
	return spmd.ReduceAdd(l, v)
}

// Stage rotates values around the lanes Rounds times through Buf.
type Stage[T any] struct {
	Buf    []T
	Rounds int
}

// Rotate passes v Rounds times to the next lane.
func (s *Stage[T]) Rotate(l spmd.Lane, v T) T {
	for r := 0; r < s.Rounds; r++ {
		v = Exchange(l, s.Buf, v)
	}
	return v
}

// Sync is a barrier.
func (s *Stage[T]) Sync(l spmd.Lane) {
	l.Barrier()
}

// Syncer synchronises lanes.
type Syncer interface {
	Sync(l spmd.Lane)
}

// BarrierSync is the only Syncer.
type BarrierSync struct{}

// Sync runs a barrier.
func (BarrierSync) Sync(l spmd.Lane) {
	l.Barrier()
}

// Stepper runs n steps of a synchronised computation.
type Stepper interface {
	Step(l spmd.Lane, n int)
}

// Steps is the only Stepper.
type Steps struct{}

// Step runs n barriers: n must be uniform.
func (Steps) Step(l spmd.Lane, n int) {
	SyncN(l, n)
}

// Phaser returns a function that runs a barrier in lane l.
func Phaser(l spmd.Lane) func() {
	return func() {
		l.Barrier()
	}
}

// Counter returns a function that runs k barriers in lane l and returns k.
func Counter(l spmd.Lane) func(k int) int {
	return func(k int) int {
		SyncN(l, k)
		return k
	}
}

// Task mixes a uniform field (Rounds) with lane-dependent ones.
type Task struct {
	Rounds int
	Lane   int
	Acc    int
}

// RunTask runs t.Rounds synchronised rounds, accumulating into t.Acc.
func RunTask(l spmd.Lane, t *Task) {
	for r := 0; r < t.Rounds; r++ {
		t.Acc += t.Lane*r + 1
		l.Barrier()
	}
}

// Ticket hands out increasing numbers from *c: an atomic read-modify-write.
func Ticket(c *int64) int64 {
	return atomic.AddInt64(c, 1)
}

// FirstKey returns the first key a range over m visits.
func FirstKey(m map[int]int) int {
	for k := range m {
		return k
	}
	return -1
}

// Recv receives from ch.
func Recv(ch chan int) int {
	return <-ch
}

// SafeDiv returns a/b, or 0 when b is 0; it recovers its own panic.
func SafeDiv(a, b int) (q int) {
	defer func() {
		if recover() != nil {
			q = 0
		}
	}()
	return a / b
}
