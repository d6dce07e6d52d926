package errs

import (
	"fmt"

	"github.com/spmdvet/spmdvet/spmd"
)

// safeDiv turns a division panic into an error.
func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("safeDiv: %v", r)
		}
	}()
	return a / b, nil
}

// DivideLane divides by the lane's datum; lanes dividing by zero leave.
//
//spmd:kernel
func DivideLane(l spmd.Lane, a int, data []int, out *int) {
	q, err := safeDiv(a, data[l.Index()])
	if err != nil {
		return
	}
	s := spmd.ReduceAdd(l, q) // EXPECT
	if l.Index() == 0 {
		*out = s
	}
}

// DivideLaneAny agrees on failure first.
//
//spmd:kernel
func DivideLaneAny(l spmd.Lane, a int, data []int, out *int) {
	q, err := safeDiv(a, data[l.Index()])
	if spmd.Any(l, err != nil) {
		if l.Index() == 0 {
			*out = -1
		}
		return
	}
	s := spmd.ReduceAdd(l, q)
	if l.Index() == 0 {
		*out = s
	}
}

// DivideShared divides shared values: the error is uniform.
//
//spmd:kernel
func DivideShared(l spmd.Lane, a, b int, out *int) {
	q, err := safeDiv(a, b)
	if err != nil {
		return
	}
	s := spmd.ReduceAdd(l, q)
	if l.Index() == 0 {
		*out = s
	}
}

// mustPositive panics on non-positive input.
func mustPositive(x int) int {
	if x <= 0 {
		panic(fmt.Sprintf("not positive: %d", x))
	}
	return x
}

// tryPositive recovers mustPositive's panic into ok=false.
func tryPositive(x int) (v int, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return mustPositive(x), true
}

// PositiveLane syncs only the lanes whose datum is positive.
//
//spmd:kernel
func PositiveLane(l spmd.Lane, data []int, out []int) {
	v, ok := tryPositive(data[l.Index()])
	if ok {
		v = spmd.ReduceAdd(l, v) // EXPECT
	}
	out[l.Index()] = v
}

// PositiveBallot agrees through a ballot: every lane reduces.
//
//spmd:kernel
func PositiveBallot(l spmd.Lane, data []int, out []int) {
	v, ok := tryPositive(data[l.Index()])
	mask := spmd.Ballot(l, ok)
	if mask != 0 {
		v = spmd.ReduceAdd(l, v)
	}
	out[l.Index()] = v
}
