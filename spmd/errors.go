package spmd

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// A Frame is one call in a lane's stack.
type Frame struct {
	Func string // package-qualified function name
	File string // absolute file name
	Line int
}

// String returns the frame as file:line, with only the base name of the
// file, which is what a reader can match against the source at a glance.
func (f Frame) String() string {
	if f.File == "" {
		return "?"
	}
	return filepath.Base(f.File) + ":" + strconv.Itoa(f.Line)
}

// A Site is a call of a collective or barrier, identified by the chain of
// calls that reached it from the kernel.
type Site struct {
	Op string // the spmd function called, such as "Barrier" or "ReduceAdd"

	// Stack holds the frames outside package spmd, innermost first:
	// Stack[0] is the call of Op and the last frame is in the kernel
	// function passed to Run.
	Stack []Frame
}

// Pos returns the innermost frame of the site, the line that calls Op.
func (s Site) Pos() Frame {
	if len(s.Stack) == 0 {
		return Frame{}
	}
	return s.Stack[0]
}

// String returns the site as "file:line (Op)".
func (s Site) String() string {
	return s.Pos().String() + " (" + s.Op + ")"
}

// chain returns the site with its whole call chain, as
// "k.go:5 via k.go:20 (Barrier)".
func (s Site) chain() string {
	parts := make([]string, len(s.Stack))
	for i, f := range s.Stack {
		parts[i] = f.String()
	}
	return strings.Join(parts, " via ") + " (" + s.Op + ")"
}

// A LaneGroup is a set of lanes that stopped in the same place.
type LaneGroup struct {
	Lanes    []int // in increasing order
	Returned bool  // the lanes had returned from the kernel; Site is zero
	Site     Site  // where the lanes were waiting, unless Returned
}

// A DivergenceError reports lanes of a group that did not reach a collective
// or barrier together: either they wait at different sites, or some wait
// while others have returned from the kernel.
type DivergenceError struct {
	// Groups partitions the lanes of the group by where they stopped,
	// ordered by their lowest lane.
	Groups []LaneGroup
}

func (e *DivergenceError) Error() string {
	what := "collective"
	for _, g := range e.Groups {
		if !g.Returned && g.Site.Op == "Barrier" {
			what = "barrier"
		}
	}

	// When two groups wait at the same line but got there through
	// different callers, the line alone does not tell them apart.
	pos := make(map[Frame]int)
	for _, g := range e.Groups {
		if !g.Returned {
			pos[g.Site.Pos()]++
		}
	}

	var b strings.Builder
	b.WriteString("spmd: divergent " + what + ": ")
	for i, g := range e.Groups {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(formatLanes(g.Lanes))
		if g.Returned {
			b.WriteString(" returned")
			continue
		}
		if len(g.Lanes) == 1 {
			b.WriteString(" waits at ")
		} else {
			b.WriteString(" wait at ")
		}
		if pos[g.Site.Pos()] > 1 {
			b.WriteString(g.Site.chain())
		} else {
			b.WriteString(g.Site.String())
		}
	}
	return b.String()
}

// A PanicError reports a lane whose kernel panicked.
type PanicError struct {
	Lane  int
	Value any // the value passed to panic

	// Stack holds the frames outside the runtime and package spmd, from
	// the one that panicked out to the kernel function, innermost first.
	Stack []Frame
}

func (e *PanicError) Error() string {
	at := ""
	if len(e.Stack) > 0 {
		at = " at " + e.Stack[0].String()
	}
	return fmt.Sprintf("spmd: lane %d panicked%s: %v", e.Lane, at, e.Value)
}

// Unwrap returns the panic value if it is an error, so that errors.Is and
// errors.As see through the panic.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// A UsageError reports a collective whose arguments cannot be honored, such
// as a Shuffle from a lane outside the group. When several lanes are at
// fault, the lowest is reported.
type UsageError struct {
	Lane int
	Site Site
	Msg  string
}

func (e *UsageError) Error() string {
	return fmt.Sprintf("spmd: lane %d: %s at %s: %s", e.Lane, e.Site.Op, e.Site.Pos(), e.Msg)
}

// formatLanes returns "lane 3" for a single lane and "lanes [0-3 6 8-15]"
// otherwise: runs of three or more lanes are shortened to a range so that
// the message stays readable for large groups.
func formatLanes(lanes []int) string {
	if len(lanes) == 1 {
		return "lane " + strconv.Itoa(lanes[0])
	}
	var b strings.Builder
	b.WriteString("lanes [")
	for i := 0; i < len(lanes); {
		j := i + 1
		for j < len(lanes) && lanes[j] == lanes[j-1]+1 {
			j++
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		switch j - i {
		case 1:
			b.WriteString(strconv.Itoa(lanes[i]))
		case 2:
			b.WriteString(strconv.Itoa(lanes[i]) + " " + strconv.Itoa(lanes[i+1]))
		default:
			b.WriteString(strconv.Itoa(lanes[i]) + "-" + strconv.Itoa(lanes[j-1]))
		}
		i = j
	}
	b.WriteByte(']')
	return b.String()
}
