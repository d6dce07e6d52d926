// Package errs knows nothing of lanes: it imports no SPMD package, and is
// not analyzed. That Catch recovers is known from its syntax alone.
package errs

import "fmt"

// Catch, deferred directly, stops a panic and keeps it as an error.
func Catch(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("recovered: %v", r)
	}
}

// Log calls Catch, whose recover then stops nothing: it is not called by
// the deferred function itself.
func Log(err *error) {
	Catch(err)
}
