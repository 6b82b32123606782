package vocab

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/wipsvec/wipsvec/corpus"
)

// lineError is the shape of an error that names a line of the file.
var lineError = regexp.MustCompile(`^line ([0-9]+): `)

// FuzzRead reads arbitrary bytes as a -read-vocab file. Properties: no
// panic; an error names a line that exists (or one past the last, for a
// problem found at the end), or says the file is empty or its counts
// overflow; every word of a vocabulary that reads is valid UTF-8; and it
// writes and reads back unchanged.
func FuzzRead(f *testing.F) {
	f.Add([]byte("a 1\ncaf\xe9 2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Read(bytes.NewReader(data))
		if err != nil {
			msg := err.Error()
			if m := lineError.FindStringSubmatch(msg); m != nil {
				n, _ := strconv.Atoi(m[1])
				if lines := bytes.Count(data, []byte{'\n'}) + 1; n < 1 || n > lines {
					t.Fatalf("error names line %d of a %d-line file: %q", n, lines, msg)
				}
				return
			}
			if msg != "vocabulary file has no words" && msg != "vocab: total count overflows int64" {
				t.Fatalf("error names no line: %q", msg)
			}
			return
		}
		for _, w := range v.Words {
			if !utf8.ValidString(w) {
				t.Fatalf("read a word that is not valid UTF-8: %q", w)
			}
		}
		var b bytes.Buffer
		if err := v.Write(&b); err != nil {
			t.Fatal(err)
		}
		got, err := Read(&b)
		if err != nil {
			t.Fatalf("written vocabulary does not read back: %v\n%q", err, b.String())
		}
		if !slices.Equal(got.Words, v.Words) || !slices.Equal(got.Counts, v.Counts) || got.Total != v.Total {
			t.Fatalf("round trip changed the vocabulary: %q %v -> %q %v", v.Words, v.Counts, got.Words, got.Counts)
		}
		for i, w := range v.Words {
			if id, ok := got.ID([]byte(w)); !ok || int(id) != i {
				t.Fatalf("word %q has id %d, %v after the round trip, want %d", w, id, ok, i)
			}
		}
	})
}

// FuzzLearn learns a vocabulary from arbitrary text with the real tokenizer.
// Properties: validUTF8 agrees with utf8.Valid; every word is valid UTF-8;
// the tokens that are not are all counted, as occurrences and distinct
// tokens; and the vocabulary and stream are exactly those of the same
// tokens with the invalid ones removed.
func FuzzLearn(f *testing.F) {
	f.Add([]byte("caf\xe9 au lait\n\x80 \xc3\n caf\xe9 caf\xc3\xa9 \xe2\x82\n"))
	f.Add([]byte("a b a\nc"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if want := utf8.Valid(data); validUTF8(data) != want || validUTF8String(string(data)) != want {
			t.Fatalf("validUTF8(%q) != %v", data, want)
		}
		// The scanner's events, then the same without invalid tokens.
		var all, valid fakeSource
		invalid := map[string]bool{}
		var invalidTokens int64
		sc := corpus.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			var ev []byte
			if !sc.Boundary() {
				ev = bytes.Clone(sc.Token())
			}
			all.events = append(all.events, ev)
			if ev != nil && !utf8.Valid(ev) {
				invalid[string(ev)] = true
				invalidTokens++
				continue
			}
			valid.events = append(valid.events, ev)
		}
		if sc.Err() != nil {
			return
		}
		all.i, valid.i = -1, -1
		v, chunks, st, err := LearnChunksStats(&all, LearnOptions{MinCount: 1})
		if st.Invalid.Tokens != invalidTokens || st.Invalid.Distinct != int64(len(invalid)) || st.Invalid.Capped {
			t.Fatalf("invalid %+v, want %d tokens, %d distinct", st.Invalid, invalidTokens, len(invalid))
		}
		if invalidTokens > 0 && !invalid[st.Invalid.Example] {
			t.Fatalf("example %q is not an invalid token", st.Invalid.Example)
		}
		wantV, want, wantErr := Learn(&valid, LearnOptions{MinCount: 1})
		if err != nil {
			if wantErr == nil {
				t.Fatalf("error %v, but none without the invalid tokens", err)
			}
			return
		}
		if wantErr != nil {
			t.Fatalf("no error, but %v without the invalid tokens", wantErr)
		}
		for _, w := range v.Words {
			if !utf8.ValidString(w) {
				t.Fatalf("learned a word that is not valid UTF-8: %q", w)
			}
		}
		if st.Tokens != v.Total+invalidTokens {
			t.Fatalf("%d tokens read, %d counted and %d invalid", st.Tokens, v.Total, invalidTokens)
		}
		stream := Join(chunks)
		checkStream(t, v, stream)
		if !slices.Equal(v.Words, wantV.Words) || !slices.Equal(v.Counts, wantV.Counts) || !slices.Equal(stream, want) {
			t.Fatalf("learned %q %v %v, want %q %v %v", v.Words, v.Counts, stream, wantV.Words, wantV.Counts, want)
		}
		// One worker or several, and a table small enough to prune: the
		// words, counts and stream of the plain count.
		for _, workers := range []int{1, 3} {
			all.i = -1
			opt := LearnOptions{MinCount: 1, MaxWords: 3, Workers: workers}
			v, chunks, _, err := LearnChunksStats(&all, opt)
			all.i = -1
			words, counts, stream := refLearn(&all, opt)
			if err != nil {
				if len(words) > 0 {
					t.Fatalf("%d workers: error %v, but the plain count learned %q", workers, err, words)
				}
				continue
			}
			if !slices.Equal(v.Words, words) || !slices.Equal(v.Counts, counts) || !slices.Equal(Join(chunks), stream) {
				t.Fatalf("%d workers, pruning: learned %q %v %v, the plain count %q %v %v",
					workers, v.Words, v.Counts, Join(chunks), words, counts, stream)
			}
		}
	})
}
