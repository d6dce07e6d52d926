package bad

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round4/lib"

	"github.com/spmdvet/spmdvet/spmd"
)

// BadGenericExchange calls the generic barrier helper in some lanes only.
func BadGenericExchange(n int) error {
	buf := make([]float64, n)
	return spmd.Run(n, func(l spmd.Lane) {
		if l.Index() < 2 {
			lib.Exchange(l, buf, 1.5) // EXPECT
		}
	})
}

// BadGenericRepeatArg passes a lane-dependent count to the generic helper
// instantiated at uint8.
func BadGenericRepeatArg(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		lib.Repeat(l, float64(2))
		lib.Repeat(l, uint8(l.Index()%3)) // EXPECT
	})
}

// BadGenericStageMethod calls a method of a generic type that runs
// barriers, after some lanes returned.
func BadGenericStageMethod(n int, data []int) error {
	st := &lib.Stage[int]{Buf: make([]int, n), Rounds: 2}
	return spmd.Run(n, func(l spmd.Lane) {
		if data[l.Index()] == 0 {
			return
		}
		st.Rotate(l, data[l.Index()]) // EXPECT
	})
}

// BadGenericStageLocalRounds builds the stage in each lane with a
// lane-dependent round count: the receiver's memory decides the barriers.
func BadGenericStageLocalRounds(n int) error {
	buf := make([]int, n)
	return spmd.Run(n, func(l spmd.Lane) {
		st := lib.Stage[int]{Buf: buf, Rounds: 1 + l.Index()%2}
		st.Rotate(l, l.Index()) // EXPECT
	})
}

// gacc is a generic accumulator whose total is a collective.
type gacc[T spmd.Number] struct {
	sum T
}

func (a *gacc[T]) add(v T) { a.sum += v }

func (a *gacc[T]) total(l spmd.Lane) T {
	return spmd.ReduceAdd(l, a.sum)
}

// BadGenericLocalType calls the collective method of a generic type in a
// loop whose trip count depends on the lane.
func BadGenericLocalType(n int, out []float32) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var a gacc[float32]
		var b gacc[int8]
		b.add(1)
		t := b.total(l)
		for i := 0; i < l.Index()%2+1; i++ {
			a.add(float32(i))
			out[l.Index()] = a.total(l) + float32(t) // EXPECT
		}
	})
}

// bsyncIf runs a barrier when the key of p matches.
func bsyncIf[K comparable, V any](l spmd.Lane, p gpair[K, V], want K) {
	if p.key == want {
		l.Barrier()
	}
}

type gpair[K comparable, V any] struct {
	key K
	val V
}

// BadGenericPairKey puts the lane index in the field that decides the
// barrier.
func BadGenericPairKey(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		p := gpair[int, string]{key: l.Index(), val: "x"}
		bsyncIf(l, p, 1) // EXPECT
	})
}
