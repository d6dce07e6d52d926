// Command gotodiff runs the Go-kernel-versus-LLVM differential test of
// spmdvet's uniformity dump on a batch of random goto graphs and prints a
// summary, with the smallest failing kernel of each class of
// disagreement.
//
// Usage (from inside the spmdvet module):
//
//	go run ./internal/gotodiff/cmd/gotodiff -n 3000 -seed 1
package main

import (
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/spmdvet/spmdvet/internal/gotodiff"
)

func main() {
	n := flag.Int("n", 1000, "number of graphs")
	seed := flag.Uint64("seed", 1, "base seed: graph i uses seed*1e6+i")
	from := flag.Int("from", 0, "index of the first graph (to rerun one: -from i -n 1)")
	per := flag.Int("per", 150, "kernels per Go package")
	dir := flag.String("dir", "", "work directory (default: a temporary one, removed afterwards)")
	spmdvet := flag.String("spmdvet", "", "spmdvet binary (default: build one)")
	opt := flag.String("opt", "opt-22", "opt binary")
	keep := flag.Int("keep", 1, "failing kernels to print per class and kind of disagreement")
	minBlocks := flag.Int("min", 2, "fewest blocks per graph")
	maxBlocks := flag.Int("max", 16, "most blocks per graph")
	quiet := flag.Bool("q", false, "print only the summary")
	llvm22 := flag.Bool("llvm22", false, "dump as LLVM 22 (spmdvet's default) rather than with -fixed, the core's fixes of LLVM 22")
	flag.Parse()

	work := *dir
	if work == "" {
		d, err := os.MkdirTemp("", "gotodiff")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(d)
		work = d
	} else if err := os.MkdirAll(work, 0o755); err != nil {
		log.Fatal(err)
	}
	sum, err := gotodiff.Run(gotodiff.Config{
		N: *n, From: *from, Seed: *seed, PerPackage: *per, Dir: work,
		Spmdvet: *spmdvet, Opt: *opt, Keep: *keep, LLVM22: *llvm22,
		Options: gotodiff.Options{MinBlocks: *minBlocks, MaxBlocks: *maxBlocks},
		Log:     func(format string, args ...any) { fmt.Fprintf(os.Stderr, format+"\n", args...) },
	})
	if err != nil {
		if sum != nil {
			fmt.Print(sum.Format())
		}
		fmt.Fprintln(os.Stderr, "gotodiff:", err)
		os.Exit(2)
	}
	if !*quiet {
		for _, c := range gotodiff.Classes {
			for _, k := range gotodiff.Kinds {
				for _, ex := range sum.Examples[c+"/"+k] {
					fmt.Printf("\n##### %s/%s\n%s", c, k, ex.Format())
				}
			}
		}
		fmt.Println()
	}
	fmt.Print(sum.Format())
	if sum.Total() > 0 {
		os.Exit(1)
	}
}
