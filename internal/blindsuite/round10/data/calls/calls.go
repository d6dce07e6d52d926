// Package calls holds kernels that call the helpers of package vocab: facts
// about convergence and uniformity must cross the package boundary, and the
// directives declared in vocab must be honoured.
package calls

import (
	"sync/atomic"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round10/data/vocab"
	"github.com/spmdvet/spmdvet/spmd"
)

// Shared is group-shared memory for the kernels of this package.
type Shared struct {
	X   int
	Out [8]int
}

// HelperSyncDivergent calls a helper that performs a barrier in a branch only
// the low lanes take. Bug.
//
//spmd:kernel
func HelperSyncDivergent(l spmd.Lane) {
	if l.Index() < 2 {
		vocab.Sync(l) // EXPECT
	}
}

// HelperSyncUniform calls the same helper under a uniform branch. Correct.
//
//spmd:kernel
func HelperSyncUniform(l spmd.Lane, passed *int32) {
	if l.Count() > 2 {
		vocab.Sync(l)
		atomic.AddInt32(passed, 1)
	}
}

// HelperTotalBranch branches on the result of a helper that reduces over the
// group: uniform. Correct.
//
//spmd:kernel
func HelperTotalBranch(l spmd.Lane, s *Shared) {
	t := vocab.Total(l, l.Index())
	if t > 3 {
		l.Barrier()
		s.Out[l.Index()] = t
	}
}

// HelperStripeLoop waits once per item of the lane's own stripe: stripes have
// different lengths. Bug.
//
//spmd:kernel
func HelperStripeLoop(l spmd.Lane, n int) {
	lo, hi := vocab.Stripe(l, n)
	for i := lo; i < hi; i++ {
		l.Barrier() // EXPECT
	}
}

// HelperTilesLoop waits once per group-wide tile: a helper result that is
// uniform because its argument is. Correct.
//
//spmd:kernel
func HelperTilesLoop(l spmd.Lane, n int, passed *int32) {
	for t := 0; t < vocab.Tiles(l, n); t++ {
		l.Barrier()
		atomic.AddInt32(passed, 1)
	}
}

// HelperScaledUniformArg branches on a helper result computed from a kernel
// parameter. Correct.
//
//spmd:kernel
func HelperScaledUniformArg(l spmd.Lane, n int, passed *int32) {
	if vocab.Scaled(l, n) > 8 {
		l.Barrier()
		atomic.AddInt32(passed, 1)
	}
}

// HelperScaledLaneArg branches on the same helper given the lane index: the
// result is lane-dependent. Bug.
//
//spmd:kernel
func HelperScaledLaneArg(l spmd.Lane) {
	if vocab.Scaled(l, l.Index()) > 8 {
		l.Barrier() // EXPECT
	}
}

// SlotLeaderReduce calls a collective in the lane whose wrapper lane ID
// (//spmd:laneid) is 0. Bug.
//
//spmd:kernel
func SlotLeaderReduce(l spmd.Lane, s *Shared) {
	if vocab.Slot(l) == 0 {
		s.X = spmd.ReduceAdd(l, 1) // EXPECT
	}
}

// OddGroupSync calls the //spmd:convergent binding GroupSync in odd lanes.
// Bug.
//
//spmd:kernel
func OddGroupSync(l spmd.Lane) {
	if l.Index()%2 == 1 {
		vocab.GroupSync(l) // EXPECT
	}
}

// GroupSyncRounds calls GroupSync a uniform number of times. Correct.
//
//spmd:kernel
func GroupSyncRounds(l spmd.Lane, rounds int, passed *int32) {
	for i := 0; i < rounds; i++ {
		vocab.GroupSync(l)
		atomic.AddInt32(passed, 1)
	}
}

// GenerationBranch branches on Generation, declared //spmd:uniform although its
// body is an atomic read-modify-write. Correct.
//
//spmd:kernel
func GenerationBranch(l spmd.Lane, passed *int32) {
	if vocab.Generation(l)%2 == 0 {
		l.Barrier()
		atomic.AddInt32(passed, 1)
	}
}

// ReadLaneFixedSrc branches on ReadLane with the same src in every lane
// (//spmd:uniform src): uniform. Correct.
//
//spmd:kernel
func ReadLaneFixedSrc(l spmd.Lane, s *Shared) {
	v := vocab.ReadLane(l, l.Index()*10, 1)
	if v > 5 {
		l.Barrier()
		s.Out[l.Index()] = v
	}
}

// ReadLaneNeighbour branches on ReadLane from the next lane: src is
// lane-dependent, so the result is. Bug.
//
//spmd:kernel
func ReadLaneNeighbour(l spmd.Lane) {
	v := vocab.ReadLane(l, l.Index()*10, (l.Index()+1)%l.Count())
	if v > 15 {
		l.Barrier() // EXPECT
	}
}

// ReadLaneInBranch calls ReadLane (//spmd:convergent) only in lanes above 0.
// Bug.
//
//spmd:kernel
func ReadLaneInBranch(l spmd.Lane, s *Shared) {
	if l.Index() > 0 {
		s.Out[l.Index()] = vocab.ReadLane(l, 1, 0) // EXPECT
	}
}

// JitterBackoff waits only in lanes whose //spmd:divergent jitter is 0. Bug.
//
//spmd:kernel
func JitterBackoff(l spmd.Lane) {
	if vocab.Jitter(l, 2) == 0 {
		l.Barrier() // EXPECT
	}
}

// LaunchOwnData passes vocab.Launch (//spmd:kernel k) a closure that branches
// on the lane's own element of captured data. Bug.
func LaunchOwnData(data []int) error {
	return vocab.Launch(4, func(l spmd.Lane) {
		if data[l.Index()] > 0 {
			l.Barrier() // EXPECT
		}
	})
}

// LaunchLen passes vocab.Launch a closure that branches on the length of the
// captured data. Correct.
func LaunchLen(data []int) error {
	return vocab.Launch(4, func(l spmd.Lane) {
		if len(data) > 2 {
			l.Barrier()
			data[l.Index()] += 1
		}
	})
}

// GenericSumInLeader calls the generic reduction helper in lane 0 only. Bug.
//
//spmd:kernel
func GenericSumInLeader(l spmd.Lane, out []float64) {
	if l.Index() == 0 {
		out[0] = vocab.Sum(l, 1.5) // EXPECT
	}
}

// GenericSumBranch branches on the generic reduction's uniform result.
// Correct.
//
//spmd:kernel
func GenericSumBranch(l spmd.Lane, out []float64) {
	s := vocab.Sum(l, float64(l.Index()))
	if s > 1 {
		l.Barrier()
		out[l.Index()] = s
	}
}

// GenericMineBranch branches on the lane's own element picked by a generic
// helper. Bug.
//
//spmd:kernel
func GenericMineBranch(l spmd.Lane, names []string) {
	if vocab.Mine(l, names) == "a" {
		l.Barrier() // EXPECT
	}
}

// PublishInLowLanes calls the generic //spmd:convergent Publish in low lanes
// only. Bug.
//
//spmd:kernel
func PublishInLowLanes(l spmd.Lane, s *Shared) {
	if l.Index() < 2 {
		vocab.Publish(l, &s.X, 3) // EXPECT
	}
}

// PublishThenBranch publishes a value into shared memory and branches on it:
// shared memory at a uniform address. Correct.
//
//spmd:kernel
func PublishThenBranch(l spmd.Lane, s *Shared) {
	vocab.Publish(l, &s.X, l.Count())
	if s.X > 2 {
		l.Barrier()
		s.Out[l.Index()] = s.X
	}
}

// QueueFlushOwnItems flushes a shared generic queue only in lanes whose own
// item is odd: the generic method is convergent. Bug.
//
//spmd:kernel
func QueueFlushOwnItems(l spmd.Lane, q *vocab.Queue[int]) {
	if q.Items[l.Index()]%2 == 1 {
		q.Flush(l) // EXPECT
	}
}

// QueueFlushWhenFull flushes the shared queue when it is full, a uniform
// condition. Correct.
//
//spmd:kernel
func QueueFlushWhenFull(l spmd.Lane, q *vocab.Queue[int]) {
	if len(q.Items) >= l.Count() {
		q.Flush(l)
	}
}

// ConcreteSyncerInBranch calls the convergent method of a concrete
// BarrierSyncer in lane 1 only. Bug.
//
//spmd:kernel
func ConcreteSyncerInBranch(l spmd.Lane) {
	var b vocab.BarrierSyncer
	if l.Index() == 1 {
		b.Sync(l) // EXPECT
	}
}

// NopSyncerInBranch calls the non-convergent NopSyncer in lane 1 only.
// Correct.
//
//spmd:kernel
func NopSyncerInBranch(l spmd.Lane, passed *int32) {
	var n vocab.NopSyncer
	if l.Index() == 1 {
		n.Sync(l)
		atomic.AddInt32(passed, 1)
	}
}

// VoteSyncerInBranch calls the convergent method of a concrete VoteSyncer
// (a collective) in even lanes only. Bug.
//
//spmd:kernel
func VoteSyncerInBranch(l spmd.Lane) {
	if l.Index()%2 == 0 {
		vocab.VoteSyncer{}.Sync(l) // EXPECT
	}
}

// MergeMethodValue binds the convergent pointer method Merge to a method value
// and calls it in even lanes only. Bug.
//
//spmd:kernel
func MergeMethodValue(l spmd.Lane) {
	h := &vocab.Hist{}
	merge := h.Merge
	if l.Index()%2 == 0 {
		merge(l) // EXPECT
	}
}

// MergeMethodValueAll calls the method value in every lane and branches on its
// uniform result. Correct.
//
//spmd:kernel
func MergeMethodValueAll(l spmd.Lane, s *Shared) {
	h := &vocab.Hist{}
	h.Add(l.Index())
	merge := h.Merge
	if merge(l) > 2 {
		l.Barrier()
		s.Out[l.Index()] = h.Fullest() + 1
	}
}

// DeferSyncInLeader defers a helper barrier in lane 0 only. Bug.
//
//spmd:kernel
func DeferSyncInLeader(l spmd.Lane) {
	if l.Index() == 0 {
		defer vocab.Sync(l) // EXPECT
	}
}

// DeferSyncUniformReturn defers a barrier and may return early, but the early
// return depends on a kernel parameter only. Correct.
//
//spmd:kernel
func DeferSyncUniformReturn(l spmd.Lane, n int, s *Shared) {
	defer vocab.Sync(l)
	if n == 0 {
		return
	}
	s.Out[l.Index()] = n
}

// RecoverThenBarrier recovers from a panic that one lane raises before a
// barrier: the recovered lane returns and never reaches it. Bug.
//
//spmd:kernel
func RecoverThenBarrier(l spmd.Lane, bad int) {
	defer func() { _ = recover() }()
	if l.Index() == bad {
		panic("bad lane")
	}
	l.Barrier() // EXPECT
}

// ReduceThenCheck reduces first and panics (recovered) afterwards: no
// convergent call follows the divergent panic. Correct.
//
//spmd:kernel
func ReduceThenCheck(l spmd.Lane, in []int, out []int) {
	defer func() {
		if r := recover(); r != nil {
			out[l.Index()] = -1
		}
	}()
	sum := spmd.ReduceAdd(l, in[l.Index()])
	if in[l.Index()] < 0 {
		panic("negative input")
	}
	out[l.Index()] = sum
}
