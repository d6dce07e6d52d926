package ambig

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func ints(n int, f func(i int) int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

func TestAmbig(t *testing.T) {
	cases := []struct {
		name     string
		run      func(n int) error
		diverges bool
	}{
		{"InterfaceSyncDivergent", InterfaceSyncDivergent, true},
		{"InterfaceResultBranch", func(n int) error { return InterfaceResultBranch(n, ints(n, func(i int) int { return i })) }, false},
		{"MixedStructByValue", func(n int) error { return MixedStructByValue(n, make([]int, n)) }, false},
		{"AtomicLoadGate", AtomicLoadGate, false},
		{"RepeatLaneCount", RepeatLaneCount, true},
		{"ShuffleFromZero", func(n int) error { return ShuffleFromZero(n, ints(n, func(i int) int { return 1 - i })) }, false},
		{"AppendLen", func(n int) error { return AppendLen(n, ints(n, func(i int) int { return i })) }, false},
	}
	src, err := os.ReadFile("ambig.go")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(string(src), "// AMBIG: "); got != len(cases) {
		t.Errorf("%d AMBIG marks, %d cases", got, len(cases))
	}
	for _, c := range cases {
		for _, n := range []int{4, 8, 16} {
			t.Run(fmt.Sprintf("%s/lanes=%d", c.name, n), func(t *testing.T) {
				err := c.run(n)
				var de *spmd.DivergenceError
				if c.diverges != errors.As(err, &de) || (!c.diverges && err != nil) {
					t.Fatalf("got %v, diverges=%v expected", err, c.diverges)
				}
			})
		}
	}
}
