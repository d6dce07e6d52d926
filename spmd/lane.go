package spmd

// A Lane is the handle a kernel gets for the lane running it. It is a small
// value, meant to be passed down to helpers by value. A Lane belongs to the
// goroutine [Run] started for it and must not be used from other
// goroutines; using it after Run has returned panics.
//
//spmd:lane
type Lane struct {
	g *group
	i int
}

// Index returns the lane's index in its group, from 0 to Count()-1. It is
// what makes lanes differ: every value computed from it is divergent.
//
//spmd:laneid
func (l Lane) Index() int {
	return l.i
}

// Count returns the number of lanes in the group, the same in every lane.
//
//spmd:uniform
func (l Lane) Count() int {
	return l.group().n
}

// Barrier waits until every lane of the group has reached this barrier.
// Memory writes a lane makes before the barrier are visible to every lane
// after it, so lanes can share data through memory in phases separated by
// barriers. All lanes must call the same Barrier: one left out by a
// divergent branch stops the run with a [*DivergenceError].
//
//spmd:convergent barrier
func (l Lane) Barrier() {
	collect(l, "Barrier", struct{}{}, 0, func([]struct{}, []int) (any, *UsageError) {
		return nil, nil
	})
}

// group returns the lane's group, refusing a zero Lane with a message that
// says where lanes come from rather than with a nil dereference.
func (l Lane) group() *group {
	if l.g == nil {
		panic("spmd: use of zero Lane; lanes are made by Run")
	}
	return l.g
}
