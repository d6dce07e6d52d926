// Command gen writes generated functions as LLVM IR, for running opt on
// the same input the tests and benchmarks give the analysis.
//
//	gen -bench 10k                 one function of the benchmark suite
//	gen -bench list                the names of the benchmark suite
//	gen -seed 7 -n 20 -blocks 30   twenty random functions
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/spmdvet/spmdvet/uniformity/internal/cfggen"
)

func main() {
	bench := flag.String("bench", "", "write the benchmark function `name` (\"list\" lists them)")
	seed := flag.Uint64("seed", 1, "seed of the first random function; the others follow")
	n := flag.Int("n", 1, "number of random functions")
	blocks := flag.Int("blocks", 0, "approximate blocks per random function (0: default)")
	flag.Parse()

	if *bench != "" {
		for _, c := range cfggen.BenchCases() {
			switch *bench {
			case "list":
				fmt.Println(c.Name)
			case c.Name:
				fmt.Print(cfggen.Module(c.Func()))
				return
			}
		}
		if *bench != "list" {
			fmt.Fprintf(os.Stderr, "gen: no benchmark %q (see -bench list)\n", *bench)
			os.Exit(2)
		}
		return
	}
	var funcs []*cfggen.Func
	for i := range *n {
		s := *seed + uint64(i)
		funcs = append(funcs, cfggen.Generate(s, fmt.Sprintf("f%d", s), cfggen.Options{Blocks: *blocks}))
	}
	fmt.Print(cfggen.Module(funcs...))
}
