package gpu

import (
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func TestHelpers(t *testing.T) {
	smem := make([]int, 8)
	sums := make([]int, 7)
	scan := make([]int, 8)
	warp := make([]int, 8)
	read := make([]int, 8)
	err := Launch(8, func(l spmd.Lane) {
		i := l.Index()
		sums[i%7] = BlockReduceAdd(l, i+1, smem)
		scan[i] = BlockExclusiveScan(l, i+1, smem)
		warp[i] = WarpAllReduce(l, i+1)
		read[i] = ReadLane(l, 10*i, 3)
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 8 {
		if warp[i] != 36 || read[i] != 30 || scan[i] != i*(i+1)/2 {
			t.Fatalf("lane %d: warp %d read %d scan %d", i, warp[i], read[i], scan[i])
		}
	}
	if sums[0] != 36 {
		t.Fatalf("block sum %d", sums[0])
	}
	odd := make([]int, 7)
	if err := spmd.Run(7, func(l spmd.Lane) { odd[l.Index()] = BlockReduceAdd(l, l.Index(), smem) }); err != nil {
		t.Fatal(err)
	}
	for _, v := range odd {
		if v != 21 {
			t.Fatalf("7-lane sum %d", v)
		}
	}
}

func TestIteratorsAndQueues(t *testing.T) {
	var got []int
	for lo, hi := range Chunks(10, 4) {
		got = append(got, lo, hi)
	}
	if len(got) != 6 || got[5] != 10 {
		t.Fatalf("chunks %v", got)
	}
	var q Queue
	if q.Claim(3) != 0 || q.Claim(2) != 3 || q.Claim(1) != 5 {
		t.Fatal("queue")
	}
	p := NewTaskPool([]int{4, 5})
	a, _ := p.Next()
	b, _ := p.Next()
	if _, ok := p.Next(); ok || a != 4 || b != 5 {
		t.Fatal("pool")
	}
}
