package llir

import (
	"fmt"
	"strings"
)

// tokKind classifies a token of one line of IR.
type tokKind uint8

const (
	tokWord   tokKind = iota // keyword, type, opcode, predicate, attribute: i32, add, inreg
	tokLocal                 // %name
	tokGlobal                // @name
	tokNumber                // 12, -3, 1.5e+00, 0x3FF0000000000000
	tokPunct                 // one of , ( ) [ ] { } < > = * : ! #
)

type token struct {
	kind tokKind
	text string
}

// lex splits one logical line of IR into tokens. A ';' outside a quoted
// name starts a comment that runs to the end of the line.
func lex(line string) ([]token, error) {
	var toks []token
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c == ';':
			return toks, nil
		case c == '%' || c == '@':
			j, err := scanName(line, i+1)
			if err != nil {
				return nil, err
			}
			kind := tokLocal
			if c == '@' {
				kind = tokGlobal
			}
			toks = append(toks, token{kind, line[i:j]})
			i = j
		case strings.IndexByte(",()[]{}<>=*:!#", c) >= 0:
			toks = append(toks, token{tokPunct, line[i : i+1]})
			i++
		case c == '-' || isDigit(c):
			j := i + 1
			for j < len(line) && (isNameChar(line[j]) || line[j] == '+' || line[j] == '-') {
				j++
			}
			toks = append(toks, token{tokNumber, line[i:j]})
			i = j
		case isNameChar(c) || c == '"':
			j := i
			if c == '"' {
				k := strings.IndexByte(line[i+1:], '"')
				if k < 0 {
					return nil, fmt.Errorf("unterminated string in %q", line)
				}
				j = i + k + 2
			} else {
				for j < len(line) && isNameChar(line[j]) {
					j++
				}
			}
			toks = append(toks, token{tokWord, line[i:j]})
			i = j
		default:
			return nil, fmt.Errorf("unexpected character %q in %q", c, line)
		}
	}
	return toks, nil
}

// scanName returns the end of the name that starts at i: either a quoted
// string or a run of identifier characters.
func scanName(line string, i int) (int, error) {
	if i < len(line) && line[i] == '"' {
		k := strings.IndexByte(line[i+1:], '"')
		if k < 0 {
			return 0, fmt.Errorf("unterminated quoted name in %q", line)
		}
		return i + k + 2, nil
	}
	j := i
	for j < len(line) && isNameChar(line[j]) {
		j++
	}
	if j == i {
		return 0, fmt.Errorf("empty name in %q", line)
	}
	return j, nil
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isNameChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || isDigit(c) ||
		c == '_' || c == '.' || c == '$' || c == '-'
}

// join prints tokens the way LLVM's printer spaces them: a single space
// between tokens, none before ',' ')' or '(' and none after '('.
func join(toks []token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 {
			prev := toks[i-1].text
			switch {
			case t.text == "," || t.text == ")" || t.text == "(":
			case prev == "(":
			default:
				b.WriteByte(' ')
			}
		}
		b.WriteString(t.text)
	}
	return b.String()
}

// dropAlign removes ", align N" from the tokens of an instruction: LLVM
// adds the alignment to loads and stores when printing, so texts compare
// equal only without it.
func dropAlign(toks []token) []token {
	out := toks[:0:0]
	for i := 0; i < len(toks); i++ {
		if toks[i].text == "," && i+2 < len(toks) && toks[i+1].text == "align" && toks[i+2].kind == tokNumber {
			i += 2
			continue
		}
		out = append(out, toks[i])
	}
	return out
}

// Canonical returns the text of an instruction (or any line of IR) in the
// normal form used by InstrText: whitespace and comments normalized the way
// LLVM prints and ", align N" removed. Two texts of the same instruction,
// one as written and one as printed by opt, have the same canonical form.
// Text that does not lex is returned with its whitespace collapsed.
func Canonical(text string) string {
	toks, err := lex(text)
	if err != nil {
		return strings.Join(strings.Fields(text), " ")
	}
	return join(dropAlign(toks))
}
