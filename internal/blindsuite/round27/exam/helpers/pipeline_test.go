package helpers

import (
	"errors"
	"testing"

	"github.com/spmdvet/spmdvet/spmd"
)

func newPipeline() *Pipeline {
	p := &Pipeline{
		Vals:   []int{5, 1, 6, 2, 7, 3, 4, 0},
		Items:  []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
		Out:    make([]int, 8),
		FOut:   make([]float64, 8),
		Cut:    3,
		Stages: 2,
		Op:     func(x int) int { return x % 2 },
		Metric: Doubler{},
	}
	for i := range 8 {
		p.Floats = append(p.Floats, float64(i+1))
	}
	return p
}

func ints(v ...int) func(*testing.T, *Pipeline) {
	return func(t *testing.T, p *Pipeline) {
		t.Helper()
		for i, o := range p.Out {
			w := v[0]
			if len(v) > 1 {
				w = v[i]
			}
			if o != w {
				t.Errorf("Out = %v, want %v", p.Out, v)
				return
			}
		}
	}
}

func floats(w float64) func(*testing.T, *Pipeline) {
	return func(t *testing.T, p *Pipeline) {
		t.Helper()
		for _, o := range p.FOut {
			if o != w {
				t.Errorf("FOut = %v, want all %v", p.FOut, w)
				return
			}
		}
	}
}

var vals = []int{5, 1, 6, 2, 7, 3, 4, 0}

func TestKernels(t *testing.T) {
	cases := []struct {
		name  string
		run   func(*Pipeline) error
		check func(*testing.T, *Pipeline) // nil: a bug, must diverge
	}{
		{"SyncAboveCut", (*Pipeline).SyncAboveCut, nil},
		{"SyncIfStaged", (*Pipeline).SyncIfStaged, ints(vals...)},
		{"RunOwnStages", (*Pipeline).RunOwnStages, nil},
		{"RunStages", (*Pipeline).RunStages, ints(224)},
		{"FlagFromValue", (*Pipeline).FlagFromValue, nil},
		{"FlagFromStages", (*Pipeline).FlagFromStages, ints(vals...)},
		{"RepeatByValue", (*Pipeline).RepeatByValue, nil},
		{"RepeatByStages", (*Pipeline).RepeatByStages, ints(16)},
		{"HeadSums", (*Pipeline).HeadSums, nil},
		{"GroupSums", (*Pipeline).GroupSums, ints(28)},
		{"SegmentSums", (*Pipeline).SegmentSums, nil},
		{"EvenSums", (*Pipeline).EvenSums, floats(36)},
		{"FlushAboveCut", (*Pipeline).FlushAboveCut, nil},
		{"FlushIfCut", (*Pipeline).FlushIfCut, floats(36)},
		{"EvenLaneMean", (*Pipeline).EvenLaneMean, nil},
		{"GroupMean", (*Pipeline).GroupMean, floats(4.5)},
		{"OpOnLane", (*Pipeline).OpOnLane, nil},
		{"OpOnGroup", (*Pipeline).OpOnGroup, ints(28)},
		{"ScoreOwn", (*Pipeline).ScoreOwn, nil},
		{"ScoreCut", (*Pipeline).ScoreCut, ints(6)},
		{"SumOwned", (*Pipeline).SumOwned, nil},
		{"SumEach", (*Pipeline).SumEach, ints(440)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newPipeline()
			err := c.run(p)
			if c.check == nil {
				var de *spmd.DivergenceError
				if !errors.As(err, &de) {
					t.Fatalf("want *spmd.DivergenceError, got %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			c.check(t, p)
		})
	}
}
