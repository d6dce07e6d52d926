package uniformity_test

import (
	"testing"

	"github.com/spmdvet/spmdvet/uniformity"
	"github.com/spmdvet/spmdvet/uniformity/internal/cfggen"
	"github.com/spmdvet/spmdvet/uniformity/internal/llir"
)

// BenchmarkAnalyze times Analyze on the suite of cfggen.BenchCases: large
// structured functions and the adversarial shapes. The functions go
// through their IR text and llir, as in the differential test, so that
// scripts/bench-vs-llvm.sh can give opt exactly the same input.
func BenchmarkAnalyze(b *testing.B) {
	for _, c := range cfggen.BenchCases() {
		b.Run(c.Name, func(b *testing.B) {
			funcs, err := llir.Parse(cfggen.Module(c.Func()))
			if err != nil {
				b.Fatal(err)
			}
			f := funcs[0]
			cfg := uniformity.Config{Seeds: f.Seeds(), Uniform: f.Uniform()}
			b.ReportAllocs()
			for b.Loop() {
				uniformity.Analyze(f, cfg)
			}
			b.ReportMetric(float64(f.NumBlocks()), "blocks/op")
		})
	}
}
