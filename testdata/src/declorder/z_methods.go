package declorder

import "github.com/spmdvet/spmdvet/spmd"

type reducer struct{ l spmd.Lane }

func (r reducer) Do(p int) int { return spmd.ReduceMax(r.l, p) }

type adder struct{ l spmd.Lane }

func (a adder) get(p int) int { return spmd.ReduceAdd(a.l, p) }
