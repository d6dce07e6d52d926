// Package mem holds plain helpers that read and write through pointers. It
// does not import spmd and has no kernels: kernels in other packages pass it
// pointers to their own per-lane variables.
package mem

import "sync/atomic"

// Store writes v to *p.
func Store(p *int, v int) { *p = v }

// StoreIf writes v to *p when cond holds, and leaves *p alone otherwise.
func StoreIf(p *int, cond bool, v int) {
	if cond {
		*p = v
	}
}

// Inc adds one to *p.
func Inc(p *int) { *p++ }

// Swap exchanges *a and *b.
func Swap(a, b *int) { *a, *b = *b, *a }

// StoreBool writes v to *p.
func StoreBool(p *bool, v bool) { *p = v }

// TakeTicket atomically takes the next ticket from *ctr (0, 1, 2, ...) and
// writes it to *out. Every caller gets a different ticket.
func TakeTicket(ctr *int64, out *int) {
	*out = int(atomic.AddInt64(ctr, 1) - 1)
}
