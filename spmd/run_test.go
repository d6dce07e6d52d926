package spmd_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestRunArguments(t *testing.T) {
	called := false
	kernel := func(spmd.Lane) { called = true }
	for _, n := range []int{0, -1, spmd.MaxLanes + 1} {
		if err := spmd.Run(n, kernel); err == nil {
			t.Errorf("Run(%d, kernel) = nil, want an error", n)
		}
	}
	if called {
		t.Error("kernel ran despite invalid lane counts")
	}
	if err := spmd.Run(4, nil); err == nil {
		t.Error("Run(4, nil) = nil, want an error")
	}
}

// TestKernelGoexit treats a lane ended by runtime.Goexit, as t.FailNow
// does, like a lane that returned.
func TestKernelGoexit(t *testing.T) {
	if err := spmd.Run(3, func(spmd.Lane) { runtime.Goexit() }); err != nil {
		t.Errorf("every lane exits: Run = %v, want nil", err)
	}
	err := spmd.Run(2, func(l spmd.Lane) {
		if l.Index() == 1 {
			runtime.Goexit()
		}
		l.Barrier()
	})
	var de *spmd.DivergenceError
	if !errors.As(err, &de) || len(de.Groups) != 2 || !de.Groups[1].Returned {
		t.Errorf("lane 1 exits: Run = %v, want lane 1 counted as returned", err)
	}
}

// mustPanic calls f and returns the message it panicked with.
func mustPanic(t *testing.T, f func()) (msg string) {
	t.Helper()
	defer func() {
		v := recover()
		if v == nil {
			t.Errorf("no panic")
		}
		msg, _ = v.(string)
	}()
	f()
	return ""
}

func TestLaneMisuse(t *testing.T) {
	var zero spmd.Lane
	if msg := mustPanic(t, func() { spmd.ReduceAdd(zero, 1) }); !strings.Contains(msg, "zero Lane") {
		t.Errorf("zero Lane: panic %q", msg)
	}

	var kept spmd.Lane
	err := spmd.Run(2, func(l spmd.Lane) {
		if l.Index() == 0 {
			kept = l
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if kept.Count() != 2 {
		t.Errorf("Count after Run = %d, want 2", kept.Count())
	}
	if msg := mustPanic(t, kept.Barrier); !strings.Contains(msg, "after its Run returned") {
		t.Errorf("Lane after Run: panic %q", msg)
	}
}

// TestNoGoroutineLeak checks that Run leaves no lane behind, however the run
// ends.
func TestNoGoroutineLeak(t *testing.T) {
	kernels := map[string]func(spmd.Lane){
		"converged": func(l spmd.Lane) { spmd.ReduceAdd(l, 1) },
		"divergent": func(l spmd.Lane) {
			if l.Index()%2 == 0 {
				l.Barrier()
			}
		},
		"two sites": func(l spmd.Lane) {
			if l.Index() < 3 {
				spmd.Any(l, true)
			} else {
				spmd.All(l, true)
			}
		},
		"panic while others compute": func(l spmd.Lane) {
			if l.Index() == 0 {
				panic("early")
			}
			x := 0
			for i := range 10000 {
				x += i
			}
			spmd.ReduceAdd(l, x)
			l.Barrier()
		},
		"usage": func(l spmd.Lane) { spmd.Shuffle(l, 0, 99) },
		"deferred collective": func(l spmd.Lane) {
			defer spmd.BroadcastFirst(l, 0)
			if l.Index() == 1 {
				l.Barrier()
			}
		},
	}
	before := runtime.NumGoroutine()
	for name, kernel := range kernels {
		for range 10 {
			err := spmd.Run(8, kernel)
			if (err == nil) != (name == "converged") {
				t.Fatalf("%s: Run = %v", name, err)
			}
		}
	}
	if after := settle(before); after > before {
		t.Errorf("%d goroutines before, %d after", before, after)
	}
}

// settle waits for the goroutine count to drop to want, and returns it.
// Run returns once every lane is done, but an exiting goroutine still counts
// for a moment; the wait is only long when goroutines leak.
func settle(want int) int {
	deadline := time.Now().Add(5 * time.Second)
	for {
		n := runtime.NumGoroutine()
		if n <= want || time.Now().After(deadline) {
			return n
		}
		runtime.Gosched()
		time.Sleep(time.Millisecond)
	}
}
