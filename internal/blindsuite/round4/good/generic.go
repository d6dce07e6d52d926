package good

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round4/lib"

	"github.com/spmdvet/spmdvet/spmd"
)

// GoodGenericExchange calls the generic helper lib.Exchange at three
// types, always with all lanes.
func GoodGenericExchange(n int, out []float64) error {
	ints := make([]int, n)
	floats := make([]float64, n)
	strs := make([]string, n)
	return spmd.Run(n, func(l spmd.Lane) {
		a := lib.Exchange(l, ints, l.Index())
		b := lib.Exchange(l, floats, float64(l.Index())/2)
		c := lib.Exchange(l, strs, string(rune('a'+l.Index())))
		s := spmd.ReduceAdd(l, float64(a)+b+float64(len(c)))
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodGenericRepeat instantiates lib.Repeat at several number types with
// uniform counts.
func GoodGenericRepeat(n, rounds int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		lib.Repeat(l, float64(rounds))
		lib.Repeat[uint8](l, 2)
		lib.Repeat(l, int64(l.Count()/4))
		if lib.SumAll(l, uint16(1)) != uint16(l.Count()) {
			panic("bad sum")
		}
	})
}

// GoodGenericStageShared calls a method of a generic type, whose receiver
// lives outside the kernel, in all lanes.
func GoodGenericStageShared(n int, out []int) error {
	st := &lib.Stage[int]{Buf: make([]int, n), Rounds: 3}
	return spmd.Run(n, func(l spmd.Lane) {
		v := st.Rotate(l, l.Index())
		st.Sync(l)
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// GoodGenericStageLocal builds the generic stage in each lane, from a
// shared buffer and a uniform round count.
func GoodGenericStageLocal(n, rounds int, out []float64) error {
	buf := make([]float64, n)
	return spmd.Run(n, func(l spmd.Lane) {
		st := lib.Stage[float64]{Buf: buf, Rounds: rounds}
		v := st.Rotate(l, float64(l.Index()))
		if st.Rounds > 1 {
			st.Sync(l)
		}
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// acc is a generic accumulator whose flush is a collective.
type acc[T spmd.Number] struct {
	sum   T
	flush int
}

func (a *acc[T]) add(v T) { a.sum += v }

func (a *acc[T]) total(l spmd.Lane) T {
	t := spmd.ReduceAdd(l, a.sum)
	l.Barrier()
	return t
}

// GoodGenericLocalType uses a generic type of this package at two types:
// lane-dependent sums, uniform control.
func GoodGenericLocalType(n, rounds int, out []float64) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var ai acc[int]
		var af acc[float32]
		for r := 0; r < rounds; r++ {
			ai.add(l.Index() + r)
			af.add(float32(l.Index()) / 4)
		}
		ti := ai.total(l)
		tf := af.total(l)
		if l.Index() == 0 {
			out[0] = float64(ti) + float64(tf)
		}
	})
}

// pair is a generic type that holds a uniform and a lane-dependent field.
type pair[K comparable, V any] struct {
	key K
	val V
}

func syncIf[K comparable, V any](l spmd.Lane, p pair[K, V], want K) {
	if p.key == want {
		l.Barrier()
	}
}

// GoodGenericPairKey decides barriers on the uniform field of a generic
// struct whose other field is lane-dependent.
func GoodGenericPairKey(n int, key string) error {
	return spmd.Run(n, func(l spmd.Lane) {
		p := pair[string, int]{key: key, val: l.Index()}
		syncIf(l, p, "go")
		q := pair[int, []int]{key: l.Count(), val: []int{l.Index()}}
		syncIf(l, q, 8)
	})
}
