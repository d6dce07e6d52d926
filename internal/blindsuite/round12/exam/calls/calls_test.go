package calls

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/exam/internal/check"
	"github.com/spmdvet/spmdvet/internal/blindsuite/round12/exam/lib"
	"github.com/spmdvet/spmdvet/spmd"
)

const N = 4

func TestUnknownCallees(t *testing.T) {
	f := func(x int) int { return x * 2 }
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { FuncValDiv(l, f) }))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { FuncValUni(l, f, out) }))
	check.Ints(t, out, check.Fill(N, 2*N))

	s := NewScorer(1)
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { IfaceDiv(l, s) }))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { IfaceUni(l, s, out) }))
	check.Ints(t, out, check.Fill(N, N))
	ss := []Scorer{NewScorer(0), NewScorer(5)}
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { IfaceDivRecv(l, ss) }))
}

func TestClosuresAndMethods(t *testing.T) {
	check.Div(t, spmd.Run(N, ClosureConvDiv))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { ClosureConvUni(l, 3, out) }))
	check.Ints(t, out, check.Fill(N, 3*N))
	check.Div(t, spmd.Run(N, BoundMethodDiv))
	check.Div(t, spmd.Run(N, MethodExprDiv))
}

func TestGenerics(t *testing.T) {
	check.Div(t, spmd.Run(N, GenDirConvDiv))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { GenDirConvUni(l, 1, out) }))
	check.Ints(t, out, check.Fill(N, 2))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { GenUniformDir(l, out) }))
	check.Ints(t, out, check.Fill(N, 6))
	check.Div(t, spmd.Run(N, GenDivergentDir))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { GenFromUni(l, out) }))
	check.Ints(t, out, check.Fill(N, 1))
	check.Div(t, spmd.Run(N, GenFromDiv))
	check.Div(t, spmd.Run(N, GenLaneID))
	team := lib.NewTeam(5)
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { GenMethodDirDiv(l, team) }))
	check.Div(t, spmd.Run(N, GenInferredDiv))
	check.Div(t, spmd.Run(N, GenLocalInferredDiv))
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { GenKernelBug(l, []float64{1, 0, 1, 0}, 0.5) }))
	outT := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { GenKernelOK(l, []int{2, 3, 4, 5}, 1, outT) }))
	check.Ints(t, outT, check.Fill(N, 14))
}

func TestRunAndKernelParams(t *testing.T) {
	check.Div(t, RunClosureDiv(N))
	out, err := RunClosureUni(N, []int{3})
	check.OK(t, err)
	check.Ints(t, out, check.Fill(N, 3*N))

	out = make([]int, N)
	check.OK(t, LaunchUni(N, out))
	check.Ints(t, out, check.Fill(N, 3))
	check.Div(t, LaunchDiv(N))
	out = make([]int, N)
	check.OK(t, LaunchLocalUni(N, out))
	check.Ints(t, out, check.Fill(N, 6*N))
	check.Div(t, LaunchLocalDiv(N))
}

func TestWrappers(t *testing.T) {
	check.Div(t, spmd.Run(N, DirWrapDiv))
	out := make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { DirWrapUni(l, 2, out) }))
	check.Ints(t, out, check.Fill(N, 2*N))
	check.Div(t, spmd.Run(N, DirSumDiv))
	check.Div(t, spmd.Run(N, InfWrapDiv))
	check.Div(t, spmd.Run(N, InfAnyDiv))
	check.Div(t, spmd.Run(N, LocalDirDiv))
	check.Div(t, spmd.Run(N, LocalInfDiv))
	out = make([]int, N)
	check.OK(t, spmd.Run(N, func(l spmd.Lane) { LocalWrapUni(l, 2, out) }))
	check.Ints(t, out, check.Fill(N, 2))
}

func TestReporting(t *testing.T) {
	out := make([]int, N)
	check.Div(t, spmd.Run(N, func(l spmd.Lane) { PosInExpr(l, out) }))
	check.Div(t, spmd.Run(N, PosMultiline))
	check.Div(t, spmd.Run(N, PosParen))
	check.Div(t, spmd.Run(N, PosExplicitInst))
	check.Div(t, spmd.Run(N, DeferDiv))
}
