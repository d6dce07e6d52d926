package kern

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round13/gen/lib"
	"github.com/spmdvet/spmdvet/spmd"
)

// 11. Generic helper (no directive) calling ShuffleXor[T].

//spmd:kernel
func NeighBad[T spmd.Number](l spmd.Lane, data []T, out []T) {
	v := data[l.Index()]
	if l.Index()%2 == 0 {
		v = lib.Neighbor(l, v) // EXPECT
	}
	out[l.Index()] = v
}

//spmd:kernel
func NeighOK[T spmd.Number](l spmd.Lane, data []T, out []T) {
	v := data[l.Index()]
	w := lib.Neighbor(l, v)
	if l.Index()%2 == 0 {
		v = w
	}
	out[l.Index()] = v
}

// 12. Labelled break out of nested loops.

//spmd:kernel
func LabelBad[T spmd.Number](l spmd.Lane, grid [][]T, out []int) {
	found := 0
outer:
	for r := 0; r < len(grid); r++ {
		for c := l.Index(); c < len(grid[r]); c += l.Count() {
			if grid[r][c] < 0 {
				break outer
			}
		}
		found += spmd.ReduceAdd(l, 1) // EXPECT
	}
	out[l.Index()] = found
}

//spmd:kernel
func LabelOK[T spmd.Number](l spmd.Lane, grid [][]T, out []int) {
	found := 0
outer:
	for r := 0; r < len(grid); r++ {
		bad := false
		for c := l.Index(); c < len(grid[r]); c += l.Count() {
			if grid[r][c] < 0 {
				bad = true
				break
			}
		}
		if spmd.Any(l, bad) {
			break outer
		}
		found += spmd.ReduceAdd(l, 1)
	}
	out[l.Index()] = found
}

// 13. Literal passed to a generic launcher's //spmd:kernel parameter.

func LaunchBad[T spmd.Number](n int, data []T) (T, error) {
	var out T
	err := lib.Launch(n, data, func(l spmd.Lane, d []T) {
		if d[l.Index()] > 0 {
			l.Barrier() // EXPECT
		}
		if l.Index() == 0 {
			out = d[0]
		}
	})
	return out, err
}

func LaunchOK[T spmd.Number](n int, data []T) (T, error) {
	var out T
	err := lib.Launch(n, data, func(l spmd.Lane, d []T) {
		if len(d) > 2 {
			l.Barrier()
		}
		s := spmd.ReduceAdd(l, d[l.Index()])
		if l.Index() == 0 {
			out = s
		}
	})
	return out, err
}

// 14. Generic type holding shared data, value-receiver query.

//spmd:kernel
func TableBad[T comparable](l spmd.Lane, t lib.Table[T], probe []T, out []int) {
	if t.Has(probe[l.Index()]) {
		out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

//spmd:kernel
func TableOK[T comparable](l spmd.Lane, t lib.Table[T], key T, out []int) {
	if t.Has(key) {
		out[l.Index()] = spmd.ReduceAdd(l, 1)
	}
}

// 15. InclusiveAdd[T] (divergent) vs ReduceAdd[T] (uniform) as a loop bound.

//spmd:kernel
func PrefixBad[T spmd.Number](l spmd.Lane, out []int) {
	p := spmd.InclusiveAdd[T](l, T(1))
	n := 0
	for k := 0; k < int(p); k++ {
		l.Barrier() // EXPECT
		n++
	}
	out[l.Index()] = n
}

//spmd:kernel
func PrefixOK[T spmd.Number](l spmd.Lane, out []int) {
	p := spmd.ReduceAdd[T](l, T(1))
	n := 0
	for k := 0; k < int(p); k++ {
		l.Barrier()
		n++
	}
	out[l.Index()] = n
}

// 16. "//spmd:uniform v k": uniform only when both arguments are.

//spmd:kernel
func ScaleBad[T spmd.Number](l spmd.Lane, data []T, out []T) {
	s := lib.Scale(l, data[l.Index()], 2)
	if s > 4 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = s
}

//spmd:kernel
func ScaleOK[T spmd.Number](l spmd.Lane, data []T, out []T) {
	s := lib.Scale(l, data[0], l.Count())
	if s > 4 {
		l.Barrier()
	}
	out[l.Index()] = s
}

// 17. Generic //spmd:laneid function.

//spmd:kernel
func SlotBad[T spmd.Number](l spmd.Lane, data []T, out []T) {
	if lib.Slot(l, data) == 0 {
		out[l.Index()] = spmd.ReduceMin(l, data[0]) // EXPECT
	}
}

//spmd:kernel
func SlotOK[T spmd.Number](l spmd.Lane, data []T, out []T) {
	k := lib.Slot(l, data)
	m := spmd.ReduceMin(l, data[k])
	if m < 0 {
		l.Barrier()
	}
	out[l.Index()] = m
}

// 18. Short-circuit &&.

//spmd:kernel
func AndBad[T spmd.Number](l spmd.Lane, flag bool, data []T, out []int) {
	if flag && data[l.Index()] > 0 {
		l.Barrier() // EXPECT
		out[l.Index()] = 1
	}
}

//spmd:kernel
func AndOK[T spmd.Number](l spmd.Lane, flag bool, data []T, out []int) {
	if flag && len(data) > 0 {
		l.Barrier()
		out[l.Index()] = 1
	}
}

// 19. Generic "//spmd:convergent barrier" wrapper with shared buffer phases.

//spmd:kernel
func SyncBad[T spmd.Number](l spmd.Lane, data []T, buf []T, out []T) {
	i := l.Index()
	buf[i] = data[i]
	if data[i] > 0 {
		lib.Sync(l, buf) // EXPECT
	}
	out[i] = buf[(i+1)%l.Count()]
}

//spmd:kernel
func SyncOK[T spmd.Number](l spmd.Lane, data []T, buf []T, out []T) {
	i := l.Index()
	buf[i] = data[i]
	lib.Sync(l, buf)
	out[i] = buf[(i+1)%l.Count()]
}

// 20. Pointer-receiver method with a Lane parameter, convergent by its body.

//spmd:kernel
func PoolBad[T spmd.Number](l spmd.Lane, p *lib.Pool[T], data []T, out []T) {
	v := data[l.Index()]
	if v > 0 {
		p.Publish(l, v) // EXPECT
	}
	out[l.Index()] = v
}

//spmd:kernel
func PoolOK[T spmd.Number](l spmd.Lane, p *lib.Pool[T], data []T, out []T) {
	v := data[l.Index()]
	p.Publish(l, v)
	out[l.Index()] = p.Shared[(l.Index()+1)%l.Count()]
}
