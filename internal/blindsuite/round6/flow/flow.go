// Package flow has one positive and one negative kernel for each SSA
// instruction that carries divergence from the lane index (or uniformity
// from l.Count()) to the condition that guards a convergent call.
package flow

import (
	"github.com/spmdvet/spmdvet/spmd"
)

type myInt int

type pair struct{ a, b int }

type point struct{ x, y int }

type shape interface{ Area() int }

type square struct{ side int }

func (s square) Area() int { return s.side * s.side }

func mk(x int) pair { return pair{x, x + 1} }

func arr4(x int) [4]int { return [4]int{x, x + 1, x + 2, x + 3} }

func divmod(a, b int) (int, int) { return a / b, a % b }

func sq(x int) int { return x * x }

// ---- BinOp

func PosBinOp(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := l.Index()*3 + 1
		if x > 4 {
			l.Barrier() // EXPECT
		}
	})
}

func NegBinOp(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := l.Count()*3 + 1
		if x > 4 {
			l.Barrier()
		}
	})
}

// ---- UnOp: negation

func PosUnOpNeg(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := -l.Index()
		if x < -1 {
			_ = spmd.ReduceAdd(l, x) // EXPECT
		}
	})
}

func NegUnOpNeg(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := -l.Count()
		if x < -1 {
			_ = spmd.ReduceAdd(l, x)
		}
	})
}

// ---- UnOp: logical not

func PosUnOpNot(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		even := l.Index()%2 == 0
		if !even {
			l.Barrier() // EXPECT
		}
	})
}

func NegUnOpNot(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		even := l.Count()%2 == 0
		if !even {
			l.Barrier()
		}
		if even {
			l.Barrier()
		}
	})
}

// ---- Convert: int to float64

func PosConvert(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		f := float64(l.Index()) / 2
		if f > 0.75 {
			_ = spmd.ReduceMax(l, f) // EXPECT
		}
	})
}

func NegConvert(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		f := float64(l.Count()) / 2
		if f > 0.75 {
			_ = spmd.ReduceMax(l, f)
		}
	})
}

// ---- Convert: int to rune to string

func PosConvertString(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		s := string(rune('a' + l.Index()%4))
		if s == "b" {
			l.Barrier() // EXPECT
		}
	})
}

func NegConvertString(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		s := string(rune('a' + l.Count()%4))
		if s == "a" {
			l.Barrier()
		}
	})
}

// ---- ChangeType: int to a named int

func PosChangeType(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		m := myInt(l.Index())
		if m >= 2 {
			_ = spmd.Any(l, true) // EXPECT
		}
	})
}

func NegChangeType(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		m := myInt(l.Count())
		if m >= 2 {
			_ = spmd.Any(l, true)
		}
	})
}

// ---- MakeInterface then TypeAssert

func PosTypeAssert(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var v any = l.Index()
		if v.(int) < 2 {
			l.Barrier() // EXPECT
		}
	})
}

func NegTypeAssert(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var v any = l.Count()
		if v.(int) > 2 {
			l.Barrier()
		}
	})
}

// ---- TypeAssert, comma-ok, on an interface whose dynamic type is per lane

func PosTypeAssertOk(n int) error {
	things := []any{1, "a", 2, "b"}
	return spmd.Run(n, func(l spmd.Lane) {
		v := things[l.Index()%4]
		if _, ok := v.(string); ok {
			l.Barrier() // EXPECT
		}
	})
}

func NegTypeAssertOk(n int) error {
	things := []any{1, "a", 2, "b"}
	return spmd.Run(n, func(l spmd.Lane) {
		v := things[l.Count()%4]
		if _, ok := v.(int); ok {
			l.Barrier()
		}
	})
}

// ---- Extract from a multi-value call

func PosExtract(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		q, r := divmod(l.Index(), 2)
		_ = q
		if r == 1 {
			_ = spmd.BroadcastFirst(l, q) // EXPECT
		}
	})
}

func NegExtract(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		q, r := divmod(l.Count(), 2)
		if r == 0 {
			_ = spmd.BroadcastFirst(l, q)
		}
	})
}

// ---- Field of a struct value

func PosField(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		p := mk(l.Index())
		if p.b > 2 {
			l.Barrier() // EXPECT
		}
	})
}

func NegField(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		p := mk(l.Count())
		if p.b > 2 {
			l.Barrier()
		}
	})
}

// ---- FieldAddr through a shared pointer

func PosFieldAddr(n int) error {
	ps := []*point{{x: 1}, {x: 5}}
	return spmd.Run(n, func(l spmd.Lane) {
		p := ps[l.Index()%2]
		if p.x > 3 {
			l.Barrier() // EXPECT
		}
	})
}

func NegFieldAddr(n int) error {
	ps := []*point{{x: 1}, {x: 5}}
	return spmd.Run(n, func(l spmd.Lane) {
		p := ps[1]
		if p.x > 3 {
			l.Barrier()
		}
	})
}

// ---- Index of an array value

func PosIndexArray(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if arr4(0)[l.Index()%4] >= 2 {
			_ = spmd.ReduceMin(l, 1) // EXPECT
		}
	})
}

func NegIndexArray(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if arr4(0)[l.Count()%4] == 0 {
			_ = spmd.ReduceMin(l, 1)
		}
	})
}

// ---- Index of a string

func PosIndexString(n int) error {
	word := "abab"
	return spmd.Run(n, func(l spmd.Lane) {
		if word[l.Index()%len(word)] == 'a' {
			l.Barrier() // EXPECT
		}
	})
}

func NegIndexString(n int) error {
	word := "abab"
	return spmd.Run(n, func(l spmd.Lane) {
		if word[l.Count()%len(word)] == 'a' {
			l.Barrier()
		}
	})
}

// ---- IndexAddr into a shared slice

func PosIndexAddr(n int) error {
	data := []int{0, 3, 0, 3}
	return spmd.Run(n, func(l spmd.Lane) {
		if data[l.Index()%4] > 0 {
			l.Barrier() // EXPECT
		}
	})
}

func NegIndexAddr(n int) error {
	data := []int{0, 3, 0, 3}
	return spmd.Run(n, func(l spmd.Lane) {
		if data[3] > 0 {
			l.Barrier()
		}
	})
}

// ---- Slice

func PosSlice(n int) error {
	data := []int{1, 2, 3, 4}
	return spmd.Run(n, func(l spmd.Lane) {
		sub := data[l.Index()%len(data):]
		if len(sub) > 2 {
			l.Barrier() // EXPECT
		}
	})
}

func NegSlice(n int) error {
	data := []int{1, 2, 3, 4}
	return spmd.Run(n, func(l spmd.Lane) {
		sub := data[l.Count()%len(data):]
		if len(sub) > 2 {
			l.Barrier()
		}
	})
}

// ---- Lookup in a map

func PosLookup(n int) error {
	m := map[int]string{0: "x", 1: "y"}
	return spmd.Run(n, func(l spmd.Lane) {
		if m[l.Index()%2] == "x" {
			l.Barrier() // EXPECT
		}
	})
}

func NegLookup(n int) error {
	m := map[int]string{0: "x", 1: "y"}
	return spmd.Run(n, func(l spmd.Lane) {
		if m[l.Count()%2] == "x" {
			l.Barrier()
		}
	})
}

// ---- Lookup, comma-ok

func PosLookupOk(n int) error {
	m := map[int]bool{0: true, 2: true}
	return spmd.Run(n, func(l spmd.Lane) {
		if _, ok := m[l.Index()%4]; ok {
			_ = spmd.Ballot(l, true) // EXPECT
		}
	})
}

func NegLookupOk(n int) error {
	m := map[int]bool{0: true, 2: true}
	return spmd.Run(n, func(l spmd.Lane) {
		if _, ok := m[l.Count()%4]; ok {
			_ = spmd.Ballot(l, true)
		}
	})
}

// ---- Range/Next over a string: a lane-dependent string, trip count

func PosRangeString(n int) error {
	words := []string{"ab", "abcd"}
	return spmd.Run(n, func(l spmd.Lane) {
		for range words[l.Index()%2] {
			l.Barrier() // EXPECT
		}
	})
}

func NegRangeString(n int) error {
	words := []string{"ab", "abcd"}
	return spmd.Run(n, func(l spmd.Lane) {
		for range words[l.Count()%2] {
			l.Barrier()
		}
	})
}

// ---- Range/Next over a string: the rune

func PosRangeRune(n int) error {
	words := []string{"aab", "abb"}
	return spmd.Run(n, func(l spmd.Lane) {
		for _, r := range words[l.Index()%2] {
			if r == 'a' {
				l.Barrier() // EXPECT
			}
		}
	})
}

func NegRangeRune(n int) error {
	words := []string{"aab", "abb"}
	return spmd.Run(n, func(l spmd.Lane) {
		for j, r := range words[0] {
			if r == 'a' || j > 1 {
				l.Barrier()
			}
		}
	})
}

// ---- Select: which case runs is per lane

func PosSelect(n int) error {
	ch := make(chan int, 2)
	ch <- 1
	ch <- 2
	return spmd.Run(n, func(l spmd.Lane) {
		got := false
		select {
		case v := <-ch:
			got = v > 0
		default:
		}
		if got {
			l.Barrier() // EXPECT
		}
	})
}

func NegSelect(n int) error {
	ch := make(chan int, 2)
	ch <- 1
	ch <- 2
	return spmd.Run(n, func(l spmd.Lane) {
		got := false
		select {
		case v := <-ch:
			got = v > 0
		default:
		}
		if spmd.Any(l, got) {
			l.Barrier()
		}
	})
}

// ---- Phi at the join of a branch

func PosPhi(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		if l.Index()%2 == 0 {
			x = 1
		} else {
			x = 2
		}
		if x == 1 {
			l.Barrier() // EXPECT
		}
	})
}

func NegPhi(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		x := 0
		if l.Count()%2 == 0 {
			x = 1
		} else {
			x = 2
		}
		if x == 1 {
			l.Barrier()
		}
	})
}

// ---- Call of a known function

func PosCallKnown(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if sq(l.Index()) > 3 {
			l.Barrier() // EXPECT
		}
	})
}

func NegCallKnown(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		if sq(l.Count()) > 3 {
			l.Barrier()
		}
	})
}

// ---- Call of an unknown function value

func PosCallUnknown(n int) error {
	fns := []func(int) int{func(x int) int { return x * x }}
	return spmd.Run(n, func(l spmd.Lane) {
		f := fns[0]
		if f(l.Index()) > 3 {
			l.Barrier() // EXPECT
		}
	})
}

func NegCallUnknown(n int) error {
	fns := []func(int) int{func(x int) int { return x * x }}
	return spmd.Run(n, func(l spmd.Lane) {
		f := fns[0]
		if f(l.Count()) > 3 {
			l.Barrier()
		}
	})
}

// ---- Call of an interface method (invoke): the receiver is per lane

func PosInvoke(n int) error {
	shapes := []shape{square{1}, square{3}}
	return spmd.Run(n, func(l spmd.Lane) {
		s := shapes[l.Index()%2]
		if s.Area() > 4 {
			l.Barrier() // EXPECT
		}
	})
}

func NegInvoke(n int) error {
	shapes := []shape{square{1}, square{3}}
	return spmd.Run(n, func(l spmd.Lane) {
		s := shapes[1]
		if s.Area() > 4 {
			l.Barrier()
		}
	})
}

// ---- MakeClosure: a free variable

func PosClosure(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		i := l.Index()
		f := func() int { return i * 3 }
		if f() > 4 {
			l.Barrier() // EXPECT
		}
	})
}

func NegClosure(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		u := l.Count()
		f := func() int { return u * 3 }
		if f() > 4 {
			l.Barrier()
		}
	})
}

// ---- len of a lane-dependent slice (builtin call)

func PosLen(n int) error {
	rows := [][]int{{1}, {1, 2, 3}}
	return spmd.Run(n, func(l spmd.Lane) {
		row := rows[l.Index()%2]
		for k := 0; k < len(row); k++ {
			_ = spmd.ReduceAdd(l, row[k]) // EXPECT
		}
	})
}

func NegLen(n int) error {
	rows := [][]int{{1}, {1, 2, 3}}
	return spmd.Run(n, func(l spmd.Lane) {
		row := rows[1]
		for k := 0; k < len(row); k++ {
			_ = spmd.ReduceAdd(l, row[k]+l.Index())
		}
	})
}
