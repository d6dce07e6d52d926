package main

import (
	"strings"
	"testing"
)

func TestTidy(t *testing.T) {
	in := strings.Join([]string{
		"spmdvet: err: exit status 1: stderr: go: go.mod file not found in current directory",
		"/m/typ/a.go:2:23: cannot use \"x\" (untyped string constant) as int value in return statement",
		"divergence: analysis skipped due to errors in package",
		"convergent: failed prerequisites: divergence@m/typ",
		"-: stat /m/nonexist: directory not found",
		"/m/k.go:5:3: barrier l.Barrier under divergent control: lanes that do not reach it wait forever (deadlock)",
		"/m/k.go:4:5: \tlanes diverge here",
		"/mod/k.go:4:5: \tlanes diverge here",
	}, "\n") + "\n"
	want := strings.Join([]string{
		"go: go.mod file not found in current directory",
		"typ/a.go:2:23: cannot use \"x\" (untyped string constant) as int value in return statement",
		"stat /m/nonexist: directory not found",
		"k.go:5:3: barrier l.Barrier under divergent control: lanes that do not reach it wait forever (deadlock)",
		"k.go:4:5: \tlanes diverge here",
		"/mod/k.go:4:5: \tlanes diverge here",
	}, "\n") + "\n"
	var out strings.Builder
	tidy(strings.NewReader(in), &out, "/m")
	if out.String() != want {
		t.Errorf("tidy:\n%s\nwant:\n%s", out.String(), want)
	}
}

func TestTidiedRun(t *testing.T) {
	t.Setenv(childEnv, "")
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"./..."}, true},
		{[]string{"-json", "./..."}, true},
		{[]string{"/tmp/go-build1/b001/vet.cfg"}, false}, // go vet
		{[]string{"-flags"}, false},
		{[]string{"-V=full"}, false},
	} {
		if got := tidiedRun(tc.args); got != tc.want {
			t.Errorf("tidiedRun(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
	t.Setenv(childEnv, "1")
	if tidiedRun([]string{"./..."}) {
		t.Error("the child runs the checker itself")
	}
}
