package data

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round17/precise/internal/check"
	"github.com/spmdvet/spmdvet/spmd"
)

func TestStoreOnlyThenUniformRead(t *testing.T) {
	buf, out := make([]int, 4), make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { StoreOnlyThenUniformRead(l, buf, out) }))
	check.Ints(t, out, check.Fill(4, 24))
}

func TestReadLaneSlot(t *testing.T) {
	buf, out := make([]int, 4), make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { ReadLaneSlot(l, buf, out) }))
}

func TestValueOperandOnly(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { ValueOperandOnly(l, out) }))
	check.Ints(t, out, []int{7, 6, 9, 8})
}

func TestShuffleDecides(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { ShuffleDecides(l, out) }))
}

func TestOverwrittenNoAddr(t *testing.T) {
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { OverwrittenNoAddr(l, 2, out) }))
	check.Ints(t, out, []int{8, 11, 14, 17})
	out = make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { OverwrittenNoAddr(l, -1, out) }))
	check.Ints(t, out, []int{4, 7, 10, 13})
}

func TestOverwrittenInOneArm(t *testing.T) {
	out := make([]int, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { OverwrittenInOneArm(l, 2, out) }))
}

func cfg() (Config, *Config) {
	return Config{Rounds: 2, Scale: 1.5, Name: "x"}, &Config{Rounds: 2}
}

func TestStructParamField(t *testing.T) {
	c, p := cfg()
	out := make([]float64, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { StructParamField(l, c, p, out) }))
	for _, v := range out {
		if v != 18 {
			t.Fatalf("got %v", out)
		}
	}
}

func TestStructLaneField(t *testing.T) {
	c, p := cfg()
	out := make([]float64, 4)
	check.Diverges(t, spmd.Run(4, func(l spmd.Lane) { StructLaneField(l, c, p, out) }))
}

func TestLookupAndSlice(t *testing.T) {
	params := map[string]int{"rounds": 3}
	grid := [][]int{{10, 1, 2}, {5}, {6}}
	out := make([]int, 4)
	check.OK(t, spmd.Run(4, func(l spmd.Lane) { LookupAndSlice(l, params, grid, out) }))
	check.Ints(t, out, check.Fill(4, 18))
}
