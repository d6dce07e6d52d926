package divergence

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strings"
	"unicode/utf8"
)

// sources quotes expressions as the package's files write them, so that a
// user finds the text of a note in the source: i%2 == 0, not go/types'
// i % 2 == 0.
type sources struct {
	fset  *token.FileSet
	read  func(filename string) ([]byte, error) // Pass.ReadFile
	files map[*token.File][]byte                // nil where unreadable
}

func newSources(fset *token.FileSet, read func(string) ([]byte, error)) *sources {
	return &sources{fset: fset, read: read, files: make(map[*token.File][]byte)}
}

// text is e as its file writes it, on one line, cut short past
// maxExprText bytes; go/types' form where the file cannot say.
func (s *sources) text(e ast.Expr) string {
	if t, ok := s.source(e); ok {
		return shorten(t)
	}
	return exprText(e)
}

func (s *sources) source(e ast.Expr) (string, bool) {
	if s == nil || !e.Pos().IsValid() || !e.End().IsValid() {
		return "", false
	}
	tf := s.fset.File(e.Pos())
	if tf == nil || tf != s.fset.File(e.End()) {
		return "", false
	}
	content, ok := s.files[tf]
	if !ok {
		content, _ = s.read(tf.Name())
		if len(content) != tf.Size() {
			content = nil // not the file that was parsed
		}
		s.files[tf] = content
	}
	start, end := tf.Offset(e.Pos()), tf.Offset(e.End())
	if content == nil || start < 0 || end > len(content) || start >= end {
		return "", false
	}
	t := string(content[start:end])
	if strings.Contains(t, "//") || strings.Contains(t, "/*") || hasFuncLit(e) {
		return "", false // go/types' form leaves out comments and bodies
	}
	return strings.Join(strings.Fields(t), " "), true
}

func hasFuncLit(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		_, ok := n.(*ast.FuncLit)
		found = found || ok
		return !found
	})
	return found
}

// maxExprText bounds the expressions that notes quote: the position shows
// the rest, and a 3000-term sum quoted at each step of a chain made one
// finding hundreds of kilobytes long.
const maxExprText = 60

// cgoName matches the names cgo gives C's functions, types and variables
// in the Go code it writes, (_Cfunc_f) and _Ctype_int for C.f and C.int.
var cgoName = regexp.MustCompile(`\(_C(?:func|type|var|macro)_(\w+)\)|_C(?:func|type|var|macro)_(\w+)`)

// exprText is e as go/types writes it, cut short with "..." past
// maxExprText bytes.
func exprText(e ast.Expr) string {
	s := types.ExprString(e)
	for {
		// go/types writes a function literal as "(func(x int) literal)".
		i := strings.Index(s, "(func")
		j := strings.Index(s, " literal)")
		if i < 0 || j < i {
			break
		}
		s = s[:i] + s[i+1:j] + " {...}" + s[j+len(" literal)"):]
	}
	return shorten(s)
}

// shorten names cgo's Go names as the C source does and cuts s short with
// "..." past maxExprText bytes.
func shorten(s string) string {
	if strings.Contains(s, "_C") {
		s = cgoName.ReplaceAllString(s, "C.$1$2")
	}
	if len(s) <= maxExprText {
		return s
	}
	cut := maxExprText - len("...")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}
