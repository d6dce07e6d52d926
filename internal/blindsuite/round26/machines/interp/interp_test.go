package interp

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("want nil, got %v", err)
	}
}

func diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence: %v", de)
}

func eq[T comparable](t *testing.T, got, want []T) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
}

var eachProgs = [][]Op{
	{{Set, 5}, {Mul, 3}, {Halt, 0}},
	{{Set, 3}, {Dec, 0}, {Jnz, 1}, {Add, 7}},
	{},
	{{Add, 1}, {Add, 1}, {Jmp, 4}, {Add, 100}, {Halt, 0}, {Add, 5}},
}

func TestRunEach(t *testing.T) {
	out := make([]int, 5)
	ok(t, RunEach(eachProgs, out))
	eq(t, out, []int{15, 7, 0, 2, 24})
}

func TestRunEachSync(t *testing.T) {
	progs := slices.Clone(eachProgs)
	progs[1] = []Op{{Set, 1}, {Sync, 0}, {Halt, 0}}
	diverges(t, RunEachSync(progs, make([]int, 5)))
}

var checkedProgs = [][]Op{
	{{Set, 4}, {Code(200), 0}, {Add, 1}},
	{{Set, 2}, {Mul, 5}},
}

func TestRunEachChecked(t *testing.T) {
	out := make([]int, 3)
	ok(t, RunEachChecked(checkedProgs, out))
	eq(t, out, []int{-1, 10, 9})
}

func TestRunEachStrict(t *testing.T) {
	diverges(t, RunEachStrict(checkedProgs, make([]int, 3)))
}

func TestRunEachFused(t *testing.T) {
	progs := [][]Op{
		{{Set, 1}, {AddSum, 2}, {Add, 1}},
		{{Set, 1}, {Add, 2}, {Sum, 0}},
		{{Set, 5}, {Add, 0}, {Add, 0}},
	}
	diverges(t, RunEachFused(progs, make([]int, 3)))
}

func TestRunShared(t *testing.T) {
	out := make([]int, 3)
	ok(t, RunShared([]Op{{SetCnt, 0}, {Add, 1}, {Loop, 1}, {Sum, 0}, {Halt, 0}}, []int{1, 3, 2}, out))
	eq(t, out, []int{15, 15, 15})
	ok(t, RunShared([]Op{{Max, 0}, {Jnz, 3}, {Halt, 0}, {Dec, 0}, {Jmp, 1}}, []int{2, 0, 1}, out))
	eq(t, out, []int{0, 0, 0})
}

func TestRunSharedLocal(t *testing.T) {
	prog := []Op{{Jnz, 3}, {Sum, 0}, {Halt, 0}, {Max, 0}, {Halt, 0}}
	diverges(t, RunSharedLocal(prog, []int{0, 5, 0, 2}, make([]int, 4)))
}

func TestRunSharedFused(t *testing.T) {
	out := make([]int, 3)
	ok(t, RunSharedFused([]Op{{AddSum, 1}, {Mul, 2}, {Sum, 0}, {Halt, 0}, {Add, 100}}, []int{1, 2, 3}, out))
	eq(t, out, []int{54, 54, 54})
}

var countedProg = []Op{{SetCnt, 0}, {Sum, 0}, {Loop, 1}, {Halt, 0}}

func TestRunSharedCounted(t *testing.T) {
	out := make([]int, 3)
	ok(t, RunSharedCounted(countedProg, []int{1, 0, 1}, out))
	eq(t, out, []int{6, 6, 6})
}

func TestRunSharedPrefix(t *testing.T) {
	diverges(t, RunSharedPrefix(countedProg, []int{1, 0, 1}, make([]int, 3)))
}

var stepProgs = [][]Op{
	{{Set, 1}, {Peek, 1}, {Add, 1}},
	{{Set, 10}},
	{{Set, 100}, {Peek, 2}, {Peek, 2}, {Peek, 2}},
}

func TestLockstep(t *testing.T) {
	out := make([]int, 3)
	ok(t, Lockstep(stepProgs, make([]int, 3), out))
	eq(t, out, []int{12, 10, 130})
}

func TestLockstepUntil(t *testing.T) {
	out := make([]int, 3)
	ok(t, LockstepUntil(stepProgs, make([]int, 3), out))
	eq(t, out, []int{12, 10, 130})
}

func TestLockstepSkip(t *testing.T) {
	diverges(t, LockstepSkip(stepProgs, make([]int, 3), make([]int, 3)))
}

func TestLockstepLeave(t *testing.T) {
	diverges(t, LockstepLeave(stepProgs, make([]int, 3), make([]int, 3)))
}

func TestLockstepUntilOwn(t *testing.T) {
	diverges(t, LockstepUntilOwn(stepProgs, make([]int, 3), make([]int, 3)))
}

var emitProgs = [][]Op{
	{{Set, 2}, {Emit, 0}, {Add, 1}, {Emit, 0}},
	{{Set, 5}, {Emit, 0}},
	{},
}

func TestRunEmit(t *testing.T) {
	out := make([]int, 3)
	ok(t, RunEmit(emitProgs, make([][]int, 3), out))
	eq(t, out, []int{10, 10, 10})
}

func TestRunEmitOwn(t *testing.T) {
	diverges(t, RunEmitOwn(emitProgs, make([][]int, 3), make([]int, 3)))
}

var threadedProgs = [][]Op{
	{{Set, 10}, {Div, 2}, {Halt, 0}},
	{{Set, 3}, {Div, 0}, {Add, 1}},
	{{Set, 4}, {Dec, 0}, {Jnz, 1}},
	{{Set, 7}},
}

func TestRunThreaded(t *testing.T) {
	out := make([]uint64, 2)
	ok(t, RunThreaded(threadedProgs, out))
	eq(t, out, []uint64{12, 0b10})
}

func TestRunThreadedTrap(t *testing.T) {
	diverges(t, RunThreadedTrap(threadedProgs, make([]uint64, 2)))
}

var stepEvents = [][]int{{1, 1, 0}, {5, 2, 1}, {2, 2, 2}, {0, 0, 0}}

func TestStepper(t *testing.T) {
	out := make([]int, 3)
	ok(t, Stepper(stepEvents, []int{1, 2, 3}, out))
	// open after event 0: v = [5 4 3]; event 1 keeps it open: v = [7 8 9];
	// event 2 moves to state 2, event 3 closes: + 4 steps
	eq(t, out, []int{11, 12, 13})
}

func TestStepperOwn(t *testing.T) {
	diverges(t, StepperOwn(stepEvents, []int{1, 2, 3}, make([]int, 3)))
}
