// Package syncs holds kernels that use sync.Mutex, sync.RWMutex, sync.Once,
// sync.WaitGroup and goroutines started by a lane.
package syncs

import (
	"sync"

	"github.com/spmdvet/spmdvet/spmd"
)

// MutexCounterAfterBarrier (correct): lanes add to a mutex-protected shared
// counter, then read it only after a barrier, when every lane sees the final
// total; the reduction under the branch is reached by all lanes.
func MutexCounterAfterBarrier(lanes int) (int, error) {
	var mu sync.Mutex
	count := 0
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		mu.Lock()
		count += l.Index() + 1
		mu.Unlock()
		l.Barrier()
		mu.Lock()
		c := count
		mu.Unlock()
		if c == l.Count()*(l.Count()+1)/2 {
			out[l.Index()] = spmd.ReduceAdd(l, 1)
		}
	})
	return out[0], err
}

// ClaimPairs (bug): lanes 2k and 2k+1 race to claim key k in a shared,
// mutex-protected map. One lane of each pair wins (mine), and only the
// winners reach the barrier. The map is read at a divergent key.
func ClaimPairs(lanes int) error {
	var mu sync.Mutex
	claimed := map[int]bool{}
	return spmd.Run(lanes, func(l spmd.Lane) {
		key := l.Index() / 2
		mu.Lock()
		mine := !claimed[key]
		if mine {
			claimed[key] = true
		}
		mu.Unlock()
		if mine {
			l.Barrier() // EXPECT
		}
	})
}

// ClaimPairsCountAfter (correct): twin of ClaimPairs; the claims are made the
// same way, but the convergent loop is driven by len(claimed) read after a
// barrier, which is uniform.
func ClaimPairsCountAfter(lanes int) (int, error) {
	var mu sync.Mutex
	claimed := map[int]bool{}
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		key := l.Index() / 2
		mu.Lock()
		if !claimed[key] {
			claimed[key] = true
		}
		mu.Unlock()
		l.Barrier()
		mu.Lock()
		n := len(claimed)
		mu.Unlock()
		for i := 0; i < n; i++ {
			l.Barrier()
		}
		out[l.Index()] = n
	})
	return out[0], err
}

// OnceConfig (correct): a shared sync.Once initialises a shared config with a
// constant; once.Do returns in every lane only after the value is set, so the
// loop bound is uniform.
func OnceConfig(lanes int) (int, error) {
	var once sync.Once
	cfg := 0
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		once.Do(func() { cfg = 3 })
		n := 0
		for i := 0; i < cfg; i++ {
			l.Barrier()
			n++
		}
		out[l.Index()] = n
	})
	return out[0], err
}

// OnceWinnerShared (correct): the lane that wins the shared Once stores its
// index into shared memory; every lane reads the same winner after Do, so the
// branch and the Broadcast source are uniform.
func OnceWinnerShared(lanes int) (int, error) {
	var once sync.Once
	winner := -1
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		idx := l.Index()
		once.Do(func() { winner = idx })
		w := winner
		if w%2 == 0 {
			l.Barrier()
		}
		out[l.Index()] = spmd.Broadcast(l, l.Index()*10, w) - w*10
	})
	for _, o := range out {
		if o != 0 {
			return -1, err
		}
	}
	return 0, err
}

// GoroutineWritesDivergent (bug): the lane starts a goroutine that writes
// Index()*3 into the lane's local variable; after Wait the lane branches on
// it.
func GoroutineWritesDivergent(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		var r int
		var wg sync.WaitGroup
		idx := l.Index()
		wg.Add(1)
		go func() {
			defer wg.Done()
			r = idx * 3
		}()
		wg.Wait()
		if r%2 == 0 {
			l.Barrier() // EXPECT
		}
	})
}

// GoroutineWritesUniform (correct): twin of GoroutineWritesDivergent; the
// goroutine writes a value computed from Count(), uniform.
func GoroutineWritesUniform(lanes int) (int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		var r int
		var wg sync.WaitGroup
		n := l.Count()
		wg.Add(1)
		go func() {
			defer wg.Done()
			r = n * 3
		}()
		wg.Wait()
		k := 0
		for i := 0; i < r; i++ {
			l.Barrier()
			k++
		}
		out[l.Index()] = k
	})
	return out[0], err
}

// GoroutineResultChan (bug): a goroutine computes Index()^2 and sends it on
// the lane's own result channel; the lane branches on the received value.
func GoroutineResultChan(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		res := make(chan int, 1)
		idx := l.Index()
		go func() { res <- idx * idx }()
		v := <-res
		if v > 3 {
			_ = spmd.Any(l, true) // EXPECT
		}
	})
}

// GoroutineResultChanUniform (correct): twin of GoroutineResultChan; the
// goroutine sends Count()+1, uniform.
func GoroutineResultChanUniform(lanes int) (int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		res := make(chan int, 1)
		n := l.Count()
		go func() { res <- n + 1 }()
		v := <-res
		if v > 1 {
			out[l.Index()] = spmd.ReduceAdd(l, 1)
		}
	})
	return out[0], err
}

// FanOutUniform (correct): each lane starts three goroutines that fill its
// own slice with divergent values, but the reduction is unconditional and the
// branch after it is on the uniform sum.
func FanOutUniform(lanes int) (int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		part := make([]int, 3)
		idx := l.Index()
		var wg sync.WaitGroup
		for j := 0; j < 3; j++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				part[j] = idx * j
			}()
		}
		wg.Wait()
		s := 0
		for _, p := range part {
			s += p
		}
		total := spmd.ReduceAdd(l, s)
		if total > 0 {
			l.Barrier()
		}
		out[l.Index()] = total
	})
	return out[0], err
}

// FanOutDivergentFlags (bug): lane i starts goroutines that set flags 0..i of
// its own 4-element slice; the loop over the slice runs 4 times everywhere
// but the barrier is under the divergent flag.
func FanOutDivergentFlags(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		flags := make([]bool, 4)
		var wg sync.WaitGroup
		for j := 0; j <= l.Index() && j < 4; j++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				flags[j] = true
			}()
		}
		wg.Wait()
		for _, f := range flags {
			if f {
				l.Barrier() // EXPECT
			}
		}
	})
}

// RWNeighbourAfterBarrier (bug): lanes publish into a shared slice under a
// RWMutex, then after a barrier read the neighbour's slot: a load at a
// divergent address, so the branch is divergent.
func RWNeighbourAfterBarrier(lanes int) error {
	var mu sync.RWMutex
	vals := make([]int, lanes)
	return spmd.Run(lanes, func(l spmd.Lane) {
		mu.Lock()
		vals[l.Index()] = l.Index() * 2
		mu.Unlock()
		l.Barrier()
		mu.RLock()
		v := vals[(l.Index()+1)%l.Count()]
		mu.RUnlock()
		if v > 2 {
			_ = spmd.Any(l, true) // EXPECT
		}
	})
}

// RWSlotZeroAfterBarrier (correct): twin of RWNeighbourAfterBarrier; every
// lane reads slot 0 after the barrier: a uniform address of shared memory.
func RWSlotZeroAfterBarrier(lanes int) (int, error) {
	var mu sync.RWMutex
	vals := make([]int, lanes)
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		mu.Lock()
		vals[l.Index()] = l.Index()*2 + 5
		mu.Unlock()
		l.Barrier()
		mu.RLock()
		v := vals[0]
		mu.RUnlock()
		if v > 2 {
			out[l.Index()] = spmd.ReduceAdd(l, 1)
		}
	})
	return out[0], err
}
