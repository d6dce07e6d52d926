package spmd

import (
	"reflect"
	"runtime"
	"strings"
)

// pkgPrefix begins the name of every function of this package, generic
// instances, methods and closures included. It is derived rather than
// written out so that it follows the module path.
var pkgPrefix = reflect.TypeFor[Lane]().PkgPath() + "."

// callers returns the program counters of the calling goroutine, from the
// caller of callers outwards. Two lanes that reach a collective through the
// same chain of calls get equal slices, which is what makes them meet at the
// same site; frames inside package spmd are included, but they are the same
// for every lane doing the same operation.
func callers() []uintptr {
	buf := make([]uintptr, 32)
	for {
		n := runtime.Callers(2, buf)
		if n < len(buf) {
			return buf[:n]
		}
		buf = make([]uintptr, 2*len(buf))
	}
}

// userFrames symbolizes a stack captured by runtime.Callers in a lane and
// keeps the part the kernel author wrote: it drops the frames of package
// spmd and of the runtime at the inner end (the collective itself, or the
// machinery of a panic), and stops at the frame of package spmd that called
// the kernel.
func userFrames(pcs []uintptr) []Frame {
	var out []Frame
	frames := runtime.CallersFrames(pcs)
	for {
		f, more := frames.Next()
		switch {
		case strings.HasPrefix(f.Function, pkgPrefix):
			if len(out) > 0 {
				return out // the lane runner: below it is not the kernel's business
			}
		case len(out) == 0 && strings.HasPrefix(f.Function, "runtime."):
		default:
			out = append(out, Frame{Func: f.Function, File: f.File, Line: f.Line})
		}
		if !more {
			return out
		}
	}
}
