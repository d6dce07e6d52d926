package good

import "github.com/spmdvet/spmdvet/spmd"

// GoodAndOrUniformLeft evaluates collectives as right operands of && and
// || whose left operands are uniform.
func GoodAndOrUniformLeft(n, rounds int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := l.Index()
		x := 0
		if rounds > 0 && spmd.Any(l, v > 2) {
			x++
		}
		if rounds > 5 || spmd.All(l, v >= 0) {
			x++
		}
		if l.Index() == 0 {
			out[0] = x
		}
	})
}

// GoodTemporalOnlyData leaves a loop at lane-dependent iterations and uses
// the values from the loop only as data for a reduction.
func GoodTemporalOnlyData(n int, data []int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		k := 0
		for {
			k++
			if data[l.Index()] < k {
				break
			}
		}
		l.Barrier()
		s := spmd.ReduceAdd(l, k)
		if s > 0 {
			l.Barrier()
		}
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// levels recurses depth times, with a barrier at each level.
func levels(l spmd.Lane, depth int) int {
	if depth == 0 {
		return spmd.ReduceAdd(l, 1)
	}
	l.Barrier()
	return levels(l, depth-1) + 1
}

// GoodRecursion recurses to a uniform depth.
func GoodRecursion(n, depth int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		v := levels(l, depth)
		if l.Index() == 0 {
			out[0] = v
		}
	})
}

// GoodShuffleReduced exchanges lane-dependent values with shuffles and
// scans and decides only on a reduction of them.
func GoodShuffleReduced(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		a := spmd.ShuffleXor(l, l.Index(), 1)
		b := spmd.Shuffle(l, a, (l.Index()+1)%l.Count())
		c := spmd.InclusiveAdd(l, b)
		d := spmd.ExclusiveAdd(l, c)
		s := spmd.ReduceMax(l, d)
		if s > 3 {
			l.Barrier()
		}
		if l.Index() == 0 {
			out[0] = s
		}
	})
}

// kernelDirective is a kernel entry whose parameters are uniform.
//
//spmd:kernel
func kernelDirective(l spmd.Lane, rows int, out []int) {
	for r := 0; r < rows; r++ {
		l.Barrier()
	}
	out[l.Index()] = rows
}

// GoodNamedKernelDirective runs a //spmd:kernel function.
func GoodNamedKernelDirective(n, rows int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		kernelDirective(l, rows, out)
	})
}
