package vocab

import (
	"cmp"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/wipsvec/wipsvec/corpus"
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
	for _, workers := range []int{1, 2, 3} {
		enc, err := encode(tokenSource(tokens, 13), v, workers)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(enc, stream) {
			t.Errorf("Encode stream on %d workers differs from Learn stream", workers)
		}
	}
	// The same through a Scanner, which hands out blocks of events, with
	// words the vocabulary lacks and long ones.
	text := strings.Join(tokens, " ") + "\nnever-seen " + strings.Repeat("x", 300) + "\n" + strings.Join(tokens[:999], " ")
	v, stream, err = Learn(corpus.NewScanner(strings.NewReader(text)), LearnOptions{MinCount: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		enc, err := encode(corpus.NewScanner(strings.NewReader(text)), v, workers)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(enc, stream) {
			t.Errorf("Encode of a Scanner on %d workers differs from Learn's stream", workers)
		}
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

// invalidText is a corpus with tokens that are not valid UTF-8: Latin-1
// words, a lone continuation byte, a sequence cut short, an encoded
// surrogate, an overlong encoding, and a sentence made of nothing else.
// Valid UTF-8 words, ASCII or not, sit around them.
const invalidText = "caf\xe9 au lait au café\n" + // Latin-1 "café" first
	"\x80 au \xc3 lait\n" +
	"\xe2\x82 \xed\xa0\x80 \xc0\xaf\n" + // only invalid tokens
	"na\xefve caf\xe9 naïve au\n" +
	"日本 au"

// invalidTokens lists invalidText's invalid tokens, in order.
var invalidTokens = []string{"caf\xe9", "\x80", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xc0\xaf", "na\xefve", "caf\xe9"}

// withoutInvalid removes the tokens of text that are not valid UTF-8,
// keeping its lines.
func withoutInvalid(text string) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		var keep []string
		for _, f := range strings.Fields(line) {
			if utf8.ValidString(f) {
				keep = append(keep, f)
			}
		}
		lines[i] = strings.Join(keep, " ")
	}
	return strings.Join(lines, "\n")
}

// TestLearnInvalidUTF8: tokens that are not valid UTF-8 never enter the
// vocabulary, are dropped from the stream as if out of vocabulary and are
// counted; the valid words get the vocabulary and the stream they would
// get were the invalid tokens not there at all.
func TestLearnInvalidUTF8(t *testing.T) {
	for _, min := range []int64{1, 2} {
		v, chunks, st, err := LearnChunksStats(textSource(invalidText), LearnOptions{MinCount: min})
		if err != nil {
			t.Fatal(err)
		}
		stream := Join(chunks)
		checkStream(t, v, stream)
		for _, w := range v.Words {
			if !utf8.ValidString(w) {
				t.Errorf("MinCount %d: vocabulary holds %q", min, w)
			}
		}
		wantV, want := mustLearn(t, withoutInvalid(invalidText), LearnOptions{MinCount: min})
		if !slices.Equal(v.Words, wantV.Words) || !slices.Equal(v.Counts, wantV.Counts) || v.Total != wantV.Total {
			t.Errorf("MinCount %d: vocab %q %v, want %q %v", min, v.Words, v.Counts, wantV.Words, wantV.Counts)
		}
		if !slices.Equal(stream, want) {
			t.Errorf("MinCount %d: stream %v, want %v", min, stream, want)
		}
		wantSt := LearnStats{Tokens: 18, Invalid: InvalidUTF8{Tokens: 8, Distinct: 7, Example: "caf\xe9"}}
		if st != wantSt {
			t.Errorf("MinCount %d: stats %+v, want %+v", min, st, wantSt)
		}
	}
	// The ids, spelled out: au 5, café 1, lait 2, naïve 1, 日本 1.
	v, stream := mustLearn(t, invalidText, LearnOptions{})
	if want := []string{"au", "lait", "café", "naïve", "日本"}; !slices.Equal(v.Words, want) {
		t.Errorf("words %q, want %q", v.Words, want)
	}
	if want := []int32{0, 1, 0, 2, E, 0, 1, E, 3, 0, E, 4, 0}; !slices.Equal(stream, want) {
		t.Errorf("stream %v, want %v", stream, want)
	}
}

// TestLearnInvalidUTF8Scanner runs the real tokenizer, whose 100-byte cut
// keeps a valid token valid (it never splits a rune) but passes invalid
// bytes through, including a sequence that the cut leaves incomplete.
func TestLearnInvalidUTF8Scanner(t *testing.T) {
	long := strings.Repeat("a", corpus.MaxTokenBytes-1)
	text := strings.Join([]string{
		long + "é" + "tail",           // cut before "é": long, valid
		long + "\xc3" + "x",           // cut after the lone lead byte: invalid
		long[1:] + "\xe2\x82" + "zzz", // cut after a truncated 3-byte sequence: invalid
		long[1:] + "€" + "zzz",        // cut before "€": long[1:], valid
		long + "\xc3",                 // 100 bytes, no cut, invalid
		"caf\xe9",
		"ok",
	}, " ") + "\n"
	v, chunks, st, err := LearnChunksStats(corpus.NewScanner(strings.NewReader(text)), LearnOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{long[1:], long, "ok"}; !slices.Equal(v.Words, want) { // ties by bytes
		t.Errorf("words %q, want %q", v.Words, want)
	}
	if want := []int32{1, 0, 2, E}; !slices.Equal(Join(chunks), want) {
		t.Errorf("stream %v, want %v", Join(chunks), want)
	}
	want := LearnStats{Tokens: 7, Invalid: InvalidUTF8{Tokens: 4, Distinct: 3, Example: long + "\xc3"}}
	if st != want {
		t.Errorf("stats %+v, want %+v", st, want)
	}
}

// TestLearnInvalidUTF8Capped: the set of distinct invalid tokens is bounded
// like the counting table; past the bound they are still dropped and
// counted, and the distinct count says it is a lower bound.
func TestLearnInvalidUTF8Capped(t *testing.T) {
	text := "a \xe9 b \xe8 a \xe9 \xe7 \xe6 a\n"
	v, chunks, st, err := LearnChunksStats(textSource(text), LearnOptions{MaxWords: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(v.Words, []string{"a", "b"}) || !slices.Equal(Join(chunks), []int32{0, 1, 0, 0, E}) {
		t.Errorf("vocab %q, stream %v", v.Words, Join(chunks))
	}
	want := InvalidUTF8{Tokens: 5, Distinct: 2, Example: "\xe9", Capped: true}
	if st.Invalid != want {
		t.Errorf("invalid %+v, want %+v", st.Invalid, want)
	}
	if got, msg := st.Invalid.String(), `skipped 5 tokens (at least 2 distinct, e.g. "\xe9") that are not valid UTF-8`; got != msg {
		t.Errorf("message %q, want %q", got, msg)
	}
}

func TestInvalidUTF8String(t *testing.T) {
	for _, tc := range []struct {
		s    InvalidUTF8
		want string
	}{
		{InvalidUTF8{}, ""},
		{InvalidUTF8{Tokens: 1, Distinct: 1, Example: "\x80"}, `skipped 1 token (1 distinct, e.g. "\x80") that is not valid UTF-8`},
		{InvalidUTF8{Tokens: 12, Distinct: 3, Example: "caf\xe9"}, `skipped 12 tokens (3 distinct, e.g. "caf\xe9") that are not valid UTF-8`},
	} {
		if got := tc.s.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.s, got, tc.want)
		}
	}
}

// TestLearnAllInvalid: a corpus none of whose tokens is valid UTF-8 says so.
func TestLearnAllInvalid(t *testing.T) {
	_, _, err := Learn(textSource("caf\xe9 \xe9t\xe9\ncaf\xe9"), LearnOptions{})
	want := `none of the corpus's 3 tokens is valid UTF-8 (2 distinct, e.g. "caf\xe9"): is it in another encoding, such as Latin-1?`
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// TestCounterInvalid: the encoded-corpus path drives the Counter directly;
// its counts are LearnChunksStats'.
func TestCounterInvalid(t *testing.T) {
	c := NewCounter(LearnOptions{})
	var ids []int32
	err := c.Count(textSource(invalidText), make([]int32, 0, 2), func(b []int32) ([]int32, error) {
		ids = append(ids, b...)
		return b[:0], nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.Tokens() != 18 || c.Invalid() != (InvalidUTF8{Tokens: 8, Distinct: 7, Example: "caf\xe9"}) {
		t.Errorf("tokens %d, invalid %+v", c.Tokens(), c.Invalid())
	}
	// Provisional ids: invalid tokens leave nothing, not even an empty
	// sentence.
	if want := []int32{0, 1, 0, 2, E, 0, 1, E, 3, 0, E, 4, 0}; !slices.Equal(ids, want) {
		t.Errorf("provisional ids %v, want %v", ids, want)
	}
}

func TestCountWords(t *testing.T) {
	stream := [][]int32{{0, 1, E, 2}, {}, {E, 3, 3, E}}
	if got := CountWords(stream); got != 5 {
		t.Errorf("CountWords = %d, want 5 (sentence ends are not words)", got)
	}
}

// TestLearnWorkersAgree learns the same corpora on one goroutine and on
// several: the vocabulary, the stream and the statistics must be the same,
// with pruning in the middle of the lookup blocks (MaxWords 300 over a
// Zipf corpus of many blocks) and with tokens that are not UTF-8.
func TestLearnWorkersAgree(t *testing.T) {
	zipf := zipfTokens(rand.New(rand.NewPCG(5, 6)), 5*batchTokens+123, 20_000)
	for _, tc := range []struct {
		name string
		src  func() TokenSource
		opt  LearnOptions
	}{
		{"zipf", func() TokenSource { return tokenSource(zipf, 29) }, LearnOptions{MinCount: 2}},
		{"zipf pruned", func() TokenSource { return tokenSource(zipf, 29) }, LearnOptions{MinCount: 2, MaxWords: 300}},
		{"zipf one block pruned", func() TokenSource { return tokenSource(zipf[:batchTokens-1], 1000) }, LearnOptions{MaxWords: 50}},
		{"invalid", func() TokenSource { return textSource(strings.Repeat(invalidText, 3000)) }, LearnOptions{MaxWords: 4}},
		{"tiny", func() TokenSource { return textSource("a\n\nb a\n") }, LearnOptions{}},
	} {
		one := tc.opt
		one.Workers = 1
		wantV, want, wantSt, err := LearnChunksStats(tc.src(), one)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		refWords, refCounts, refStream := refLearn(tc.src(), tc.opt)
		if !slices.Equal(wantV.Words, refWords) || !slices.Equal(wantV.Counts, refCounts) || !slices.Equal(Join(want), refStream) {
			t.Errorf("%s: one worker learned %d words and a stream of %d, the plain count %d and %d",
				tc.name, wantV.Len(), len(Join(want)), len(refWords), len(refStream))
		}
		for _, workers := range []int{2, 3, 8} {
			opt := tc.opt
			opt.Workers = workers
			v, chunks, st, err := LearnChunksStats(tc.src(), opt)
			if err != nil {
				t.Fatalf("%s, %d workers: %v", tc.name, workers, err)
			}
			if !slices.Equal(v.Words, wantV.Words) || !slices.Equal(v.Counts, wantV.Counts) {
				t.Errorf("%s, %d workers: a vocabulary of %d words differs from the %d of one", tc.name, workers, v.Len(), wantV.Len())
			}
			if !slices.Equal(Join(chunks), Join(want)) {
				t.Errorf("%s, %d workers: the stream differs from one worker's", tc.name, workers)
			}
			if st != wantSt {
				t.Errorf("%s, %d workers: stats %+v, want %+v", tc.name, workers, st, wantSt)
			}
		}
	}
}

// refLearn is Learn written plainly, a token at a time as word2vec.c
// counts, for the tests to hold the blocks of lookups to: the same words,
// counts and stream, with pruning at the very token that overfills the
// table and a pruned word counted afresh when it comes back.
func refLearn(src TokenSource, opt LearnOptions) (words []string, counts []int64, stream []int32) {
	if opt.MaxWords <= 0 {
		opt.MaxWords = DefaultMaxWords
	}
	ids := map[string]int32{}
	var n []int64
	var prov []int32
	minReduce := int64(1)
	for src.Scan() {
		if src.Boundary() {
			prov = append(prov, E)
			continue
		}
		tok := string(src.Token())
		if tok == "" || !utf8.ValidString(tok) {
			continue
		}
		id, ok := ids[tok]
		if !ok {
			id = int32(len(n))
			ids[tok] = id
			n = append(n, 0)
		}
		n[id]++
		prov = append(prov, id)
		if len(ids) > opt.MaxWords {
			for w, id := range ids {
				if n[id] <= minReduce {
					delete(ids, w)
				}
			}
			minReduce++
		}
	}
	type entry struct {
		w  string
		id int32
	}
	var kept []entry
	for w, id := range ids {
		if n[id] >= opt.MinCount {
			kept = append(kept, entry{w, id})
		}
	}
	slices.SortFunc(kept, func(a, b entry) int {
		if n[a.id] != n[b.id] {
			return cmp.Compare(n[b.id], n[a.id])
		}
		return strings.Compare(a.w, b.w)
	})
	final := make(map[int32]int32)
	for i, e := range kept {
		words, counts = append(words, e.w), append(counts, n[e.id])
		final[e.id] = int32(i)
	}
	for _, id := range prov {
		if id == E {
			if len(stream) > 0 && stream[len(stream)-1] != E {
				stream = append(stream, E)
			}
		} else if f, ok := final[id]; ok {
			stream = append(stream, f)
		}
	}
	return words, counts, stream
}

// scanCounter counts the Scan calls of the source it wraps.
type scanCounter struct {
	TokenSource
	scans atomic.Int64
}

func (s *scanCounter) Scan() bool {
	s.scans.Add(1)
	return s.TokenSource.Scan()
}

// TestCountStopsReading: an error from emit ends Count, and with it the
// reading ahead, before Count returns.
func TestCountStopsReading(t *testing.T) {
	errFull := errors.New("disk full")
	src := &scanCounter{TokenSource: tokenSource(zipfTokens(rand.New(rand.NewPCG(7, 8)), 20*batchTokens, 1000), 50)}
	c := NewCounter(LearnOptions{Workers: 2})
	err := c.Count(src, make([]int32, 0, 1000), func([]int32) ([]int32, error) { return nil, errFull })
	if !errors.Is(err, errFull) {
		t.Fatalf("error %v, want %v", err, errFull)
	}
	n := src.scans.Load()
	time.Sleep(20 * time.Millisecond)
	if m := src.scans.Load(); m != n {
		t.Errorf("the source was scanned %d more times after Count returned", m-n)
	}
	if n > 5*batchTokens {
		t.Errorf("%d scans before the first emit's error stopped Count", n)
	}
}
