package lexer

import "github.com/spmdvet/spmdvet/spmd"

// RowWidths reads a table with one column per lane: lane c measures
// fields[r][c] up to a '#' comment, and widths[r] gets the row's total.
//
// kernel(ok)
func RowWidths(fields [][]string, widths []int) error {
	return spmd.Run(len(fields[0]), func(l spmd.Lane) {
		for r := range fields {
			f := fields[r][l.Index()]
			w := 0
			for i := 0; i < len(f); i++ {
				if f[i] == '#' {
					break // the rest is a comment
				}
				w++
			}
			total := spmd.ReduceAdd(l, w)
			if l.Index() == 0 {
				widths[r] = total
			}
		}
	})
}

// RowWidthsSkip is RowWidths where a comment makes the lane drop its field
// and move on to the next row.
//
// kernel(bug)
func RowWidthsSkip(fields [][]string, widths []int) error {
	return spmd.Run(len(fields[0]), func(l spmd.Lane) {
	rows:
		for r := range fields {
			f := fields[r][l.Index()]
			w := 0
			for i := 0; i < len(f); i++ {
				if f[i] == '#' {
					continue rows // commented-out field
				}
				w++
			}
			total := spmd.ReduceAdd(l, w) // EXPECT
			if l.Index() == 0 {
				widths[r] = total
			}
		}
	})
}

// ColumnsUntilEnd scans a table with one column per lane. A lane stops at the
// first field holding ';' (end of its column); per row the group counts the
// letters of the fields scanned so far.
//
// kernel(bug)
func ColumnsUntilEnd(fields [][]string, perRow []int) error {
	return spmd.Run(len(fields[0]), func(l spmd.Lane) {
		letters := 0
	rows:
		for r := range fields {
			f := fields[r][l.Index()]
			for i := 0; i < len(f); i++ {
				switch c := f[i]; {
				case c == ';':
					break rows
				case isLetter(c):
					letters++
				}
			}
			n := spmd.ReduceAdd(l, letters) // EXPECT
			if l.Index() == 0 {
				perRow[r] = n
			}
		}
	})
}

// ColumnsUntilEndTotal is ColumnsUntilEnd that counts once, after the table,
// when every lane has left the rows loop.
//
// kernel(ok)
func ColumnsUntilEndTotal(fields [][]string, perRow []int) error {
	return spmd.Run(len(fields[0]), func(l spmd.Lane) {
		letters := 0
	rows:
		for r := range fields {
			f := fields[r][l.Index()]
			for i := 0; i < len(f); i++ {
				switch c := f[i]; {
				case c == ';':
					break rows
				case isLetter(c):
					letters++
				}
			}
		}
		n := spmd.ReduceAdd(l, letters)
		if l.Index() == 0 {
			perRow[0] = n
		}
	})
}

// QuoteMasks walks rows[i] column by column in lane i, tracking whether the
// lane is inside a quoted string. Every column the group takes a ballot of
// the lanes inside quotes; masks[col] gets it.
//
// kernel(ok)
func QuoteMasks(rows []string, width int, masks []uint64) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		s := rows[l.Index()]
		inQuote, escapes := false, 0
		for col := 0; col < width; col++ {
			c := byte(' ')
			if col < len(s) {
				c = s[col]
			}
			switch {
			case c == '"':
				inQuote = !inQuote
				fallthrough
			case c == '\\':
				escapes++
				fallthrough
			default:
				m := spmd.Ballot(l, inQuote)
				if l.Index() == 0 {
					masks[col] = m
				}
			}
		}
		_ = escapes
	})
}

// QuoteMasksNoEscapes is QuoteMasks where columns holding a quote or a
// backslash do not vote.
//
// kernel(bug)
func QuoteMasksNoEscapes(rows []string, width int, masks []uint64) error {
	return spmd.Run(len(rows), func(l spmd.Lane) {
		s := rows[l.Index()]
		inQuote, escapes := false, 0
		for col := 0; col < width; col++ {
			c := byte(' ')
			if col < len(s) {
				c = s[col]
			}
			switch {
			case c == '"':
				inQuote = !inQuote
				fallthrough
			case c == '\\':
				escapes++
			default:
				m := spmd.Ballot(l, inQuote) // EXPECT
				if l.Index() == 0 {
					masks[col] = m
				}
			}
		}
		_ = escapes
	})
}

// ChunkLines counts lines in text[i] per lane, chunk by chunk. A zero byte
// pads the rest of a chunk. After each chunk the lanes publish their count
// and read their right neighbour's behind a barrier.
//
// kernel(ok)
func ChunkLines(text [][]byte, chunk int, shared []int, out []int) error {
	return spmd.Run(len(text), func(l spmd.Lane) {
		me := l.Index()
		right := (me + 1) % l.Count()
		nchunks := len(text[0]) / chunk
		lines, seen := 0, 0
		for ch := 0; ch < nchunks; ch++ {
			t := text[me][ch*chunk : (ch+1)*chunk]
		scan:
			for _, c := range t {
				switch c {
				case '\n':
					lines++
				case 0:
					break scan
				}
			}
			shared[me] = lines
			l.Barrier()
			seen += shared[right]
			l.Barrier()
		}
		out[me] = seen
	})
}

// ChunkLinesSkip is ChunkLines where padding makes the lane go straight to
// the next chunk.
//
// kernel(bug)
func ChunkLinesSkip(text [][]byte, chunk int, shared []int, out []int) error {
	return spmd.Run(len(text), func(l spmd.Lane) {
		me := l.Index()
		right := (me + 1) % l.Count()
		nchunks := len(text[0]) / chunk
		lines, seen := 0, 0
	chunks:
		for ch := 0; ch < nchunks; ch++ {
			t := text[me][ch*chunk : (ch+1)*chunk]
			for _, c := range t {
				switch c {
				case '\n':
					lines++
				case 0:
					continue chunks
				}
			}
			shared[me] = lines
			l.Barrier() // EXPECT
			seen += shared[right]
			l.Barrier() // EXPECT
		}
		out[me] = seen
	})
}
