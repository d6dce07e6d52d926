// Package ambig holds kernels for which the spec does not clearly say
// whether a finding is required. Each doc comment states the question, what
// spmd.Run does with the kernel, and the annotation chosen (a best guess).
package ambig

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// Smoother is a 1-D smoothing job whose kernel is a method.
type Smoother struct {
	Data  []float64
	Tmp   []float64
	Iters int
}

func (s *Smoother) sweep(l spmd.Lane) {
	n := len(s.Data)
	for i := l.Index(); i < n; i += l.Count() {
		left, right := s.Data[max(i-1, 0)], s.Data[min(i+1, n-1)]
		s.Tmp[i] = (left + s.Data[i] + right) / 3
	}
}

// Kernel (correct at run time) is passed to spmd.Run as a method value,
// spmd.Run(n, s.Kernel).
//
// Question: the spec makes "function literals passed to spmd.Run" kernel
// entries (whose parameters are uniform). A method value is not a function
// literal; Kernel is still an SPMD function because it has a Lane parameter,
// but is its receiver a uniform input? If not, s.Iters is a load through a
// divergent pointer and the barriers in the loop would be reported.
// Annotation: no finding. The receiver is bound once, outside the group, and
// is the same for every lane, exactly like a captured variable.
func (s *Smoother) Kernel(l spmd.Lane) {
	for it := 0; it < s.Iters; it++ {
		s.sweep(l)
		l.Barrier()
		for i := l.Index(); i < len(s.Data); i += l.Count() {
			s.Data[i] = s.Tmp[i]
		}
		l.Barrier()
	}
}

// Smooth runs s.Kernel as a method value.
func Smooth(s *Smoother, lanes int) error { return spmd.Run(lanes, s.Kernel) }

// SmoothEntry runs s.KernelEntry as a method value.
func SmoothEntry(s *Smoother, lanes int) error { return spmd.Run(lanes, s.KernelEntry) }

// KernelEntry (correct at run time) is the same method marked //spmd:kernel.
//
// Question: "its parameters are uniform": does that include the receiver?
// Annotation: no finding (the receiver is a parameter in SSA and in Go's
// method expressions).
//
//spmd:kernel
func (s *Smoother) KernelEntry(l spmd.Lane) {
	for it := 0; it < s.Iters; it++ {
		s.sweep(l)
		l.Barrier()
		for i := l.Index(); i < len(s.Data); i += l.Count() {
			s.Data[i] = s.Tmp[i]
		}
		l.Barrier()
	}
}

// syncIf is a debugging helper: a barrier only when cond holds. Every caller
// passes a uniform cond.
//
// Question: the spec's uniform inputs are "the parameters of a kernel
// entry, constants, and globals"; syncIf is an SPMD function (it has a Lane
// parameter) but not an entry, so cond is not a uniform input and the barrier
// is under control of a value not known to be uniform. Must that be reported
// in the helper, even though no caller passes a divergent cond? (Summaries
// across functions are left to a later issue.)
// Annotation: reported, at the barrier in the helper, by the letter of the
// spec.
func syncIf(l spmd.Lane, cond bool) {
	if cond {
		l.Barrier() // EXPECT
	}
}

// DebugSync (correct at run time): calls syncIf with a kernel parameter.
//
//spmd:kernel
func DebugSync(l spmd.Lane, debug bool, data []int) {
	for i := l.Index(); i < len(data); i += l.Count() {
		data[i] *= 2
	}
	syncIf(l, debug)
	for i := l.Index(); i < len(data); i += l.Count() {
		data[i]++
	}
}

// FlipToFirstSign (correct at run time): every lane reads lane 0's value
// with Shuffle and a constant source, and flips its own value when that is
// negative, with a barrier in the branch.
//
// Question: the spec says Shuffle's result is divergent (unlike Broadcast,
// "uniform when src is uniform"), so by the letter the branch is divergent;
// at run time every lane gets the same value and the barrier is reached by
// all. Annotation: reported, following the declared vocabulary.
//
//spmd:kernel
func FlipToFirstSign(l spmd.Lane, v []float64) {
	mine := v[l.Index()]
	first := spmd.Shuffle(l, mine, 0)
	if first < 0 {
		l.Barrier() // EXPECT
		v[l.Index()] = -mine
	}
}

// PerKeyBarrier (correct at run time): one barrier per map entry, with no
// branch on the key or value around it.
//
// Question: the spec makes map keys and values divergent. Is the loop's
// continuation (the ok of the map iterator) divergent too? Every lane ranges
// over the same shared map and runs the same number of iterations, so the
// barrier is reached together; a checker that marks the whole Next tuple
// divergent would report it. Annotation: no finding.
//
//spmd:kernel
func PerKeyBarrier(l spmd.Lane, weights map[string]int, out []int) {
	for _, w := range weights {
		out[l.Index()] += w
		l.Barrier()
	}
}

// PanicGuard (correct at run time for valid input): an assertion that panics
// in lanes out of range, then a barrier.
//
// Question: lanes that panic do not reach the barrier. Is a panic a way of
// "leaving early" that puts the code after it under divergent control, or is
// the panicking path simply not a path to the exit (as with post-dominance on
// a CFG whose panic blocks have no successors)? Annotation: no finding; the
// panic is a crash, which Run reports as a *PanicError, not a divergence.
//
//spmd:kernel
func PanicGuard(l spmd.Lane, tile []int, src []int) {
	i := l.Index()
	if i >= len(src) {
		panic("ambig: more lanes than elements")
	}
	tile[i] = src[i] * src[i]
	l.Barrier()
	src[i] = tile[(i+1)%len(src)]
}

// AlwaysTrueGuard (correct at run time): the tile has exactly Count()
// entries (the launcher allocates it so), so the guard is always true; the
// barrier inside it is reached by every lane.
//
// Question: the guard compares Index() with a length; by the uniformity rules
// it is divergent, but it never actually diverges. Annotation: reported, as
// the static rules make the branch divergent and the checker cannot know the
// launch size.
//
//spmd:kernel
func AlwaysTrueGuard(l spmd.Lane, tile []float64, data []float64) {
	i := l.Index()
	if i < len(tile) {
		tile[i] = data[i]
		l.Barrier() // EXPECT
		data[i] = (tile[i] + tile[(i+1)%len(tile)]) / 2
	}
}

// DeferredBarrier (bug at run time): "defer l.Barrier() so every lane
// syncs on the way out", then an early return for lanes without work.
//
// Question: there is one barrier call expression and every lane executes it,
// but from different return points. spmd.Run reports a divergence (the
// deferred call is attributed to each return site: "lanes [0 1] wait at
// f.go:N, lanes [2 3] wait at f.go:M"). Is the deferred call "under
// divergent control"? In SSA the Defer instruction is in the entry block,
// while the call happens in RunDefers of different return blocks.
// Annotation: reported at the defer statement, following spmd.Run.
//
//spmd:kernel
func DeferredBarrier(l spmd.Lane, data []int) {
	defer l.Barrier() // EXPECT
	i := l.Index()
	if i >= len(data) {
		return
	}
	data[i] *= 3
}

// Stage is one step of a pipeline state machine.
type Stage interface {
	Run(l spmd.Lane, data []int)
}

// Scale multiplies a lane's element.
type Scale struct{ K int }

// Run scales without any collective.
func (s Scale) Run(l spmd.Lane, data []int) {
	if i := l.Index(); i < len(data) {
		data[i] *= s.K
	}
}

// Publish makes every lane's element visible to all with a barrier.
type Publish struct{}

// Run is a barrier.
func (Publish) Run(l spmd.Lane, data []int) { l.Barrier() }

// PerLaneStages (bug at run time): each lane runs the stage chosen by its own
// element's parity; one stage implementation performs a barrier.
//
// Question: the call is an interface method call whose callee the checker
// cannot know statically (the spec only says such calls give divergent
// results when an argument is divergent). Must a checker report a call that
// might dispatch to a convergent method? Annotation: no finding: the spec
// reports calls of functions "known to be convergent (by directive or fact)",
// and this one is not known. spmd.Run does report the divergence.
//
//spmd:kernel
func PerLaneStages(l spmd.Lane, stages []Stage, data []int) {
	i := l.Index()
	st := stages[data[i]%len(stages)]
	st.Run(l, data)
}
