package main_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestVetAndStandalone runs the binary on testdata/vetmod.txtar under go vet
// and standalone, and checks that both report exactly the findings the want
// comments expect, including those in kern that rest on the vocabulary
// package helpers declares: under go vet, kern is checked in a process of
// its own, which knows about helpers only from the facts in its vetx file.
func TestVetAndStandalone(t *testing.T) {
	dir := writeModule(t, "vetmod.txtar", "example.com/vetmod")
	ws := wants(t, dir)
	if len(ws) != 4 {
		t.Fatalf("%d want comments, want 4", len(ws))
	}

	cache := freshCache(t)
	vet := goVet(t, dir, cache, "./...")
	t.Logf("go vet ./... (seeded cache): %v", vet.elapsed)
	wantCode(t, "go vet ./...", vet, 1)
	vetDiags := parseText(t, dir, vet.stderr)
	checkWants(t, "go vet", vetDiags, ws)
	if vet.stdout != "" {
		t.Errorf("go vet wrote to stdout:\n%s", vet.stdout)
	}
	// go vet prints file names relative to its directory.
	if !strings.Contains(vet.stderr, "kern/kern.go:12:3: barrier helpers.Sync under divergent control") {
		t.Errorf("go vet output lacks the relative position of the Tail finding:\n%s", vet.stderr)
	}
	// The lane index comes from helpers' //spmd:laneid, through a fact.
	for _, d := range vetDiags {
		if d.File == "kern/kern.go" && d.Line == 12 {
			if !slices.ContainsFunc(d.Related, func(r finding) bool {
				return r.Line == 11 && r.Message == "helpers.ID(l) is the lane index"
			}) {
				t.Errorf("the Tail finding does not trace the divergence to helpers.ID: %v", d.Related)
			}
		}
	}

	std := spmdvet(t, dir, "./...")
	wantCode(t, "spmdvet ./...", std, 3)
	stdDiags := parseText(t, dir, std.stderr)
	checkWants(t, "standalone", stdDiags, ws)
	if got, want := findings(stdDiags), findings(vetDiags); !slices.Equal(got, want) {
		t.Errorf("standalone and go vet disagree:\nstandalone:\n\t%s\ngo vet:\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
	for i := range min(len(stdDiags), len(vetDiags)) {
		if !slices.Equal(stdDiags[i].Related, vetDiags[i].Related) {
			t.Errorf("related notes differ for %v:\nstandalone: %v\ngo vet: %v", stdDiags[i].finding, stdDiags[i].Related, vetDiags[i].Related)
		}
	}

	js := spmdvet(t, dir, "-json", "./...")
	wantCode(t, "spmdvet -json ./...", js, 0)
	jsDiags, errs := parseJSON(t, dir, js.stdout)
	if len(errs) > 0 {
		t.Errorf("-json reports errors: %v", errs)
	}
	if got, want := findings(jsDiags), findings(stdDiags); !slices.Equal(got, want) {
		t.Errorf("-json and text output disagree:\n-json:\n\t%s\ntext:\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}

	// Vetting kern alone still analyzes helpers, for its facts only: the
	// findings of kern are there, those of helpers are not. This needs a
	// cache of its own (see freshCache).
	kern := goVet(t, dir, freshCache(t), "./kern")
	wantCode(t, "go vet ./kern", kern, 1)
	var kernWants []want
	for _, w := range ws {
		if strings.HasPrefix(w.File, "kern/") {
			kernWants = append(kernWants, w)
		}
	}
	checkWants(t, "go vet ./kern (fresh cache)", parseText(t, dir, kern.stderr), kernWants)

	// The go command's vet cache bug, in the direction that adds findings:
	// in the cache of go vet ./..., helpers' result as a root is replayed
	// when helpers is only a dependency, so its finding shows up. Logged,
	// not checked: it is the go command's behaviour, not spmdvet's.
	again := goVet(t, dir, cache, "./kern")
	if strings.Contains(again.stderr, "helpers/helpers.go:") {
		t.Logf("go vet cache bug reproduced: go vet ./kern after go vet ./... in the same GOCACHE prints the findings of the dependency helpers")
	}
}

// TestFactsMakeTheDifference removes the //spmd:uniform directive from
// helpers.Width: the call in kern.Wide, which was correct only because
// Width's result is declared uniform in the other package, is then
// reported.
func TestFactsMakeTheDifference(t *testing.T) {
	dir := writeModule(t, "vetmod.txtar", "example.com/vetmod")
	path := filepath.Join(dir, "helpers", "helpers.go")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const directive = "//\n//spmd:uniform\nfunc Width("
	src := string(data)
	if !strings.Contains(src, directive) {
		t.Fatal("helpers.Width has no //spmd:uniform directive")
	}
	src = strings.Replace(src, directive, "func Width(", 1)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	line, col := position(t, filepath.Join(dir, "kern", "kern.go"), "helpers.Sum(l, data[helpers.ID(l)]) // only")

	r := spmdvet(t, dir, "./kern")
	wantCode(t, "spmdvet ./kern", r, 3)
	found := false
	for _, d := range parseText(t, dir, r.stderr) {
		if d.File == "kern/kern.go" && d.Line == line && d.Col == col &&
			strings.HasPrefix(d.Message, "collective helpers.Sum under divergent control") {
			found = true
		}
	}
	if !found {
		t.Errorf("without //spmd:uniform on helpers.Width, no finding at kern/kern.go:%d:%d:\n%s", line, col, r.stderr)
	}
}
