package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

// scanAll runs a Scanner over r and returns the sentences it reported.
// It fails the test if tokens follow the last boundary (every token must
// belong to a reported sentence) or if a boundary ends an empty sentence.
func scanAll(t *testing.T, r io.Reader) ([][]string, error) {
	t.Helper()
	s := NewScanner(r)
	var sents [][]string
	var cur []string
	for s.Scan() {
		if s.Boundary() {
			if s.Token() != nil {
				t.Fatalf("boundary with non-nil token %q", s.Token())
			}
			if len(cur) == 0 {
				t.Fatalf("empty sentence after %d sentences", len(sents))
			}
			sents = append(sents, cur)
			cur = nil
			continue
		}
		tok := s.Token()
		if len(tok) == 0 {
			t.Fatalf("empty token after %d sentences", len(sents))
		}
		cur = append(cur, string(tok))
	}
	if s.Err() == nil && len(cur) != 0 {
		t.Fatalf("input ended without a boundary after tokens %q", cur)
	}
	if s.Scan() {
		t.Fatal("Scan returned true after returning false")
	}
	return sents, s.Err()
}

// readers returns the ways each test input is fed to the Scanner: all at
// once, and in pieces so that every token straddles a refill.
func readers(in string) map[string]io.Reader {
	return map[string]io.Reader{
		"whole":   strings.NewReader(in),
		"onebyte": iotest.OneByteReader(strings.NewReader(in)),
		"half":    iotest.HalfReader(strings.NewReader(in)),
		"dataerr": iotest.DataErrReader(strings.NewReader(in)),
	}
}

// scanEach scans in as each of readers feeds it, in a subtest
// name/reader, and hands check the sentences; a scan error fails the
// subtest.
func scanEach(t *testing.T, name, in string, check func(t *testing.T, got [][]string)) {
	t.Helper()
	for rname, r := range readers(in) {
		t.Run(name+"/"+rname, func(t *testing.T) {
			got, err := scanAll(t, r)
			if err != nil {
				t.Fatalf("Err() = %v", err)
			}
			check(t, got)
		})
	}
}

func TestScannerTokens(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want [][]string
	}{
		{"empty", "", nil},
		{"only space", " \t\r\n\v\f\n\n ", nil},
		{"one line", "the cat sat\n", [][]string{{"the", "cat", "sat"}}},
		{"no final newline", "the cat\nsat", [][]string{{"the", "cat"}, {"sat"}}},
		{"mixed whitespace", "a b\tc\v\vd\fe  f\r\n", [][]string{{"a", "b", "c", "d", "e", "f"}}},
		{"crlf", "one two\r\nthree\r\n\r\nfour\r\n", [][]string{{"one", "two"}, {"three"}, {"four"}}},
		{"cr is not a newline", "a\rb\n", [][]string{{"a", "b"}}},
		{"blank lines", "\n\n  x \n \n\t\n\ny\n\n", [][]string{{"x"}, {"y"}}},
		{"leading space", "   lead\n", [][]string{{"lead"}}},
		{"controls are token bytes", "a\x01b \x1fc\x7f\n", [][]string{{"a\x01b", "\x1fc\x7f"}}},
		{"non-ascii space is a token byte", "a\u00a0b\u2003c d\n", [][]string{{"a\u00a0b\u2003c", "d"}}},
		{"utf8", "naïve café 日本語\n", [][]string{{"naïve", "café", "日本語"}}},
	}
	for _, tt := range tests {
		scanEach(t, tt.name, tt.in, func(t *testing.T, got [][]string) {
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestScannerSentenceCut(t *testing.T) {
	words := func(n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = fmt.Sprintf("w%d", i)
		}
		return strings.Join(w, " ")
	}
	tests := []struct {
		name string
		in   string
		want []int // sentence lengths
	}{
		{"2500 on one line", words(2500) + "\n", []int{1000, 1000, 500}},
		{"2500 no newline", words(2500), []int{1000, 1000, 500}},
		{"exactly 1000 then newline", words(1000) + "\n\n", []int{1000}},
		{"exactly 1000 at eof", words(1000), []int{1000}},
		{"1000 then more lines", words(1000) + " \n" + words(3) + "\n", []int{1000, 3}},
		{"999", words(999) + "\n", []int{999}},
		{"1001", words(1001) + "\n", []int{1000, 1}},
	}
	for _, tt := range tests {
		scanEach(t, tt.name, tt.in, func(t *testing.T, got [][]string) {
			var lens []int
			next := 0
			for _, s := range got {
				lens = append(lens, len(s))
				for _, tok := range s {
					// Tokens restart at w0 on each new line.
					if tok == "w0" {
						next = 0
					}
					if want := fmt.Sprintf("w%d", next); tok != want {
						t.Fatalf("token %q, want %q", tok, want)
					}
					next++
				}
			}
			if !reflect.DeepEqual(lens, tt.want) {
				t.Errorf("sentence lengths %v, want %v", lens, tt.want)
			}
		})
	}
}

func TestScannerTruncate(t *testing.T) {
	a := func(n int) string { return strings.Repeat("a", n) }
	tests := []struct {
		name string
		tok  string
		want string
	}{
		{"100 ascii kept", a(100), a(100)},
		{"101 ascii", a(101), a(100)},
		{"long ascii", a(5000), a(100)},
		{"99 + 2-byte rune", a(99) + "é", a(99)},
		{"98 + 2-byte rune fits", a(98) + "é", a(98) + "é"},
		{"98 + 2 two-byte runes", a(98) + "éé", a(98) + "é"},
		{"99 + 3-byte rune", a(99) + "€", a(99)},
		{"98 + 3-byte rune", a(98) + "€x", a(98)},
		{"97 + 3-byte rune fits", a(97) + "€x", a(97) + "€"},
		{"97 + 4-byte rune", a(97) + "😀", a(97)},
		{"96 + 4-byte rune fits", a(96) + "😀z", a(96) + "😀"},
		{"all 2-byte", strings.Repeat("é", 60), strings.Repeat("é", 50)},
		{"all 3-byte", strings.Repeat("€", 40), strings.Repeat("€", 33)},
		{"all 4-byte", strings.Repeat("😀", 30), strings.Repeat("😀", 25)},
		// Invalid UTF-8 has no rune to protect: cut at the limit.
		{"continuation bytes", strings.Repeat("\x80", 120), strings.Repeat("\x80", 100)},
		{"invalid lead at 99", a(99) + "\xff\x80", a(99) + "\xff"},
	}
	for _, tt := range tests {
		scanEach(t, tt.name, "x "+tt.tok+" y\n", func(t *testing.T, got [][]string) {
			want := [][]string{{"x", tt.want, "y"}}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %q, want %q", got, want)
			}
			if len(got) == 1 && len(got[0]) == 3 {
				tok := got[0][1]
				if len(tok) > MaxTokenBytes {
					t.Errorf("token is %d bytes", len(tok))
				}
				if utf8.ValidString(tt.tok) && !utf8.ValidString(tok) {
					t.Errorf("truncation split a rune: %q", tok)
				}
			}
		})
	}
}

// refScan is a simple reference for the Scanner's semantics, written
// differently (split lines, split fields, truncate by whole runes).
func refScan(in string) [][]string {
	var sents [][]string
	for _, line := range strings.Split(in, "\n") {
		f := strings.FieldsFunc(line, func(r rune) bool {
			return r < utf8.RuneSelf && strings.ContainsRune(" \t\v\f\r", r)
		})
		for i := range f {
			if len(f[i]) > MaxTokenBytes {
				n := 0
				for _, r := range f[i] {
					if n+utf8.RuneLen(r) > MaxTokenBytes {
						break
					}
					n += utf8.RuneLen(r)
				}
				f[i] = f[i][:n]
			}
		}
		for len(f) > MaxSentenceTokens {
			sents = append(sents, f[:MaxSentenceTokens])
			f = f[MaxSentenceTokens:]
		}
		if len(f) > 0 {
			sents = append(sents, f)
		}
	}
	return sents
}

// randomText returns about n bytes of valid UTF-8 text with tokens of all
// lengths, multi-byte runes, long lines and runs of mixed whitespace.
func randomText(rng *rand.Rand, n int) string {
	runes := []string{"a", "z", "é", "ß", "€", "日", "😀", "\x01"}
	spaces := []string{" ", " ", " ", "\t", "\r", "\v", "\f", "  ", "\n", "\r\n", "\n\n"}
	var b strings.Builder
	for b.Len() < n {
		var l int
		switch rng.IntN(20) {
		case 0:
			l = 90 + rng.IntN(30) // around the truncation limit
		case 1:
			l = 100 + rng.IntN(2000)
		default:
			l = 1 + rng.IntN(10)
		}
		for range l {
			if rng.IntN(4) == 0 {
				b.WriteString(runes[rng.IntN(len(runes))])
			} else {
				b.WriteByte(byte('a' + rng.IntN(26)))
			}
		}
		if rng.IntN(3000) == 0 {
			continue // no separator: very long lines come from the sentence cut
		}
		if rng.IntN(200) == 0 {
			b.WriteString(spaces[8]) // make sure lines end now and then
		} else {
			b.WriteString(spaces[rng.IntN(len(spaces))])
		}
	}
	return b.String()
}

// TestScannerLarge compares the Scanner with refScan on inputs spanning
// many buffer refills, read in chunks of several sizes, so tokens straddle
// refills at every position.
func TestScannerLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	in := randomText(rng, 3*bufSize+12345)
	// A token straddling the first refill, longer than MaxTokenBytes.
	long := strings.Repeat("é", 100)
	in = in[:bufSize-21] + " " + long + " " + in[bufSize-21:]
	// A single token longer than the whole buffer.
	in += " " + strings.Repeat("b", 3*bufSize) + " end\n"
	want := refScan(in)

	chunked := func(size int) io.Reader {
		return &chunkReader{data: []byte(in), size: size}
	}
	for name, r := range map[string]io.Reader{
		"whole":   strings.NewReader(in),
		"onebyte": iotest.OneByteReader(strings.NewReader(in)),
		"half":    iotest.HalfReader(strings.NewReader(in)),
		"7":       chunked(7),
		"4093":    chunked(4093),
		"buf-1":   chunked(bufSize - 1),
	} {
		t.Run(name, func(t *testing.T) {
			got, err := scanAll(t, r)
			if err != nil {
				t.Fatalf("Err() = %v", err)
			}
			if len(got) != len(want) {
				t.Fatalf("%d sentences, want %d", len(got), len(want))
			}
			for i := range got {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Fatalf("sentence %d:\n got %q\nwant %q", i, got[i], want[i])
				}
			}
			last := got[len(got)-1]
			if l := len(last); l < 2 || last[l-2] != strings.Repeat("b", 100) || last[l-1] != "end" {
				t.Errorf("last sentence %q, want it to end in 100 b's and end", last)
			}
		})
	}
}

// chunkReader returns data at most size bytes per Read.
type chunkReader struct {
	data []byte
	size int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), r.size)], r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestScannerBinary(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string // events before the error; "|" is a boundary
		off  int
	}{
		{"at start", "\x00abc", nil, 0},
		{"in whitespace", "abc \x00 def", []string{"abc"}, 4},
		{"ends token", "abc def\x00 ghi", []string{"abc"}, 7},
		{"inside token", "abc de\x00f", []string{"abc"}, 6},
		{"after newline", "abc\n\x00", []string{"abc", "|"}, 4},
		{"long token", "x " + strings.Repeat("y", 300) + "\x00", []string{"x"}, 302},
		{"after buffer", strings.Repeat("z\n", bufSize) + "\x00", slices.Repeat([]string{"z", "|"}, bufSize), 2 * bufSize},
	}
	for _, tt := range tests {
		for rname, r := range readers(tt.in) {
			t.Run(tt.name+"/"+rname, func(t *testing.T) {
				s := NewScanner(r)
				got := scanEvents(s, "|")
				if !reflect.DeepEqual(got, tt.want) {
					i := 0
					for i < min(len(got), len(tt.want)) && got[i] == tt.want[i] {
						i++
					}
					t.Errorf("%d events, want %d; first difference at event %d: got %q, want %q",
						len(got), len(tt.want), i, got[i:min(i+5, len(got))], tt.want[i:min(i+5, len(tt.want))])
				}
				err := s.Err()
				if !errors.Is(err, ErrBinary) {
					t.Fatalf("Err() = %v, want ErrBinary", err)
				}
				if want := fmt.Sprintf("binary data (NUL byte) at offset %d", tt.off); err.Error() != want {
					t.Errorf("Err() = %q, want %q", err, want)
				}
				if s.Scan() {
					t.Error("Scan returned true after an error")
				}
			})
		}
	}
}

// scanEvents scans s to its end: each token, and boundary for each
// sentence end.
func scanEvents(s *Scanner, boundary string) []string {
	var got []string
	for s.Scan() {
		if s.Boundary() {
			got = append(got, boundary)
		} else {
			got = append(got, string(s.Token()))
		}
	}
	return got
}

func TestScannerReadError(t *testing.T) {
	errDisk := errors.New("disk on fire")
	r := io.MultiReader(strings.NewReader("a b\nc d"), iotest.ErrReader(errDisk))
	s := NewScanner(r)
	got := scanEvents(s, "|")
	// "d" may continue past the failed read, so it is not reported, and
	// neither is a boundary for the unfinished sentence.
	if want := []string{"a", "b", "|", "c"}; !reflect.DeepEqual(got, want) {
		t.Errorf("events %q, want %q", got, want)
	}
	if !errors.Is(s.Err(), errDisk) {
		t.Errorf("Err() = %v, want %v", s.Err(), errDisk)
	}
}

func TestScannerNoProgress(t *testing.T) {
	s := NewScanner(emptyReader{})
	if s.Scan() {
		t.Fatal("Scan returned true")
	}
	if !errors.Is(s.Err(), io.ErrNoProgress) {
		t.Errorf("Err() = %v, want io.ErrNoProgress", s.Err())
	}
}

type emptyReader struct{}

func (emptyReader) Read([]byte) (int, error) { return 0, nil }

func TestScannerOffset(t *testing.T) {
	in := "ab  cd\nef " + strings.Repeat("g", 200) + " h"
	for rname, r := range readers(in) {
		t.Run(rname, func(t *testing.T) {
			s := NewScanner(r)
			var offs []int64
			for s.Scan() {
				offs = append(offs, s.Offset())
			}
			// After each event, Offset is just past what it consumed.
			want := []int64{2, 6, 7, 9, 210, 212, 212}
			if !reflect.DeepEqual(offs, want) {
				t.Errorf("offsets %v, want %v", offs, want)
			}
		})
	}
}

func TestScannerAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	in := []byte(randomText(rng, 2*bufSize))
	r := bytes.NewReader(in)
	allocs := testing.AllocsPerRun(5, func() {
		r.Reset(in)
		s := NewScanner(r)
		for s.Scan() {
		}
	})
	// The Scanner and its buffer; nothing per token.
	if allocs > 2 {
		t.Errorf("%v allocations per scan, want <= 2", allocs)
	}
}

func BenchmarkScanner(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	var sb strings.Builder
	// English-like text: a-z words of 1-12 bytes, lines of ~1-60 words.
	for sb.Len() < 64<<20 {
		for range 1 + rng.IntN(60) {
			for range 1 + rng.IntN(12) {
				sb.WriteByte(byte('a' + rng.IntN(26)))
			}
			sb.WriteByte(' ')
		}
		sb.WriteByte('\n')
	}
	synthetic := []byte(sb.String())
	b.Run("synthetic", func(b *testing.B) { benchScan(b, synthetic) })

	b.Run("enwiki", func(b *testing.B) {
		f, err := Open(enwikiPath)
		if err != nil {
			b.Skipf("sample corpus not available: %v", err)
		}
		defer f.Close()
		data, err := io.ReadAll(io.LimitReader(f, 64<<20))
		if err != nil {
			b.Fatal(err)
		}
		benchScan(b, data)
	})
}

func benchScan(b *testing.B, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	r := bytes.NewReader(data)
	for b.Loop() {
		r.Reset(data)
		s := NewScanner(r)
		n := 0
		for s.Scan() {
			n += len(s.Token())
		}
		if s.Err() != nil || n == 0 {
			b.Fatal(s.Err(), n)
		}
	}
}

// enwikiPath is the shared sample corpus, relative to this directory.
const enwikiPath = "../../shared/data/enwiki17m.txt.zst"

// TestEnwikiSample scans the start of the shared preprocessed Wikipedia
// sample, which should hold only lowercase a-z words.
func TestEnwikiSample(t *testing.T) {
	if _, err := os.Stat(enwikiPath); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("sample corpus required when CI=true: %v", err)
		}
		t.Skipf("sample corpus %s not available, skipping: %v", enwikiPath, err)
	}
	f, err := Open(enwikiPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := NewScanner(f)
	const limit = 4 << 20
	tokens, sentences := 0, 0
	for s.Offset() < limit && s.Scan() {
		if s.Boundary() {
			sentences++
			continue
		}
		tokens++
		for _, c := range s.Token() {
			if c < 'a' || c > 'z' {
				t.Fatalf("token %d %q at offset %d is not lowercase a-z", tokens, s.Token(), s.Offset())
			}
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if s.Offset() < limit {
		t.Errorf("scanned only %d bytes, want %d", s.Offset(), limit)
	}
	// Average English word length is about 5 bytes; 4 MB holds ~700k words.
	if tokens < 400_000 {
		t.Errorf("only %d tokens in %d bytes", tokens, s.Offset())
	}
	if sentences == 0 {
		t.Errorf("no sentence boundaries in %d tokens", tokens)
	}
	t.Logf("%d tokens, %d sentences in %d bytes", tokens, sentences, s.Offset())
}

// blockEvents reads s to its end with AppendEvents, n events a call, and
// returns what scanEvents would.
func blockEvents(s *Scanner, boundary string, n int) []string {
	var got []string
	for more := true; more; {
		var text []byte
		var ends []uint32
		text, ends, more = s.AppendEvents(text, ends, n)
		if len(ends) > n || more && len(ends) != n {
			panic(fmt.Sprintf("AppendEvents gave %d events of %d, more %v", len(ends), n, more))
		}
		start := uint32(0)
		for _, end := range ends {
			if end == start {
				got = append(got, boundary)
			} else {
				got = append(got, string(text[start:end]))
			}
			start = end
		}
	}
	return got
}

// TestAppendEvents checks that AppendEvents gives Scan's events and error,
// in blocks of several sizes, on text that straddles refills, cuts long
// sentences, truncates long tokens and ends in a NUL, fed whole and in
// pieces.
func TestAppendEvents(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	long := randomText(rng, 2*bufSize+999) + " " + strings.Repeat("b", bufSize+7) + " " + strings.Repeat("w ", 2500) + "end"
	for _, in := range []string{"", " \n ", "a", "one two\nthree\r\n\n four", long, long[:bufSize+50] + "\x00 after", "a bc\x00d e", "a b\x00", "x " + strings.Repeat("é", 60) + "\n"} {
		for _, n := range []int{1, 3, 1000, 1 << 14} {
			for how, mk := range map[string]func() io.Reader{
				"whole": func() io.Reader { return strings.NewReader(in) },
				"7":     func() io.Reader { return &chunkReader{data: []byte(in), size: 7} },
				"4093":  func() io.Reader { return &chunkReader{data: []byte(in), size: 4093} },
			} {
				ref := NewScanner(mk())
				want := scanEvents(ref, "|")
				s := NewScanner(mk())
				got := blockEvents(s, "|", n)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%d bytes, %s, blocks of %d: %d events, want %d (first difference at %d)", len(in), how, n, len(got), len(want), firstDiff(got, want))
				}
				if fmt.Sprint(s.Err()) != fmt.Sprint(ref.Err()) || s.Offset() != ref.Offset() {
					t.Fatalf("%d bytes, %s, blocks of %d: Err %v at %d, want %v at %d", len(in), how, n, s.Err(), s.Offset(), ref.Err(), ref.Offset())
				}
			}
		}
	}
}

func firstDiff(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
