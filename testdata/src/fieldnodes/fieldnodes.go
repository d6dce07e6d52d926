// Package fieldnodes is a generated kernel that once made the analyzer
// panic: a method value of a struct in the kernel's memory, called in a
// loop whose trip count depends on the lane, whose callee needs a field of
// its receiver uniform. The nodes for the fields of the loaded struct were
// made while looking for violations, after the analysis had run. Kept as
// the fuzzer generated it: each line is needed.
package fieldnodes

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

var _ iter.Seq[int]

type K38S struct {
	l  spmd.Lane
	in []int
	id int
	u  int
}

type K38I interface {
}

type K38T struct {
	l spmd.Lane
	k int
}

func (rv K38S) Get(p int) int {
	l := rv.l
	q := &rv.id
	s := rv.in
	p += rv.id * 0
	idx := l.Index()
	cnt := l.Count()
	var w0, w1, w2 int
	var q0, q1 bool
	_, _, _, _, _, _ = idx, cnt, q0, q1, s, q
	_, _, _ = w0, w1, w2
	for i1 := range p % 3 {
		_ = i1
		if spmd.All(l, q1) {
		}
	}
	return (idx + 3)
}

func K38(l spmd.Lane, a, b, c int, in []int, out []int) {
	idx := l.Index()
	cnt := l.Count()
	var v0, v5 int
	_, _, _ = v0, v5, cnt
	var st K38S
	pst := &st
	var it K38I = K38T{l: l, k: 1}
	for i0 := range idx % 3 {
		_ = i0
		mv1 := pst.Get
		v0 = mv1(idx) // want `collective spmd.All \(reached through mv1\) under divergent control`
		var e2 any = it
		if tv3, ok := e2.(int); ok {
			_ = tv3
			func() {
				v5 = (v0 & pst.u)
			}()
		}
	}
}
