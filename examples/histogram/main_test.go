package main

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func count(text string) [bins]int32 {
	var want [bins]int32
	for _, c := range []byte(strings.ToLower(text)) {
		if 'a' <= c && c <= 'z' {
			want[c-'a']++
		}
	}
	return want
}

// When every block is full, all lanes reach the barrier and the counts are
// right.
func TestLettersFullBlocks(t *testing.T) {
	text := strings.Repeat("Hello, SPMD world! ", 2*lanes)[:3*lanes]
	got, err := Letters(text)
	if err != nil {
		t.Fatal(err)
	}
	if want := count(text); got != want {
		t.Errorf("Letters(%q) = %v, want %v", text, got, want)
	}
}

// The bug: with a partial last block, the lanes past the end of the text
// return before the barrier and the others wait for them there.
func TestLettersPartialBlockDiverges(t *testing.T) {
	text := strings.Repeat("x", lanes+5)
	_, err := Letters(text)
	var div *spmd.DivergenceError
	if !errors.As(err, &div) {
		t.Fatalf("Letters on %d bytes: got error %v, want a *spmd.DivergenceError", len(text), err)
	}
	if len(div.Groups) != 2 {
		t.Fatalf("got %d lane groups, want 2: %v", len(div.Groups), err)
	}
	waiting, returned := div.Groups[0], div.Groups[1]
	if !slices.Equal(waiting.Lanes, []int{0, 1, 2, 3, 4}) || waiting.Returned || waiting.Site.Op != "Barrier" {
		t.Errorf("first group = %+v, want lanes 0-4 waiting at the barrier", waiting)
	}
	if len(returned.Lanes) != lanes-5 || returned.Lanes[0] != 5 || !returned.Returned {
		t.Errorf("second group = %+v, want lanes 5-%d returned", returned, lanes-1)
	}
	if f := waiting.Site.Pos(); !strings.HasSuffix(f.File, "main.go") || f.Line == 0 {
		t.Errorf("barrier site = %v, want a line of main.go", f)
	}
	t.Log(err)
}
