package ambig

import (
	"testing"

	"github.com/spmdvet/spmdvet/internal/blindsuite/round6/ktest"
)

func TestKernels(t *testing.T) {
	ktest.Run(t, []ktest.K{
		{Name: "AmbigMapRangeBody", Fn: AmbigMapRangeBody},
		{Name: "AmbigLocalArrayDivIndex", Fn: AmbigLocalArrayDivIndex, Diverges: true},
		{Name: "AmbigMakeSlice", Fn: AmbigMakeSlice, Diverges: true},
		{Name: "AmbigLocalMap", Fn: AmbigLocalMap, Diverges: true},
		{Name: "AmbigDivergentCallee", Fn: AmbigDivergentCallee, Diverges: true},
		{Name: "AmbigMethodValue", Fn: AmbigMethodValue, Diverges: true},
		{Name: "AmbigDefer", Fn: AmbigDefer, Diverges: true},
		{Name: "AmbigSharedFlag", Fn: AmbigSharedFlag},
		{Name: "AmbigExtractIndependent", Fn: AmbigExtractIndependent},
		{Name: "AmbigFieldSensitive", Fn: AmbigFieldSensitive},
		{Name: "AmbigShuffleSameSrc", Fn: AmbigShuffleSameSrc},
	})
}
