package kinds

import (
	"fmt"

	"github.com/spmdvet/spmdvet/spmd"
)

// Shape is implemented by several types.
type Shape interface {
	Area() float64
	Name() string
}

// Square is a Shape.
type Square struct{ S float64 }

// Area of the square.
func (q Square) Area() float64 { return q.S * q.S }

// Name of the square.
func (q Square) Name() string { return "square" }

// Rect is a Shape.
type Rect struct{ W, H float64 }

// Area of the rectangle.
func (r Rect) Area() float64 { return r.W * r.H }

// Name of the rectangle.
func (r Rect) Name() string { return "rect" }

// SharedShapeArea syncs when a shared shape is large: uniform dynamic type
// and uniform receiver.
//
//spmd:kernel
func SharedShapeArea(l spmd.Lane, s Shape, out *float64) {
	a := s.Area()
	if a > 10 {
		l.Barrier()
	}
	if l.Index() == 0 {
		*out = a
	}
}

// LaneShapeArea picks a shape per lane and syncs on its area.
//
//spmd:kernel
func LaneShapeArea(l spmd.Lane, out []float64) {
	var s Shape = Square{S: 2}
	if l.Index()%2 == 1 {
		s = Rect{W: 1, H: 3}
	}
	a := s.Area()
	if a > 3.5 {
		l.Barrier() // EXPECT
	}
	out[l.Index()] = a
}

// LaneShapeSwitch switches on the dynamic type of a per-lane shape and
// reduces in each case.
//
//spmd:kernel
func LaneShapeSwitch(l spmd.Lane, shapes []Shape, out []float64) {
	s := shapes[l.Index()%len(shapes)]
	var v float64
	switch x := s.(type) {
	case Square:
		v = spmd.ReduceAdd(l, x.S) // EXPECT
	case Rect:
		v = spmd.ReduceAdd(l, x.W) // EXPECT
	}
	out[l.Index()] = v
}

// SharedShapeSwitch switches on the dynamic type of a shared shape.
//
//spmd:kernel
func SharedShapeSwitch(l spmd.Lane, s Shape, out []float64) {
	var v float64
	switch x := s.(type) {
	case Square:
		v = spmd.ReduceAdd(l, x.S)
	case Rect:
		v = spmd.ReduceAdd(l, x.W*float64(l.Index()))
	}
	out[l.Index()] = v
}

// AnyValueSwitch switches on an interface holding either an int or a string
// depending on the lane.
//
//spmd:kernel
func AnyValueSwitch(l spmd.Lane, out []int) {
	var v any = l.Index()
	if l.Index() >= 2 {
		v = fmt.Sprint("lane", l.Index())
	}
	n := 0
	switch x := v.(type) {
	case int:
		n = spmd.ReduceAdd(l, x) // EXPECT
	case string:
		n = spmd.ReduceMax(l, len(x)) // EXPECT
	}
	out[l.Index()] = n
}

// AssertComma uses a comma-ok assertion on a shared value: uniform.
//
//spmd:kernel
func AssertComma(l spmd.Lane, v any, out []int) {
	n := 0
	if k, isInt := v.(int); isInt {
		n = spmd.ReduceAdd(l, k)
	}
	out[l.Index()] = n
}

// AssertCommaLane uses a comma-ok assertion on a per-lane value.
//
//spmd:kernel
func AssertCommaLane(l spmd.Lane, vals []any, out []int) {
	n := 0
	if k, isInt := vals[l.Index()%len(vals)].(int); isInt {
		n = spmd.ReduceAdd(l, k) // EXPECT
	}
	out[l.Index()] = n
}
