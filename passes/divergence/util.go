package divergence

import "strings"

// AnalyzerDoc returns the "# Analyzer name" section of an analyzer's doc.go
// package comment, for Analyzer.Doc.
func AnalyzerDoc(src, name string) string {
	var lines []string
	for _, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(l, "package ") {
			break
		}
		l = strings.TrimPrefix(l, "//")
		l = strings.TrimPrefix(l, " ")
		lines = append(lines, l)
	}
	text := strings.Join(lines, "\n")
	heading := "# Analyzer " + name + "\n\n"
	if i := strings.Index(text, heading); i >= 0 {
		text = text[i+len(heading):]
	}
	// As x/tools' analyzers: help prints the name before the summary.
	return strings.TrimSpace(strings.TrimPrefix(text, name+":"))
}

// reachableFrom returns, per block, whether a path along succs leads to it
// from block b.
func reachableFrom(succs [][]int, b int) []bool {
	seen := make([]bool, len(succs))
	stack := []int{b}
	seen[b] = true
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range succs[x] {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return seen
}
