package main_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeExample matches the README's first kernel and the output it shows
// for it.
var readmeExample = regexp.MustCompile("(?s)```go\n(.*?)```\n\n```\n\\$ spmdvet ./k\n(.*?)```")

// TestReadmeExample runs spmdvet on the README's kernel and checks that
// it prints exactly what the README says it does.
func TestReadmeExample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := readmeExample.FindSubmatch(readme)
	if m == nil {
		t.Fatal("README: no kernel followed by its '$ spmdvet ./k' output")
	}
	dir := t.TempDir()
	if err := writeTree(dir, "example.com/readme", map[string]string{"k/k.go": string(m[1])}); err != nil {
		t.Fatal(err)
	}
	r := spmdvet(t, dir, "./k")
	wantCode(t, "spmdvet ./k", r, 3)
	if got, want := strings.TrimSpace(r.stderr), strings.TrimSpace(string(m[2])); got != want {
		t.Errorf("spmdvet ./k prints\n%s\nbut the README shows\n%s", got, want)
	}
}
