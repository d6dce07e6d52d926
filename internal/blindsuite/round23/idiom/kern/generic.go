package kern

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round23/idiom/lanekit"
	"github.com/spmdvet/spmdvet/spmd"
)

// StackPopEarlyReturn: a lane whose stack is empty leaves before the reduction.
//
//spmd:kernel
func StackPopEarlyReturn(l spmd.Lane, out []int) {
	st := lanekit.NewStack[int](l)
	for i := 0; i < l.Index(); i++ {
		st.Push(i)
	}
	v, err := st.Pop()
	if err != nil {
		return
	}
	out[l.Index()] = v + st.SumTops() // EXPECT
}

// StackPopAllOK: twin, lanes agree on leaving with All before returning.
//
//spmd:kernel
func StackPopAllOK(l spmd.Lane, out []int) {
	st := lanekit.NewStack[int](l)
	for i := 0; i < l.Index(); i++ {
		st.Push(i)
	}
	v, err := st.Pop()
	if !spmd.All(l, err == nil) {
		out[l.Index()] = -1
		return
	}
	out[l.Index()] = v + st.SumTops()
}

// StackFloatDrain pops until empty, reducing in each iteration: per-lane trip count.
//
//spmd:kernel
func StackFloatDrain(l spmd.Lane, out []int) {
	st := lanekit.NewStack[float64](l)
	for i := 0; i <= l.Index(); i++ {
		st.Push(float64(i))
	}
	n := 0
	for st.Len() > 0 {
		st.SumTops() // EXPECT
		st.Pop()
		n++
	}
	out[l.Index()] = n
}

// StackFloatDrainMax: twin, the loop runs MaxLen (uniform) times.
//
//spmd:kernel
func StackFloatDrainMax(l spmd.Lane, out []int) {
	st := lanekit.NewStack[float64](l)
	for i := 0; i <= l.Index(); i++ {
		st.Push(float64(i))
	}
	n := st.MaxLen()
	s := 0.0
	for i := 0; i < n; i++ {
		s += st.SumTops()
		st.Pop()
	}
	out[l.Index()] = int(s)
}

// RingRotateDivergent rotates a generic ring in some lanes only.
//
//spmd:kernel
func RingRotateDivergent(l spmd.Lane, out []int) {
	r := lanekit.NewRing[int](l, 2)
	r.Put(data[l.Index()])
	if r.Newest() > 0 {
		r.Rotate() // EXPECT
	}
	out[l.Index()] = r.Newest()
}

// RingRotateUniform: twin, string ring rotated by all lanes.
//
//spmd:kernel
func RingRotateUniform(l spmd.Lane, out []int) {
	r := lanekit.NewRing[string](l, 2)
	r.Put(string(rune('a' + l.Index())))
	r.Rotate()
	out[l.Index()] = int(r.Newest()[0] - 'a')
}

// TrackedDivergent: generic type embedding a generic stack; the promoted
// convergent method runs when the per-lane push count is odd.
//
//spmd:kernel
func TrackedDivergent(l spmd.Lane, out []int) {
	t := &lanekit.Tracked[int32]{Stack: *lanekit.NewStack[int32](l)}
	for i := 0; i < l.Index(); i++ {
		t.Add(int32(i))
	}
	r := 0
	if t.Pushes%2 == 1 {
		r = t.MaxLen() // EXPECT
	}
	out[l.Index()] = r
}

// TrackedUniform: twin.
//
//spmd:kernel
func TrackedUniform(l spmd.Lane, out []int) {
	t := &lanekit.Tracked[int32]{Stack: *lanekit.NewStack[int32](l)}
	for i := 0; i < l.Index(); i++ {
		t.Add(int32(i))
	}
	r := t.MaxLen()
	if t.Pushes%2 == 1 {
		r = -r
	}
	out[l.Index()] = r
}

// GenericSumDivergent: a generic reduction helper under a per-lane test, float32.
//
//spmd:kernel
func GenericSumDivergent(l spmd.Lane, out []int) {
	xs := []float32{1, 2, float32(l.Index())}
	var s float32
	if l.Index() != 1 {
		s = lanekit.Sum(l, xs) // EXPECT
	}
	out[l.Index()] = int(s)
}

// GenericSumUniform: twin, uint8 instantiation under a uniform test.
//
//spmd:kernel
func GenericSumUniform(l spmd.Lane, out []int) {
	xs := []uint8{1, 2, uint8(l.Index())}
	var s uint8
	if l.Count() != 1 {
		s = lanekit.Sum(l, xs)
	}
	out[l.Index()] = int(s)
}

// PairSharedDecides: a generic pair holds a per-lane field and a uniform one;
// only the uniform field decides control.
//
//spmd:kernel
func PairSharedDecides(l spmd.Lane, out []int) {
	var p lanekit.Pair[int]
	p.Mine = data[l.Index()]
	p.Shared = l.Count()
	r := 0
	if p.Shared > 2 {
		r = spmd.ReduceAdd(l, p.Mine)
	}
	out[l.Index()] = r
}

// PairMineDecides: twin, the per-lane field decides.
//
//spmd:kernel
func PairMineDecides(l spmd.Lane, out []int) {
	var p lanekit.Pair[int]
	p.Mine = data[l.Index()]
	p.Shared = l.Count()
	r := 0
	if p.Mine > 2 {
		r = spmd.ReduceAdd(l, p.Shared) // EXPECT
	}
	out[l.Index()] = r
}

// PairPointerShared: the pair is built by a composite literal behind a pointer.
//
//spmd:kernel
func PairPointerShared(l spmd.Lane, out []int) {
	p := &lanekit.Pair[float64]{Mine: float64(data[l.Index()]), Shared: 4}
	r := 0.0
	for i := 0; i < p.Shared; i++ {
		r += spmd.ReduceMax(l, p.Mine)
	}
	out[l.Index()] = int(r)
}

// PairPointerMine: twin.
//
//spmd:kernel
func PairPointerMine(l spmd.Lane, out []int) {
	p := &lanekit.Pair[float64]{Mine: float64(data[l.Index()]), Shared: 4}
	r := 0.0
	for i := 0.0; i < p.Mine; i++ {
		r += spmd.ReduceMax(l, p.Mine) // EXPECT
	}
	out[l.Index()] = int(r)
}
