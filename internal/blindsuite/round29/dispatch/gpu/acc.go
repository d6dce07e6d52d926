package gpu

// Acc accumulates a lane's values and flushes the block total. Its methods
// have pointer receivers, except Snapshot.
type Acc struct {
	W     Warp
	Sum   float64
	N     int
	Muted bool // a muted accumulator contributes nothing and skips the reduction
}

// Add adds v to the lane's running sum.
func (a *Acc) Add(v float64) {
	a.Sum += v
	a.N++
}

// Mute makes Flush skip this accumulator.
func (a *Acc) Mute() { a.Muted = true }

// Flush returns the block total of the running sums. A muted accumulator
// returns 0 at once, without taking part in the reduction, so every lane
// must agree on whether it is muted.
func (a *Acc) Flush() float64 {
	if a.Muted {
		return 0
	}
	return a.W.Sum(a.Sum)
}

// Snapshot returns a copy of the accumulator; later changes to a do not
// show in it.
func (a Acc) Snapshot() Acc { return a }

// Exchange is block-shared memory with one slot per lane.
type Exchange struct {
	Slots []float64
}

// Pair publishes v and returns the v of the neighbouring lane (tid^1), with
// a barrier on each side of the read so the slots can be reused.
func (e *Exchange) Pair(b Block, v float64) float64 {
	e.Slots[b.Tid()] = v
	b.Sync()
	w := e.Slots[b.Tid()^1]
	b.Sync()
	return w
}
