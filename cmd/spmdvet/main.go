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
	"os"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/spmdvet/spmdvet/passes/convergent"
	"github.com/spmdvet/spmdvet/passes/divergence"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "uniformity" {
		os.Exit(uniformityMain(os.Args[2:]))
	}
	if tidiedRun(os.Args[1:]) {
		if code := runTidied(os.Args[1:]); code >= 0 {
			os.Exit(code)
		}
	}
	multichecker.Main(divergence.Analyzer, convergent.Analyzer)
}
