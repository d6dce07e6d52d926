package stdlib

import (
	"bytes"
	"math"
	"strconv"
	"strings"

	"github.com/spmdvet/spmdvet/spmd"
)

// AtoiShared parses one number given to the kernel. The error is the same in
// every lane, so the early return is uniform.
//
//spmd:kernel
func AtoiShared(l spmd.Lane, s string, out *int) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return
	}
	total := spmd.ReduceAdd(l, n)
	if l.Index() == 0 {
		*out = total
	}
}

// AtoiField parses the lane's own field; lanes with a bad field return early.
//
//spmd:kernel
func AtoiField(l spmd.Lane, s string, out *int) {
	fields := strings.Fields(s)
	n, err := strconv.Atoi(fields[l.Index()%len(fields)])
	if err != nil {
		return
	}
	total := spmd.ReduceAdd(l, n) // EXPECT
	if l.Index() == 0 {
		*out = total
	}
}

// AtoiFieldAny is the twin that agrees on failure first with Any.
//
//spmd:kernel
func AtoiFieldAny(l spmd.Lane, s string, out *int) {
	fields := strings.Fields(s)
	n, err := strconv.Atoi(fields[l.Index()%len(fields)])
	if spmd.Any(l, err != nil) {
		if l.Index() == 0 {
			*out = -1
		}
		return
	}
	total := spmd.ReduceAdd(l, n)
	if l.Index() == 0 {
		*out = total
	}
}

// LaneNamePrefix builds a per-lane name and syncs on a prefix of it.
//
//spmd:kernel
func LaneNamePrefix(l spmd.Lane, out []string) {
	name := "lane" + strconv.Itoa(l.Index())
	if strings.HasPrefix(name, "lane1") {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = name
}

// GroupNamePrefix builds a name from the group size: uniform.
//
//spmd:kernel
func GroupNamePrefix(l spmd.Lane, prefix string, out []string) {
	name := prefix + strconv.Itoa(l.Count())
	if strings.HasPrefix(name, prefix+"4") {
		l.Barrier()
	}
	out[l.Index()] = name
}

// RepeatLane builds a string whose length depends on the lane.
//
//spmd:kernel
func RepeatLane(l spmd.Lane, out []int) {
	s := strings.Repeat("x", l.Index())
	if len(s) > 2 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = len(s)
}

// RepeatCount builds a string whose length is the group size: uniform.
//
//spmd:kernel
func RepeatCount(l spmd.Lane, out []int) {
	s := strings.Repeat("x", l.Count())
	if len(s) > 2 {
		l.Barrier()
	}
	out[l.Index()] = len(s)
}

// UpperContains reduces lane indices when the shared text mentions GO.
//
//spmd:kernel
func UpperContains(l spmd.Lane, text string, out *int) {
	u := strings.ToUpper(text)
	total := 0
	if strings.Contains(u, "GO") {
		total = spmd.ReduceAdd(l, l.Index())
	}
	if l.Index() == 0 {
		*out = total
	}
}

// HalfSuffix formats lane/2 and syncs on the ".5" lanes.
//
//spmd:kernel
func HalfSuffix(l spmd.Lane, out []string) {
	txt := strconv.FormatFloat(float64(l.Index())/2, 'f', 1, 64)
	if strings.HasSuffix(txt, ".5") {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = txt
}

// BytesSuffix appends a lane digit to shared bytes.
//
//spmd:kernel
func BytesSuffix(l spmd.Lane, s string, out *int) {
	buf := []byte(s)
	buf = append(buf, byte('0'+l.Index()))
	n := 0
	if bytes.HasSuffix(buf, []byte("0")) {
		n = spmd.ReduceAdd(l, 1) // EXPECT
	}
	if l.Index() == 0 {
		*out = n
	}
}

// BytesFields counts the fields of shared bytes: uniform.
//
//spmd:kernel
func BytesFields(l spmd.Lane, s []byte, out *int) {
	n := len(bytes.Fields(s))
	for range n {
		l.Barrier()
	}
	if l.Index() == 0 {
		*out = n
	}
}

// SqrtCount syncs when the square root of the group size exceeds 1: uniform.
//
//spmd:kernel
func SqrtCount(l spmd.Lane, out *float64) {
	r := math.Sqrt(float64(l.Count()))
	if r > 1 {
		l.Barrier()
	}
	if l.Index() == 0 {
		*out = r
	}
}

// FloorHalf syncs the lanes whose index halves down to 1.
//
//spmd:kernel
func FloorHalf(l spmd.Lane, out []float64) {
	x := math.Floor(float64(l.Index()) / 2)
	if x == 1 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = x
}

// HypotReduce computes a per-lane distance and reduces it; the branch is on
// the reduced value, which is uniform.
//
//spmd:kernel
func HypotReduce(l spmd.Lane, out *float64) {
	d := math.Hypot(float64(l.Index()), 1)
	m := spmd.ReduceMax(l, d)
	if !math.IsNaN(m) && m > 1 {
		l.Barrier()
	}
	if l.Index() == 0 {
		*out = m
	}
}
