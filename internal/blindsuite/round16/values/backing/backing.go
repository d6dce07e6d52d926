// Package backing: arrays (value types) versus slices (views of a shared
// backing array), reslicing, append, slices of structs, and shared memory
// (slices captured by the kernel literal or passed to a //spmd:kernel
// function) read at uniform and at lane-dependent indices.
//
// Every kernel writes its result to out[l.Index()]; out is shared memory.
package backing

import "github.com/spmdvet/spmdvet/spmd"

// Item is an element of a slice of structs.
type Item struct {
	Weight int
	Count  int
}

// Bag holds a slice header next to a count.
type Bag struct {
	Items []int
	N     int
}

// withFirst returns a copy of a with a[0] set to v; the caller's array is
// unchanged.
func withFirst(a [4]int, v int) [4]int {
	a[0] = v
	return a
}

// fill sets every element of s to v, through the caller's backing array.
func fill(s []int, v int) {
	for i := range s {
		s[i] = v
	}
}

// ArrayAssignCopies (correct): b := a copies the whole array, so the
// lane-dependent b[1] leaves a[1] at the uniform rounds, the loop bound.
//
//spmd:kernel
func ArrayAssignCopies(l spmd.Lane, rounds int, out []int) {
	var a [4]int
	for i := range a {
		a[i] = rounds
	}
	b := a
	b[1] = l.Index()
	acc := 0
	for i := 0; i < a[1]; i++ {
		acc += spmd.ReduceAdd(l, b[1])
	}
	out[l.Index()] = acc + a[3]
}

// SubsliceSharesArray (bug): win is a window on base's backing array, so
// win[1] is base[3]; the lane index stored there decides a reduction.
//
//spmd:kernel
func SubsliceSharesArray(l spmd.Lane, out []int) {
	base := []int{5, 5, 5, 5, 5, 5}
	win := base[2:5]
	win[1] = l.Index()
	if base[3] < 2 {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// SliceOfArrayCopy (correct): s views b, which is a copy of a; the
// lane-dependent writes through s never reach a, whose a[0] bounds the loop.
//
//spmd:kernel
func SliceOfArrayCopy(l spmd.Lane, rounds int, out []int) {
	a := [3]int{rounds, rounds, rounds}
	b := a
	s := b[:]
	s[0] = l.Index()
	s[2] = -l.Index()
	acc := 0
	for i := 0; i < a[0]; i++ {
		l.Barrier()
		acc += s[0] - s[2]
	}
	out[l.Index()] = acc
}

// ArrayToSliceWrites (bug): s is a slice of the array a itself (not a copy),
// so the lane-dependent s[2] is a[2], the loop bound.
//
//spmd:kernel
func ArrayToSliceWrites(l spmd.Lane, out []int) {
	var a [3]int
	s := a[:]
	s[2] = l.Index()%2 + 1
	for i := 0; i < a[2]; i++ {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = a[2]
}

// ArrayByValueArg (correct): withFirst gets a copy of arr, so arr[0] stays
// rounds in every lane; only the returned copy carries the lane index.
//
//spmd:kernel
func ArrayByValueArg(l spmd.Lane, rounds int, out []int) {
	arr := [4]int{rounds, 1, 2, 3}
	mod := withFirst(arr, l.Index())
	acc := 0
	for i := 0; i < arr[0]; i++ {
		acc += spmd.ReduceAdd(l, mod[0]+mod[3])
	}
	out[l.Index()] = acc
}

// SliceArgWrites (bug): fill writes through the slice into buf's backing
// array; the value is lane-dependent and decides the barrier.
//
//spmd:kernel
func SliceArgWrites(l spmd.Lane, out []int) {
	buf := make([]int, 3)
	fill(buf, l.Index()%2)
	if buf[2] == 0 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = buf[0]
}

// AppendSharesBacking (bug): s has spare capacity, so append writes the lane
// index into s's backing array, where u := s[:2] sees it.
//
//spmd:kernel
func AppendSharesBacking(l spmd.Lane, out []int) {
	s := make([]int, 1, 4)
	t := append(s, l.Index())
	u := s[:2]
	if u[1] > 0 {
		out[l.Index()] = spmd.ReduceAdd(l, len(t)) // EXPECT
	}
}

// RunSharedUniformIndex (correct): data is captured by the kernel literal
// (shared memory); data[0] and data[data[0]] are read at uniform indices, so
// the loop bound is uniform. Lane-dependent reads only feed the reduction.
func RunSharedUniformIndex(lanes int, data, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		k := data[0]
		steps := data[k]
		acc := 0
		for i := 0; i < steps; i++ {
			acc += spmd.ReduceAdd(l, data[(l.Index()+i)%len(data)])
		}
		out[l.Index()] = acc
	})
}

// RunSharedLaneIndex (bug): each lane reads the captured shared slice at its
// own index, and the element's sign decides the reduction.
func RunSharedLaneIndex(lanes int, data, out []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		v := data[l.Index()%len(data)]
		if v > 0 {
			out[l.Index()] = spmd.ReduceAdd(l, v) // EXPECT
		}
	})
}

// PublishThenReadEnds (correct): lanes publish to their own slot of the
// shared slots, then after the barrier every lane reads slots[0] and the
// last slot, uniform addresses in shared memory, to bound the loop.
// (Call with len(slots) equal to the number of lanes.)
//
//spmd:kernel
func PublishThenReadEnds(l spmd.Lane, slots, out []int) {
	slots[l.Index()] = 3 * l.Index()
	l.Barrier()
	n := slots[0] + slots[len(slots)-1]
	acc := 0
	for i := 0; i < n; i++ {
		acc += spmd.ReduceAdd(l, 1)
	}
	out[l.Index()] = acc
}

// RowsFirstRow (correct): rows is a kernel parameter (shared memory); the
// loop ranges over rows[0], a uniform row, so every lane runs the same
// iterations.
//
//spmd:kernel
func RowsFirstRow(l spmd.Lane, rows [][]int, out []int) {
	acc := 0
	for _, x := range rows[0] {
		acc += spmd.ReduceAdd(l, x*l.Index())
	}
	out[l.Index()] = acc
}

// RowsLaneRow (bug): each lane takes its own row of the shared ragged rows;
// the row length bounds the barrier loop.
//
//spmd:kernel
func RowsLaneRow(l spmd.Lane, rows [][]int, out []int) {
	row := rows[l.Index()%len(rows)]
	for j := 0; j < len(row); j++ {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = len(row)
}

// ItemsDivergentField (bug): in a per-lane slice of structs, Weight is
// lane-dependent, and items[1].Weight decides a ballot.
//
//spmd:kernel
func ItemsDivergentField(l spmd.Lane, out []int) {
	items := make([]Item, 3)
	for i := range items {
		items[i].Count = i + 1
		items[i].Weight = l.Index() + i
	}
	if items[1].Weight > 2 {
		out[l.Index()] = int(spmd.Ballot(l, true)) // EXPECT
	}
}

// ItemsReduced (correct): the lane-dependent weights are only summed and
// reduced; the reduced total is uniform and decides the barrier. The loops
// run over len(items), which is uniform.
//
//spmd:kernel
func ItemsReduced(l spmd.Lane, out []int) {
	items := make([]Item, 3)
	for i := range items {
		items[i] = Item{Weight: l.Index() * (i + 1), Count: 1}
	}
	tot := 0
	for i := range items {
		tot += items[i].Weight
	}
	all := spmd.ReduceAdd(l, tot)
	if all > 0 {
		l.Barrier()
	}
	out[l.Index()] = all
}

// RangeSliceSeesWrites (bug): ranging over a slice reads the live backing
// array, so v in iteration 1 is the lane index written in iteration 0, and it
// decides the barrier. (Lanes 0 and 1 skip it, the others wait.)
//
//spmd:kernel
func RangeSliceSeesWrites(l spmd.Lane, out []int) {
	s := []int{1, 1, 1}
	for i, v := range s {
		if v > 1 {
			l.Barrier() // EXPECT
		}
		if i+1 < len(s) {
			s[i+1] = l.Index()
		}
	}
	out[l.Index()] = s[2]
}

// EarlyBreakOnPerLaneSlice (bug): a per-lane slice holds lane-dependent
// marks; the loop breaks at a different iteration in each lane, so lanes
// leave the loop at different barriers.
//
//spmd:kernel
func EarlyBreakOnPerLaneSlice(l spmd.Lane, out []int) {
	marks := make([]int, 4)
	for i := range marks {
		marks[i] = (l.Index() + i) % 4
	}
	steps := 0
	for i := 0; i < len(marks); i++ {
		if marks[i] == 3 {
			break
		}
		l.Barrier() // EXPECT
		steps++
	}
	out[l.Index()] = steps
}

// SliceLenUniform (correct): the elements of b.Items get lane-dependent
// values at lane-dependent indices, but the slice header stored in b (and so
// len(b.Items), the loop bound) is the same in every lane.
//
//spmd:kernel
func SliceLenUniform(l spmd.Lane, rounds int, out []int) {
	b := Bag{Items: make([]int, rounds), N: rounds}
	b.Items[l.Index()%rounds] = l.Index() + 1
	acc := 0
	for i := 0; i < len(b.Items); i++ {
		acc += spmd.ReduceAdd(l, b.Items[i])
	}
	out[l.Index()] = acc
}
