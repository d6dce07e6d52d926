package imaging

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round16/apps/kit"
	"github.com/spmdvet/spmdvet/spmd"
)

func mustDiverge(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	t.Log(err)
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
}

func mustOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("want nil error, got %v", err)
	}
}

func testImage(w, h int) *Gray {
	g := NewGray(w, h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			g.Pix[y*w+x] = uint8((x*37 + y*91 + x*y*13) % 256)
		}
	}
	return g
}

func TestBoxBlur(t *testing.T) {
	src := testImage(9, 7)
	for _, lanes := range []int{1, 3, 8} {
		tmp, dst := NewGray(9, 7), NewGray(9, 7)
		mustOK(t, spmd.Run(lanes, func(l spmd.Lane) { BoxBlur(l, src, tmp, dst, 1) }))
		// serial reference
		ref := NewGray(9, 7)
		h := NewGray(9, 7)
		for y := 0; y < 7; y++ {
			for x := 0; x < 9; x++ {
				s := 0
				for dx := -1; dx <= 1; dx++ {
					s += int(src.At(x+dx, y))
				}
				h.Pix[y*9+x] = uint8(s / 3)
			}
		}
		for y := 0; y < 7; y++ {
			for x := 0; x < 9; x++ {
				s := 0
				for dy := -1; dy <= 1; dy++ {
					s += int(h.At(x, y+dy))
				}
				ref.Pix[y*9+x] = uint8(s / 3)
			}
		}
		for i := range ref.Pix {
			if ref.Pix[i] != dst.Pix[i] {
				t.Fatalf("lanes %d: pixel %d = %d, want %d", lanes, i, dst.Pix[i], ref.Pix[i])
			}
		}
	}
}

func blurRowsRef(src *Gray) *Gray {
	ref := NewGray(src.W, src.H)
	for y := 0; y < src.H; y++ {
		for x := 0; x < src.W; x++ {
			s := int(src.Pix[y*src.W+max(x-1, 0)]) + int(src.Pix[y*src.W+x]) + int(src.Pix[y*src.W+min(x+1, src.W-1)])
			ref.Pix[y*src.W+x] = uint8(s / 3)
		}
	}
	return ref
}

func TestBlurRowsTiled(t *testing.T) {
	src := testImage(6, 4)
	dst := NewGray(6, 4)
	tile := make([]uint8, 8)
	// 8 lanes for 6 columns: lanes 6 and 7 return early.
	mustDiverge(t, spmd.Run(8, func(l spmd.Lane) { BlurRowsTiled(l, src, dst, tile) }))
}

func TestBlurRowsTiledGuarded(t *testing.T) {
	src := testImage(6, 4)
	dst := NewGray(6, 4)
	tile := make([]uint8, 8)
	mustOK(t, spmd.Run(8, func(l spmd.Lane) { BlurRowsTiledGuarded(l, src, dst, tile) }))
	ref := blurRowsRef(src)
	for i := range ref.Pix {
		if ref.Pix[i] != dst.Pix[i] {
			t.Fatalf("pixel %d = %d, want %d", i, dst.Pix[i], ref.Pix[i])
		}
	}
}

func TestOtsu(t *testing.T) {
	img := NewGray(8, 4)
	for i := range img.Pix {
		if i%3 == 0 {
			img.Pix[i] = 200 + uint8(i%7)
		} else {
			img.Pix[i] = 20 + uint8(i%5)
		}
	}
	out := NewGray(8, 4)
	hist := make([]int32, 256)
	p := &ThresholdParams{}
	mustOK(t, spmd.Run(5, func(l spmd.Lane) { Otsu(l, img, out, hist, p) }))
	want := 0
	for i := range img.Pix {
		if i%3 == 0 {
			want++
		}
	}
	if p.Foreground != want {
		t.Fatalf("foreground %d, want %d (level %d)", p.Foreground, want, p.Level)
	}
	// A flat white image: level 255 path, every lane returns together.
	white := NewGray(4, 4)
	for i := range white.Pix {
		white.Pix[i] = 255
	}
	p2 := &ThresholdParams{}
	mustOK(t, spmd.Run(3, func(l spmd.Lane) { Otsu(l, white, NewGray(4, 4), make([]int32, 256), p2) }))
}

func TestCountForeground(t *testing.T) {
	img := testImage(5, 3)
	var c int
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { CountForeground(l, img, 128, &c) }))
}

func lineImage(w int) *Gray {
	g := NewGray(w, 2)
	for x := 0; x < w; x++ {
		g.Pix[x] = 1 // top row is one long component
	}
	g.Pix[w+2] = 1 // an isolated pixel... touching (2,0), same component
	return g
}

func TestLabelComponents(t *testing.T) {
	img := NewGray(6, 3)
	// two components: left block and right column
	for _, p := range []int{0, 1, 6, 7, 12, 5, 11, 17} {
		img.Pix[p] = 1
	}
	cur, next := make([]int32, 18), make([]int32, 18)
	mustOK(t, spmd.Run(4, func(l spmd.Lane) { LabelComponents(l, img, cur, next) }))
	for _, p := range []int{0, 1, 6, 7, 12} {
		if cur[p] != 0 {
			t.Fatalf("pixel %d label %d, want 0", p, cur[p])
		}
	}
	for _, p := range []int{5, 11, 17} {
		if cur[p] != 5 {
			t.Fatalf("pixel %d label %d, want 5", p, cur[p])
		}
	}
	if cur[2] != -1 {
		t.Fatalf("background labelled %d", cur[2])
	}
}

func TestLabelComponentsLocal(t *testing.T) {
	img := lineImage(16)
	cur, next := make([]int32, 32), make([]int32, 32)
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { LabelComponentsLocal(l, img, cur, next) }))
}

func TestHistEqualize(t *testing.T) {
	img := testImage(7, 5)
	out := NewGray(7, 5)
	hist, lut := make([]int32, 256), make([]uint8, 256)
	mustOK(t, spmd.Run(6, func(l spmd.Lane) { HistEqualize(l, img, out, hist, lut) }))
	// reference
	var h [256]int
	for _, v := range img.Pix {
		h[v]++
	}
	acc := 0
	var ref [256]uint8
	for b := range 256 {
		acc += h[b]
		ref[b] = uint8((acc*255 + len(img.Pix)/2) / len(img.Pix))
	}
	for i, v := range img.Pix {
		if out.Pix[i] != ref[v] {
			t.Fatalf("pixel %d = %d, want %d", i, out.Pix[i], ref[v])
		}
	}
}

func TestHistEqualizeLane0(t *testing.T) {
	img := testImage(7, 5)
	out := NewGray(7, 5)
	hist, lut := make([]int32, 256), make([]uint8, 256)
	mustDiverge(t, spmd.Run(6, func(l spmd.Lane) { HistEqualizeLane0(l, img, out, hist, lut) }))
}

func TestSobel(t *testing.T) {
	img := NewGray(8, 6)
	for y := 0; y < 6; y++ {
		for x := 4; x < 8; x++ {
			img.Pix[y*8+x] = 200
		}
	}
	mag := make([]int32, 48)
	var edges int
	mustOK(t, spmd.Run(5, func(l spmd.Lane) { Sobel(kit.Team{L: l}, img, mag, 100, &edges) }))
	want := 0
	for y := 1; y < 5; y++ {
		for x := 1; x < 7; x++ {
			if sobelAt(img, x, y) > 100 {
				want++
			}
		}
	}
	if edges != want || want == 0 {
		t.Fatalf("edges %d, want %d", edges, want)
	}
}

func TestSobelInteriorVote(t *testing.T) {
	img := testImage(8, 6)
	mag := make([]int32, 48)
	var edges int
	mustDiverge(t, spmd.Run(5, func(l spmd.Lane) { SobelInteriorVote(kit.Team{L: l}, img, mag, 100, &edges) }))
}

func TestDownsample2(t *testing.T) {
	src := []uint8{10, 20, 30, 41, 50, 60, 70, 80, 90, 100}
	dst := make([]uint8, 5)
	mustOK(t, spmd.Run(4, func(l spmd.Lane) { Downsample2(l, src, dst) }))
	for i := range dst {
		want := uint8((int(src[2*i]) + int(src[2*i+1]) + 1) / 2)
		if dst[i] != want {
			t.Fatalf("dst[%d] = %d, want %d", i, dst[i], want)
		}
	}
}

func TestDownsample2EvenOnly(t *testing.T) {
	src := []uint8{10, 20, 30, 41, 50, 60, 70, 80}
	dst := make([]uint8, 4)
	mustDiverge(t, spmd.Run(4, func(l spmd.Lane) { Downsample2EvenOnly(l, src, dst) }))
}
