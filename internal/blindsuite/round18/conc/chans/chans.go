// Package chans holds kernels that use Go channels: channels shared by all
// lanes (made outside spmd.Run and captured by the kernel) and channels a lane
// makes for itself.
package chans

import "github.com/spmdvet/spmdvet/spmd"

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TokensSelectDefault (bug): a buffered channel shared by all lanes holds two
// tokens and every lane tries to take one with select/default. Exactly two
// lanes get a token, so the barrier under got is reached by two lanes only.
func TokensSelectDefault(lanes int) error {
	tokens := make(chan struct{}, 2)
	tokens <- struct{}{}
	tokens <- struct{}{}
	return spmd.Run(lanes, func(l spmd.Lane) {
		got := false
		select {
		case <-tokens:
			got = true
		default:
		}
		if got {
			l.Barrier() // EXPECT
		}
	})
}

// TokensCounted (correct): twin of TokensSelectDefault. The token grab is the
// same, but the collective that counts the winners runs in every lane.
func TokensCounted(lanes int) (int, error) {
	tokens := make(chan struct{}, 2)
	tokens <- struct{}{}
	tokens <- struct{}{}
	var n int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		got := false
		select {
		case <-tokens:
			got = true
		default:
		}
		total := spmd.ReduceAdd(l, b2i(got))
		if l.Index() == 0 {
			n = total
		}
	})
	return n, err
}

// OwnChanUniform (correct): each lane makes its own channel and sends a
// uniform value (Count) into it under uniform control, so what it receives is
// uniform and the barrier loop bound is the same in every lane.
func OwnChanUniform(lanes int) (int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		ch := make(chan int, 1)
		ch <- l.Count()
		v := <-ch
		done := 0
		for i := 0; i < v; i++ {
			l.Barrier()
			done++
		}
		out[l.Index()] = done
	})
	return out[0], err
}

// OwnChanDivergent (bug): twin of OwnChanUniform; the lane sends its index
// into its own channel, so the received value is divergent.
func OwnChanDivergent(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		ch := make(chan int, 1)
		ch <- l.Index()
		if v := <-ch; v%2 == 0 {
			l.Barrier() // EXPECT
		}
	})
}

// QueueCollectiveInLoop (bug): a shared, closed job channel is drained with
// range by all lanes; each lane takes a different number of jobs, so a
// collective inside the range loop is reached a different number of times.
func QueueCollectiveInLoop(lanes, jobs int) error {
	q := make(chan int, jobs)
	for i := 0; i < jobs; i++ {
		q <- i
	}
	close(q)
	return spmd.Run(lanes, func(l spmd.Lane) {
		for j := range q {
			_ = spmd.ReduceAdd(l, j) // EXPECT
		}
	})
}

// QueueReduceAfter (correct): twin of QueueCollectiveInLoop; lanes sum their
// jobs locally and combine after the loop, where every lane arrives once.
func QueueReduceAfter(lanes, jobs int) (int, error) {
	q := make(chan int, jobs)
	for i := 0; i < jobs; i++ {
		q <- i
	}
	close(q)
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		sum := 0
		for j := range q {
			sum += j
		}
		out[l.Index()] = spmd.ReduceAdd(l, sum)
	})
	return out[0], err
}

// RecvBranch (bug): a shared channel holds 0..lanes-1; every lane receives one
// value, so exactly one lane gets 0 and calls Any.
func RecvBranch(lanes int) error {
	ch := make(chan int, lanes)
	for i := 0; i < lanes; i++ {
		ch <- i
	}
	return spmd.Run(lanes, func(l spmd.Lane) {
		v := <-ch
		if v == 0 {
			_ = spmd.Any(l, true) // EXPECT
		}
	})
}

// RecvBroadcastFirst (correct): twin of RecvBranch; the received value is made
// uniform by BroadcastFirst before it is branched on.
func RecvBroadcastFirst(lanes int) (int, error) {
	ch := make(chan int, lanes)
	for i := 0; i < lanes; i++ {
		ch <- i + 1
	}
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		v := <-ch
		w := spmd.BroadcastFirst(l, v)
		if w > 0 {
			l.Barrier()
			out[l.Index()] = 1
		}
	})
	n := 0
	for _, o := range out {
		n += o
	}
	return n, err
}

// OwnDoneClosedByEvenLanes (bug): each lane makes its own done channel, even
// lanes close it, and a select/default makes those lanes return before the
// barrier.
func OwnDoneClosedByEvenLanes(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		done := make(chan struct{})
		if l.Index()%2 == 0 {
			close(done)
		}
		select {
		case <-done:
			return
		default:
		}
		l.Barrier() // EXPECT
	})
}

// SelectTwoShared (bug): channel a holds one item and b holds lanes-1; each
// lane receives exactly one item in a select, so exactly one lane takes the a
// case and calls ReduceAdd there.
func SelectTwoShared(lanes int) error {
	a := make(chan int, 1)
	b := make(chan int, lanes)
	a <- 1
	for i := 1; i < lanes; i++ {
		b <- 1
	}
	return spmd.Run(lanes, func(l spmd.Lane) {
		select {
		case v := <-a:
			_ = spmd.ReduceAdd(l, v) // EXPECT
		case <-b:
		}
	})
}

// SelectTwoSharedCount (correct): twin of SelectTwoShared; the select only
// records which case ran and the count is reduced by every lane afterwards.
func SelectTwoSharedCount(lanes int) (int, error) {
	a := make(chan int, 1)
	b := make(chan int, lanes)
	a <- 1
	for i := 1; i < lanes; i++ {
		b <- 1
	}
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		fromA := 0
		select {
		case v := <-a:
			fromA = v
		case <-b:
		}
		out[l.Index()] = spmd.ReduceAdd(l, fromA)
	})
	return out[0], err
}

// OwnBufferedDivergentFill (bug): each lane fills its own buffered channel
// with Index()+1 items, then drains it with a barrier per item: the trip
// count of the drain loop is divergent.
func OwnBufferedDivergentFill(lanes int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		ch := make(chan int, 64)
		for i := 0; i <= l.Index(); i++ {
			ch <- i
		}
		close(ch)
		for range ch {
			l.Barrier() // EXPECT
		}
	})
}

// OwnBufferedUniformFill (correct): twin of OwnBufferedDivergentFill; every
// lane puts Count() items into its own channel, so all drain loops run the
// same number of iterations.
func OwnBufferedUniformFill(lanes int) (int, error) {
	out := make([]int, lanes)
	err := spmd.Run(lanes, func(l spmd.Lane) {
		ch := make(chan int, 64)
		for i := 0; i < l.Count(); i++ {
			ch <- i
		}
		close(ch)
		n := 0
		for range ch {
			l.Barrier()
			n++
		}
		out[l.Index()] = n
	})
	return out[lanes-1], err
}

// SharedResultsLenAfterBarrier (correct): lanes send into a shared buffered
// channel, then after a barrier (no more sends, no receives yet) every lane
// reads len, which is the same for all; lane 0 drains only after another
// barrier.
func SharedResultsLenAfterBarrier(lanes int) (int, error) {
	results := make(chan int, lanes)
	var sum int
	err := spmd.Run(lanes, func(l spmd.Lane) {
		results <- l.Index()
		l.Barrier()
		n := len(results)
		for i := 0; i < n; i++ {
			l.Barrier()
		}
		if l.Index() == 0 {
			for i := 0; i < n; i++ {
				sum += <-results
			}
		}
	})
	return sum, err
}
