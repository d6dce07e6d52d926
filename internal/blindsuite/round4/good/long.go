package good

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// LongResult is what GoodLong computes.
type LongResult struct {
	Sorted    []int
	Hist      [8]int
	Prefix    []int
	Stencil   []int
	Sum       int
	Max       int
	Min       int
	Checksum  int
	Rounds    int
	EvenLanes uint64
}

// GoodLong is one long kernel: loading, a histogram, a prefix sum, a
// bitonic sort, a stencil and reductions, with many barriers, all under
// uniform control. len(data) must be 4*n and n a power of two.
func GoodLong(n int, data []int, res *LongResult) error {
	m := len(data)
	a := make([]int, m)
	histParts := make([]int, 8*n)
	ps := make([]int, n)
	ps2 := make([]int, n)
	st := make([]int, m)
	st2 := make([]int, m)
	res.Sorted = a
	res.Prefix = ps
	res.Stencil = st
	return spmd.Run(n, func(l spmd.Lane) {
		me := l.Index()
		cnt := l.Count()

		// Phase 1: load, strided.
		for i := me; i < m; i += cnt {
			a[i] = data[i]
		}
		l.Barrier()

		// Phase 2: a histogram of the low three bits, per lane, then
		// combined by the first eight lanes.
		var hist [8]int
		for i := me; i < m; i += cnt {
			hist[a[i]&7]++
		}
		for b := 0; b < 8; b++ {
			histParts[me*8+b] = hist[b]
		}
		l.Barrier()
		if me < 8 && me < cnt {
			total := 0
			for k := 0; k < cnt; k++ {
				total += histParts[k*8+me]
			}
			res.Hist[me] = total
		}
		if cnt < 8 && me == 0 {
			for b := cnt; b < 8; b++ {
				total := 0
				for k := 0; k < cnt; k++ {
					total += histParts[k*8+b]
				}
				res.Hist[b] = total
			}
		}
		l.Barrier()

		// Phase 3: each lane sums its elements; Hillis-Steele prefix sum
		// of those sums across lanes, double-buffered.
		mine := 0
		for i := me; i < m; i += cnt {
			mine += a[i]
		}
		ps[me] = mine
		l.Barrier()
		src, dst := ps, ps2
		for off := 1; off < cnt; off *= 2 {
			if me >= off {
				dst[me] = src[me] + src[me-off]
			} else {
				dst[me] = src[me]
			}
			l.Barrier()
			src, dst = dst, src
		}
		if me == 0 && &src[0] != &ps[0] {
			copy(ps, src)
		}
		l.Barrier()
		if &src[0] != &ps[0] {
			// every lane takes the same branch: src is the same slice
			// in all of them
			l.Barrier()
		}

		// Phase 4: bitonic sort of a, m elements, lanes striding.
		for k := 2; k <= m; k *= 2 {
			for j := k / 2; j > 0; j /= 2 {
				for i := me; i < m; i += cnt {
					ixj := i ^ j
					if ixj > i {
						up := i&k == 0
						if (up && a[i] > a[ixj]) || (!up && a[i] < a[ixj]) {
							a[i], a[ixj] = a[ixj], a[i]
						}
					}
				}
				l.Barrier()
			}
		}

		// Phase 5: a three-point stencil, iterated, double-buffered.
		for i := me; i < m; i += cnt {
			st[i] = a[i]
		}
		l.Barrier()
		cur, nxt := st, st2
		iters := 4
		for it := 0; it < iters; it++ {
			for i := me; i < m; i += cnt {
				left := cur[(i+m-1)%m]
				right := cur[(i+1)%m]
				nxt[i] = (left + 2*cur[i] + right) / 4
			}
			l.Barrier()
			cur, nxt = nxt, cur
		}
		if me == 0 {
			copy(st, cur)
		}
		l.Barrier()

		// Phase 6: straight-line arithmetic on the lane's values.
		x0 := a[me]
		x1 := a[(me+1)%m]
		x2 := a[(me+2)%m]
		x3 := a[(me+3)%m]
		y0 := x0*3 + x1
		y1 := x1*5 - x2
		y2 := x2*7 + x3
		y3 := x3*11 - x0
		z0 := y0 ^ y1
		z1 := y1 | y2
		z2 := y2 & y3
		z3 := y3 + y0
		w0 := z0 + z1 + z2 + z3
		w1 := z0*z1 - z2*z3
		w2 := (w0 << 1) ^ (w1 >> 1)
		w3 := w2 % 1000003
		if w3 < 0 {
			w3 = -w3
		}
		q := 0
		if w3%2 == 0 {
			q = w3 / 2
		} else {
			q = 3*w3 + 1
		}
		q += me
		q ^= cnt
		q %= 65521
		check := spmd.ReduceAdd(l, q)
		l.Barrier()

		// Phase 7: reductions and votes on the sorted data.
		part := 0
		lo, hi := a[me], a[me]
		for i := me; i < m; i += cnt {
			part += a[i]
			lo = min(lo, a[i])
			hi = max(hi, a[i])
		}
		sum := spmd.ReduceAdd(l, part)
		mx := spmd.ReduceMax(l, hi)
		mn := spmd.ReduceMin(l, lo)
		even := spmd.Ballot(l, part%2 == 0)
		first := spmd.BroadcastFirst(l, part)
		pick := spmd.Broadcast(l, part, cnt-1)

		// Phase 8: rounds decided by uniform values only.
		rounds := 0
		if sum > 0 {
			rounds++
			l.Barrier()
		}
		for r := mn; r < mn+3; r++ {
			rounds++
			l.Barrier()
		}
		switch {
		case mx > 1000:
			rounds += 2
			l.Barrier()
			l.Barrier()
		case mx > 100:
			rounds++
			l.Barrier()
		default:
		}
		if even != 0 && spmd.Any(l, part > first) {
			rounds++
			l.Barrier()
		}
		if pick >= first || spmd.All(l, part >= 0) {
			rounds++
		}
		steps := cnt
		for steps > 1 {
			steps /= 2
			rounds++
			l.Barrier()
		}

		// Phase 9: a final lane-dependent touch-up with no collectives,
		// then the results.
		if me%2 == 1 {
			x := st[me]
			for x > 10 {
				x /= 3
			}
			st2[me] = x
		} else {
			st2[me] = -1
		}
		l.Barrier()
		if me == 0 {
			res.Sum = sum
			res.Max = mx
			res.Min = mn
			res.Checksum = check
			res.Rounds = rounds
			res.EvenLanes = even
		}
		l.Barrier()
	})
}
