package window

import (
	"slices"
	"sync"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/vocab"
)

// Targets gives the centre word first, then the noise words, a draw of the
// centre word skipped; the contexts of a window each get such a list, drawn
// in the order the draws would come without the look-ahead.
func TestTargets(t *testing.T) {
	newStep := func() *Step {
		s := &Step{RNG: kernel.NewRNG(1, 0), Noise: vocab.NewNoise([]int64{5, 4, 3, 2, 1}, 0.75), Negative: 3}
		var a hogwild.Scratch
		rows := hogwild.NewReplicas(new(sync.Mutex), hogwild.Merge{Workers: 1}, 4, 16)
		s.In = rows.View(&a, make([]float32, 5*16), 0, 1)
		s.Out = s.In
		return s
	}
	s := newStep()
	var want [][]int32
	for range 3 {
		got := s.Targets(2)
		if got[0] != 2 || len(got) > 4 {
			t.Fatalf("targets %v: want the centre 2 then at most 3 noise words", got)
		}
		for _, n := range got[1:] {
			if n == 2 {
				t.Fatalf("targets %v hold the centre as a noise word", got)
			}
		}
		want = append(want, append([]int32(nil), got...))
	}
	s = newStep()
	i := 0
	for _, targets := range s.Contexts(2, []int32{0, 1, 3}) {
		if len(targets) != len(want[i]) {
			t.Fatalf("context %d: targets %v, want %v", i, targets, want[i])
		}
		for j := range targets {
			if targets[j] != want[i][j] {
				t.Fatalf("context %d: targets %v, want %v", i, targets, want[i])
			}
		}
		i++
	}
}

// NewBags lists each word's rows as appendRows gives them, in order.
func TestBags(t *testing.T) {
	b := NewBags(3, func(dst []int32, w int32) []int32 {
		for i := range w + 1 {
			dst = append(dst, 10*w+i)
		}
		return dst
	})
	for w, want := range [][]int32{{0}, {10, 11}, {20, 21, 22}} {
		if got := b.Of(int32(w)); !slices.Equal(got, want) {
			t.Errorf("word %d: rows %v, want %v", w, got, want)
		}
	}
}
