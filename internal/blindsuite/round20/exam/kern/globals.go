// Package kern holds the examiner's kernels: Pos* kernels contain a bug the
// checker must report on every line marked // EXPECT; Neg* kernels are their
// minimally different correct twins and must get no finding.
package kern

import "sync/atomic"

// Out receives per-lane results; tests size it with Reset.
var Out []int

// Reset sizes Out for n lanes.
func Reset(n int) { Out = make([]int, n) }

// Uniform inputs (globals).
var (
	Flag   bool
	Limit  = 2
	Table  = []int{0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1}
	Word   = "axbxcxdx"
	Words  = []string{"ab", "xb", "ab", "xb", "ab", "xb", "ab", "xb"}
	Keys   = []int{1, 2, 3}
	M      = map[int]int{0: 10, 1: 11, 2: 12, 3: 13, 4: 14, 5: 15, 6: 16, 7: 17}
	M2     = map[int]bool{1: true, 3: true}
	Ifaces = []any{1, "a", 2, "b", 3, "c", 4, "d"}
	Shared = make([]int, 16)
	Chans  []chan int

	Counter int32
	Ctr     atomic.Int64
)

// Point is a struct for Field/FieldAddr.
type Point struct{ X, Y int }

// Pts is shared memory of structs.
var Pts = []Point{{0, 1}, {1, 1}, {0, 1}, {1, 1}, {0, 1}, {1, 1}, {0, 1}, {1, 1}}
