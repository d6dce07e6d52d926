// Package proto holds protocol handlers and decoders: framing with
// fallthrough, connection state machines, retry loops and command
// dispatch, one stream per lane or one shared stream for the group.
package proto

import "github.com/spmdvet/spmdvet/spmd"

// ack ends a protocol step: every lane must reach it together.
func ack(l spmd.Lane) {
	l.Barrier()
}
