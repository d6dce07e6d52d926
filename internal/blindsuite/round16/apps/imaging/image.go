// Package imaging has image-processing kernels: blurs, thresholds, connected
// component labelling, histogram equalisation, edge detection, resampling.
package imaging

import "sync/atomic"

// Gray is an 8-bit grayscale image, row-major.
type Gray struct {
	W, H int
	Pix  []uint8
}

// NewGray allocates a w×h image.
func NewGray(w, h int) *Gray { return &Gray{W: w, H: h, Pix: make([]uint8, w*h)} }

// At returns the pixel at (x, y), clamping the coordinates to the image.
func (g *Gray) At(x, y int) uint8 {
	x = min(max(x, 0), g.W-1)
	y = min(max(y, 0), g.H-1)
	return g.Pix[y*g.W+x]
}

// minNeighbour is the smallest label among pixel i and its 4-neighbours that
// are foreground; -1 for background pixels.
func minNeighbour(img *Gray, lab []int32, i int) int32 {
	if img.Pix[i] == 0 {
		return -1
	}
	x, y := i%img.W, i/img.W
	m := lab[i]
	try := func(xx, yy int) {
		if xx < 0 || yy < 0 || xx >= img.W || yy >= img.H {
			return
		}
		j := yy*img.W + xx
		if img.Pix[j] != 0 && lab[j] < m {
			m = lab[j]
		}
	}
	try(x-1, y)
	try(x+1, y)
	try(x, y-1)
	try(x, y+1)
	return m
}

// fillLUT turns a histogram of n pixels into the equalisation lookup table.
func fillLUT(hist []int32, lut []uint8, n int) {
	acc := 0
	for b := 0; b < 256; b++ {
		acc += int(atomic.LoadInt32(&hist[b]))
		lut[b] = uint8((acc*255 + n/2) / n)
	}
}

// otsuLevel picks the threshold that maximises the between-class variance.
func otsuLevel(hist []int32, n int) int32 {
	sum := 0.0
	for b := 0; b < 256; b++ {
		sum += float64(b) * float64(atomic.LoadInt32(&hist[b]))
	}
	var sumB, wB float64
	best, level := -1.0, int32(0)
	for b := 0; b < 256; b++ {
		wB += float64(atomic.LoadInt32(&hist[b]))
		if wB == 0 {
			continue
		}
		wF := float64(n) - wB
		if wF == 0 {
			break
		}
		sumB += float64(b) * float64(atomic.LoadInt32(&hist[b]))
		mB, mF := sumB/wB, (sum-sumB)/wF
		v := wB * wF * (mB - mF) * (mB - mF)
		if v > best {
			best, level = v, int32(b)
		}
	}
	return level
}

// sobelAt is the gradient magnitude |gx|+|gy| at an interior pixel.
func sobelAt(img *Gray, x, y int) int32 {
	p := func(dx, dy int) int32 { return int32(img.At(x+dx, y+dy)) }
	gx := p(1, -1) + 2*p(1, 0) + p(1, 1) - p(-1, -1) - 2*p(-1, 0) - p(-1, 1)
	gy := p(-1, 1) + 2*p(0, 1) + p(1, 1) - p(-1, -1) - 2*p(0, -1) - p(1, -1)
	if gx < 0 {
		gx = -gx
	}
	if gy < 0 {
		gy = -gy
	}
	return gx + gy
}
