// want package:"spmd"

// Package ticket is plain Go: no //spmd: directive, no import of spmd. It
// is analyzed all the same, because it is outside the standard library
// and takes tickets with sync/atomic, whose results differ between lanes.
package ticket

import "sync/atomic"

// Take stores in t the ticket it takes from ctr.
func Take(ctr *int64, t *int64) { // want Take:`effect\(\*1\)=always`
	*t = atomic.AddInt64(ctr, 1) - 1
}

// Next returns the ticket it takes.
func Next(ctr *int64) int64 { // want Next:`result0=always`
	return atomic.AddInt64(ctr, 1) - 1
}

// Peek reads the counter: as uniform as the address.
func Peek(ctr *int64) int64 { // want Peek:`^spmd\(result0=on\(0\) `
	return atomic.LoadInt64(ctr)
}
