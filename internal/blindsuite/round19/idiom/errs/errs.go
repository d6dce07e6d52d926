// Package errs holds kernels built around Go error handling: (T, error)
// results, sentinel errors, wrapped errors, errors.Is/As and recover.
package errs

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spmdvet/spmdvet/spmd"
)

// ErrMissing is returned by lookup for absent keys.
var ErrMissing = errors.New("missing")

// ErrBad is wrapped by validate.
var ErrBad = errors.New("bad value")

func lookup(table map[int]int, k int) (int, error) {
	v, ok := table[k]
	if !ok {
		return 0, ErrMissing
	}
	return v, nil
}

func validate(x int) error {
	if x%3 == 0 {
		return fmt.Errorf("value %d: %w", x, ErrBad)
	}
	return nil
}

// LimitError reports a value clamped to Limit.
type LimitError struct{ Limit int }

func (e *LimitError) Error() string { return fmt.Sprintf("over limit %d", e.Limit) }

func clamp(x, limit int) (int, error) {
	if x > limit {
		return limit, &LimitError{Limit: limit}
	}
	return x, nil
}

// LookupLane looks up the lane's own key and leaves on ErrMissing.
//
//spmd:kernel
func LookupLane(l spmd.Lane, table map[int]int, out *int) {
	v, err := lookup(table, l.Index())
	if errors.Is(err, ErrMissing) {
		return
	}
	s := spmd.ReduceAdd(l, v) // EXPECT
	if l.Index() == 0 {
		*out = s
	}
}

// LookupKey looks up a key given to the kernel: the error is uniform.
//
//spmd:kernel
func LookupKey(l spmd.Lane, table map[int]int, key int, out *int) {
	v, err := lookup(table, key)
	if errors.Is(err, ErrMissing) {
		return
	}
	s := spmd.ReduceAdd(l, v)
	if l.Index() == 0 {
		*out = s
	}
}

// ValidateLane syncs the lanes whose datum fails validation.
//
//spmd:kernel
func ValidateLane(l spmd.Lane, data []int, out []bool) {
	err := validate(data[l.Index()])
	if errors.Is(err, ErrBad) {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = err != nil
}

// ValidateAny agrees on failure with Any before syncing.
//
//spmd:kernel
func ValidateAny(l spmd.Lane, data []int, out []bool) {
	err := validate(data[l.Index()])
	if spmd.Any(l, errors.Is(err, ErrBad)) {
		l.Barrier()
	}
	out[l.Index()] = err != nil
}

// ValidateShared validates a value given to the kernel: uniform.
//
//spmd:kernel
func ValidateShared(l spmd.Lane, x int, out *int) {
	if err := validate(x); err != nil {
		return
	}
	s := spmd.ReduceAdd(l, x)
	if l.Index() == 0 {
		*out = s
	}
}

// ClampAs clamps the lane index and syncs the lanes that hit the limit.
//
//spmd:kernel
func ClampAs(l spmd.Lane, limit int, out []int) {
	v, err := clamp(l.Index(), limit)
	var le *LimitError
	if errors.As(err, &le) {
		l.Barrier() // EXPECT
		v = -le.Limit
	}
	out[l.Index()] = v
}

// ClampCountAs clamps the group size: uniform.
//
//spmd:kernel
func ClampCountAs(l spmd.Lane, limit int, out []int) {
	v, err := clamp(l.Count(), limit)
	var le *LimitError
	if errors.As(err, &le) {
		l.Barrier()
		v = -le.Limit
	}
	out[l.Index()] = v
}

// JoinChecks joins two checks, one shared and one per lane, and leaves on any
// error.
//
//spmd:kernel
func JoinChecks(l spmd.Lane, shared int, data []int, out *int) {
	err := errors.Join(validate(shared), validate(data[l.Index()]))
	if err != nil {
		return
	}
	s := spmd.ReduceAdd(l, 1) // EXPECT
	if l.Index() == 0 {
		*out = s
	}
}

// JoinShared joins two shared checks: uniform.
//
//spmd:kernel
func JoinShared(l spmd.Lane, a, b int, out *int) {
	err := errors.Join(validate(a), validate(b))
	if err != nil {
		return
	}
	s := spmd.ReduceAdd(l, 1)
	if l.Index() == 0 {
		*out = s
	}
}

// MessageDigit builds an error from lane data and syncs on its text.
//
//spmd:kernel
func MessageDigit(l spmd.Lane, out []string) {
	err := fmt.Errorf("lane %d failed", l.Index())
	if strings.Contains(err.Error(), "1") {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = err.Error()
}

// MessageShared builds an error from the group size: uniform.
//
//spmd:kernel
func MessageShared(l spmd.Lane, out []string) {
	err := fmt.Errorf("group of %d failed", l.Count())
	if strings.Contains(err.Error(), "4") {
		l.Barrier()
	}
	out[l.Index()] = err.Error()
}
