// Package quiet imports sync/atomic only to read: nothing in it depends on
// the lane whatever it is given, so it has no package fact, and its
// importers that have nothing else SPMD stay skipped.
package quiet

import "sync/atomic"

func Load(p *int64) int64 { return atomic.LoadInt64(p) } // want Load:`^spmd\(result0=on\(0\) `
