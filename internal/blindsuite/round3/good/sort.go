package good

import (
	"github.com/spmdvet/spmdvet/spmd"
)

// BitonicSort sorts data (len = lanes, a power of two) in shared memory,
// one element per lane, with a barrier after every compare-exchange step.
func BitonicSort(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		n := l.Count()
		for k := 2; k <= n; k <<= 1 {
			for j := k >> 1; j > 0; j >>= 1 {
				ixj := i ^ j
				if ixj > i {
					up := i&k == 0
					if (data[i] > data[ixj]) == up {
						data[i], data[ixj] = data[ixj], data[i]
					}
				}
				l.Barrier()
			}
		}
	})
}

// OddEvenSort is odd-even transposition sort: n phases, each lane compares
// its element with its right neighbour on alternate phases. The early exit
// is taken by all lanes together, decided by spmd.Any: after two phases
// without a swap anywhere the data is sorted.
func OddEvenSort(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		n := l.Count()
		quiet := 0
		for phase := 0; phase < n; phase++ {
			swapped := false
			if i%2 == phase%2 && i+1 < n && data[i] > data[i+1] {
				data[i], data[i+1] = data[i+1], data[i]
				swapped = true
			}
			l.Barrier()
			if spmd.Any(l, swapped) {
				quiet = 0
			} else {
				quiet++
			}
			if quiet == 2 { // two quiet phases in a row: sorted
				break
			}
		}
	})
}

// RankSort writes each element to its rank (ties broken by index), reading
// the input from shared memory.
func RankSort(lanes int, in, out []int, sorted *bool) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		rank := 0
		for j, v := range in {
			if v < in[i] || (v == in[i] && j < i) {
				rank++
			}
		}
		out[rank] = in[i]
		l.Barrier()
		ok := i == 0 || out[i-1] <= out[i]
		if spmd.All(l, ok) && i == 0 {
			*sorted = true
		}
	})
}

// WarpBitonic sorts one value per lane in registers, exchanging with
// ShuffleXor; every lane takes part in every shuffle.
func WarpBitonic(lanes int, data []int) error {
	return spmd.Run(lanes, func(l spmd.Lane) {
		i := l.Index()
		v := data[i]
		for k := 2; k <= l.Count(); k <<= 1 {
			for j := k >> 1; j > 0; j >>= 1 {
				p := spmd.ShuffleXor(l, v, j)
				up := i&k == 0
				lower := i&j == 0
				if lower == up {
					v = min(v, p)
				} else {
					v = max(v, p)
				}
			}
		}
		data[i] = v
	})
}
