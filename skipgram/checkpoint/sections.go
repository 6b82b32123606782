package checkpoint

import (
	"encoding/binary"
	"strings"
	"unsafe"

	"github.com/wipsvec/wipsvec/corpus/crc32c"
)

// The typed sections a trainer's checkpoint holds (float32 matrices, a
// vocabulary's words and counts) and the fingerprint of the data its run
// trains on. Numbers are kept in the host's order, which is little-endian
// on every platform this builds for but the few big-endian ones, where a
// trainer refuses checkpoints (LittleEndian).

// LittleEndian reports whether this host's order is little-endian.
var LittleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// Float32Bytes are the bytes of x, sharing its memory.
func Float32Bytes(x []float32) []byte {
	if len(x) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&x[0])), 4*len(x))
}

// Int32Bytes are the bytes of x, sharing its memory.
func Int32Bytes(x []int32) []byte {
	if len(x) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&x[0])), 4*len(x))
}

// Float32s reads section name of n float32s; nil if the file has none.
func (c *File) Float32s(name string, n int) ([]float32, error) {
	if c.Len(name) < 0 {
		return nil, nil
	}
	if c.Len(name) != 4*int64(n) {
		return nil, c.errorf(ErrCorrupt, "section %s of %d bytes, want %d", name, c.Len(name), 4*n)
	}
	x := make([]float32, n)
	return x, c.Section(name, Float32Bytes(x))
}

// Vocabulary is the sections "words" and "counts" of a vocabulary.
func Vocabulary(words []string, counts []int64) []Section {
	b := make([]byte, 8*len(counts))
	for i, c := range counts {
		binary.LittleEndian.PutUint64(b[8*i:], uint64(c))
	}
	return []Section{{Name: "words", Data: []byte(strings.Join(words, "\n"))}, {Name: "counts", Data: b}}
}

// Vocabulary reads the vocabulary of n words that Vocabulary wrote.
func (c *File) Vocabulary(n int) (words []string, counts []int64, err error) {
	if c.Len("words") < 0 || c.Len("counts") != 8*int64(n) {
		return nil, nil, c.errorf(ErrCorrupt, "no vocabulary of %d words", n)
	}
	wb := make([]byte, c.Len("words"))
	if err := c.Section("words", wb); err != nil {
		return nil, nil, err
	}
	cb := make([]byte, c.Len("counts"))
	if err := c.Section("counts", cb); err != nil {
		return nil, nil, err
	}
	words = strings.Split(string(wb), "\n")
	if len(words) != n {
		return nil, nil, c.errorf(ErrCorrupt, "%d words for %d rows", len(words), n)
	}
	counts = make([]int64, n)
	for i := range counts {
		counts[i] = int64(binary.LittleEndian.Uint64(cb[8*i:]))
	}
	return words, counts, nil
}

// Fingerprint identifies the data a run trains on, so that a checkpoint is
// not resumed on another corpus: CRC-32Cs of the id stream (a graph's
// edges and weights) and of the vocabulary with its counts (a graph's
// node count).
type Fingerprint struct {
	Tokens int64  `json:"tokens"` // ids in the stream, sentence ends included (a graph's edges)
	IDs    uint32 `json:"ids_crc"`
	Vocab  uint32 `json:"vocab_crc"`
}

// TextFingerprint is the Fingerprint of a text's ids, in chunks, and of its
// vocabulary.
func TextFingerprint(words []string, counts []int64, chunks [][]int32) Fingerprint {
	var fp Fingerprint
	var b [8]byte
	for i, w := range words {
		fp.Vocab = crc32c.Update(fp.Vocab, []byte(w))
		binary.LittleEndian.PutUint64(b[:], uint64(counts[i]))
		fp.Vocab = crc32c.Update(fp.Vocab, b[:])
	}
	for _, c := range chunks {
		fp.Tokens += int64(len(c))
		fp.IDs = crc32c.Update(fp.IDs, Int32Bytes(c))
	}
	return fp
}

// EdgesFingerprint is the Fingerprint of a graph's edges (two node ids
// each), their weights (nil: none) and its node count.
func EdgesFingerprint(pairs []int32, weights []float32, nodes int) Fingerprint {
	fp := Fingerprint{Tokens: int64(len(pairs) / 2), Vocab: uint32(nodes)}
	fp.IDs = crc32c.Update(0, Int32Bytes(pairs))
	fp.IDs = crc32c.Update(fp.IDs, Float32Bytes(weights))
	return fp
}
