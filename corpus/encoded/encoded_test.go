package encoded

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/vocab"
)

// sampleText is a corpus with a Zipf-like vocabulary, rare words to drop,
// empty lines, long lines and a last line without a newline.
func sampleText(seed uint64, lines int) string {
	r := rand.New(rand.NewPCG(seed, 2))
	var b strings.Builder
	for i := range lines {
		if i%37 == 0 {
			b.WriteString("\n\n")
		}
		for range 1 + r.IntN(30) {
			fmt.Fprintf(&b, "w%d ", int(1/(r.Float64()+0.002)))
		}
		b.WriteByte('\n')
	}
	b.WriteString("last line")
	return b.String()
}

func writeEncoded(t testing.TB, text string, opt Options) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "c.wvc")
	if _, _, err := Write(context.Background(), path, strings.NewReader(text), opt); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRoundTrip checks that the encoded file holds exactly the vocabulary
// and ids vocab.Learn makes of the same text, pruning included.
func TestRoundTrip(t *testing.T) {
	text := sampleText(1, 20_000) // more than one chunk of ids
	for _, opt := range []Options{{MinCount: 1}, {MinCount: 5}, {MinCount: 2, MaxVocab: 40}} {
		t.Run(fmt.Sprintf("min%d-max%d", opt.MinCount, opt.MaxVocab), func(t *testing.T) {
			wantV, want, err := vocab.Learn(corpus.NewScanner(strings.NewReader(text)),
				vocab.LearnOptions{MinCount: opt.MinCount, MaxWords: opt.MaxVocab})
			if err != nil {
				t.Fatal(err)
			}
			opt.Files = 1
			c, err := Open(writeEncoded(t, text, opt))
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if !slices.Equal(c.IDs, want) {
				t.Fatalf("ids differ: %d encoded, %d in memory", len(c.IDs), len(want))
			}
			if !slices.Equal(c.Vocab.Words, wantV.Words) || !slices.Equal(c.Vocab.Counts, wantV.Counts) {
				t.Fatal("vocabularies differ")
			}
			var sentences int64
			for _, id := range want {
				if id == vocab.SentenceEnd {
					sentences++
				}
			}
			in := c.Info
			if in.Tokens != int64(len(want))-sentences || in.Sentences != sentences || in.Bytes != int64(len(text)) ||
				in.Files != 1 || in.MinCount != opt.MinCount || in.MaxVocab != int64(opt.MaxVocab) || in.Version != Version {
				t.Fatalf("info %+v", in)
			}
			if isUnixMapped && !c.Mapped {
				t.Error("not mapped")
			}
		})
	}
}

// TestBadFiles checks that each kind of damage gets its own one-line error.
func TestBadFiles(t *testing.T) {
	good, err := os.ReadFile(writeEncoded(t, sampleText(2, 500), Options{MinCount: 1}))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	metaOff := int(le32or64(good[32:40]))
	cases := []struct {
		name string
		data []byte
		want string
		kind error
	}{
		{"short", good[:5], "truncated", ErrTruncated},
		{"header", good[:40], "truncated", ErrTruncated},
		{"ids", good[:200], "truncated", ErrTruncated},
		{"meta", good[:len(good)-3], "truncated", ErrTruncated},
		{"version", withByte(good, 8, 2), "format version 2, but this wipsvec reads version 1", ErrVersion},
		{"header crc", withByte(good, 24, good[24]^1), "corrupt: header checksum", ErrChecksum},
		{"id bit", withByte(good, 100, good[100]^0x10), "corrupt: ids checksum", ErrChecksum},
		{"meta bit", withByte(good, metaOff+60, good[metaOff+60]^1), "corrupt: metadata checksum", ErrChecksum},
		{"trailing", append(slices.Clone(good), 0), "corrupt", ErrLayout},
		{"text", []byte("the quick brown fox\n"), "not an encoded corpus", ErrNotEncoded},
	}
	for _, c := range cases {
		p := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_"))
		os.WriteFile(p, c.data, 0o644)
		_, err := Open(p)
		if err == nil {
			t.Errorf("%s: opened", c.name)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, c.want) || !strings.Contains(msg, p) || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q, want one line naming the file with %q", c.name, msg, c.want)
		}
		if k := kindOf(err); k != c.kind {
			t.Errorf("%s: error %q of kind %v, want %v", c.name, msg, k, c.kind)
		}
	}
	if _, err := Open(filepath.Join(dir, "text")); !errors.Is(err, ErrNotEncoded) {
		t.Errorf("text file: %v, want ErrNotEncoded", err)
	}
	if IsEncoded(filepath.Join(dir, "text")) || !IsEncoded(filepath.Join(dir, "header")) {
		t.Error("IsEncoded wrong")
	}
}

func le32or64(b []byte) uint64 {
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

func withByte(b []byte, i int, c byte) []byte {
	b = slices.Clone(b)
	b[i] = c
	return b
}

// TestCancelLeavesNothing checks that a cancelled or failed Write leaves no
// file behind.
func TestCancelLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Write(ctx, filepath.Join(dir, "c.wvc"), strings.NewReader(sampleText(3, 100)), Options{MinCount: 1}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if _, _, err := Write(context.Background(), filepath.Join(dir, "d.wvc"), strings.NewReader("a b\x00c"), Options{MinCount: 1}); err == nil {
		t.Fatal("binary text encoded")
	}
	f, err := Scratch([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := WriteTo(context.Background(), f, strings.NewReader("a b c"), Options{MinCount: 5}); err == nil {
		t.Fatal("empty vocabulary encoded")
	}
	f.Close()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("left behind: %v", ents)
	}
}

// TestRewriteStops checks that the rewrite pass, with its reading and
// writing goroutines, returns the error that stops it (a cancelled context,
// a file that cannot be read) rather than hanging, and that it otherwise
// yields the in-memory encoding.
func TestRewriteStops(t *testing.T) {
	text := sampleText(4, 40_000) // several chunks of ids
	c := vocab.NewCounter(vocab.LearnOptions{MinCount: 2})
	var prov []int32
	err := c.Count(corpus.NewScanner(strings.NewReader(text)), make([]int32, 0, 1024), func(ids []int32) ([]int32, error) {
		prov = append(prov, ids...)
		return ids[:0], nil
	})
	if err != nil {
		t.Fatal(err)
	}
	v, remap, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	provisional := func() *os.File {
		f, err := os.Create(filepath.Join(t.TempDir(), "c.wvc"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		if _, err := f.Write(appendIDs(make([]byte, prefixSize), prov)); err != nil {
			t.Fatal(err)
		}
		return f
	}
	n := int64(len(prov))
	f := provisional()
	wr, _, _, err := rewriteFinal(context.Background(), f, n, remap, int32(v.Len()))
	if err != nil {
		t.Fatal(err)
	}
	raw := make([]byte, wr-prefixSize)
	if _, err := f.ReadAt(raw, prefixSize); err != nil {
		t.Fatal(err)
	}
	_, want, _ := vocab.Learn(corpus.NewScanner(strings.NewReader(text)), vocab.LearnOptions{MinCount: 2})
	if got := decodeIDs(make([]int32, len(raw)/4), raw); !slices.Equal(got, want) || len(want) < 2*chunkIDs {
		t.Fatalf("rewrite gave %d ids, in-memory encoding %d (want equal, over two chunks)", len(got), len(want))
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, _, err := rewriteFinal(ctx, provisional(), n, remap, int32(v.Len())); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v, want context.Canceled", err)
	}
	f = provisional()
	f.Close()
	if _, _, _, err := rewriteFinal(context.Background(), f, n, remap, int32(v.Len())); err == nil {
		t.Error("closed file: no error")
	}
}

// marshalFile builds a file from its parts, as Write lays it out.
func marshalFile(info *Info, v *vocab.Vocab, ids []int32) []byte {
	meta := marshalMeta(info, v)
	raw := appendIDs(nil, ids)
	p := &prefix{version: Version, idsOff: prefixSize, ids: uint64(len(ids)),
		metaOff: prefixSize + uint64(len(raw)), metaLen: uint64(len(meta)),
		idsCRC: crcOf(raw), metaCRC: crcOf(meta)}
	return slices.Concat(p.marshal(), raw, meta)
}

// FuzzParse checks that parse never panics, that each error it returns is of
// exactly one of the exported kinds, and that whatever it accepts is exactly
// the file its parts make: nothing in an accepted file goes unread or
// unchecked.
func FuzzParse(f *testing.F) {
	good, err := os.ReadFile(writeEncoded(f, "a b a\nc a b\n\nb a", Options{MinCount: 1, Files: 2}))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:70])
	f.Add([]byte(Magic))
	f.Add([]byte("plain text\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := parse(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of several lines: %q", err)
			}
			if kindOf(err) == nil {
				t.Fatalf("error %q of no kind, or of several", err)
			}
			if c != nil {
				t.Fatalf("a corpus with the error %q", err)
			}
			return
		}
		if got := marshalFile(&c.Info, c.Vocab, c.IDs); !bytes.Equal(got, data) {
			t.Fatalf("accepted a file that its parts do not make")
		}
		for _, w := range c.Vocab.Words {
			if !utf8.ValidString(w) {
				t.Fatalf("accepted a vocabulary word that is not valid UTF-8: %q", w)
			}
		}
	})
}

// TestRoundTripBigEndianPath runs Write and Open through the code a
// big-endian host takes (decoding and encoding every id), which must read
// and write the same files.
func TestRoundTripBigEndianPath(t *testing.T) {
	text := sampleText(4, 40_000) // several chunks of ids
	native, err := os.ReadFile(writeEncoded(t, text, Options{MinCount: 2}))
	if err != nil {
		t.Fatal(err)
	}
	saved := littleEndian
	littleEndian = false
	defer func() { littleEndian = saved }()
	path := writeEncoded(t, text, Options{MinCount: 2})
	portable, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(native, portable) {
		t.Fatal("the portable path wrote another file")
	}
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_, want, _ := vocab.Learn(corpus.NewScanner(strings.NewReader(text)), vocab.LearnOptions{MinCount: 2})
	if len(want) < 2*chunkIDs {
		t.Fatalf("%d ids: fewer than two chunks", len(want))
	}
	if !slices.Equal(c.IDs, want) {
		t.Fatal("the portable path read other ids")
	}
}

// kinds are the kinds of error Open returns for a file it cannot use, the
// kinds of ErrCorrupt first.
var kinds = []error{ErrChecksum, ErrLayout, ErrMetadata, ErrIDs, ErrCounts,
	ErrNotEncoded, ErrVersion, ErrTruncated}

// kindOf returns the one kind of err, or nil if err is of no kind or of
// several. An error of a kind of ErrCorrupt must be ErrCorrupt, and an
// error of no such kind must not.
func kindOf(err error) error {
	var kind error
	for i, k := range kinds {
		if !errors.Is(err, k) {
			continue
		}
		if kind != nil || errors.Is(err, ErrCorrupt) != (i < 5) {
			return nil
		}
		kind = k
	}
	return kind
}

// TestInvalidUTF8 checks that encoding leaves out the tokens that are not
// valid UTF-8 as vocab.LearnChunksStats does, ids and vocabulary alike, and
// reports their count; the file holds no trace of them.
func TestInvalidUTF8(t *testing.T) {
	// Latin-1 words, a lone continuation byte and a sequence cut short,
	// among a corpus long enough for several chunks of ids.
	var b strings.Builder
	var invalid int64
	for i, line := range strings.Split(sampleText(5, 20_000), "\n") {
		b.WriteString(line)
		switch i % 100 {
		case 3:
			b.WriteString(" caf\xe9 na\xefve")
			invalid += 2
		case 50:
			b.WriteString(" \x80")
			invalid++
		case 77:
			b.WriteString("\n\xe2\x82 caf\xe9") // a sentence of invalid tokens only
			invalid += 2
		}
		b.WriteByte('\n')
	}
	text := b.String()
	for _, opt := range []Options{{MinCount: 1}, {MinCount: 5}, {MinCount: 2, MaxVocab: 40}} {
		t.Run(fmt.Sprintf("min%d-max%d", opt.MinCount, opt.MaxVocab), func(t *testing.T) {
			lopt := vocab.LearnOptions{MinCount: opt.MinCount, MaxWords: opt.MaxVocab}
			wantV, chunks, st, err := vocab.LearnChunksStats(corpus.NewScanner(strings.NewReader(text)), lopt)
			if err != nil {
				t.Fatal(err)
			}
			want := vocab.Join(chunks)
			wantInv := vocab.InvalidUTF8{Tokens: invalid, Distinct: 4, Example: "caf\xe9"}
			if st.Invalid != wantInv {
				t.Fatalf("LearnChunksStats: invalid %+v, want %+v", st.Invalid, wantInv)
			}
			path := filepath.Join(t.TempDir(), "c.wvc")
			info, v, err := Write(context.Background(), path, strings.NewReader(text), opt)
			if err != nil {
				t.Fatal(err)
			}
			if info.Invalid != wantInv {
				t.Errorf("Write: invalid %+v, want %+v", info.Invalid, wantInv)
			}
			c, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if !slices.Equal(c.IDs, want) {
				t.Fatalf("ids differ: %d encoded, %d in memory", len(c.IDs), len(want))
			}
			for _, vv := range []*vocab.Vocab{v, c.Vocab} {
				if !slices.Equal(vv.Words, wantV.Words) || !slices.Equal(vv.Counts, wantV.Counts) {
					t.Fatal("vocabularies differ")
				}
			}
			for _, w := range c.Vocab.Words {
				if !utf8.ValidString(w) {
					t.Fatalf("vocabulary holds %q", w)
				}
			}
			if c.Info.Invalid != (vocab.InvalidUTF8{}) {
				t.Errorf("Open: invalid %+v, want none (not stored)", c.Info.Invalid)
			}
		})
	}
}

// TestOpenInvalidWord: a file whose vocabulary holds a word that is not
// valid UTF-8 (as an older wipsvec could write) is refused, naming the word
// and what to do.
func TestOpenInvalidWord(t *testing.T) {
	v, err := vocab.New([]string{"a", "b"}, []int64{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	meta := marshalMeta(&Info{Tokens: 3, Files: 1, Bytes: 6}, v)
	// The words follow 56 bytes of numbers: 1 "a" 2 1 "b" 1.
	if i := 56 + 4; meta[i] != 'b' {
		t.Fatalf("meta layout: %q", meta[56:])
	} else {
		meta[i] = 0xe9
	}
	raw := appendIDs(nil, []int32{0, 1, 0})
	p := &prefix{version: Version, idsOff: prefixSize, ids: 3,
		metaOff: prefixSize + uint64(len(raw)), metaLen: uint64(len(meta)),
		idsCRC: crcOf(raw), metaCRC: crcOf(meta)}
	path := filepath.Join(t.TempDir(), "old.wvc")
	if err := os.WriteFile(path, slices.Concat(p.marshal(), raw, meta), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Open(path)
	want := `encoded corpus ` + path + `: vocabulary word 1 "\xe9" is not valid UTF-8, which this wipsvec leaves out (encoded by an older one?): encode the corpus again with this wipsvec`
	if err == nil || err.Error() != want {
		t.Errorf("error %v\nwant  %s", err, want)
	}
	if kindOf(err) != ErrVersion {
		t.Errorf("error %v is not of kind ErrVersion alone", err)
	}
}
