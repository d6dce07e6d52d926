package gpu

import (
	"fmt"
	"math"
)

// Catch stores a recovered panic in *err. Defer it directly, as in
// defer gpu.Catch(&err): recover only stops a panic when the deferred
// function itself calls it.
func Catch(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("gpu: recovered: %v", r)
	}
}

// MustFinite returns x, and panics if x is NaN or infinite.
func MustFinite(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		panic(fmt.Sprintf("gpu: non-finite value %v", x))
	}
	return x
}

// SafeDiv returns a/b, or ok == false if b is 0. The division panics and
// the panic is recovered inside SafeDiv, which always returns normally.
func SafeDiv(a, b float64) (q float64, ok bool) {
	defer func() {
		if recover() != nil {
			q, ok = 0, false
		}
	}()
	if b == 0 {
		panic("gpu: division by zero")
	}
	return a / b, true
}

// CheckedSync syncs the block after checking that x is a number. A NaN x
// panics, and CheckedSync recovers and returns the error, so the lanes
// given a NaN return without reaching the barrier: x must be the same in
// every lane.
func (b Block) CheckedSync(x float64) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("gpu: %v", r)
		}
	}()
	if math.IsNaN(x) {
		panic("NaN at the barrier")
	}
	b.Sync()
	return nil
}

// Try runs f and returns the panic it raised, if any, as an error.
func Try(f func()) (err error) {
	defer Catch(&err)
	f()
	return nil
}
