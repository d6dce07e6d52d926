package spmd_test

import (
	"errors"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// at returns "divergence_test.go:N" for the line of this file that carries
// the comment "// @mark" (at its end, or followed by a colon and a remark),
// so that expected sites survive edits of the file.
func at(t *testing.T, mark string) string {
	t.Helper()
	src, err := os.ReadFile("divergence_test.go")
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	for i, text := range strings.Split(string(src), "\n") {
		if strings.HasSuffix(text, "// @"+mark) || strings.Contains(text, "// @"+mark+":") {
			if line != 0 {
				t.Fatalf("mark @%s appears twice", mark)
			}
			line = i + 1
		}
	}
	if line == 0 {
		t.Fatalf("mark @%s not found", mark)
	}
	return "divergence_test.go:" + strconv.Itoa(line)
}

// span returns the lanes lo to hi-1.
func span(lo, hi int) []int {
	var s []int
	for i := lo; i < hi; i++ {
		s = append(s, i)
	}
	return s
}

// group describes a LaneGroup as the tests expect it: its lanes, and the
// stack of its site as file:line strings, or nil for returned lanes.
type group struct {
	op    string
	lanes []int
	stack []string
}

// runDivergent runs kernel, which must diverge, and checks the groups of the
// error and its message.
func runDivergent(t *testing.T, lanes int, kernel func(spmd.Lane), msg string, want ...group) {
	t.Helper()
	err := spmd.Run(lanes, kernel)
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("Run = %v, want a *DivergenceError", err)
	}
	if err.Error() != msg {
		t.Errorf("message:\n got %s\nwant %s", err, msg)
	}
	if len(de.Groups) != len(want) {
		t.Fatalf("%d groups, want %d: %v", len(de.Groups), len(want), err)
	}
	for k, g := range de.Groups {
		w := want[k]
		if !slices.Equal(g.Lanes, w.lanes) {
			t.Errorf("group %d: lanes %v, want %v", k, g.Lanes, w.lanes)
		}
		if g.Returned != (w.stack == nil) {
			t.Errorf("group %d: Returned = %v, want %v", k, g.Returned, w.stack == nil)
		}
		if g.Site.Op != w.op {
			t.Errorf("group %d: Op = %q, want %q", k, g.Site.Op, w.op)
		}
		var stack []string
		for _, f := range g.Site.Stack {
			stack = append(stack, f.String())
		}
		if !slices.Equal(stack, w.stack) {
			t.Errorf("group %d: stack %v, want %v", k, stack, w.stack)
		}
	}
}

func TestBarrierUnderDivergentIf(t *testing.T) {
	site := at(t, "if-barrier")
	runDivergent(t, 8, func(l spmd.Lane) {
		if l.Index() < 4 {
			l.Barrier() // @if-barrier
		}
	},
		"spmd: divergent barrier: lanes [0-3] wait at "+site+" (Barrier), lanes [4-7] returned",
		group{"Barrier", span(0, 4), []string{site}},
		group{"", span(4, 8), nil})
}

func TestEarlyReturn(t *testing.T) {
	site := at(t, "after-return")
	runDivergent(t, 8, func(l spmd.Lane) {
		if l.Index()%2 == 1 {
			return
		}
		l.Barrier() // @after-return
	},
		"spmd: divergent barrier: lanes [0 2 4 6] wait at "+site+" (Barrier), lanes [1 3 5 7] returned",
		group{"Barrier", []int{0, 2, 4, 6}, []string{site}},
		group{"", []int{1, 3, 5, 7}, nil})
}

func TestDifferentCollectives(t *testing.T) {
	add, ballot := at(t, "add"), at(t, "ballot")
	runDivergent(t, 4, func(l spmd.Lane) {
		if l.Index() < 2 {
			spmd.ReduceAdd(l, 1) // @add
		} else {
			spmd.Ballot(l, true) // @ballot
		}
	},
		"spmd: divergent collective: lanes [0 1] wait at "+add+" (ReduceAdd), lanes [2 3] wait at "+ballot+" (Ballot)",
		group{"ReduceAdd", []int{0, 1}, []string{add}},
		group{"Ballot", []int{2, 3}, []string{ballot}})
}

func TestDivergentTripCount(t *testing.T) {
	site := at(t, "loop")
	runDivergent(t, 8, func(l spmd.Lane) {
		for i := 0; i < 2+l.Index()%2; i++ {
			spmd.ReduceAdd(l, i) // @loop
		}
	},
		"spmd: divergent collective: lanes [0 2 4 6] returned, lanes [1 3 5 7] wait at "+site+" (ReduceAdd)",
		group{"", []int{0, 2, 4, 6}, nil},
		group{"ReduceAdd", []int{1, 3, 5, 7}, []string{site}})
}

//go:noinline
func syncLanes(l spmd.Lane) {
	l.Barrier() // @helper
}

// inlinedSync is the same helper, left to the inliner: inlined copies must
// still count as different sites.
func inlinedSync(l spmd.Lane) {
	l.Barrier() // @inlined
}

func TestHelperCalledFromTwoSites(t *testing.T) {
	helper, a, b := at(t, "helper"), at(t, "from-a"), at(t, "from-b")
	runDivergent(t, 8, func(l spmd.Lane) {
		if l.Index() < 4 {
			syncLanes(l) // @from-a
		} else {
			syncLanes(l) // @from-b
		}
	},
		"spmd: divergent barrier: lanes [0-3] wait at "+helper+" via "+a+" (Barrier), lanes [4-7] wait at "+helper+" via "+b+" (Barrier)",
		group{"Barrier", span(0, 4), []string{helper, a}},
		group{"Barrier", span(4, 8), []string{helper, b}})

	inl, c, d := at(t, "inlined"), at(t, "from-c"), at(t, "from-d")
	runDivergent(t, 2, func(l spmd.Lane) {
		if l.Index() == 0 {
			inlinedSync(l) // @from-c
		} else {
			inlinedSync(l) // @from-d
		}
	},
		"spmd: divergent barrier: lane 0 waits at "+inl+" via "+c+" (Barrier), lane 1 waits at "+inl+" via "+d+" (Barrier)",
		group{"Barrier", []int{0}, []string{inl, c}},
		group{"Barrier", []int{1}, []string{inl, d}})
}

// TestHelperCalledFromOneSite is the converse: reaching a helper's barrier
// through the same call is fine, however deep.
func TestHelperCalledFromOneSite(t *testing.T) {
	var depth func(l spmd.Lane, n int)
	depth = func(l spmd.Lane, n int) {
		if n == 0 {
			syncLanes(l)
			return
		}
		depth(l, n-1)
	}
	if err := spmd.Run(8, func(l spmd.Lane) { depth(l, 50) }); err != nil {
		t.Fatal(err)
	}
}

func TestLargeGroupLaneRanges(t *testing.T) {
	site := at(t, "large")
	runDivergent(t, 64, func(l spmd.Lane) {
		if l.Index()%32 < 16 || l.Index() == 63 {
			l.Barrier() // @large
		}
	},
		"spmd: divergent barrier: lanes [0-15 32-47 63] wait at "+site+" (Barrier), lanes [16-31 48-62] returned",
		group{"Barrier", append(append(span(0, 16), span(32, 48)...), 63), []string{site}},
		group{"", append(span(16, 32), span(48, 63)...), nil})
}

func TestSingleLaneWaiting(t *testing.T) {
	site := at(t, "lone")
	runDivergent(t, 3, func(l spmd.Lane) {
		if l.Index() == 1 {
			spmd.Any(l, true) // @lone
		}
	},
		"spmd: divergent collective: lanes [0 2] returned, lane 1 waits at "+site+" (Any)",
		group{"", []int{0, 2}, nil},
		group{"Any", []int{1}, []string{site}})
}

// TestDeferredCollective checks that stopping a run does not hang on
// collectives the kernel calls from deferred functions while its lanes
// exit.
func TestDeferredCollective(t *testing.T) {
	all, deferred := at(t, "all"), at(t, "deferred")
	runDivergent(t, 4, func(l spmd.Lane) {
		defer l.Barrier()
		if l.Index() == 0 {
			spmd.All(l, true) // @all
		}
	}, // @deferred: Go reports deferred calls at the function's end
		"spmd: divergent barrier: lane 0 waits at "+all+" (All), lanes [1-3] wait at "+deferred+" (Barrier)",
		group{"All", []int{0}, []string{all}},
		group{"Barrier", span(1, 4), []string{deferred}})
}

func TestPanic(t *testing.T) {
	site := at(t, "panic")
	err := spmd.Run(8, func(l spmd.Lane) {
		if l.Index() == 5 {
			panic("boom") // @panic
		}
		l.Barrier()
	})
	var pe *spmd.PanicError
	if !errors.As(err, &pe) {
		t.Fatalf("Run = %v, want a *PanicError", err)
	}
	if pe.Lane != 5 || pe.Value != "boom" {
		t.Errorf("Lane, Value = %d, %v; want 5, boom", pe.Lane, pe.Value)
	}
	if want := "spmd: lane 5 panicked at " + site + ": boom"; err.Error() != want {
		t.Errorf("message:\n got %s\nwant %s", err, want)
	}
	if len(pe.Stack) != 1 {
		t.Errorf("stack %v, want just the kernel frame", pe.Stack)
	}
}

func TestRuntimePanic(t *testing.T) {
	site := at(t, "index")
	err := spmd.Run(4, func(l spmd.Lane) {
		s := make([]int, 3)
		spmd.ReduceAdd(l, s[l.Index()]) // @index
	})
	var re runtime.Error
	if !errors.As(err, &re) {
		t.Fatalf("Run = %v, want to unwrap to a runtime.Error", err)
	}
	if want := "spmd: lane 3 panicked at " + site + ": runtime error: index out of range [3] with length 3"; err.Error() != want {
		t.Errorf("message:\n got %s\nwant %s", err, want)
	}
}

func TestPanicWithError(t *testing.T) {
	errBad := errors.New("bad input")
	err := spmd.Run(2, func(l spmd.Lane) {
		if l.Index() == 1 {
			panic(errBad)
		}
		spmd.ReduceMax(l, 1.5)
	})
	if !errors.Is(err, errBad) {
		t.Errorf("Run = %v, want it to wrap %v", err, errBad)
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name   string
		lanes  int
		kernel func(spmd.Lane)
		lane   int
		msg    string
	}{
		{"Shuffle", 4, func(l spmd.Lane) {
			spmd.Shuffle(l, 1, l.Index()+1) // @shuffle
		}, 3, "spmd: lane 3: Shuffle at @shuffle: source lane 4 is outside the group of 4 lanes"},
		{"Broadcast", 4, func(l spmd.Lane) {
			spmd.Broadcast(l, "x", -1) // @broadcast
		}, 0, "spmd: lane 0: Broadcast at @broadcast: source lane -1 is outside the group of 4 lanes"},
		{"ShuffleXor", 7, func(l spmd.Lane) {
			spmd.ShuffleXor(l, 1.0, 1) // @xor
		}, 6, "spmd: lane 6: ShuffleXor at @xor: source lane 7 is outside the group of 7 lanes"},
		{"Ballot", 65, func(l spmd.Lane) {
			spmd.Ballot(l, true) // @ballot65
		}, 64, "spmd: lane 64: Ballot at @ballot65: a ballot holds 64 lanes, the group has 65"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mark := tt.msg[strings.Index(tt.msg, "@")+1 : strings.LastIndex(tt.msg, ":")]
			msg := strings.Replace(tt.msg, "@"+mark, at(t, mark), 1)
			err := spmd.Run(tt.lanes, tt.kernel)
			var ue *spmd.UsageError
			if !errors.As(err, &ue) {
				t.Fatalf("Run = %v, want a *UsageError", err)
			}
			if ue.Lane != tt.lane || ue.Site.Op != tt.name {
				t.Errorf("Lane, Op = %d, %s; want %d, %s", ue.Lane, ue.Site.Op, tt.lane, tt.name)
			}
			if err.Error() != msg {
				t.Errorf("message:\n got %s\nwant %s", err, msg)
			}
		})
	}
}

// TestDivergenceIsDeterministic repeats a divergent run: the error is only
// decided once no lane can move, so scheduling must not change it.
func TestDivergenceIsDeterministic(t *testing.T) {
	kernel := func(l spmd.Lane) {
		switch l.Index() % 3 {
		case 0:
			spmd.ReduceAdd(l, 1)
		case 1:
			l.Barrier()
		}
	}
	first := spmd.Run(9, kernel)
	if first == nil {
		t.Fatal("Run = nil, want an error")
	}
	for range 50 {
		if err := spmd.Run(9, kernel); err == nil || err.Error() != first.Error() {
			t.Fatalf("Run = %v, then %v", first, err)
		}
	}
}

// TestUniformControlFlow runs kernels whose collectives are reached by every
// lane: branches and loops on uniform values are fine.
func TestUniformControlFlow(t *testing.T) {
	steps := 3 // captured by the kernels: the same in every lane
	kernels := map[string]func(spmd.Lane){
		"branch on Count": func(l spmd.Lane) {
			if l.Count() > 4 {
				l.Barrier()
			} else {
				spmd.ReduceAdd(l, 1)
			}
		},
		"branch on captured value": func(l spmd.Lane) {
			if steps > 2 {
				spmd.Ballot(l, l.Index()%2 == 0)
			}
		},
		"loop on Count": func(l spmd.Lane) {
			for src := range l.Count() {
				spmd.Broadcast(l, l.Index(), src)
			}
		},
		"loop on collective result": func(l spmd.Lane) {
			work := l.Index() % 4
			for spmd.Any(l, work > 0) {
				work--
			}
		},
		"branch on reduction": func(l spmd.Lane) {
			if spmd.ReduceMax(l, l.Index()) == l.Count()-1 {
				l.Barrier()
			}
		},
		"divergent work between collectives": func(l spmd.Lane) {
			x := 0
			if l.Index()%2 == 0 {
				for i := range l.Index() * 100 {
					x += i
				}
			}
			spmd.ReduceAdd(l, x)
			if l.Index() == 0 {
				return // no collective follows: returning early is fine
			}
		},
		"nested Run": func(l spmd.Lane) {
			if err := spmd.Run(3, func(inner spmd.Lane) { inner.Barrier() }); err != nil {
				panic(err)
			}
			l.Barrier()
		},
	}
	for name, kernel := range kernels {
		for _, n := range laneCounts {
			if err := spmd.Run(n, kernel); err != nil {
				t.Errorf("%s, %d lanes: %v", name, n, err)
			}
		}
	}
}
