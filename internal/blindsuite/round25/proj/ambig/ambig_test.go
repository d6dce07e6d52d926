package ambig

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round25/proj/internal/testutil"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestSteps(t *testing.T) {
	// A1: uniform argument, runs fine.
	testutil.Launch(t, 4, func(l spmd.Lane) { Steps(l, 3) })
	// A1: a lane-dependent argument does diverge at run time.
	testutil.Diverges(t, 4, func(l spmd.Lane) { Steps(l, l.Index()) })
}

func TestRounds(t *testing.T) {
	// A2: correct at run time.
	r := Rounds{N: 3}
	testutil.Launch(t, 4, r.Run)
}

func TestStepsKernel(t *testing.T) {
	// kernel A7. Question: StepsKernel is //spmd:kernel, so its n is uniform
	// by declaration, and the call below is reached by every lane. Yet the
	// lane-dependent argument makes the lanes run different numbers of
	// barriers. Where, if anywhere, is a finding due? Best guess: nowhere
	// within this spec (summaries across functions are a later issue), so no
	// EXPECT; run time shows the bug.
	testutil.Diverges(t, 4, func(l spmd.Lane) { StepsKernel(l, l.Index()) })
	testutil.Launch(t, 4, func(l spmd.Lane) { StepsKernel(l, l.Count()) })
}

func TestMapRange(t *testing.T) {
	weights := map[string]int{"a": 1, "b": 2, "c": 3}
	var sum int
	// kernel A3. Question: range over a map makes keys and values divergent
	// (per-lane order). Does it also make the loop's exit divergent, so that
	// a barrier in the body, which does not depend on the key, is a finding?
	// Every lane runs len(m) iterations. Best guess: no finding.
	testutil.Launch(t, 4, func(l spmd.Lane) {
		n := 0
		for range weights {
			n++
			l.Barrier()
		}
		s := spmd.ReduceAdd(l, n)
		if l.Index() == 0 {
			sum = s
		}
	})
	if sum != 12 {
		t.Fatalf("sum %d", sum)
	}
}

func TestDivergentAddress(t *testing.T) {
	// kernel A4. Question: the spec says a load from per-lane memory is
	// divergent "if any store to that memory stores a divergent value, or
	// runs under divergent control". Here the value (true) and the control
	// are uniform but the address is the lane's index, so seen[0] is true in
	// lane 0 only. Best guess: a finding is due (the address makes the store
	// divergent); the literal wording would miss it.
	testutil.Diverges(t, 4, func(l spmd.Lane) {
		var seen [4]bool
		seen[l.Index()] = true
		if seen[0] {
			l.Barrier() // EXPECT
		}
	})
}

func TestButterflyValue(t *testing.T) {
	xs := []int{1, 2, 3, 4}
	var got int
	// kernel A5. Question: after a full butterfly every lane holds the same
	// sum, but ShuffleXor is //spmd:divergent, so the spec makes the branch
	// divergent and the barrier a finding that spmd.Run cannot confirm (the
	// kernel is correct at run time). Best guess: the finding is due.
	testutil.Launch(t, 4, func(l spmd.Lane) {
		x := xs[l.Index()]
		for m := l.Count() / 2; m > 0; m >>= 1 {
			x += spmd.ShuffleXor(l, x, m)
		}
		if x > 0 {
			l.Barrier() // EXPECT
		}
		if l.Index() == 0 {
			got = x
		}
	})
	if got != 10 {
		t.Fatalf("got %d", got)
	}
}

func TestNestedClosure(t *testing.T) {
	// kernel A10. Question: cnt is the lane's own variable (an Alloc in the
	// kernel) but it is written by a nested closure, called under a lane
	// test. Does the store "run under divergent control" when the store is
	// in another function? Best guess: yes, a finding is due.
	testutil.Diverges(t, 4, func(l spmd.Lane) {
		cnt := 0
		inc := func() { cnt++ }
		if l.Index()%2 == 0 {
			inc()
		}
		if cnt > 0 {
			l.Barrier() // EXPECT
		}
	})
}

func TestPanicLane(t *testing.T) {
	// kernel A18. Question: a lane-dependent panic leaves the kernel like a
	// return. Is the barrier after it under divergent control? Run reports a
	// *spmd.PanicError here, not a DivergenceError. Best guess: yes.
	err := testutil.Try(4, func(l spmd.Lane) {
		if l.Index() == 3 {
			panic("lane 3 gives up")
		}
		l.Barrier() // EXPECT
	})
	var pe *spmd.PanicError
	if !errorsAs(err, &pe) {
		t.Fatalf("got %v", err)
	}
}

func TestFuncValue(t *testing.T) {
	sync := func(l spmd.Lane) { l.Barrier() }
	hooks := []func(spmd.Lane){sync}
	// kernel A19. Question: the callee is a function value loaded from a
	// slice, so the checker cannot know it is convergent; the spec reports
	// calls "to a function known to be convergent". Best guess: no finding,
	// though it diverges at run time.
	testutil.Diverges(t, 4, func(l spmd.Lane) {
		if l.Index() == 0 {
			hooks[0](l)
		}
	})
}
