// want package:`^\{package .* spmd\}$`

// Package misplaceddirectives pins malformed //spmd: directives outside
// function doc comments.
//
// On a type, anything other than exactly "//spmd:lane" is malformed, and so
// is a directive on a variable or inside a function body: a typo such as
// //spmd:lanes must not quietly leave the type an ordinary type and every
// kernel using it unchecked. (Reported as BUG(report): only function doc
// comments were checked; fixed in 5daa642.)
package misplaceddirectives

// A typo.
//
// want +2 `^unknown directive //spmd:lanes$`
//
//spmd:lanes
type H struct{}

// A function directive on a type.
//
// want +2 `^//spmd:uniform applies to functions, not types$`
//
//spmd:uniform
type G struct{}

// lane takes no arguments.
//
// want +2 `^//spmd:lane takes no arguments$`
//
//spmd:lane extra
type K struct{}

// A directive on a variable.
//
// want +2 `^misplaced //spmd:laneid: //spmd: directives belong in the doc comment of a function or type declaration$`
//
//spmd:laneid
var V = 1

// F has a good directive; the one in its body is misplaced.
//
//spmd:uniform
func F() int { // want F:`^spmd\(uniform\)$`
	// want +1 `^misplaced //spmd:bogus: `
	//spmd:bogus
	return 0
}
