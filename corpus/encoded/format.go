// Package encoded gives training its corpus as word ids, and writes and
// maps encoded corpora: a corpus tokenized once into a vocabulary and a
// stream of 4-byte word ids, kept in a file that training maps into memory
// instead of holding the ids on the heap. It makes corpus size a matter of
// disk rather than memory, and lets many runs (the experiment grid) share
// one tokenizing pass. Load decides, for a text, whether its ids stay in
// memory or go to a scratch encoded corpus that leaves nothing behind.
//
// # File format, version 1
//
// All integers are little-endian. The file is a fixed 64-byte prefix, the
// ids, then the metadata (vocabulary and provenance). The metadata comes
// last because it is known only at the end of the single streaming pass
// that writes the ids; the prefix says where everything is.
//
//	offset  size  field
//	0       8     magic "\x89WVC\r\n\x1a\n" (non-text, and catches line-ending conversion)
//	8       4     version (1)
//	12      4     prefix size (64)
//	16      8     offset of the ids (64; a multiple of 4, so the mapped ids are aligned)
//	24      8     number of ids n
//	32      8     offset of the metadata (64 + 4n)
//	40      8     length of the metadata
//	48      4     CRC-32C of the ids' bytes
//	52      4     CRC-32C of the metadata
//	56      4     reserved (0)
//	60      4     CRC-32C of bytes 0..60
//	64      4n    ids: int32 word ids, -1 for a sentence end
//	...           metadata:
//	              int64 min-count, int64 max-vocab (0: the default) used to build it
//	              int64 word tokens, int64 sentence ends, in the ids
//	              int64 files read, int64 text bytes read (decompressed)
//	              uint32 CRC-32C of the text read, uint32 vocabulary size V
//	              V times: uvarint length, word bytes, uvarint count (vocabulary order)
//
// The ids follow vocab.LearnChunks' rules: ids index the vocabulary, a
// sentence end is never first and never follows another. The vocabulary is
// in vocabulary order (count descending, ties by the word's bytes), each
// word once and valid UTF-8 (tokens that are not are left out when
// encoding); the metadata's word tokens and sentence ends are those in the
// ids, and the vocabulary's counts sum to the word tokens.
//
// # Errors
//
// Open checks all of the above and refuses a file that breaks any of it, so
// that training never meets an id outside the vocabulary. Its errors are one
// line naming the file and what is wrong, and errors.Is tells their kind:
//
//   - ErrNotEncoded: the file does not start with Magic.
//   - ErrVersion: an encoded corpus of another format version, or one
//     whose vocabulary holds a word that is not valid UTF-8, which an older
//     wipsvec wrote and this one leaves out.
//   - ErrTruncated: the file is shorter than its header says.
//   - ErrCorrupt: the file is whole but wrong. Every such error is also
//     exactly one of the five kinds below, which say what is wrong.
//   - ErrChecksum: a checksum does not match the bytes it covers (the file
//     changed after it was written).
//   - ErrLayout: the header's checksum matches, but its fields disagree
//     with the format, each other or the file's size (bytes after the end,
//     ids overlapping the metadata).
//   - ErrMetadata: the metadata's checksum matches, but a field is out of
//     range, or the vocabulary does not parse, breaks vocab.New's rules (an
//     empty word, whitespace, a word twice), is out of vocabulary order or
//     is followed by stray bytes.
//   - ErrIDs: the ids' checksum matches, but an id is neither a word of the
//     vocabulary nor a sentence end, or a sentence end is first or doubled.
//   - ErrCounts: their checksums match, but the metadata's word tokens or
//     sentence ends are not those of the ids, or the vocabulary's counts do
//     not sum to the word tokens.
package encoded

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"unicode/utf8"

	"github.com/wipsvec/wipsvec/corpus/crc32c"
	"github.com/wipsvec/wipsvec/vocab"
)

// Magic starts every encoded corpus file.
const Magic = "\x89WVC\r\n\x1a\n"

// Version is the format version this package writes and reads.
const Version = 1

const prefixSize = 64

// Info describes an encoded corpus: how it was made and what it holds.
type Info struct {
	Version   int
	MinCount  int64  // words below this count were dropped
	MaxVocab  int64  // the counting table's bound (0: vocab.DefaultMaxWords)
	Tokens    int64  // word tokens in the ids
	Sentences int64  // sentence ends in the ids
	Files     int    // files read
	Bytes     int64  // text bytes read, decompressed
	TextCRC   uint32 // CRC-32C of the text read, with '\n' between files

	// Invalid counts the tokens left out because they are not valid UTF-8
	// (see vocab.Counter). It is set by Write and not stored in the file:
	// an Info from Open has it zero.
	Invalid vocab.InvalidUTF8
}

// The kinds of error Open returns for a file it cannot use (see the package
// doc). Its errors wrap them: test with errors.Is.
var (
	// ErrNotEncoded is returned by Open for a file that does not start
	// with Magic.
	ErrNotEncoded = errors.New("not an encoded corpus (no wipsvec magic bytes)")
	// ErrVersion is an encoded corpus of another format version: encode
	// the text again.
	ErrVersion = errors.New("encoded corpus of another format version")
	// ErrTruncated is a file shorter than its header says, or than the
	// header.
	ErrTruncated = errors.New("encoded corpus truncated")
	// ErrCorrupt is a file whose bytes are wrong, not missing. Every
	// ErrCorrupt error is also exactly one of the five kinds below.
	ErrCorrupt = errors.New("encoded corpus corrupt")

	// ErrChecksum is a checksum (of the header, the metadata or the ids)
	// that does not match the bytes it covers.
	ErrChecksum error = &corruptKind{"checksum mismatch"}
	// ErrLayout is a header, its checksum matching, whose fields disagree
	// with the format, each other or the file's size.
	ErrLayout error = &corruptKind{"header layout wrong"}
	// ErrMetadata is metadata, its checksum matching, with a field out of
	// range or a vocabulary that does not parse, breaks vocab.New's rules,
	// is out of vocabulary order or is followed by stray bytes.
	ErrMetadata error = &corruptKind{"metadata malformed"}
	// ErrIDs is ids, their checksum matching, holding an id that is
	// neither a vocabulary word nor a sentence end, or a sentence end
	// first or right after another.
	ErrIDs error = &corruptKind{"ids break the stream's rules"}
	// ErrCounts is counts, their checksums matching, that disagree: the
	// metadata's word tokens or sentence ends with the ids, or the
	// vocabulary's counts with the word tokens.
	ErrCounts error = &corruptKind{"counts disagree"}
)

// corruptKind is a kind of ErrCorrupt.
type corruptKind struct{ msg string }

func (k *corruptKind) Error() string { return "encoded corpus corrupt: " + k.msg }
func (k *corruptKind) Unwrap() error { return ErrCorrupt }

// prefix is the fixed start of the file.
type prefix struct {
	version           uint32
	idsOff, ids       uint64
	metaOff, metaLen  uint64
	idsCRC, metaCRC   uint32
	reserved, selfCRC uint32
}

func (p *prefix) marshal() []byte {
	b := make([]byte, prefixSize)
	copy(b, Magic)
	le := binary.LittleEndian
	le.PutUint32(b[8:], p.version)
	le.PutUint32(b[12:], prefixSize)
	le.PutUint64(b[16:], p.idsOff)
	le.PutUint64(b[24:], p.ids)
	le.PutUint64(b[32:], p.metaOff)
	le.PutUint64(b[40:], p.metaLen)
	le.PutUint32(b[48:], p.idsCRC)
	le.PutUint32(b[52:], p.metaCRC)
	le.PutUint32(b[56:], 0)
	le.PutUint32(b[60:], crc32c.Checksum(b[:60]))
	return b
}

// formatError is a one-line error about an encoded corpus file, of one of
// the kinds above.
type formatError struct {
	kind error // ErrTruncated, ErrVersion or a kind of ErrCorrupt
	msg  string
}

func (e *formatError) Error() string { return e.msg }
func (e *formatError) Unwrap() error { return e.kind }

func truncated(format string, args ...any) error {
	return &formatError{ErrTruncated, "truncated: " + fmt.Sprintf(format, args...)}
}

// corrupt is an error of kind, one of ErrCorrupt's.
func corrupt(kind error, format string, args ...any) error {
	return &formatError{kind, "corrupt: " + fmt.Sprintf(format, args...)}
}

// parsePrefix checks the prefix of a file of size bytes, of which b holds
// the first min(size, 64). It checks what the prefix alone can tell: magic,
// version, checksum, and that the layout it describes is the file's.
func parsePrefix(b []byte, size int64) (*prefix, error) {
	n := min(len(b), len(Magic))
	if string(b[:n]) != Magic[:n] {
		return nil, ErrNotEncoded
	}
	if len(b) < 12 {
		return nil, truncated("%d bytes, shorter than the %d-byte header", size, prefixSize)
	}
	le := binary.LittleEndian
	if v := le.Uint32(b[8:]); v != Version {
		return nil, &formatError{ErrVersion, fmt.Sprintf("format version %d, but this wipsvec reads version %d: encode the corpus again with this wipsvec", v, Version)}
	}
	if len(b) < prefixSize {
		return nil, truncated("%d bytes, shorter than the %d-byte header", size, prefixSize)
	}
	if crc32c.Checksum(b[:60]) != le.Uint32(b[60:]) {
		return nil, corrupt(ErrChecksum, "header checksum mismatch")
	}
	p := &prefix{
		version: Version,
		idsOff:  le.Uint64(b[16:]), ids: le.Uint64(b[24:]),
		metaOff: le.Uint64(b[32:]), metaLen: le.Uint64(b[40:]),
		idsCRC: le.Uint32(b[48:]), metaCRC: le.Uint32(b[52:]),
		reserved: le.Uint32(b[56:]), selfCRC: le.Uint32(b[60:]),
	}
	switch {
	case le.Uint32(b[12:]) != prefixSize || p.idsOff != prefixSize || p.reserved != 0:
		return nil, corrupt(ErrLayout, "unexpected header layout")
	case p.ids == 0 || p.ids > (math.MaxInt64-prefixSize)/4 || p.metaOff != prefixSize+4*p.ids:
		return nil, corrupt(ErrLayout, "header gives %d ids ending at %d but metadata at %d", p.ids, prefixSize+4*p.ids, p.metaOff)
	case p.metaLen > math.MaxInt64-p.metaOff:
		return nil, corrupt(ErrLayout, "metadata length %d out of range", p.metaLen)
	case uint64(size) < p.metaOff+p.metaLen:
		return nil, truncated("%d bytes, the header says %d", size, p.metaOff+p.metaLen)
	case uint64(size) > p.metaOff+p.metaLen:
		return nil, corrupt(ErrLayout, "%d bytes after the end the header gives", uint64(size)-p.metaOff-p.metaLen)
	}
	return p, nil
}

// marshalMeta encodes the metadata block.
func marshalMeta(info *Info, v *vocab.Vocab) []byte {
	b := make([]byte, 0, 56+v.Len()*12)
	le := binary.LittleEndian
	b = le.AppendUint64(b, uint64(info.MinCount))
	b = le.AppendUint64(b, uint64(info.MaxVocab))
	b = le.AppendUint64(b, uint64(info.Tokens))
	b = le.AppendUint64(b, uint64(info.Sentences))
	b = le.AppendUint64(b, uint64(info.Files))
	b = le.AppendUint64(b, uint64(info.Bytes))
	b = le.AppendUint32(b, info.TextCRC)
	b = le.AppendUint32(b, uint32(v.Len()))
	for i, w := range v.Words {
		b = binary.AppendUvarint(b, uint64(len(w)))
		b = append(b, w...)
		b = binary.AppendUvarint(b, uint64(v.Counts[i]))
	}
	return b
}

// parseMeta decodes the metadata block, whose checksum has been checked.
// The vocabulary must come out of vocab.New in the order stored, or the
// ids would mean other words.
func parseMeta(b []byte) (*Info, *vocab.Vocab, error) {
	if len(b) < 56 {
		return nil, nil, corrupt(ErrMetadata, "metadata of %d bytes", len(b))
	}
	le := binary.LittleEndian
	info := &Info{
		Version:   Version,
		MinCount:  int64(le.Uint64(b[0:])),
		MaxVocab:  int64(le.Uint64(b[8:])),
		Tokens:    int64(le.Uint64(b[16:])),
		Sentences: int64(le.Uint64(b[24:])),
		Files:     int(int64(le.Uint64(b[32:]))),
		Bytes:     int64(le.Uint64(b[40:])),
		TextCRC:   le.Uint32(b[48:]),
	}
	nwords := le.Uint32(b[52:])
	if info.Tokens < 1 || info.Sentences < 0 || info.Files < 0 || info.Bytes < 0 || info.MinCount < 0 || info.MaxVocab < 0 {
		return nil, nil, corrupt(ErrMetadata, "metadata out of range")
	}
	// Every word takes at least 3 bytes: this bounds the allocation below
	// by the file's size, whatever the count says.
	if nwords == 0 || uint64(nwords) > uint64(len(b)-56)/3 {
		return nil, nil, corrupt(ErrMetadata, "vocabulary of %d words in %d bytes", nwords, len(b)-56)
	}
	words := make([]string, nwords)
	counts := make([]int64, nwords)
	rest := b[56:]
	for i := range words {
		l, k := binary.Uvarint(rest)
		if k <= 0 || l > uint64(len(rest)-k) {
			return nil, nil, corrupt(ErrMetadata, "vocabulary word %d", i)
		}
		words[i] = string(rest[k : k+int(l)])
		rest = rest[k+int(l):]
		if !utf8.ValidString(words[i]) {
			// Version 1 as an older wipsvec wrote it: such tokens are
			// left out now, because vectors holding them do not load.
			return nil, nil, &formatError{ErrVersion, fmt.Sprintf("vocabulary word %d %q is not valid UTF-8, which this wipsvec leaves out (encoded by an older one?): encode the corpus again with this wipsvec", i, words[i])}
		}
		c, k := binary.Uvarint(rest)
		if k <= 0 || c > math.MaxInt64 {
			return nil, nil, corrupt(ErrMetadata, "vocabulary count %d", i)
		}
		counts[i] = int64(c)
		rest = rest[k:]
	}
	if len(rest) != 0 {
		return nil, nil, corrupt(ErrMetadata, "%d bytes after the vocabulary", len(rest))
	}
	v, err := vocab.New(words, counts)
	if err != nil {
		return nil, nil, corrupt(ErrMetadata, "%v", err)
	}
	for i, w := range words {
		if v.Words[i] != w {
			return nil, nil, corrupt(ErrMetadata, "vocabulary not in vocabulary order at word %d", i)
		}
	}
	// Every word token in the ids is of a vocabulary word, counted once.
	if v.Total != info.Tokens {
		return nil, nil, corrupt(ErrCounts, "vocabulary counts sum to %d, the header says %d tokens", v.Total, info.Tokens)
	}
	return info, v, nil
}

// checkIDs checks a piece of the ids: each names a vocabulary word or is a
// sentence end, and sentence ends are never first or doubled. It carries
// its state across pieces and counts tokens and sentence ends.
type idChecker struct {
	n                 int32
	atEnd             bool
	tokens, sentences int64
}

func (c *idChecker) check(ids []int32) error {
	atEnd := c.atEnd
	var s int64
	for _, id := range ids {
		if id == vocab.SentenceEnd {
			if atEnd {
				return corrupt(ErrIDs, "sentence end first or doubled")
			}
			atEnd = true
			s++
			continue
		}
		if uint32(id) >= uint32(c.n) {
			return corrupt(ErrIDs, "word id %d out of a vocabulary of %d", id, c.n)
		}
		atEnd = false
	}
	c.atEnd = atEnd
	c.sentences += s
	c.tokens += int64(len(ids)) - s
	return nil
}

func crcOf(b []byte) uint32 { return crc32c.Checksum(b) }
