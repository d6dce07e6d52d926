// Package errs turns panics into errors. It knows nothing about lanes or
// package spmd: it is the kind of small utility package every code base has.
package errs

import "fmt"

// An Error is a recoverable input error, raised with panic deep inside a
// parser or validator and turned back into an error by Catch.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

// Errorf returns an *Error with a formatted message.
func Errorf(format string, args ...any) *Error {
	return &Error{Msg: fmt.Sprintf(format, args...)}
}

// Catch recovers a panic and stores it in *err. It must be deferred
// directly: defer errs.Catch(&err).
func Catch(err *error) {
	if r := recover(); r != nil {
		if e, ok := r.(error); ok {
			*err = e
		} else {
			*err = fmt.Errorf("panic: %v", r)
		}
	}
}

// CatchInput recovers only input errors (*Error) and stores them in *err;
// any other panic (a real bug) goes on unwinding.
func CatchInput(err *error) {
	if r := recover(); r != nil {
		if e, ok := r.(*Error); ok {
			*err = e
			return
		}
		panic(r)
	}
}
