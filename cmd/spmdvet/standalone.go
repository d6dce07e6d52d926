package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
)

// childEnv marks the spmdvet process that runs the checker for a parent
// that tidies its error output.
const childEnv = "SPMDVET_CHECKER_CHILD"

// tidiedRun reports whether spmdvet, called with args, should run the
// checker as a child and tidy what it writes to standard error: standalone,
// not under go vet (which passes a single .cfg file, or asks for -flags or
// -V) and not already the child.
func tidiedRun(args []string) bool {
	if os.Getenv(childEnv) != "" {
		return false
	}
	for _, a := range args {
		if strings.HasSuffix(a, ".cfg") || a == "-flags" || a == "--flags" || strings.HasPrefix(a, "-V") || strings.HasPrefix(a, "--V") {
			return false
		}
	}
	return true
}

// runTidied runs spmdvet again as a child with the same arguments, passes
// its standard output through, and filters its standard error with tidy.
// It returns the child's exit code.
func runTidied(args []string) int {
	self, err := os.Executable()
	if err != nil {
		return -1 // run in this process instead
	}
	cmd := exec.Command(self, args...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	cmd.Stdin, cmd.Stdout = os.Stdin, os.Stdout
	cmd.SysProcAttr = childAttr()
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return -1
	}
	// The child runs the command: a signal that would stop spmdvet
	// stops it instead, and spmdvet exits as it does.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	if err := cmd.Start(); err != nil {
		return -1
	}
	go func() {
		for s := range sigs {
			cmd.Process.Signal(s)
		}
	}()
	dir, _ := os.Getwd()
	tidy(stderr, os.Stderr, dir)
	err = cmd.Wait()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode()
	case errors.As(err, &exit):
		// Killed by a signal: exit the way a shell reports it.
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return 1
	default:
		fmt.Fprintf(os.Stderr, "spmdvet: %v\n", err)
		return 1
	}
}

// What the checker says about analyzers it did not run because the package
// does not load or type-check: the errors printed before say why.
var skippedAnalysis = regexp.MustCompile(`^\w+: (analysis skipped due to errors in package|failed prerequisites: .*)$`)

// emptyPackageClause is what go/types says of a file that go/parser gave
// up on before its package clause was kept (nesting past the parser's
// limit, say): the parser's error, printed before, is the one that counts.
var emptyPackageClause = regexp.MustCompile(`^(-: )?package ; expected package \S+$`)

// relativeTo makes a position under dir relative to it, as go vet shows
// positions.
func relativeTo(dir, pos string) string {
	if dir == "" {
		return pos
	}
	return strings.TrimPrefix(pos, strings.TrimSuffix(dir, string(filepath.Separator))+string(filepath.Separator))
}

// tidy copies the checker's error output, keeping the messages a user can
// act on: the go command's own words, without go/packages' wrapper, and
// no notes about analyzers skipped for errors already shown. A package
// error without a position loses the "-: " that stands for none. Positions
// under dir are made relative to it, as go vet shows them.
func tidy(r io.Reader, w io.Writer, dir string) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		line := sc.Text()
		// The checker prints a go/packages error after its own name.
		prog, rest, named := strings.Cut(line, ": ")
		switch {
		case skippedAnalysis.MatchString(line), emptyPackageClause.MatchString(line):
			continue
		case named && !strings.ContainsAny(prog, " \t") && goCommandWrapper.MatchString(rest):
			line = goCommandWrapper.ReplaceAllString(rest, "")
		case strings.HasPrefix(line, "-: "):
			line = strings.TrimPrefix(line, "-: ")
		default:
			line = relativeTo(dir, line)
		}
		fmt.Fprintln(w, line)
	}
	io.Copy(w, r) // a line too long to scan: pass the rest on as it is
}
