package closures

import (
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

// A test runs once, outside the lanes: the variables its kernel literals
// capture are shared by the lanes, however the literals reach spmd.Run.
func TestKernelTable(t *testing.T) {
	squares := make([]int, 4)
	calls := 0
	cases := []struct {
		name string
		k    func(spmd.Lane)
	}{
		{"shared", func(l spmd.Lane) {
			squares[l.Index()] = l.Index() * l.Index()
			l.Barrier()
			if squares[0]+squares[3] > 4 { // fine: shared, at uniform indices
				spmd.ReduceAdd(l, 1)
			}
		}},
		{"own", func(l spmd.Lane) {
			mine := make([]int, 4) // each lane's own
			mine[l.Index()] = 1
			if mine[0] > 0 {
				spmd.ReduceAdd(l, 1) // want `collective spmd.ReduceAdd under divergent control`
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { _ = spmd.Run(4, c.k) })
	}
	runEach(t, func(l spmd.Lane) {
		if l.Index() == 0 {
			calls++
		}
		l.Barrier()
		if calls > 0 { // fine: calls is the test's, shared
			l.Barrier()
		}
	})
}

func runEach(t *testing.T, ks ...func(spmd.Lane)) {
	for _, k := range ks {
		if err := spmd.Run(4, k); err != nil {
			t.Error(err)
		}
	}
}
