package proto

import (
	"errors"
	"slices"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("want nil, got %v", err)
	}
}

func diverges(t *testing.T, err error) {
	t.Helper()
	var de *spmd.DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("want *spmd.DivergenceError, got %v", err)
	}
	t.Logf("divergence: %v", de)
}

func eq[T comparable](t *testing.T, got, want []T) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
}

var hdrs = [][]byte{{0x05, 0x42, 0x81}, {0xC1, 0x03, 0x3f}}

func TestFrameLengths(t *testing.T) {
	totals := make([]int, 2)
	ok(t, FrameLengths(hdrs, totals))
	eq(t, totals, []int{293, 66})
}

func TestFrameLengthsSkip(t *testing.T) {
	diverges(t, FrameLengthsSkip(hdrs, make([]int, 2)))
}

var (
	recTyp = [][]int{{recData, recPad, recData}, {recEnd, recData, recData}, {recData, recEnd, recData}}
	recVal = [][]int{{1, 100, 2}, {100, 5, 6}, {7, 100, 8}}
)

func TestRecords(t *testing.T) {
	sums := make([]int, 3)
	ok(t, Records(recTyp, recVal, sums))
	eq(t, sums, []int{3, 11, 8})
}

func TestRecordsStop(t *testing.T) {
	diverges(t, RecordsStop(recTyp, recVal, make([]int, 3)))
}

func TestDecodeLengths(t *testing.T) {
	bufs := [][]byte{{0x01, 0x02}, {0x00, 0x10}, {0x02, 0x00}}
	out := make([]int, 4)
	ok(t, DecodeLengths(0x80, bufs, false, 300, out))
	eq(t, out, []int{258, 16, 300, 300})
	ok(t, DecodeLengths(0x80, bufs, true, 300, out))
	eq(t, out, []int{258, 16, 512, 512})
	out = make([]int, 4)
	ok(t, DecodeLengths(0x00, bufs, true, 300, out))
	eq(t, out, []int{1, 0, 2, 0})
}

func TestDecodeLengthsOwn(t *testing.T) {
	bufs := [][]byte{{0x81, 0x02}, {0x05, 0x00}, {0x80, 0x10}}
	diverges(t, DecodeLengthsOwn(0x80, bufs, false, 300, make([]int, 4)))
	diverges(t, DecodeLengthsOwn(0x80, bufs, true, 300, make([]int, 4)))
}

var trace = []int{evConnect, evSynAck, evData, evData, evFin, evData, evAck}

func TestHandshake(t *testing.T) {
	out := make([]int, 3)
	ok(t, Handshake(trace, []bool{true, true, true}, []int{1, 2, 3}, out))
	eq(t, out, []int{7, 12, 2})
	ok(t, Handshake(trace, []bool{true, false, true}, []int{1, 2, 3}, out))
	eq(t, out, []int{5, 0, 0})
}

func TestHandshakeOwn(t *testing.T) {
	diverges(t, HandshakeOwn(trace, []bool{true, false, true}, []int{1, 2, 3}, make([]int, 3)))
}

func TestSend(t *testing.T) {
	tries := make([]int, 3)
	ok(t, Send([]int{2, 3, 5}, 5, tries))
	eq(t, tries, []int{2, 1, 1})
}

func TestSendEach(t *testing.T) {
	diverges(t, SendEach([]int{2, 3, 5}, 5, make([]int, 3)))
}

var script = [][]int{{2, 1, 0}, {0}, {1, 1, 1}}

func TestLeader(t *testing.T) {
	out := make([]int, 3)
	ok(t, Leader(script, []int{1, 2, 3}, out))
	eq(t, out, []int{10, 10, 10})
}

func TestLeaderLocal(t *testing.T) {
	diverges(t, LeaderLocal(script, []int{1, 2, 3}, make([]int, 3)))
}

func TestControl(t *testing.T) {
	out := make([]int, 3)
	ok(t, Control([]Cmd{{cmdAck, 0}, {cmdFlush, 0}, {cmdAck, 0}}, []int{1, 2, 3}, out))
	eq(t, out, []int{6, 6, 6})
	ok(t, Control([]Cmd{{cmdFlush, 0}, {cmdReset, 0}}, []int{1, 2, 3}, out))
	eq(t, out, []int{0, 0, 0})
}

func TestControlLazy(t *testing.T) {
	diverges(t, ControlLazy([]Cmd{{cmdFlush, 0}}, []int{0, 2, 3}, make([]int, 3)))
}

func TestBursts(t *testing.T) {
	out := make([]int, 3)
	ok(t, Bursts([]Cmd{{cmdBurst, 2}, {cmdNop, 0}, {cmdBurst, 1}}, []int{1, 2, 3}, make([]int, 3), out))
	eq(t, out, []int{17, 16, 15})
}

func TestBurstsOwn(t *testing.T) {
	cmds := []Cmd{{cmdBurst, 2}, {cmdNop, 0}, {cmdBurst, 1}}
	lens := [][]int{{2, 1, 2}, {0, 0, 0}, {1, 1, 1}}
	diverges(t, BurstsOwn(cmds, lens, []int{1, 2, 3}, make([]int, 3), make([]int, 3)))
}

func TestElect(t *testing.T) {
	out := make([]int, 2)
	ok(t, Elect([]int{0, 3, 3, 3}, out))
	eq(t, out, []int{4, 9})
}

func TestElectEach(t *testing.T) {
	diverges(t, ElectEach([]int{0, 3, 3, 3}, make([]int, 2)))
}

var msgs = [][]string{{"az", "r", ""}, {"r", "xzq", "rr"}}

func TestModes(t *testing.T) {
	out := make([]int, 1)
	ok(t, Modes(msgs, out))
	eq(t, out, []int{6})
}

func TestModesOwn(t *testing.T) {
	diverges(t, ModesOwn(msgs, make([]int, 1)))
}
