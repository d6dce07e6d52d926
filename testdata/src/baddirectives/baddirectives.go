// want package:`^\{package .* spmd\}$`

// Package baddirectives pins the divergence analyzer's reports of malformed
// //spmd: directives, and the facts it exports for what it could make of
// them. A directive line cannot carry a trailing comment (its words would be
// read as arguments), so each expectation is written above it, with
// "want +N" (gofmt puts a blank comment line before directives). An empty
// "//spmd:" cannot be tested here: gofmt does not take it for a directive
// and rewrites it to "// spmd:".
package baddirectives

import "github.com/spmdvet/spmdvet/spmd"

// An unknown directive.
//
// want +2 `^unknown directive //spmd:bogus$`
//
//spmd:bogus
func Bogus() {} // want Bogus:`^spmd\(\)$`

// A parameter name that does not exist.
//
// want +2 `^//spmd:uniform names "nosuchparam", which is not a parameter of Uniform$`
//
//spmd:uniform nosuchparam
func Uniform(x int) int { return x } // want Uniform:`^spmd\(\)$`

// One good name and one bad: the good one is kept.
//
// want +2 `names "y", which is not a parameter of Partly`
//
//spmd:uniform x y
func Partly(x, z int) int { return x + z } // want Partly:`^spmd\(uniform-if\[0\]\)$`

// The receiver counts as a parameter, and comes first.
type T struct{}

//spmd:uniform t b
func (t T) Recv(a, b int) int { return a + b } // want Recv:`^spmd\(uniform-if\[0 2\]\)$`

// Directives that take no arguments.
//
// want +2 `^//spmd:laneid takes no arguments$`
//
//spmd:laneid please
func LaneID() int { return 0 } // want LaneID:`^spmd\(laneid\)$`

// want +2 `^//spmd:divergent takes no arguments$`
//
//spmd:divergent always
func Divergent() int { return 0 } // want Divergent:`^spmd\(divergent\)$`

// convergent takes nothing or "barrier".
//
// want +2 `^//spmd:convergent takes no argument or "barrier"$`
//
//spmd:convergent fence
func Fence() {} // want Fence:`^spmd\(convergent\)$`

// A kernel parameter that does not exist.
//
// want +2 `//spmd:kernel names "fn", which is not a parameter of Launch`
//
//spmd:kernel fn
func Launch(k func(spmd.Lane)) {} // want Launch:`^spmd\(\)$`

// Several problems in one doc comment are all reported, and the good
// directives still count.
//
// want +3 `unknown directive //spmd:uniformly`
// want +4 `//spmd:kernel names "k", which is not a parameter of Several`
//
//spmd:uniformly
//spmd:convergent barrier
//spmd:kernel k
func Several(l spmd.Lane) {} // want Several:`^spmd\(barrier\)$`

// A directive with a space after the slashes is an ordinary comment, not a
// directive: nothing is reported for it, and the real directive below it
// is the only one that counts.
//
// spmd:bogus
//
//spmd:uniform
func Spaced() int { return 0 } // want Spaced:`^spmd\(uniform\)$`

// Contradictory result directives: the first one stands.
//
// want +3 `^//spmd:divergent contradicts //spmd:uniform: a result is either uniform, divergent, or a lane ID$`
//
//spmd:uniform
//spmd:divergent
func UniformDivergent(l spmd.Lane) int { return 0 } // want UniformDivergent:`^spmd\(uniform\)$`

// A directive given twice.
//
// want +3 `^//spmd:convergent is given twice$`
//
//spmd:convergent barrier
//spmd:convergent
func Twice(l spmd.Lane) { l.Barrier() } // want Twice:`^spmd\(barrier\)$`

// A parameter named twice.
//
// want +2 `^//spmd:uniform names "src" twice$`
//
//spmd:uniform src src
func NamedTwice(src int) int { return src } // want NamedTwice:`^spmd\(uniform-if\[0\]\)$`

// A result directive on a function without results.
//
// want +2 `^//spmd:laneid describes results, but NoResults has none$`
//
//spmd:laneid
func NoResults(l spmd.Lane) {} // want NoResults:`^spmd\(laneid\)$`

// A kernel parameter that is not a function.
//
// want +2 `^//spmd:kernel names "n", which is not a function but int$`
//
//spmd:kernel n k
func LaunchN(n int, k func(spmd.Lane)) {} // want LaunchN:`^spmd\(kernel-params\[1\]\)$`

// want +3 `^//spmd:lane is given twice$`
//
//spmd:lane
//spmd:lane
type LaneTwice struct{ spmd.Lane } // want LaneTwice:`^spmd\(lane\)$`

type handle struct{ id int }

// An alias stands for a type declared elsewhere: the directive belongs
// there.
//
// want +2 `^//spmd:lane on the alias LaneAlias: put it on the defined type it stands for, handle$`
//
//spmd:lane
type LaneAlias = handle

// A defined pointer type is a lane handle like any other.
//
//spmd:lane
type LanePtr *handle // want LanePtr:`^spmd\(lane\)$`

//spmd:convergent barrier
func SyncPtr(l LanePtr) {} // want SyncPtr:`^spmd\(barrier\)$`

func usePtr(l LanePtr, m map[int]int) { // want usePtr:`spmd\(barrier`
	for k := range m {
		if k > 0 {
			SyncPtr(l)
		}
	}
}

// A directive above a group of declarations is for none of them.
//
// want +2 `^//spmd:lane above a group of type declarations: put it in the doc comment of the type it is for, inside the group$`
//
//spmd:lane
type (
	groupedA struct{}
	groupedB struct{}
)
