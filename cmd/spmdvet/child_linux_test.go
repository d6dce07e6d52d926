package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A killed spmdvet takes its checker child with it: an editor or a CI
// runner that kills the command by its pid must not leave the work
// running, to write its output later.
func TestKilledParentKillsChild(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(binary, "./...")
			cmd.Dir = t.TempDir()
			cmd.Env = append(os.Environ(), "SPMDVET_STALL_CHILD_FOR_TEST=1", "SPMDVET_CHECKER_CHILD=")
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			child := waitChild(t, cmd.Process.Pid)
			cmd.Process.Signal(sig)
			cmd.Wait()
			for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
				if !alive(child) {
					break
				}
				if time.Now().After(deadline) {
					syscall.Kill(child, syscall.SIGKILL)
					t.Fatalf("the checker child %d still runs after spmdvet got %v", child, sig)
				}
			}
		})
	}
}

// waitChild returns the pid of the first child of process pid (made by
// any of its threads).
func waitChild(t *testing.T, pid int) int {
	t.Helper()
	tasks := "/proc/" + strconv.Itoa(pid) + "/task/*/children"
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		files, _ := filepath.Glob(tasks)
		if len(files) == 0 {
			t.Skip("cannot list children in /proc")
		}
		for _, file := range files {
			b, _ := os.ReadFile(file)
			if f := strings.Fields(string(b)); len(f) > 0 {
				c, _ := strconv.Atoi(f[0])
				return c
			}
		}
	}
	t.Fatal("spmdvet started no checker child")
	return 0
}

// alive reports whether process pid runs (a zombie does not).
func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	_, rest, _ := strings.Cut(string(b), ") ")
	return !strings.HasPrefix(rest, "Z")
}
