package proto

import "github.com/spmdvet/spmdvet/spmd"

// Header kinds, in the top two bits of a frame header.
const (
	kindShort = iota // length in the low 6 bits
	kindLong         // length * 16
	kindHuge         // length * 256
	kindBad
)

// FrameLengths reads frame f of stream i from hdrs[f][i] in lane i and puts
// the group's total payload per frame in totals[f]. A bad header counts as
// an empty frame.
//
// kernel(ok)
func FrameLengths(hdrs [][]byte, totals []int) error {
	return spmd.Run(len(hdrs[0]), func(l spmd.Lane) {
		for f := range hdrs {
			h := hdrs[f][l.Index()]
			n := int(h & 0x3f)
			switch h >> 6 {
			case kindHuge:
				n *= 16
				fallthrough
			case kindLong:
				n *= 16
			case kindBad:
				n = 0
			}
			t := spmd.ReduceAdd(l, n)
			if l.Index() == 0 {
				totals[f] = t
			}
		}
	})
}

// FrameLengthsSkip is FrameLengths where a bad header makes the lane skip
// the frame.
//
// kernel(bug)
func FrameLengthsSkip(hdrs [][]byte, totals []int) error {
	return spmd.Run(len(hdrs[0]), func(l spmd.Lane) {
	frames:
		for f := range hdrs {
			h := hdrs[f][l.Index()]
			n := int(h & 0x3f)
			switch h >> 6 {
			case kindHuge:
				n *= 16
				fallthrough
			case kindLong:
				n *= 16
			case kindBad:
				continue frames
			}
			t := spmd.ReduceAdd(l, n) // EXPECT
			if l.Index() == 0 {
				totals[f] = t
			}
		}
	})
}

// Record types.
const (
	recData = iota
	recPad
	recEnd
)

// Records reads record r of stream i, typ[r][i] and val[r][i], in lane i.
// Padding records count as zero; so do the records after an end record.
// sums[r] gets the group's sum of record r.
//
// kernel(ok)
func Records(typ, val [][]int, sums []int) error {
	return spmd.Run(len(typ[0]), func(l spmd.Lane) {
		me, ended := l.Index(), false
		for r := range typ {
			v := 0
			switch typ[r][me] {
			case recData:
				if ended {
					break
				}
				v = val[r][me]
			case recPad:
				break
			case recEnd:
				ended = true
			}
			s := spmd.ReduceAdd(l, v)
			if me == 0 {
				sums[r] = s
			}
		}
	})
}

// RecordsStop is Records where an end record makes the lane stop reading.
//
// kernel(bug)
func RecordsStop(typ, val [][]int, sums []int) error {
	return spmd.Run(len(typ[0]), func(l spmd.Lane) {
		me := l.Index()
	records:
		for r := range typ {
			v := 0
			switch typ[r][me] {
			case recData:
				v = val[r][me]
			case recPad:
				break
			case recEnd:
				break records
			}
			s := spmd.ReduceAdd(l, v) // EXPECT
			if me == 0 {
				sums[r] = s
			}
		}
	})
}

// DecodeLengths decodes one length prefix per lane from bufs[i]: one byte,
// or two when the frame header hdr says the lengths are wide. In checked
// mode a wide length goes straight to the range check, otherwise it is
// first clamped to limit. out[i] gets the length; if the lengths were wide,
// out[len] gets the group's longest.
//
// kernel(ok)
func DecodeLengths(hdr byte, bufs [][]byte, checked bool, limit int, out []int) error {
	return spmd.Run(len(bufs), func(l spmd.Lane) {
		b := bufs[l.Index()]
		n, wide := int(b[0]&0x7f), false
		if hdr&0x80 != 0 {
			wide = true
			n = n<<8 | int(b[1])
			if checked {
				goto check
			}
		}
		n = min(n, limit)
	check:
		if n > 4*limit {
			n = 4 * limit
		}
		out[l.Index()] = n
		if wide {
			m := spmd.ReduceMax(l, n)
			if l.Index() == 0 {
				out[len(bufs)] = m
			}
		}
	})
}

// DecodeLengthsOwn is DecodeLengths where each length says itself, in its
// top bit, whether it is wide.
//
// kernel(bug)
func DecodeLengthsOwn(hdr byte, bufs [][]byte, checked bool, limit int, out []int) error {
	return spmd.Run(len(bufs), func(l spmd.Lane) {
		b := bufs[l.Index()]
		n, wide := int(b[0]&0x7f), false
		if b[0]&0x80 != 0 {
			wide = true
			n = n<<8 | int(b[1])
			if checked {
				goto check
			}
		}
		n = min(n, limit)
	check:
		if n > 4*limit {
			n = 4 * limit
		}
		out[l.Index()] = n
		if wide {
			m := spmd.ReduceMax(l, n) // EXPECT
			if l.Index() == 0 {
				out[len(bufs)] = m
			}
		}
	})
}
