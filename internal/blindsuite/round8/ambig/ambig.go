// Package ambig holds kernels where the specification does not settle what
// the checker must report. Each kernel says what the question is, which
// answer its EXPECT annotation takes, and what spmd.Run observes.
package ambig

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// ArrayDivergentIndexStore tests a uniform constant stored at a lane-dependent index of a per-lane array, then loaded at a uniform index.
//
// Question: the spec makes a load from per-lane memory divergent "if any
// store to that memory stores a divergent value, or runs under divergent
// control". Here the stored value (7) is uniform and the store is not under
// divergent control; only its address is lane-dependent. Annotated as a
// finding (the sound reading: which element is written depends on the lane);
// spmd.Run reports a divergence.
func ArrayDivergentIndexStore(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var a [4]int
		a[l.Index()%4] = 7
		if a[0] == 7 {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = a[0]
	})
	return out, err
}

// ArrayOtherElement tests a lane-dependent value stored to one element of a per-lane array and a branch on another element.
//
// Question: "that memory" in the spec is the whole local variable, so a
// load of a[0] is divergent because a[1] received a divergent value; an
// element-sensitive analysis would call it uniform, which it is at run time
// (a[0] is 0 in every lane). Annotated as a finding, following the spec's
// wording; spmd.Run returns nil.
func ArrayOtherElement(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var a [2]int
		a[1] = l.Index()
		if a[0] == 0 {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = a[0] + a[1]
	})
	return out, err
}

type pair struct{ lane, size int }

// StructUniformField tests a struct with one lane-dependent field, copied through locals, and a branch on its uniform field.
//
// Question: go/ssa builds the struct in a composite-literal Alloc, so by the
// spec's memory rule (and Field propagation) the whole struct, hence q.size,
// is divergent; a field-sensitive analysis would call q.size uniform, which
// it is at run time. Annotated as a finding, following the spec's wording;
// spmd.Run returns nil.
func StructUniformField(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		p := pair{lane: l.Index(), size: 2}
		q := p
		r := &q
		if r.size > 1 {
			out[l.Index()] = spmd.ReduceAdd(l, r.lane) // EXPECT
		}
	})
	return out, err
}

// TypeSwitchValueOnly tests a type switch on an interface made from a lane-dependent int: the dynamic type is the same in every lane.
//
// Question: by MakeInterface and TypeAssert propagation the interface and the
// switch are divergent; an analysis that knows the dynamic type of a
// MakeInterface is static would call the branch uniform, which it is at run
// time. Annotated as a finding, following the spec's wording; spmd.Run
// returns nil.
func TypeSwitchValueOnly(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		v := any(l.Index())
		switch v.(type) {
		case int:
			l.Barrier() // EXPECT
			out[l.Index()] = 1
		}
	})
	return out, err
}

// FlowInsensitive tests per-lane memory stored under a lane-dependent condition and then overwritten by every lane with a uniform reduction.
//
// Question: the spec's memory rule is flow-insensitive ("any store ... runs
// under divergent control"), so the final load is divergent; a flow-sensitive
// analysis would see that the last store before the load is uniform, which is
// true at run time. Annotated as a finding, following the spec's wording;
// spmd.Run returns nil.
func FlowInsensitive(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var st struct{ v int }
		if l.Index() == 0 {
			st.v = 1
		}
		st.v = spmd.ReduceMax(l, st.v)
		if st.v > 0 {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = st.v
	})
	return out, err
}

// LocalMap tests a map made by the kernel, written with a lane-dependent value and read at a constant key.
//
// Question: the spec's per-lane memory rule names Allocs only; a map made in
// the kernel is per-lane memory too, but a Lookup with a uniform map value and
// a uniform key looks uniform. Annotated as a finding (sound reading);
// spmd.Run reports a divergence.
func LocalMap(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		m := map[int]int{}
		m[0] = l.Index()
		if m[0] > 1 {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = m[0]
	})
	return out, err
}

// PanicGuard tests a panic guarded by a lane-dependent condition before a barrier.
//
// Question: the panicking lane never reaches the barrier, like a lane that
// returns early; but a panic stops the whole group anyway (Run reports a
// *spmd.PanicError, not a divergence), and a checker may treat panic paths
// as not leaving. Annotated as a finding (the lane leaves the kernel).
func PanicGuard(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		if l.Index() == 3 {
			panic("lane 3 has no data")
		}
		l.Barrier() // EXPECT
		out[l.Index()] = 1
	})
	return out, err
}

// RecoverFlag tests a flag set by a deferred recover in lanes that panicked under a lane-dependent condition, then guarding a collective.
//
// Question: the store "failed = true" is in a deferred closure, under
// "recover() != nil"; the spec does not say whether recover's result is
// divergent or whether a store in a nested closure counts as a store of the
// kernel's per-lane memory under divergent control. Annotated as a finding
// (sound reading); spmd.Run reports a divergence.
func RecoverFlag(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		failed := false
		func() {
			defer func() {
				if recover() != nil {
					failed = true
				}
			}()
			if l.Index() == 1 {
				panic("one")
			}
		}()
		l.Barrier()
		if failed {
			_ = spmd.Any(l, true) // EXPECT
		}
		out[l.Index()] = 1
	})
	return out, err
}

// SelectShared tests a non-blocking select on a shared (captured) channel that holds fewer tokens than lanes.
//
// Question: the spec lists Select among the instructions to propagate
// through but not what makes it divergent; its operands are uniform, yet
// which lanes win a token is per lane. Annotated as a finding (sound
// reading); spmd.Run reports a divergence.
func SelectShared(lanes int) ([]int, error) {
	tokens := make(chan struct{}, lanes)
	for i := 0; i < lanes/2; i++ {
		tokens <- struct{}{}
	}
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		got := false
		select {
		case <-tokens:
			got = true
		default:
		}
		if got {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = 1
	})
	return out, err
}

// ChannelRecv tests a blocking receive from a shared (captured) channel: each lane gets a different value.
//
// Question: a receive is a UnOp with a uniform operand, and the spec says a
// load from shared memory at a uniform address is uniform; but a channel
// hands each value to one lane only. Annotated as a finding (sound reading);
// spmd.Run reports a divergence.
func ChannelRecv(lanes int) ([]int, error) {
	work := make(chan int, lanes)
	for i := 0; i < lanes; i++ {
		work <- i
	}
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		v := <-work
		if v == 0 {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = v
	})
	return out, err
}

// half has no directive; its result depends on the lane through its body.
func half(l spmd.Lane) int { return l.Index() / 2 }

// HelperLaneResult tests the result of a same-package helper (no directive) that returns a lane-dependent value, guarding a barrier.
//
// Question: the spec leaves summaries across functions to a later issue, and
// the spmd package doc says a function without result directives has
// divergent results "exactly when some argument is divergent" (here: none).
// Annotated as a finding (the helper calls a lane-ID function, so a fact or a
// conservative rule should make its result divergent); spmd.Run reports a
// divergence.
func HelperLaneResult(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		if half(l) == 0 {
			l.Barrier() // EXPECT
		}
		out[l.Index()] = 1
	})
	return out, err
}

// repeat is a helper, not a kernel entry, with a non-lane parameter.
func repeat(l spmd.Lane, n int) int {
	s := 0
	for i := 0; i < n; i++ {
		l.Barrier() // EXPECT
		s += i
	}
	return s
}

// HelperParam tests a barrier inside a helper loop bounded by the helper's own int parameter.
//
// Question: "Uniform inputs: the parameters of a kernel entry" — n is the
// parameter of an SPMD function that is not a kernel entry. Is it divergent
// (the helper may be called with a lane-dependent n, as HelperParamSkewed
// does) or is the check left to the call site? Annotated as a finding in the
// helper, following the spec's wording; spmd.Run returns nil for
// HelperParamUniform and a divergence for HelperParamSkewed.
func HelperParamUniform(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		out[l.Index()] = repeat(l, 3)
	})
	return out, err
}

// HelperParamSkewed calls repeat with a lane-dependent count (see HelperParamUniform).
func HelperParamSkewed(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		out[l.Index()] = repeat(l, l.Index())
	})
	return out, err
}

type syncer interface{ Barrier() }

// InterfaceBarrier tests Barrier called through an interface holding the lane, under a lane-dependent condition.
//
// Question: the call is an interface method call, so the callee is not known
// statically; the spec reports calls of functions "known to be convergent".
// Annotated as a finding (the only implementation in sight is Lane.Barrier);
// spmd.Run reports a divergence.
func InterfaceBarrier(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var s syncer = l
		if l.Index() < 2 {
			s.Barrier() // EXPECT
		}
		out[l.Index()] = 1
	})
	return out, err
}

// DeferEarlyReturn tests a deferred barrier registered by every lane at the top, with a lane-dependent early return.
//
// Question: the defer statement is not under divergent control, but the
// deferred call runs at two different returns; spmd.Run identifies sites by
// the calling line and reports lanes waiting at the early return and at the
// end. Annotated as a finding at the defer (the call expression).
func DeferEarlyReturn(lanes int) ([]int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		defer l.Barrier() // EXPECT
		if l.Index() < 2 {
			return
		}
		out[l.Index()] = 1
	})
	return out, err
}
