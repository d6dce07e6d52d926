package sumcallbacks

import (
	"slices"
	"sort"

	"github.com/spmdvet/spmdvet/spmd"
)

// A library function whose body is not analyzed (slices.SortFunc,
// sort.Slice) may call the function it is given any number of times,
// depending on everything else it is given: a comparator that runs a
// collective needs data that is the same in every lane.

func sortPerLaneRow(l spmd.Lane, rows [][]int) { // want sortPerLaneRow:`spmd\(convergent\)`
	row := rows[l.Index()]
	slices.SortFunc(row, func(a, b int) int { // want `parameter x of slices.SortFunc must be uniform`
		return spmd.ReduceAdd(l, a-b)
	})
}

func sortSharedRow(l spmd.Lane, rows [][]int, r int) { // want sortSharedRow:`spmd\(convergent requires\(1\) requires\(2\) own`
	slices.SortFunc(rows[r], func(a, b int) int {
		return spmd.ReduceAdd(l, a-b)
	})
}

func sortSliceLaneLength(l spmd.Lane, xs []int) { // want sortSliceLaneLength:`spmd\(convergent own`
	mine := xs[:l.Index()]
	sort.Slice(mine, func(i, j int) bool { // want `parameter x of sort.Slice must be uniform`
		return spmd.Any(l, mine[i] < mine[j])
	})
}

// A comparator without collectives is fine on per-lane data.
func sortPerLaneRowPlain(l spmd.Lane, rows [][]int) { // want sortPerLaneRowPlain:`spmd\(\)`
	slices.SortFunc(rows[l.Index()], func(a, b int) int { return a - b })
}

// Each lane's own buffer, of the same length and values in every lane:
// the predicate's collective runs as often in every lane.
func searchOwnBuffer(counts []int, limit int, out []int) error { // want searchOwnBuffer:`spmd\(result0=on\(0,1,2\)\)`
	return spmd.Run(len(out), func(l spmd.Lane) {
		buckets := make([]int, len(counts))
		for b := range buckets {
			buckets[b] = b
		}
		out[l.Index()] = slices.IndexFunc(buckets, func(b int) bool { return spmd.ReduceAdd(l, counts[b]) >= limit })
	})
}

// A predicate whose result depends on the lane: lanes stop at different
// elements.
func searchLaneLimit(counts []int, limits []int, out []int) error { // want searchLaneLimit:`spmd\(result0=on\(0,1,2\)\)`
	return spmd.Run(len(out), func(l spmd.Lane) {
		buckets := make([]int, len(counts))
		i := l.Index()
		out[i] = slices.IndexFunc(buckets, func(b int) bool { return spmd.ReduceAdd(l, counts[b]) >= limits[i] }) // want `slices.IndexFunc`
	})
}
