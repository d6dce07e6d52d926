// Package data holds kernels where lane-dependent values are computed but do
// not decide control: stored to the lane's own slot, passed as the value
// operand of a collective, overwritten with uniform values before a branch
// (without taking their address), or confined to other fields of shared data.
// Each buggy twin lets one such value decide a branch.
package data

import "github.com/spmdvet/spmdvet/spmd"

// StoreOnlyThenUniformRead (correct): v is lane-dependent but is only stored
// to buf[i] and passed as ReduceAdd's operand. After the Barrier, the lanes
// branch on buf[Count-1]: a load from shared memory at a uniform address.
//
//spmd:kernel
func StoreOnlyThenUniformRead(l spmd.Lane, buf []int, out []int) {
	i := l.Index()
	v := i*i - 3*i + 7
	buf[i] = v
	l.Barrier()
	last := buf[l.Count()-1]
	if last > 5 {
		out[i] = spmd.ReduceAdd(l, v)
	}
}

// ReadLaneSlot (bug): twin of StoreOnlyThenUniformRead. The branch reads
// buf[Count-1-i], a lane-dependent address holding different values.
//
//spmd:kernel
func ReadLaneSlot(l spmd.Lane, buf []int, out []int) {
	i := l.Index()
	v := i*i - 3*i + 7
	buf[i] = v
	l.Barrier()
	last := buf[l.Count()-1-i]
	if last > 5 {
		out[i] = spmd.ReduceAdd(l, v) // EXPECT
	}
}

// ValueOperandOnly (correct): lane-dependent values are passed as the value
// operands of ReduceMax, Broadcast (with a constant src) and ShuffleXor. The
// first two results are uniform and decide the branch; the ShuffleXor result
// is divergent but only stored and reduced.
//
//spmd:kernel
func ValueOperandOnly(l spmd.Lane, out []int) {
	i := l.Index()
	s := spmd.ReduceMax(l, i*i-3*i)
	b := spmd.Broadcast(l, i*5, 2)
	x := spmd.ShuffleXor(l, i, 1)
	out[i] = x
	if s >= 0 && b > 0 {
		l.Barrier()
	}
	out[i] += spmd.ReduceAdd(l, x)
}

// ShuffleDecides (bug): twin of ValueOperandOnly. The branch tests the
// ShuffleXor result x instead of the Broadcast result b.
//
//spmd:kernel
func ShuffleDecides(l spmd.Lane, out []int) {
	i := l.Index()
	s := spmd.ReduceMax(l, i*i-3*i)
	b := spmd.Broadcast(l, i*5, 2)
	x := spmd.ShuffleXor(l, i, 1)
	out[i] = x + b
	if s >= 0 && x > 0 {
		l.Barrier() // EXPECT
	}
	out[i] += spmd.ReduceAdd(l, x)
}

// OverwrittenNoAddr (correct): v first holds a lane-dependent value, then is
// overwritten with l.Count() before the branch; its address is never taken,
// so the value tested is the uniform one. w starts lane-dependent and is
// overwritten in both arms of a uniform if, so it is uniform at the join.
//
//spmd:kernel
func OverwrittenNoAddr(l spmd.Lane, n int, out []int) {
	i := l.Index()
	v := i * 3
	out[i] = v
	v = l.Count()
	if v > 2 {
		l.Barrier()
	}
	w := i
	if n > 0 {
		w = n
	} else {
		w = -n
	}
	if w >= 0 {
		out[i] += spmd.ReduceAdd(l, w)
	}
}

// OverwrittenInOneArm (bug): twin of OverwrittenNoAddr. w is overwritten in
// both arms of a lane-dependent if, with different values, so w at the join
// depends on the lane.
//
//spmd:kernel
func OverwrittenInOneArm(l spmd.Lane, n int, out []int) {
	i := l.Index()
	v := i * 3
	out[i] = v
	v = l.Count()
	if v > 2 {
		l.Barrier()
	}
	w := i
	if i > 0 {
		w = n
	} else {
		w = -n
	}
	if w >= 0 {
		out[i] += spmd.ReduceAdd(l, w) // EXPECT
	}
}

// Config is kernel configuration passed by value and by pointer.
type Config struct {
	Rounds int
	Scale  float64
	Name   string
}

// StructParamField (correct): fields of a struct parameter (Field) and of a
// struct behind a pointer parameter (FieldAddr and load from shared memory)
// are uniform.
//
//spmd:kernel
func StructParamField(l spmd.Lane, cfg Config, p *Config, out []float64) {
	i := l.Index()
	for r := 0; r < cfg.Rounds; r++ {
		out[i] += cfg.Scale * float64(i)
		l.Barrier()
	}
	if p.Rounds > 1 && len(cfg.Name) > 0 {
		out[i] = spmd.ReduceAdd(l, out[i])
	}
}

// StructLaneField (bug): twin of StructParamField. A per-lane copy of the
// configuration gets Rounds = cfg.Rounds + i%2, and the loop runs over that
// lane-dependent field.
//
//spmd:kernel
func StructLaneField(l spmd.Lane, cfg Config, p *Config, out []float64) {
	i := l.Index()
	c := Config{Rounds: cfg.Rounds + i%2, Scale: cfg.Scale}
	for r := 0; r < c.Rounds; r++ {
		out[i] += c.Scale * float64(i)
		l.Barrier() // EXPECT
	}
	if p.Rounds > 1 && len(cfg.Name) > 0 {
		out[i] = spmd.ReduceAdd(l, out[i])
	}
}

// LookupAndSlice (correct): a map parameter read at a constant key (Lookup), a
// slice of slices indexed by a uniform value, and a re-slice with constant
// bounds all give uniform values; the range over the window has a uniform
// trip count.
//
//spmd:kernel
func LookupAndSlice(l spmd.Lane, params map[string]int, grid [][]int, out []int) {
	i := l.Index()
	rounds := params["rounds"]
	row := grid[rounds%len(grid)]
	window := row[1:]
	for _, v := range window {
		out[i] += v * i
		l.Barrier()
	}
	if rounds > 0 {
		out[i] = spmd.ReduceAdd(l, out[i])
	}
}
