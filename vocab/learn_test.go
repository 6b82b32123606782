package vocab

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const E = SentenceEnd

func mustLearn(t *testing.T, text string, opt LearnOptions) (*Vocab, []int32) {
	t.Helper()
	v, stream, err := Learn(textSource(text), opt)
	if err != nil {
		t.Fatalf("Learn(%q): %v", text, err)
	}
	checkStream(t, v, stream)
	return v, stream
}

// checkStream checks the invariants of an encoded stream: every id is in
// the vocabulary, no SentenceEnd comes first or follows another, and, for a
// stream from Learn, each word occurs exactly its count times.
func checkStream(t *testing.T, v *Vocab, stream []int32) {
	t.Helper()
	occ := make([]int64, v.Len())
	for i, id := range stream {
		switch {
		case id == E && i == 0:
			t.Fatalf("stream starts with SentenceEnd")
		case id == E && stream[i-1] == E:
			t.Fatalf("stream[%d]: two SentenceEnd in a row", i)
		case id == E:
		case id < 0 || int(id) >= v.Len():
			t.Fatalf("stream[%d] = %d, not an id of a %d-word vocabulary", i, id, v.Len())
		default:
			occ[id]++
		}
	}
	if !slices.Equal(occ, v.Counts) {
		t.Errorf("occurrences in stream %v differ from counts %v", occ, v.Counts)
	}
}

func TestLearn(t *testing.T) {
	text := "the cat sat on the mat\nthe dog sat\n\nand the cat ran\n"
	v, stream := mustLearn(t, text, LearnOptions{})

	// Ties (cat/sat at 2, the rest at 1) are ordered by bytes.
	wantWords := []string{"the", "cat", "sat", "and", "dog", "mat", "on", "ran"}
	wantCounts := []int64{4, 2, 2, 1, 1, 1, 1, 1}
	if !slices.Equal(v.Words, wantWords) || !slices.Equal(v.Counts, wantCounts) {
		t.Errorf("vocab = %v %v, want %v %v", v.Words, v.Counts, wantWords, wantCounts)
	}
	if v.Total != 13 || v.Len() != 8 {
		t.Errorf("Total, Len = %d, %d; want 13, 8", v.Total, v.Len())
	}
	want := []int32{0, 1, 2, 6, 0, 5, E, 0, 4, 2, E, 3, 0, 1, 7, E}
	if !slices.Equal(stream, want) {
		t.Errorf("stream = %v\nwant     %v", stream, want)
	}
	for i, w := range wantWords {
		if id, ok := v.ID([]byte(w)); !ok || id != int32(i) {
			t.Errorf("ID(%q) = %d, %v; want %d, true", w, id, ok, i)
		}
	}
	if id, ok := v.ID([]byte("cow")); ok {
		t.Errorf("ID(cow) = %d, true; want not found", id)
	}
}

func TestLearnBoundaries(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []int32
	}{
		{"\n\na b\n\n\nb\n\n", []int32{1, 0, E, 0, E}},
		{"a b b", []int32{1, 0, 0}}, // no final boundary in, none out
		{"b\n", []int32{0, E}},
	} {
		_, stream := mustLearn(t, tc.text, LearnOptions{})
		if !slices.Equal(stream, tc.want) {
			t.Errorf("Learn(%q) stream = %v, want %v", tc.text, stream, tc.want)
		}
	}
}

func TestLearnMinCount(t *testing.T) {
	for _, tc := range []struct {
		text   string
		min    int64
		words  []string
		stream []int32
	}{
		// Dropped words vanish; a sentence of only dropped words leaves no
		// empty sentence behind, first or in the middle.
		{"z\na b a\nz q\nb a\nq\n", 2, []string{"a", "b", "q", "z"}, []int32{3, E, 0, 1, 0, E, 3, 2, E, 1, 0, E, 2, E}},
		{"z\na b a\nz q\nb a\nq\n", 3, []string{"a"}, []int32{0, 0, E, 0, E}},
		{"the cat sat on the mat\nthe dog sat\nand the cat ran\n", 2, []string{"the", "cat", "sat"},
			[]int32{0, 1, 2, 0, E, 0, 2, E, 0, 1, E}},
		{"x y x", 0, []string{"x", "y"}, []int32{0, 1, 0}},
	} {
		v, stream := mustLearn(t, tc.text, LearnOptions{MinCount: tc.min})
		if !slices.Equal(v.Words, tc.words) || !slices.Equal(stream, tc.stream) {
			t.Errorf("Learn(%q, MinCount %d) = %v %v\nwant %v %v", tc.text, tc.min, v.Words, stream, tc.words, tc.stream)
		}
	}
}

func TestLearnPruneExact(t *testing.T) {
	// MaxWords 2: at "c" the table holds a:2 b:1 c:1, so b and c (count <=
	// minReduce 1) are pruned and minReduce becomes 2. The second "b" is a
	// new word counted from zero; the first one is dropped from the stream.
	v, stream := mustLearn(t, "a a b c a\nb", LearnOptions{MaxWords: 2})
	if !slices.Equal(v.Words, []string{"a", "b"}) || !slices.Equal(v.Counts, []int64{3, 1}) {
		t.Errorf("vocab = %v %v, want [a b] [3 1]", v.Words, v.Counts)
	}
	if want := []int32{0, 0, 0, E, 1}; !slices.Equal(stream, want) {
		t.Errorf("stream = %v, want %v", stream, want)
	}
}

func TestLearnPrune(t *testing.T) {
	// A Zipf corpus with far more distinct words than MaxWords: counts are
	// lossy, but the stream must still be exactly the surviving occurrences.
	tokens := zipfTokens(rand.New(rand.NewPCG(3, 4)), 200_000, 5000)
	src := tokenSource(tokens, 17)
	v, stream, err := Learn(src, LearnOptions{MaxWords: 300, MinCount: 2})
	if err != nil {
		t.Fatal(err)
	}
	checkStream(t, v, stream)
	if v.Len() == 0 || v.Len() > 300 {
		t.Errorf("Len = %d, want in [1, 300]", v.Len())
	}
	if v.Words[0] != "w0" {
		t.Errorf("most frequent word %q, want w0", v.Words[0])
	}
	// Decoded, the stream is a subsequence of the corpus: each kept token
	// is the word it was read as.
	j := 0
	for _, id := range stream {
		if id == E {
			continue
		}
		for j < len(tokens) && tokens[j] != v.Words[id] {
			j++
		}
		if j == len(tokens) {
			t.Fatalf("stream is not a subsequence of the corpus (at %q)", v.Words[id])
		}
		j++
	}
	// Without pruning, the counts are exact and nothing is dropped.
	full, fstream, err := Learn(tokenSource(tokens, 17), LearnOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if full.Total != int64(len(tokens)) {
		t.Errorf("unpruned Total = %d, want %d", full.Total, len(tokens))
	}
	if len(fstream) <= len(stream) {
		t.Errorf("pruned stream (%d) not shorter than unpruned (%d)", len(stream), len(fstream))
	}
}

func TestLearnErrors(t *testing.T) {
	for _, tc := range []struct {
		text string
		min  int64
		want string
	}{
		{"", 0, "corpus has no words"},
		{"\n\n\n", 1, "corpus has no words"},
		{"a b a\nc", 5, "vocabulary is empty after -min-count 5 (the most frequent word occurs 2 times)"},
	} {
		_, _, err := Learn(textSource(tc.text), LearnOptions{MinCount: tc.min})
		if err == nil || err.Error() != tc.want {
			t.Errorf("Learn(%q, MinCount %d) error = %v, want %q", tc.text, tc.min, err, tc.want)
		}
	}

	bad := errors.New("disk on fire")
	src := textSource("a b c")
	src.err = bad
	if _, _, err := Learn(src, LearnOptions{}); !errors.Is(err, bad) || !strings.Contains(err.Error(), "after 3 tokens") {
		t.Errorf("Learn with failing source: error = %v, want it to wrap %v with the token count", err, bad)
	}
}

func TestEncode(t *testing.T) {
	v, err := New([]string{"a", "b", "c"}, []int64{5, 3, 1})
	if err != nil {
		t.Fatal(err)
	}
	stream, err := Encode(textSource("\nx a y b\nz\n\nc c a\nq"), v)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int32{0, 1, E, 2, 2, 0, E}; !slices.Equal(stream, want) {
		t.Errorf("stream = %v, want %v", stream, want)
	}

	for _, tc := range []struct{ text, want string }{
		{"", "corpus has no words"},
		{"x y\nz", "none of the corpus's 3 tokens is in the vocabulary"},
	} {
		if _, err := Encode(textSource(tc.text), v); err == nil || err.Error() != tc.want {
			t.Errorf("Encode(%q) error = %v, want %q", tc.text, err, tc.want)
		}
	}
	bad := errors.New("boom")
	src := textSource("a")
	src.err = bad
	if _, err := Encode(src, v); !errors.Is(err, bad) {
		t.Errorf("Encode with failing source: error = %v, want it to wrap %v", err, bad)
	}
}

// TestEncodeMatchesLearn: encoding a corpus with the vocabulary learnt from
// it gives the stream Learn gave.
func TestEncodeMatchesLearn(t *testing.T) {
	tokens := zipfTokens(rand.New(rand.NewPCG(5, 6)), 50_000, 2000)
	v, stream, err := Learn(tokenSource(tokens, 13), LearnOptions{MinCount: 3})
	if err != nil {
		t.Fatal(err)
	}
	enc, err := Encode(tokenSource(tokens, 13), v)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(enc, stream) {
		t.Errorf("Encode stream differs from Learn stream")
	}
}

// zipfTokens draws n tokens "w<rank>" from a Zipf distribution over words.
func zipfTokens(r *rand.Rand, n int, words uint64) []string {
	z := rand.NewZipf(r, 1.07, 2, words-1)
	names := make([]string, words)
	for i := range names {
		names[i] = "w" + strconv.Itoa(i)
	}
	out := make([]string, n)
	for i := range out {
		out[i] = names[z.Uint64()]
	}
	return out
}

// tokenSource feeds tokens in sentences of sentLen, each followed by a
// boundary.
func tokenSource(tokens []string, sentLen int) *fakeSource {
	// The tokens share one buffer, as a scanner's would.
	size := 0
	for _, tok := range tokens {
		size += len(tok)
	}
	buf := make([]byte, 0, size)
	ev := make([][]byte, 0, len(tokens)+len(tokens)/sentLen+1)
	for i, tok := range tokens {
		buf = append(buf, tok...)
		ev = append(ev, buf[len(buf)-len(tok):len(buf):len(buf)])
		if (i+1)%sentLen == 0 {
			ev = append(ev, nil)
		}
	}
	return &fakeSource{events: ev, i: -1}
}

func BenchmarkLearn(b *testing.B) {
	// 1M tokens over a 100k-word Zipf vocabulary, about 7 MB of text.
	tokens := zipfTokens(rand.New(rand.NewPCG(1, 2)), 1_000_000, 100_000)
	src := tokenSource(tokens, 20)
	var size int64
	for _, tok := range tokens {
		size += int64(len(tok)) + 1
	}
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		src.i, src.tokens = -1, 0
		if _, _, err := Learn(src, LearnOptions{MinCount: 5}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(tokens)), "ns/token")
}
