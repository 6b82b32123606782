package vocab

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestNew(t *testing.T) {
	words := []string{"b", "a", "c", "dd", "d"}
	counts := []int64{2, 2, 7, 0, 2}
	v, err := New(words, counts)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"c", "a", "b", "d", "dd"}; !slices.Equal(v.Words, want) {
		t.Errorf("Words = %v, want %v", v.Words, want)
	}
	if want := []int64{7, 2, 2, 2, 0}; !slices.Equal(v.Counts, want) {
		t.Errorf("Counts = %v, want %v", v.Counts, want)
	}
	if v.Total != 13 {
		t.Errorf("Total = %d, want 13", v.Total)
	}
	if !slices.Equal(words, []string{"b", "a", "c", "dd", "d"}) || !slices.Equal(counts, []int64{2, 2, 7, 0, 2}) {
		t.Errorf("New modified its arguments: %v %v", words, counts)
	}
	for i, w := range v.Words {
		if id, ok := v.ID([]byte(w)); !ok || id != int32(i) {
			t.Errorf("ID(%q) = %d, %v; want %d", w, id, ok, i)
		}
	}

	empty, err := New(nil, nil)
	if err != nil || empty.Len() != 0 || empty.Total != 0 {
		t.Errorf("New(nil, nil) = %+v, %v; want an empty vocabulary", empty, err)
	}
}

func TestNewErrors(t *testing.T) {
	for _, tc := range []struct {
		words  []string
		counts []int64
		want   string
	}{
		{[]string{"a"}, []int64{1, 2}, "1 words but 2 counts"},
		{[]string{"a", ""}, []int64{1, 2}, "empty word"},
		{[]string{"a", "b c"}, []int64{1, 2}, `word "b c" contains whitespace`},
		{[]string{"a\tb"}, []int64{1}, "contains whitespace"},
		{[]string{"a", "b"}, []int64{1, -2}, `negative count -2 for word "b"`},
		// Duplicates with different counts are not adjacent after sorting.
		{[]string{"a", "b", "a"}, []int64{5, 3, 1}, `duplicate word "a"`},
		{[]string{"a", "b"}, []int64{math.MaxInt64, 1}, "overflows"},
		{[]string{"a", "caf\xe9"}, []int64{2, 1}, `word "caf\xe9" is not valid UTF-8`},
		{[]string{"\x80"}, []int64{1}, `word "\x80" is not valid UTF-8`},
	} {
		_, err := New(tc.words, tc.counts)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%q, %v) error = %v, want one containing %q", tc.words, tc.counts, err, tc.want)
		}
	}
}

func TestIDDoesNotAllocate(t *testing.T) {
	v, err := New([]string{"alpha", "beta"}, []int64{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	hit, miss := []byte("beta"), []byte("gamma")
	if n := testing.AllocsPerRun(100, func() {
		v.ID(hit)
		v.ID(miss)
	}); n != 0 {
		t.Errorf("ID allocates %v times per call", n)
	}
}

func TestWrite(t *testing.T) {
	v, err := New([]string{"b", "a", "c"}, []int64{3, 3, 10})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := v.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "c 10\na 3\nb 3\n"; got != want {
		t.Errorf("Write = %q, want %q", got, want)
	}

	fail := errors.New("disk full")
	if err := v.Write(failWriter{fail}); !errors.Is(err, fail) {
		t.Errorf("Write to a failing writer: error = %v, want %v", err, fail)
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

func TestWriteReadRoundTrip(t *testing.T) {
	tokens := zipfTokens(rand.New(rand.NewPCG(7, 8)), 100_000, 3000)
	v, _, err := Learn(tokenSource(tokens, 10), LearnOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := v.Write(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Words, v.Words) || !slices.Equal(got.Counts, v.Counts) || got.Total != v.Total {
		t.Errorf("Read(Write(v)) differs from v")
	}
	for i, w := range v.Words {
		if id, ok := got.ID([]byte(w)); !ok || id != int32(i) {
			t.Fatalf("after round trip, ID(%q) = %d, %v; want %d", w, id, ok, i)
		}
	}
}

func TestRead(t *testing.T) {
	// Out of order, with tabs, extra spaces, CRLF and word2vec's </s>.
	v, err := Read(strings.NewReader("</s> 0\r\nb 3\n  a\t3 \nc 10"))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"c", "a", "b", "</s>"}; !slices.Equal(v.Words, want) {
		t.Errorf("Words = %v, want %v", v.Words, want)
	}
	if want := []int64{10, 3, 3, 0}; !slices.Equal(v.Counts, want) || v.Total != 16 {
		t.Errorf("Counts = %v (Total %d), want %v (16)", v.Counts, v.Total, want)
	}
}

func TestReadErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "vocabulary file has no words"},
		{"a 1\nthe\n", `line 2: missing count after word "the"`},
		{"a 1\nb x\n", `line 2: count "x" of word "b" is not a number`},
		{"a 1.5\n", `line 1: count "1.5" of word "a" is not a number`},
		{"a 1\nb 2\nc -3\n", `line 3: negative count -3 for word "c"`},
		{"a 1\nb 2\na 3\n", `line 3: duplicate word "a" (first on line 1)`},
		{"a 1\n\nb 2\n", "line 2: empty line"},
		{"a 1 2\n", `line 1: 3 fields (want "word count")`},
		{"a 99999999999999999999\n", "line 1: count 99999999999999999999 of word \"a\" is out of range"},
		{"a 9223372036854775807\nb 1\n", "overflows"},
		{"a 1\n" + strings.Repeat("x", maxLine+1), "line 2: longer than"},
		// A Latin-1 file, a lone continuation byte, a cut 3-byte sequence
		// and an encoded surrogate: no word that is not valid UTF-8.
		{"a 1\ncaf\xe9 2\n", `line 2: word "caf\xe9" is not valid UTF-8 (is the file in another encoding, such as Latin-1?)`},
		{"\x80 1\n", `line 1: word "\x80" is not valid UTF-8`},
		{"a 1\nb 1\n\xe2\x82 1\n", `line 3: word "\xe2\x82" is not valid UTF-8`},
		{"\xed\xa0\x80 1\n", `line 1: word "\xed\xa0\x80" is not valid UTF-8`},
	} {
		_, err := Read(strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			in := tc.in
			if len(in) > 40 {
				in = in[:40] + "..."
			}
			t.Errorf("Read(%q) error = %v, want one containing %q", in, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("Read(%q) error %q is not one line", tc.in, err)
		}
	}
}
