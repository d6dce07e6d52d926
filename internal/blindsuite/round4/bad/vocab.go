package bad

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round4/vocab"
)

// BadVocabSync calls the vocab barrier under a condition on the vocab
// lane id.
func BadVocabSync(n int) error {
	return vocab.Launch(n, func(w vocab.Warp) {
		w.Sync()
		if w.ID() < 2 {
			w.Sync() // EXPECT
		}
	})
}

// BadVocabSelf lets vocab.Self, a //spmd:laneid function whose body looks
// uniform, decide a vote.
func BadVocabSelf(n int, out []uint64) error {
	return vocab.Launch(n, func(w vocab.Warp) {
		if vocab.Self()%2 == 0 {
			out[0] = w.Vote(true) // EXPECT
		}
	})
}

// BadVocabPickDivergentSrc picks from a lane-dependent source lane: the
// result is divergent (//spmd:uniform src).
func BadVocabPickDivergentSrc(n int) error {
	return vocab.Launch(n, func(w vocab.Warp) {
		y := vocab.Pick(w, w.ID(), (w.ID()+1)%w.Size())
		if y%2 == 0 {
			w.Sync() // EXPECT
		}
	})
}

// BadVocabMix lets a //spmd:divergent result decide a reduction.
func BadVocabMix(n int, out []int) error {
	return vocab.Launch(n, func(w vocab.Warp) {
		x := vocab.Total(w, 1)
		if w.Mix(x)&1 == 1 {
			out[0] = vocab.Total(w, x) // EXPECT
		}
	})
}

// earlyKernel is a kernel entry; its parameter is uniform, but it returns
// early in some lanes.
//
//spmd:kernel
func earlyKernel(w vocab.Warp, limit int) {
	if w.ID() >= limit {
		return
	}
	w.Sync() // EXPECT
}

// BadVocabNamedKernel runs earlyKernel.
func BadVocabNamedKernel(n, limit int) error {
	return vocab.Launch(n, func(w vocab.Warp) {
		earlyKernel(w, limit)
	})
}

// selfLoop is passed to Launch directly: its loop count comes from Self.
func selfLoop(w vocab.Warp) {
	for i := 0; i < vocab.Self()%2; i++ {
		w.Sync() // EXPECT
	}
}

// BadVocabNamedFuncAsKernel passes selfLoop to Launch.
func BadVocabNamedFuncAsKernel(n int) error {
	return vocab.Launch(n, selfLoop)
}
