package bad

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round4/lib"

	"github.com/spmdvet/spmdvet/spmd"
)

// BadInterfaceSync calls a convergent method through an interface whose
// concrete type is known, under a lane-dependent condition.
func BadInterfaceSync(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var s lib.Syncer = lib.BarrierSync{}
		if l.Index()%2 == 1 {
			s.Sync(l) // EXPECT
		}
	})
}

// BadMethodValue calls a barrier method value in some lanes.
func BadMethodValue(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		f := lib.BarrierSync{}.Sync
		if l.Index() > 0 {
			f(l) // EXPECT
		}
	})
}

// BadMethodExpression calls a barrier method expression in a loop with a
// lane-dependent trip count.
func BadMethodExpression(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		g := lib.BarrierSync.Sync
		for i := 0; i < l.Index()%2+1; i++ {
			g(lib.BarrierSync{}, l) // EXPECT
		}
	})
}

// BadStepperArg passes a lane-dependent count through an interface whose
// only implementation needs it uniform.
func BadStepperArg(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var st lib.Stepper = lib.Steps{}
		st.Step(l, 1)
		st.Step(l, l.Index()%2) // EXPECT
	})
}

// BadMethodValueArg passes a lane-dependent count to a method value.
func BadMethodValueArg(n int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		step := lib.Steps{}.Step
		step(l, l.Index()&1) // EXPECT
	})
}

// localSyncer is a Syncer of this package, used through the interface.
type localSyncer struct{ rounds int }

func (s *localSyncer) Sync(l spmd.Lane) {
	for i := 0; i < s.rounds; i++ {
		l.Barrier()
	}
}

// BadInterfaceLocalImpl calls the interface method after a lane-dependent
// early return.
func BadInterfaceLocalImpl(n int, data []int) error {
	return spmd.Run(n, func(l spmd.Lane) {
		var s lib.Syncer = &localSyncer{rounds: 2}
		if data[l.Index()] > 5 {
			return
		}
		s.Sync(l) // EXPECT
	})
}
