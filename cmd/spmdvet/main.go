// Command spmdvet checks SPMD kernels written against package spmd (or any
// API carrying //spmd: directives) for barriers and collectives that not
// all lanes reach together.
//
// Usage:
//
//	spmdvet [flags] packages                 check packages standalone
//	go vet -vettool=$(which spmdvet) pkgs    check packages under go vet
//	spmdvet uniformity [-json] [-run RE] packages
//	                                         print the uniformity analysis of
//	                                         every SPMD function
//
// Standalone, spmdvet takes the usual analysis flags (-json, -fix, -diff,
// -c=N, and -help for the full list). It exits 3 when it reports findings,
// 1 when packages cannot be loaded, and 0 otherwise.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/spmdvet/spmdvet/passes/convergent"
	"github.com/spmdvet/spmdvet/passes/divergence"
)

// stallChildForTest makes the checker child wait before it works, for the
// test of what happens to it when its parent is killed.
const stallChildForTest = "SPMDVET_STALL_CHILD_FOR_TEST"

var analyzers = []*analysis.Analyzer{divergence.Analyzer, convergent.Analyzer}

func main() {
	args := os.Args[1:]
	switch {
	case len(args) > 0 && args[0] == "uniformity":
		os.Exit(uniformityMain(args[1:]))
	case len(args) == 1 && args[0] == "help":
		help(os.Stdout)
		return
	case len(args) == 2 && args[0] == "help" && args[1] == "uniformity":
		fmt.Print(uniformityUsage)
		return
	}
	if tidiedRun(args) {
		if code := runTidied(args); code >= 0 {
			os.Exit(code)
		}
	}
	if os.Getenv(childEnv) != "" && os.Getenv(stallChildForTest) != "" {
		time.Sleep(time.Minute) // a checker child that works for long
	}
	multichecker.Main(analyzers...)
}

// help replaces the checker's generic help, which knows nothing of the
// uniformity subcommand.
func help(w io.Writer) {
	fmt.Fprint(w, `spmdvet checks SPMD kernels written against package spmd (or any API
carrying //spmd: directives) for barriers and collectives that not all
lanes reach together.

Usage:

	spmdvet [flags] packages                   check packages standalone
	go vet -vettool=$(which spmdvet) packages  check packages under go vet
	spmdvet uniformity [-json] [-run RE] packages
	                                           print the uniformity analysis of
	                                           every SPMD function

Standalone, spmdvet exits 3 when it reports findings, 1 when packages cannot
be loaded, and 0 otherwise. Its flags (-json, -c=N, -test, ...) are listed by
'spmdvet -h'; build tags are passed as GOFLAGS=-tags=...

Analyzers:

`)
	for _, a := range analyzers {
		title, _, _ := strings.Cut(a.Doc, "\n")
		fmt.Fprintf(w, "\t%-12s %s\n\t%-12s %s\n", a.Name, strings.TrimPrefix(title, a.Name+": "), "", a.URL)
	}
	fmt.Fprint(w, `
Run 'spmdvet help NAME' for an analyzer's documentation and flags, and
'spmdvet help uniformity' for the dump's.
`)
}
