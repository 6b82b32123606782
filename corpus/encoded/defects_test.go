package encoded

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/vocab"
)

// parts are the contents of an encoded corpus file, to be laid out by file
// as Write lays them out, with a defect planted.
type parts struct {
	info   Info
	words  []string
	counts []int64
	ids    []int32
	// meta edits the metadata bytes before the header is made.
	meta func(b []byte) []byte
	// layout edits the header's fields before its checksums are made.
	layout func(p *prefix)
	// header edits the header's bytes before its own checksum is made.
	header func(b []byte)
	tail   []byte // bytes after the end the header gives
	// damage edits the finished file, leaving its checksums as they were.
	damage func(f []byte)
}

// file lays the parts out with every checksum valid for the bytes the header
// says it covers (where they lie in the file), so that Open's checks of the
// content, not its checksums, must find the defect. Info's Tokens and
// Sentences are those of the ids unless set.
func (p parts) file() []byte {
	info := p.info
	for _, id := range p.ids {
		switch {
		case id != vocab.SentenceEnd && p.info.Tokens == 0:
			info.Tokens++
		case id == vocab.SentenceEnd && p.info.Sentences == 0:
			info.Sentences++
		}
	}
	raw := appendIDs(nil, p.ids)
	meta := marshalMeta(&info, &vocab.Vocab{Words: p.words, Counts: p.counts})
	if p.meta != nil {
		meta = p.meta(meta)
	}
	pre := &prefix{version: Version, idsOff: prefixSize, ids: uint64(len(p.ids)),
		metaOff: prefixSize + uint64(len(raw)), metaLen: uint64(len(meta))}
	if p.layout != nil {
		p.layout(pre)
	}
	f := slices.Concat(make([]byte, prefixSize), raw, meta, p.tail)
	size := uint64(len(f))
	if pre.idsOff <= pre.metaOff && pre.metaOff <= size {
		pre.idsCRC = crcOf(f[pre.idsOff:pre.metaOff])
	}
	if pre.metaOff <= size && pre.metaLen <= size-pre.metaOff {
		pre.metaCRC = crcOf(f[pre.metaOff : pre.metaOff+pre.metaLen])
	}
	head := pre.marshal()
	if p.header != nil {
		p.header(head)
		binary.LittleEndian.PutUint32(head[60:], crcOf(head[:60]))
	}
	copy(f, head)
	if p.damage != nil {
		p.damage(f)
	}
	return f
}

// sound is a small corpus Open accepts, "the cat sat. the sat cat the.", with
// a tie in its vocabulary (cat and sat, twice each) and a stream that ends
// with a sentence end.
func sound() parts {
	return parts{
		info:   Info{MinCount: 1, Files: 1, Bytes: 29, TextCRC: 7},
		words:  []string{"the", "cat", "sat"},
		counts: []int64{3, 2, 2},
		ids:    []int32{0, 1, 2, -1, 0, 2, 1, 0, -1},
	}
}

// longIDs is a stream of the sound corpus's three words over several
// pieces of Open's check, and the words' counts in it.
func longIDs() ([]int32, []int64) {
	ids := make([]int32, 0, 3*chunkIDs)
	counts := make([]int64, 3)
	for i := 0; len(ids) < cap(ids); i++ {
		id := []int32{0, 0, 0, 1, 0, 1, 2, -1}[i%8]
		ids = append(ids, id)
		if id >= 0 {
			counts[id]++
		}
	}
	return ids, counts
}

// TestPartsFile checks that file lays a corpus out exactly as Write does,
// so that a case below differs from a file Write makes only by its defect.
func TestPartsFile(t *testing.T) {
	path := writeEncoded(t, sampleText(5, 300), Options{MinCount: 2, Files: 1})
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	p := parts{info: c.Info, words: c.Vocab.Words, counts: c.Vocab.Counts, ids: c.IDs}
	if !bytes.Equal(p.file(), want) {
		t.Fatal("parts.file lays out another file than Write")
	}
}

// TestDefects checks each of Open's checks with a file whose checksums are
// all valid and that has exactly that check's defect: Open must refuse it,
// without panicking, with an error of the check's kind whose message names
// the file and the defect, and never hand its ids to training.
func TestDefects(t *testing.T) {
	dir := t.TempDir()
	for _, c := range slices.Concat(headerDefects(), metadataDefects(), idDefects(), checksumDefects()) {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) { checkDefect(t, dir, c) })
	}
}

// defect is one case of TestDefects: a sound file edited to have one
// defect, and the error Open must give.
type defect struct {
	name string
	edit func(p *parts)
	kind error
	msg  string // what the message says of the defect
}

// headerDefects are defects of the header, its checksum valid.
func headerDefects() []defect {
	le := binary.LittleEndian
	return []defect{
		{"version 2", func(p *parts) { p.header = func(b []byte) { le.PutUint32(b[8:], 2) } },
			ErrVersion, "format version 2"},
		{"version 0", func(p *parts) { p.header = func(b []byte) { le.PutUint32(b[8:], 0) } },
			ErrVersion, "format version 0"},
		{"header size field", func(p *parts) { p.header = func(b []byte) { le.PutUint32(b[12:], 72) } },
			ErrLayout, "unexpected header layout"},
		{"ids offset", func(p *parts) { p.layout = func(h *prefix) { h.idsOff += 4 } },
			ErrLayout, "unexpected header layout"},
		{"reserved field", func(p *parts) { p.header = func(b []byte) { b[56] = 1 } },
			ErrLayout, "unexpected header layout"},
		{"no ids", func(p *parts) { p.ids = nil }, ErrLayout, "header gives 0 ids"},
		{"ids count over the metadata", func(p *parts) { p.layout = func(h *prefix) { h.ids++ } },
			ErrLayout, "header gives 10 ids ending at 104 but metadata at 100"},
		{"ids count short of the metadata", func(p *parts) { p.layout = func(h *prefix) { h.ids-- } },
			ErrLayout, "header gives 8 ids ending at 96 but metadata at 100"},
		{"ids count overflowing", func(p *parts) { // 64 + 4*ids wraps round to the metadata's offset
			p.layout = func(h *prefix) { h.ids += 1 << 62 }
		}, ErrLayout, "header gives 4611686018427387913 ids"},
		{"metadata offset", func(p *parts) { p.layout = func(h *prefix) { h.metaOff += 4 } },
			ErrLayout, "but metadata at 104"},
		{"metadata length out of range", func(p *parts) { p.layout = func(h *prefix) { h.metaLen = math.MaxUint64 - 50 } },
			ErrLayout, "metadata length 18446744073709551565 out of range"},
		{"metadata length past the file", func(p *parts) { p.layout = func(h *prefix) { h.metaLen++ } },
			ErrTruncated, "the header says"},
		{"metadata length short of the file", func(p *parts) { p.layout = func(h *prefix) { h.metaLen-- } },
			ErrLayout, "1 bytes after the end the header gives"},
		{"bytes after the metadata", func(p *parts) { p.tail = []byte{0, 0} },
			ErrLayout, "2 bytes after the end the header gives"},
	}
}

// metadataDefects are defects of the metadata, its checksum valid.
func metadataDefects() []defect {
	le := binary.LittleEndian
	setVocabSize := func(n uint32) func([]byte) []byte {
		return func(b []byte) []byte { le.PutUint32(b[52:], n); return b }
	}
	return []defect{
		{"metadata short", func(p *parts) { p.meta = func(b []byte) []byte { return b[:52] } },
			ErrMetadata, "metadata of 52 bytes"},
		{"no tokens", func(p *parts) {
			p.ids, p.counts = []int32{0}, []int64{0, 0, 0}
			p.meta = func(b []byte) []byte { le.PutUint64(b[16:], 0); return b }
		}, ErrMetadata, "metadata out of range"},
		{"negative sentences", func(p *parts) { p.info.Sentences = -1 }, ErrMetadata, "metadata out of range"},
		{"negative files", func(p *parts) { p.info.Files = -1 }, ErrMetadata, "metadata out of range"},
		{"negative bytes", func(p *parts) { p.info.Bytes = -1 }, ErrMetadata, "metadata out of range"},
		{"negative min count", func(p *parts) { p.info.MinCount = -1 }, ErrMetadata, "metadata out of range"},
		{"negative max vocab", func(p *parts) { p.info.MaxVocab = -1 }, ErrMetadata, "metadata out of range"},
		{"vocabulary size 0", func(p *parts) { p.meta = setVocabSize(0) },
			ErrMetadata, "vocabulary of 0 words in 15 bytes"},
		{"vocabulary size beyond its bytes", func(p *parts) { p.meta = setVocabSize(6) },
			ErrMetadata, "vocabulary of 6 words in 15 bytes"},
		{"vocabulary size one more than its words", func(p *parts) { p.meta = setVocabSize(4) },
			ErrMetadata, "vocabulary word 3"},
		{"vocabulary size one less than its words", func(p *parts) { p.meta = setVocabSize(2) },
			ErrMetadata, "5 bytes after the vocabulary"},
		{"word past the metadata", func(p *parts) {
			p.meta = func(b []byte) []byte { b[len(b)-5] = 9; return b }
		}, ErrMetadata, "vocabulary word 2"},
		{"count cut short", func(p *parts) {
			p.meta = func(b []byte) []byte { b[len(b)-1] |= 0x80; return b }
		}, ErrMetadata, "vocabulary count 2"},
		{"count out of range", func(p *parts) { p.counts[2] = -1 }, ErrMetadata, "vocabulary count 2"},
		{"bytes after the vocabulary", func(p *parts) {
			p.meta = func(b []byte) []byte { return append(b, 0) }
		}, ErrMetadata, "1 bytes after the vocabulary"},
		{"empty word", func(p *parts) { p.words[2] = "" }, ErrMetadata, "empty word"},
		{"word with a space", func(p *parts) { p.words[2] = "s t" }, ErrMetadata, "contains whitespace"},
		{"duplicated word", func(p *parts) { p.words[2] = "cat" }, ErrMetadata, `duplicate word "cat"`},
		{"counts overflowing", func(p *parts) { p.counts = []int64{math.MaxInt64, 2, 2} },
			ErrMetadata, "total count overflows"},
		{"order by count", func(p *parts) { // the ids still mean the same words
			p.words, p.counts = []string{"cat", "the", "sat"}, []int64{2, 3, 2}
			p.ids = []int32{1, 0, 2, -1, 1, 2, 0, 1, -1}
		}, ErrMetadata, "not in vocabulary order at word 0"},
		{"order of a tie", func(p *parts) {
			p.words = []string{"the", "sat", "cat"}
			p.ids = []int32{0, 2, 1, -1, 0, 1, 2, 0, -1}
		}, ErrMetadata, "not in vocabulary order at word 1"},
	}
}

// idDefects are defects of the ids, their checksum valid.
func idDefects() []defect {
	return []defect{
		{"id of no word", func(p *parts) { p.ids[2] = 3 }, ErrIDs, "word id 3 out of a vocabulary of 3"},
		{"largest id", func(p *parts) { p.ids[2] = math.MaxInt32 }, ErrIDs, "word id 2147483647 out of"},
		{"negative id", func(p *parts) { p.ids[2] = -2 }, ErrIDs, "word id -2 out of"},
		{"most negative id", func(p *parts) { p.ids[2] = math.MinInt32 }, ErrIDs, "word id -2147483648 out of"},
		{"id of no word in a later piece", func(p *parts) {
			p.ids, p.counts = longIDs()
			p.ids[2*chunkIDs+3] = 3 // a word's count, a token no word's
		}, ErrIDs, "word id 3 out of"},
		{"leading sentence end", func(p *parts) { p.ids = slices.Insert(p.ids, 0, -1) },
			ErrIDs, "sentence end first or doubled"},
		{"doubled sentence end", func(p *parts) { p.ids = slices.Insert(p.ids, 3, -1) },
			ErrIDs, "sentence end first or doubled"},
		{"sentence end doubled across pieces", func(p *parts) {
			p.ids, p.counts = longIDs()
			i := chunkIDs - 1 // ids[i] and ids[i+1]: the last of a piece and the first of the next
			for _, j := range []int{i, i + 1} {
				if p.ids[j] >= 0 {
					p.counts[p.ids[j]]--
				}
				p.ids[j] = -1
			}
			// Not doubled elsewhere: the ends beside them are words.
			for _, j := range []int{i - 1, i + 2} {
				if p.ids[j] == -1 {
					p.ids[j] = 0
					p.counts[0]++
				}
			}
		}, ErrIDs, "sentence end first or doubled"},
	}
}

// checksumDefects are checksums that do not match, reported as such even
// where the bytes they cover also break a rule (damage explains both), and
// counts that do not add up.
func checksumDefects() []defect {
	return []defect{
		{"damaged id", func(p *parts) { p.damage = func(f []byte) { f[prefixSize+8] = 3 } },
			ErrChecksum, "ids checksum mismatch"},
		{"damaged id in a later piece", func(p *parts) {
			p.ids, p.counts = longIDs()
			p.damage = func(f []byte) { f[prefixSize+4*(chunkIDs+1)] = 3 }
		}, ErrChecksum, "ids checksum mismatch"},
		{"damaged metadata", func(p *parts) { p.damage = func(f []byte) { f[prefixSize+4*9+52] = 9 } },
			ErrChecksum, "metadata checksum mismatch"},

		// The counts, every checksum valid.
		{"tokens not the ids'", func(p *parts) { p.info.Tokens = 8; p.counts[0] = 4 },
			ErrCounts, "7 tokens and 2 sentence ends, the header says 8 and 2"},
		{"sentence ends not the ids'", func(p *parts) { p.info.Sentences = 3 },
			ErrCounts, "7 tokens and 2 sentence ends, the header says 7 and 3"},
		{"vocabulary counts not the tokens", func(p *parts) { p.counts[0] = 4 },
			ErrCounts, "vocabulary counts sum to 8, the header says 7 tokens"},
	}
}

// checkDefect writes c's file into dir and checks that Open and parse
// refuse it as c says.
func checkDefect(t *testing.T, dir string, c defect) {
	p := sound()
	p.words, p.counts, p.ids = slices.Clone(p.words), slices.Clone(p.counts), slices.Clone(p.ids)
	c.edit(&p)
	data := p.file()
	path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".wvc")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(how string, corp *Corpus, err error) {
		t.Helper()
		if err == nil {
			corp.Close()
			t.Fatalf("%s: accepted", how)
		}
		if corp != nil {
			t.Errorf("%s: a corpus with the error", how)
		}
		msg := err.Error()
		if !errors.Is(err, c.kind) || kindOf(err) != c.kind {
			t.Errorf("%s: error %q of kind %v, want %v", how, msg, kindOf(err), c.kind)
		}
		if !strings.Contains(msg, c.msg) || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q, want one line saying %q", how, msg, c.msg)
		}
	}
	corp, err := openNoPanic(t, path)
	check("Open", corp, err)
	if err != nil && !strings.HasPrefix(err.Error(), "encoded corpus "+path+": ") {
		t.Errorf("Open: error %q does not name the file", err)
	}
	// parse, on a copy that is not 4-byte aligned: the path that
	// decodes the ids.
	buf := make([]byte, len(data)+1)
	copy(buf[1:], data)
	corp, err = parseNoPanic(t, buf[1:])
	check("parse", corp, err)
}

// TestSoundCorpusParses: the corpus the defects are planted in is sound,
// and so is a stream that does not end with a sentence end.
func TestSoundCorpusParses(t *testing.T) {
	for _, p := range []parts{sound(), func() parts { p := sound(); p.ids = p.ids[:8]; return p }()} {
		c, err := parseNoPanic(t, p.file())
		if err != nil {
			t.Fatalf("sound corpus refused: %v", err)
		}
		if !slices.Equal(c.IDs, p.ids) || !slices.Equal(c.Vocab.Words, p.words) {
			t.Fatal("sound corpus read wrong")
		}
	}
	ids, counts := longIDs()
	if _, err := parseNoPanic(t, parts{info: sound().info, words: sound().words, counts: counts, ids: ids}.file()); err != nil {
		t.Fatalf("long sound corpus refused: %v", err)
	}
}

func openNoPanic(t *testing.T, path string) (c *Corpus, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("Open panicked: %v", r)
		}
	}()
	return Open(path)
}

func parseNoPanic(t *testing.T, data []byte) (c *Corpus, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("parse panicked: %v", r)
		}
	}()
	return parse(data)
}
