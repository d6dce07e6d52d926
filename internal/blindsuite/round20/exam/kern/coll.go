package kern

import "github.com/spmdvet/spmdvet/spmd"

// ---- Collectives with uniform results cut divergence ----

func NegAnyResult(l spmd.Lane) {
	if spmd.Any(l, l.Index() == 2) {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

func NegAllResult(l spmd.Lane) {
	if !spmd.All(l, l.Index() < 2) {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

func NegBallotResult(l spmd.Lane) {
	b := spmd.Ballot(l, l.Index()%2 == 0)
	if b == 0x5 {
		l.Barrier()
	}
	Out[l.Index()] = int(b)
}

func NegReduceAddResult(l spmd.Lane) {
	s := spmd.ReduceAdd(l, l.Index())
	if s > 3 {
		l.Barrier()
	}
	Out[l.Index()] = s
}

func NegReduceMinResult(l spmd.Lane) {
	m := spmd.ReduceMin(l, l.Index())
	if m == 0 {
		l.Barrier()
	}
	Out[l.Index()] = m
}

func NegReduceMaxResult(l spmd.Lane) {
	m := spmd.ReduceMax(l, l.Index())
	if m == 3 {
		l.Barrier()
	}
	Out[l.Index()] = m
}

func NegBroadcastFirstResult(l spmd.Lane) {
	v := spmd.BroadcastFirst(l, l.Index()+7)
	if v == 7 {
		l.Barrier()
	}
	Out[l.Index()] = v
}

// NegBroadcastUniformSrc: Broadcast is uniform when src is uniform.
func NegBroadcastUniformSrc(l spmd.Lane) {
	v := spmd.Broadcast(l, l.Index()*10, l.Count()-1)
	if v == 30 {
		l.Barrier()
	}
	Out[l.Index()] = v
}

// PosBroadcastDivergentSrc: with a divergent src it is a shuffle.
func PosBroadcastDivergentSrc(l spmd.Lane) {
	v := spmd.Broadcast(l, l.Index(), (l.Index()+1)%l.Count())
	if v == 0 {
		l.Barrier() // EXPECT
	}
}

// ---- Collectives with divergent results ----

func PosShuffleResult(l spmd.Lane) {
	v := spmd.Shuffle(l, l.Index()*10, l.Count()-1-l.Index())
	if v > 10 {
		l.Barrier() // EXPECT
	}
}

func PosShuffleXorResult(l spmd.Lane) {
	v := spmd.ShuffleXor(l, l.Index(), 1)
	if v%2 == 0 {
		l.Barrier() // EXPECT
	}
}

// PosInclusiveAddResult: divergent even though every lane passes 1.
func PosInclusiveAddResult(l spmd.Lane) {
	s := spmd.InclusiveAdd(l, 1)
	if s > 2 {
		l.Barrier() // EXPECT
	}
}

func PosExclusiveAddResult(l spmd.Lane) {
	s := spmd.ExclusiveAdd(l, 1)
	if s == 0 {
		l.Barrier() // EXPECT
	}
}

// NegInclusiveThenReduce: reducing a divergent scan result is uniform again.
func NegInclusiveThenReduce(l spmd.Lane) {
	s := spmd.InclusiveAdd(l, 1)
	t := spmd.ReduceMax(l, s)
	if t == l.Count() {
		l.Barrier()
	}
	Out[l.Index()] = t
}

// ---- Every kind of collective under divergent control ----

func PosUnderAny(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = b2i(spmd.Any(l, true)) // EXPECT
	}
}

func PosUnderAll(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = b2i(spmd.All(l, true)) // EXPECT
	}
}

func PosUnderBallot(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = int(spmd.Ballot(l, true)) // EXPECT
	}
}

func PosUnderReduceAdd(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

func PosUnderReduceMin(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = spmd.ReduceMin(l, 1) // EXPECT
	}
}

func PosUnderReduceMax(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = spmd.ReduceMax(l, 1) // EXPECT
	}
}

func PosUnderBroadcast(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = spmd.Broadcast(l, 1, 0) // EXPECT
	}
}

func PosUnderBroadcastFirst(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = spmd.BroadcastFirst(l, 1) // EXPECT
	}
}

func PosUnderShuffle(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = spmd.Shuffle(l, 1, 0) // EXPECT
	}
}

func PosUnderShuffleXor(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = spmd.ShuffleXor(l, 1, 1) // EXPECT
	}
}

func PosUnderInclusiveAdd(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = spmd.InclusiveAdd(l, 1) // EXPECT
	}
}

func PosUnderExclusiveAdd(l spmd.Lane) {
	if l.Index() < 2 {
		Out[l.Index()] = spmd.ExclusiveAdd(l, 1) // EXPECT
	}
}

// NegUnderUniform: every kind of collective under a uniform condition.
func NegUnderUniform(l spmd.Lane) {
	s := 0
	if l.Count() > 2 {
		s += b2i(spmd.Any(l, true))
		s += b2i(spmd.All(l, true))
		s += int(spmd.Ballot(l, l.Index() == 0))
		s += spmd.ReduceAdd(l, 1)
		s += spmd.ReduceMin(l, 1)
		s += spmd.ReduceMax(l, 1)
		s += spmd.Broadcast(l, 1, 0)
		s += spmd.BroadcastFirst(l, 1)
		s += spmd.Shuffle(l, 1, 0)
		s += spmd.ShuffleXor(l, 1, 1)
		s += spmd.InclusiveAdd(l, 0)
		s += spmd.ExclusiveAdd(l, 0)
		l.Barrier()
	}
	Out[l.Index()] = s
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
