package vocab

import (
	"slices"
	"testing"
)

func TestMergeAndRemap(t *testing.T) {
	old, _ := New([]string{"a", "b", "c"}, []int64{10, 5, 2})
	added, _ := New([]string{"c", "d", "e", "a"}, []int64{9, 4, 1, 1})
	m, err := Merge(old, added, 2)
	if err != nil {
		t.Fatal(err)
	}
	// a 11, c 11, b 5, d 4; e below the min-count.
	if !slices.Equal(m.Words, []string{"a", "c", "b", "d"}) || !slices.Equal(m.Counts, []int64{11, 11, 5, 4}) {
		t.Fatalf("merged %v %v", m.Words, m.Counts)
	}
	// added's ids, in its order (by count): c 0, d 1, a 2, e 3. A sentence
	// of e alone is dropped, and with it a doubled end.
	stream := []int32{2, SentenceEnd, 3, SentenceEnd, 0, 1, 3, SentenceEnd}
	got := added.RemapTo(m).Apply(nil, stream)
	if want := []int32{0, SentenceEnd, 1, 3, SentenceEnd}; !slices.Equal(got, want) {
		t.Fatalf("remapped %v, want %v", got, want)
	}
	if p, _ := old.Prune(5); !slices.Equal(p.Words, []string{"a", "b"}) {
		t.Fatalf("pruned %v", p.Words)
	}
}
