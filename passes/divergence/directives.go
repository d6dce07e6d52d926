package divergence

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// The vocabulary of SPMD code is declared in the code itself, by //spmd:
// directives in doc comments (see package spmd for the grammar), and travels
// between packages as facts. Nothing here knows the names of spmd's
// functions.

// LaneType marks a named type whose values are lane handles (//spmd:lane).
type LaneType struct{}

func (*LaneType) AFact()         {}
func (*LaneType) String() string { return "spmd(lane)" }

// Recovers marks a function that calls recover itself: deferred directly,
// it stops a panic, so that a lane that panics returns (a helper such as
// defer errs.Catch(&err)). Every package exports it, SPMD or not.
type Recovers struct{}

func (*Recovers) AFact()         {}
func (*Recovers) String() string { return "recovers" }

// SPMDPackage marks a package that declares or uses SPMD vocabulary, so that
// packages importing it are analyzed and all others cost nothing.
type SPMDPackage struct{}

func (*SPMDPackage) AFact()         {}
func (*SPMDPackage) String() string { return "spmd" }

const directivePrefix = "//spmd:"

// directiveError is a malformed directive, reported where it is written.
type directiveError struct {
	pos token.Pos
	msg string
}

// parseFuncDirectives reads the //spmd: lines of a function's doc comment.
// It returns nil if there are none.
func parseFuncDirectives(decl *ast.FuncDecl, sig *types.Signature) (*Summary, []directiveError) {
	if decl.Doc == nil {
		return nil, nil
	}
	var s *Summary
	var errs []directiveError
	params := paramNames(sig)
	seen := make(map[string]bool)
	result := "" // the result directive given, as written
	for _, c := range decl.Doc.List {
		text, ok := strings.CutPrefix(c.Text, directivePrefix)
		if !ok {
			continue
		}
		if s == nil {
			s = new(Summary)
		}
		fields := strings.Fields(text)
		if len(fields) == 0 {
			errs = append(errs, directiveError{c.Pos(), "empty //spmd: directive"})
			continue
		}
		name, args := fields[0], fields[1:]
		if funcDirectives[name] {
			if seen[name] {
				errs = append(errs, directiveError{c.Pos(), fmt.Sprintf("//spmd:%s is given twice", name)})
				continue
			}
			seen[name] = true
		}
		if resultDirectives[name] {
			written := "//spmd:" + strings.Join(fields, " ")
			if result != "" {
				errs = append(errs, directiveError{c.Pos(), fmt.Sprintf("%s contradicts %s: a result is either uniform, divergent, or a lane ID", written, result)})
				continue
			}
			result = written
			if sig.Results().Len() == 0 {
				errs = append(errs, directiveError{c.Pos(), fmt.Sprintf("//spmd:%s describes results, but %s has none", name, decl.Name.Name)})
			}
		}
		lookup := func(dst *[]int) {
			named := make(map[string]bool)
			for _, a := range args {
				i, ok := params[a]
				if !ok {
					errs = append(errs, directiveError{c.Pos(), fmt.Sprintf("//spmd:%s names %q, which is not a parameter of %s", name, a, decl.Name.Name)})
					continue
				}
				if named[a] {
					errs = append(errs, directiveError{c.Pos(), fmt.Sprintf("//spmd:%s names %q twice", name, a)})
					continue
				}
				named[a] = true
				*dst = append(*dst, i)
			}
		}
		noArgs := func() {
			if len(args) > 0 {
				errs = append(errs, directiveError{c.Pos(), fmt.Sprintf("//spmd:%s takes no arguments", name)})
			}
		}
		switch name {
		case "laneid":
			noArgs()
			s.LaneID = true
		case "uniform":
			if len(args) == 0 {
				s.Uniform = true
			} else {
				lookup(&s.UniformIf)
			}
		case "divergent":
			noArgs()
			s.Divergent = true
		case "convergent":
			s.Convergent = true
			switch {
			case len(args) == 0:
			case len(args) == 1 && args[0] == "barrier":
				s.Barrier = true
			default:
				errs = append(errs, directiveError{c.Pos(), "//spmd:convergent takes no argument or \"barrier\""})
			}
		case "kernel":
			if len(args) == 0 {
				s.Kernel = true
				break
			}
			lookup(&s.KernelParams)
			kept := s.KernelParams[:0]
			for _, i := range s.KernelParams {
				if p := paramAt(sig, i); p != nil {
					if _, ok := p.Type().Underlying().(*types.Signature); !ok {
						errs = append(errs, directiveError{c.Pos(), fmt.Sprintf("//spmd:kernel names %q, which is not a function but %s", p.Name(), p.Type())})
						continue
					}
				}
				kept = append(kept, i)
			}
			s.KernelParams = kept
		case "lane":
			errs = append(errs, directiveError{c.Pos(), "//spmd:lane applies to types, not functions"})
		default:
			errs = append(errs, directiveError{c.Pos(), fmt.Sprintf("unknown directive //spmd:%s", name)})
		}
	}
	return s, errs
}

// paramAt returns the parameter with index i, receiver first.
func paramAt(sig *types.Signature, i int) *types.Var {
	if r := sig.Recv(); r != nil {
		if i == 0 {
			return r
		}
		i--
	}
	if i < sig.Params().Len() {
		return sig.Params().At(i)
	}
	return nil
}

// paramNames maps parameter names to their index, receiver first.
func paramNames(sig *types.Signature) map[string]int {
	m := make(map[string]int)
	i := 0
	if r := sig.Recv(); r != nil {
		if r.Name() != "" {
			m[r.Name()] = i
		}
		i++
	}
	for j := 0; j < sig.Params().Len(); j++ {
		if n := sig.Params().At(j).Name(); n != "" && n != "_" {
			m[n] = i + j
		}
	}
	return m
}

// parseTypeDirectives reads the //spmd: lines of a type's doc comment: only
// //spmd:lane belongs there.
func parseTypeDirectives(doc *ast.CommentGroup) (lane bool, errs []directiveError) {
	if doc == nil {
		return false, nil
	}
	for _, c := range doc.List {
		text, ok := strings.CutPrefix(c.Text, directivePrefix)
		if !ok {
			continue
		}
		fields := strings.Fields(text)
		switch {
		case len(fields) == 0:
			errs = append(errs, directiveError{c.Pos(), "empty //spmd: directive"})
		case fields[0] == "lane" && len(fields) == 1 && lane:
			errs = append(errs, directiveError{c.Pos(), "//spmd:lane is given twice"})
		case fields[0] == "lane" && len(fields) == 1:
			lane = true
		case fields[0] == "lane":
			errs = append(errs, directiveError{c.Pos(), "//spmd:lane takes no arguments"})
		case funcDirectives[fields[0]]:
			errs = append(errs, directiveError{c.Pos(), fmt.Sprintf("//spmd:%s applies to functions, not types", fields[0])})
		default:
			errs = append(errs, directiveError{c.Pos(), fmt.Sprintf("unknown directive //spmd:%s", fields[0])})
		}
	}
	return lane, errs
}

var funcDirectives = map[string]bool{"laneid": true, "uniform": true, "divergent": true, "convergent": true, "kernel": true}

// resultDirectives say what a function's results are; a function has at
// most one.
var resultDirectives = map[string]bool{"laneid": true, "uniform": true, "divergent": true}

// hasDirectives reports whether any comment in the files is an //spmd:
// directive: the cheap test that decides whether a package declares
// vocabulary.
func hasDirectives(files []*ast.File) bool {
	for _, f := range files {
		for _, g := range f.Comments {
			for _, c := range g.List {
				if strings.HasPrefix(c.Text, directivePrefix) {
					return true
				}
			}
		}
	}
	return false
}
