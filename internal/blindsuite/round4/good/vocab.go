package good

import (
	"github.com/spmdvet/spmdvet/internal/blindsuite/round4/vocab"
)

// GoodVocabBasic uses the vocab package's own lane handle: a uniform size,
// a declared barrier and a declared uniform vote.
func GoodVocabBasic(n int, out []int) error {
	return vocab.Launch(n, func(w vocab.Warp) {
		v := w.ID() * 2
		for i := 0; i < w.Size()/4; i++ {
			w.Sync()
		}
		mask := w.Vote(v > 4)
		if mask&1 == 0 {
			w.Sync()
		}
		t := vocab.Total(w, v)
		if w.ID() == 0 {
			out[0] = t
		}
	})
}

// GoodVocabPickUniformSrc picks a lane-dependent value from a uniform
// source lane: the result is uniform (//spmd:uniform src).
func GoodVocabPickUniformSrc(n int, out []int) error {
	return vocab.Launch(n, func(w vocab.Warp) {
		x := vocab.Pick(w, w.ID()*3+1, 1)
		if x == 4 {
			w.Sync()
		}
		y := vocab.Pick(w, w.Mix(x), w.Size()-1)
		if y%2 == 0 {
			w.Sync()
		}
		if w.ID() == 0 {
			out[0] = x + y
		}
	})
}

// GoodVocabDeclaredUniform trusts //spmd:uniform on Groups, whose body
// mentions the lane id.
func GoodVocabDeclaredUniform(n int) error {
	return vocab.Launch(n, func(w vocab.Warp) {
		for g := 0; g < w.Groups(); g++ {
			w.Sync()
		}
	})
}

// scaleKernel is a kernel entry: its parameters are uniform.
//
//spmd:kernel
func scaleKernel(w vocab.Warp, rounds int, data []int) {
	for r := 0; r < rounds; r++ {
		data[w.ID()] *= 2
		w.Sync()
	}
	if len(data) > w.Size() {
		w.Sync()
	}
}

// GoodVocabNamedKernel runs a //spmd:kernel function through Launch.
func GoodVocabNamedKernel(n, rounds int, data []int) error {
	return vocab.Launch(n, func(w vocab.Warp) {
		scaleKernel(w, rounds, data)
	})
}

// selfKernel is passed to Launch directly.
func selfKernel(w vocab.Warp) {
	me := vocab.Self()
	v := vocab.Total(w, me)
	if v == w.Size()*(w.Size()-1)/2 {
		w.Sync()
	}
}

// GoodVocabNamedFuncAsKernel passes a named function to Launch.
func GoodVocabNamedFuncAsKernel(n int) error {
	return vocab.Launch(n, selfKernel)
}
