package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// fuzzReadLimit bounds what a fuzz input may decompress to, so that a
// small compression bomb cannot exhaust the fuzzer's memory.
const fuzzReadLimit = 16 << 20

// FuzzOpen feeds arbitrary bytes to Open, as a file and as standard input
// would arrive (a reader that is not a file). Properties: no panic; errors
// are one line naming the corpus; data without a compression magic reads
// back byte for byte; and the same data compressed with gzip and zstd is
// detected by content and decompresses to itself.
func FuzzOpen(f *testing.F) {
	dir := f.TempDir()
	// One encoder of each kind for the whole run: building a zstd encoder
	// costs more than everything else an input does.
	var gzbuf bytes.Buffer
	gz := gzip.NewWriter(&gzbuf)
	zs, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(1<<16))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "corpus")
		// check opens raw as a file (Open) when file is set, else as standard
		// input arrives (a reader that is not a file), and compares what it
		// reads with want unless want is nil.
		check := func(kind string, raw, want []byte, file bool) {
			name := "- (standard input)"
			var rc io.ReadCloser
			var err error
			if file {
				name = path
				if err := os.WriteFile(path, raw, 0o644); err != nil {
					t.Fatal(err)
				}
				rc, err = Open(path)
			} else {
				rc, err = newReader(name, iotest.HalfReader(bytes.NewReader(raw)))
			}
			var got []byte
			if err == nil {
				got, err = io.ReadAll(io.LimitReader(rc, fuzzReadLimit))
				rc.Close()
			}
			if err != nil {
				msg := err.Error()
				if !strings.Contains(msg, name) || strings.Contains(msg, "\n") {
					t.Fatalf("%s: error is not one line naming %s: %q", kind, name, msg)
				}
				if want != nil {
					t.Fatalf("%s: %v", kind, err)
				}
				return
			}
			if want != nil && !bytes.Equal(got, want) {
				t.Fatalf("%s: read %q, want %q", kind, got, want)
			}
		}
		magic := bytes.HasPrefix(data, []byte{0x1f, 0x8b}) || bytes.HasPrefix(data, []byte{0x28, 0xb5, 0x2f, 0xfd})
		switch {
		case len(data) == 0:
			if err := os.WriteFile(path, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := Open(path); err == nil {
				t.Fatal("an empty corpus opened without error")
			}
			return
		case magic:
			// Anything but a panic or an error that is not one line.
			check("raw file", data, nil, true)
			check("raw stdin", data, nil, false)
		default:
			check("plain file", data, data, true)
			check("plain stdin", data, data, false)
		}
		gzbuf.Reset()
		gz.Reset(&gzbuf)
		if _, err := gz.Write(data); err != nil {
			t.Fatal(err)
		}
		if err := gz.Close(); err != nil {
			t.Fatal(err)
		}
		check("gzip", gzbuf.Bytes(), data, false)
		check("zstd", zs.EncodeAll(data, nil), data, false)
	})
}

// FuzzScanner checks the tokenizer on arbitrary bytes, whole and one byte
// per read: no panic, every token non-empty and free of separators and at
// most MaxTokenBytes long; a NUL byte is reported as ErrBinary at its
// offset; and valid UTF-8 without NUL gives exactly the sentences of the
// reference tokenizer refScan, every token valid UTF-8 (the 100-byte cut
// never splits a rune, so vocab drops no token of a valid corpus).
func FuzzScanner(f *testing.F) {
	f.Add([]byte(strings.Repeat("a", MaxTokenBytes-1) + "é " + strings.Repeat("b", MaxTokenBytes-2) + "€\n"))
	f.Add([]byte(strings.Repeat("a", MaxTokenBytes-1) + "\xc3x caf\xe9\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		in := string(data)
		valid := utf8.ValidString(in)
		nul := strings.IndexByte(in, 0)
		for how, r := range map[string]io.Reader{
			"whole":   strings.NewReader(in),
			"onebyte": iotest.OneByteReader(strings.NewReader(in)),
		} {
			sents, err := scanAll(t, r)
			for _, s := range sents {
				if len(s) > MaxSentenceTokens {
					t.Fatalf("%s: sentence of %d tokens", how, len(s))
				}
				for _, tok := range s {
					if len(tok) > MaxTokenBytes || strings.ContainsAny(tok, " \t\n\v\f\r\x00") || valid && !utf8.ValidString(tok) {
						t.Fatalf("%s: bad token %q", how, tok)
					}
				}
			}
			if nul >= 0 {
				if !errors.Is(err, ErrBinary) || !strings.HasSuffix(err.Error(), " at offset "+strconv.Itoa(nul)) {
					t.Fatalf("%s: NUL at %d, error %v", how, nul, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", how, err)
			}
			if valid {
				if want := refScan(in); !reflect.DeepEqual(sents, want) && !(len(sents) == 0 && len(want) == 0) {
					t.Fatalf("%s: sentences %q, want %q", how, sents, want)
				}
			}
		}
		// AppendEvents gives Scan's events and error, whole and in pieces.
		for _, n := range []int{1, 5, 1 << 14} {
			ref, s := NewScanner(strings.NewReader(in)), NewScanner(iotest.HalfReader(strings.NewReader(in)))
			want, got := scanEvents(ref, "|"), blockEvents(s, "|", n)
			if !reflect.DeepEqual(got, want) || fmt.Sprint(s.Err()) != fmt.Sprint(ref.Err()) {
				t.Fatalf("blocks of %d: events %q, %v; want %q, %v", n, got, s.Err(), want, ref.Err())
			}
		}
	})
}

// cleanOutput is the shape of everything Clean writes: words of a-z, each
// after one space, no final newline.
var cleanOutput = regexp.MustCompile(`^( [a-z]+)*$`)

// FuzzClean runs the Text9 cleaner on arbitrary bytes. Properties: no
// panic; the output has Clean's documented shape and agrees with the
// statistics; and a read buffer of 16 bytes, which splits every record
// across refills, gives the same output and error as the real one.
func FuzzClean(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		out, st, err := cleanString(t, string(data), cleanBufSize)
		small, _, serr := cleanString(t, string(data), 16)
		if (err == nil) != (serr == nil) || (err != nil && err.Error() != serr.Error()) {
			t.Fatalf("errors differ with a 16-byte buffer: %v vs %v", err, serr)
		}
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		if out != small {
			t.Fatalf("output differs with a 16-byte buffer:\n%q\n%q", out, small)
		}
		if !cleanOutput.MatchString(out) {
			t.Fatalf("output %q is not words of a-z after single spaces", out)
		}
		if st.BytesIn != int64(len(data)) || st.BytesOut != int64(len(out)) || st.Words != int64(strings.Count(out, " ")) {
			t.Fatalf("stats %+v for %d bytes in, %d out, %d words", st, len(data), len(out), strings.Count(out, " "))
		}
	})
}
