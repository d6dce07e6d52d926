package good

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round4/lib"

	"github.com/spmdvet/spmdvet/spmd"
)

// GoodInterfaceSync calls a convergent method through an interface under
// uniform control.
func GoodInterfaceSync(n, rounds int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var s lib.Syncer = lib.BarrierSync{}
		if rounds > 0 {
			s.Sync(l)
		}
		for i := 0; i < rounds; i++ {
			s.Sync(l)
		}
	})
}

// GoodMethodValue calls a method value in a uniform loop.
func GoodMethodValue(n, rounds int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		f := lib.BarrierSync{}.Sync
		for i := 0; i < rounds; i++ {
			f(l)
		}
	})
}

// GoodMethodExpression calls a method expression in all lanes.
func GoodMethodExpression(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		g := lib.BarrierSync.Sync
		g(lib.BarrierSync{}, l)
		h := (*lib.Stage[int]).Sync
		h(nil, l)
	})
}

// GoodStepperUniformArg passes a uniform count through an interface whose
// method needs it uniform.
func GoodStepperUniformArg(n, rounds int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var st lib.Stepper = lib.Steps{}
		st.Step(l, rounds)
		st.Step(l, l.Count()%3)
	})
}

// scorer has one implementation, with no convergent operation.
type scorer interface {
	score(v int) int
}

type square struct{}

func (square) score(v int) int { return v * v }

// GoodInterfacePureUnderDivergence calls a non-convergent method through an
// interface under divergent control.
func GoodInterfacePureUnderDivergence(n int, out []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var sc scorer = square{}
		v := 0
		if l.Index()%2 == 0 {
			v = sc.score(l.Index())
		}
		s := spmd.ReduceAdd(l, v)
		if l.Index() == 0 {
			out[0] = s
		}
	})
}
