// Package deepexplain is a kernel the runtime-oracle fuzzer generated on
// which the analyzer overflowed its stack: explaining a write of a
// range-over-func body asked for the explanation of the loop around it,
// which asked for the body's again. Kept as generated.
package deepexplain

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
	xp "spmdvet.test/deepexplain/x"
)

var _ iter.Seq[int]
var _ = xp.Pure

type K31N int

type K31S struct {
	l   spmd.Lane
	in  []int
	id  int
	u   int
	arr [4]int
	f   func()
}

type K31I interface {
	Do(p int) int
}

type K31T struct {
	l spmd.Lane
	k int
}

//spmd:kernel
func K31(l spmd.Lane, a, b, c int, in []int, out []int) {
	idx := l.Index()
	cnt := l.Count()
	var v0, v1, v2, v3, v4, v5 int
	var q0, q1 bool
	var arr [4]int
	var p0, p1 *int
	var f0 func()
	_ = f0
	var mp map[int]int
	_, _, _, _, _, _ = v0, v1, v2, v3, v4, v5
	_, _, _, _, _, _, _ = q0, q1, arr, cnt, mp, p0, p1
	v0 = idx*1 + a
	v1 = a + b
	v2 = a * 2
	v3 = b * 2
	v4 = b - idx
	v5 = 2 - idx
	arr[1] = b + idx
	arr[2] = idx % 3
	q0 = idx%2 == 1
	q1 = idx > c
	p0 = &v5
	p1 = &v4
	mp = map[int]int{3: c}
	var st K31S
	st.l = l
	st.in = in
	st.id = cnt - idx
	st.u = xp.Width(l)
	st.arr[0] = a
	st.arr[1] = b
	st.arr[2] = cnt
	pst := &st
	var it K31I = K31T{l: l, k: a}
	tm := xp.Team{L: l, Tag: c}
	_ = 0
	_, _, _, _ = st, pst, it, tm
	if Mask&(1<<0) != 0 {
		*p1 = it.Do(0) // C1 Iface top
	}
	for xv1 := range K31it0(l, 2) {
		_ = xv1
		arr[((st.u)%4+4)%4] = *p0
		if xp.Scale(cnt, v0) == (pst.u)%2 {
			if a > b {
				if Mask&(1<<1) != 0 {
					v1 = K31h0(l, cnt, &v4, in) // C2 Helper rangefunc/if/then
				}
			} else {
				if Mask&(1<<2) != 0 {
					l.Barrier() // C3 Barrier rangefunc/if/else
				}
				if Mask&(1<<3) != 0 {
					*p1 = spmd.ReduceMin(l, st.u) // C4 ReduceMin rangefunc/if/else
				}
				if 0 > 5 {
					continue
				}
				if c%2 == 0 {
					continue
				}
			}
			for i0, xi0 := range mp {
				_, _ = i0, xi0
				if arr[((v2)%4+4)%4] <= (arr[((v2)%4+4)%4] - in[((0)%len(in)+len(in))%len(in)]) {
					v0 = v0
					if idx != max(st.id, v5) {
						if Mask&(1<<4) != 0 {
							v2 = spmd.ReduceAdd(l, 0) // C5 ReduceAdd rangefunc/if/rangemap/if/if
						}
						if b == 1 {
							return
						}
					}
					if q1 {
						st.id = ((idx + st.arr[1]) * min(arr[((b)%4+4)%4], idx))
						v4 = max(3, 4)
						if Mask&(1<<5) != 0 {
							v0 = it.Do(1) // C6 Iface rangefunc/if/rangemap/if/if
						}
						if b == 1 || (xv1^3) > (idx)%3 {
							return
						}
					}
					if !((idx * 3) == (3 ^ pst.u)) {
						if a < 3 {
							return
						}
						if Mask&(1<<6) != 0 {
							xp.Via(l) // C7 XVia rangefunc/if/rangemap/if/if
						}
						if Mask&(1<<7) != 0 {
							v5 = spmd.Broadcast(l, arr[((b)%4+4)%4], ((0)%cnt+cnt)%cnt) // C8 BroadcastU rangefunc/if/rangemap/if/if
						}
						if idx != v0 {
							_ = idx
						}
					}
				}
			}
		}
	}
	out[idx] = v0 + v1 + v2 + v3 + v4 + v5 + arr[0]
}

func K31h0(l spmd.Lane, p int, q *int, s []int) int {
	idx := l.Index()
	cnt := l.Count()
	var w0, w1, w2 int
	var q0, q1 bool
	_, _, _, _ = idx, cnt, q0, q1
	_, _, _ = w0, w1, w2
	w0 = p + idx%2
	q0 = p > 2
	q1 = idx < p
	switch (*q * xp.Scale(p, cnt)) % 4 {
	case 0:
		if xp.Scale(p, cnt) > 0 {
			if idx%2 == 1 || (s[((w0)%len(s)+len(s))%len(s)]-5) == max(idx, *q) {
				return idx
			}
		} else if idx == 2 {
			_ = idx
		} else {
			_ = idx
		}
	case 1:
		_ = idx
	default:
		_ = idx
	}
	return min(cnt, 0)
}

func (rv K31S) Do(p int) int {
	l := rv.l
	q := &rv.u
	s := rv.in
	idx := l.Index()
	cnt := l.Count()
	var w0, w1, w2 int
	var q0, q1 bool
	_, _, _, _, _, _ = idx, cnt, q0, q1, s, q
	_, _, _ = w0, w1, w2
	w0 = p + idx%2
	q0 = p > 2
	q1 = idx < p
	w0 = 0
	if w0 < min(xp.Lid(l), p) {
		_ = idx
	}
	return (idx - w1)
}

func (t K31T) Do(p int) int {
	return p + t.k
}

func K31it0(l spmd.Lane, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		idx := l.Index()
		cnt := l.Count()
		_, _ = idx, cnt
		for i := range cnt%3 + 1 {
			if !yield(i + idx) {
				return
			}
		}
	}
}

// Mask enables gated convergent calls.
var Mask uint64
