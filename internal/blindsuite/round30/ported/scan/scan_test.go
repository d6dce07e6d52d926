package scan

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func wantDivergence(t *testing.T, name string, err error) {
	t.Helper()
	var div *spmd.DivergenceError
	if !errors.As(err, &div) {
		t.Fatalf("%s: got error %v, want a *spmd.DivergenceError", name, err)
	}
	t.Logf("%s: %v", name, err)
}

func ints(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = (i*29)%17 - 5
	}
	return out
}

func inclusive(in []int) []int {
	out := make([]int, len(in))
	s := 0
	for i, v := range in {
		s += v
		out[i] = s
	}
	return out
}

func exclusive(in []int) []int {
	out := make([]int, len(in))
	s := 0
	for i, v := range in {
		out[i] = s
		s += v
	}
	return out
}

var sizes = []int{0, 1, 63, 64, 100, 128, 300}

func TestHillisSteele(t *testing.T) {
	for _, n := range sizes {
		in := ints(n)
		got, err := HillisSteele(in)
		if err != nil || !slices.Equal(got, inclusive(in)) {
			t.Errorf("HillisSteele(%d) = %v, %v", n, got, err)
		}
	}
	_, err := HillisSteeleBug(ints(100))
	wantDivergence(t, "HillisSteeleBug", err)
}

func TestBlelloch(t *testing.T) {
	for _, n := range sizes {
		in := ints(n)
		got, err := Blelloch(in)
		if err != nil || !slices.Equal(got, exclusive(in)) {
			t.Errorf("Blelloch(%d) = %v, %v, want %v", n, got, err, exclusive(in))
		}
	}
	_, err := BlellochBug(ints(100))
	wantDivergence(t, "BlellochBug", err)
}

func TestShuffleScan(t *testing.T) {
	for _, n := range sizes {
		in := ints(n)
		in64 := make([]int64, n)
		want := make([]int64, n)
		for i, v := range inclusive(in) {
			in64[i] = int64(in[i])
			want[i] = int64(v)
		}
		got, err := ShuffleScan(in64)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ShuffleScan(%d) = %v, %v", n, got, err)
		}
	}
	_, err := ShuffleScanBug(make([]int64, 10))
	wantDivergence(t, "ShuffleScanBug", err)
}

func TestCompact(t *testing.T) {
	for _, n := range sizes {
		in := ints(n)
		var want []int
		for _, v := range in {
			if v%3 == 0 {
				want = append(want, v)
			}
		}
		got, err := Compact(in, 3)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("Compact(%d) = %v, %v, want %v", n, got, err, want)
		}
	}
	_, err := CompactBug(ints(100), 3)
	wantDivergence(t, "CompactBug", err)
}

// graph returns a CSR graph where vertex v has v%5 neighbors.
func graph(nv int) (rowPtr, col []int) {
	rowPtr = []int{0}
	for v := range nv {
		for k := range v % 5 {
			col = append(col, (v*7+k*3)%nv)
		}
		rowPtr = append(rowPtr, len(col))
	}
	return rowPtr, col
}

func TestExpandNeighbors(t *testing.T) {
	rowPtr, col := graph(200)
	for _, nf := range []int{0, 5, 64, 100} {
		frontier := make([]int, nf)
		var want []int
		for f := range frontier {
			frontier[f] = (f * 13) % 200
			v := frontier[f]
			want = append(want, col[rowPtr[v]:rowPtr[v+1]]...)
		}
		got, err := ExpandNeighbors(rowPtr, col, frontier)
		got = slices.Clone(got)
		slices.Sort(got)
		slices.Sort(want)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ExpandNeighbors(%d) = %v, %v, want %v", nf, got, err, want)
		}
	}
	_, err := ExpandNeighborsBug(rowPtr, col, []int{1, 2, 3, 4, 5, 6, 7})
	wantDivergence(t, "ExpandNeighborsBug", err)
}

func TestRowPointers(t *testing.T) {
	for _, n := range sizes {
		counts := make([]int, n)
		for i := range counts {
			counts[i] = i % 4
		}
		want := append([]int{0}, inclusive(counts)...)
		got, err := RowPointers(counts)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("RowPointers(%d) = %v, %v", n, got, err)
		}
	}
	_, err := RowPointersBug(make([]int, 100))
	wantDivergence(t, "RowPointersBug", err)
}

func TestSegmentedScan(t *testing.T) {
	for _, n := range sizes {
		vals := ints(n)
		head := make([]bool, n)
		want := make([]int, n)
		s := 0
		for i := range vals {
			head[i] = i%11 == 0 || i%7 == 3
			if head[i] {
				s = 0
			}
			s += vals[i]
			want[i] = s
		}
		got, err := SegmentedScan(vals, head)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("SegmentedScan(%d) = %v, %v, want %v", n, got, err, want)
		}
	}
	vals := ints(100)
	head := make([]bool, 100)
	head[10] = true
	_, err := SegmentedScanBug(vals, head)
	wantDivergence(t, "SegmentedScanBug", err)
}

func TestSplitByBit(t *testing.T) {
	for _, n := range sizes {
		keys := make([]uint32, n)
		for i := range keys {
			keys[i] = uint32(i*2654435761) >> 20
		}
		got, err := SplitByBit(keys, 3)
		if err != nil {
			t.Fatalf("SplitByBit(%d): %v", n, err)
		}
		for base := 0; base < n; base += block {
			chunk := keys[base:min(base+block, n)]
			var want []uint32
			for _, k := range chunk {
				if k>>3&1 == 0 {
					want = append(want, k)
				}
			}
			for _, k := range chunk {
				if k>>3&1 == 1 {
					want = append(want, k)
				}
			}
			if g := got[base : base+len(chunk)]; !slices.Equal(g, want) {
				t.Errorf("SplitByBit(%d) chunk %d = %v, want %v", n, base, g, want)
			}
		}
	}
	keys := make([]uint32, 100)
	_, err := SplitByBitBug(keys, 0)
	wantDivergence(t, "SplitByBitBug", err)
}
