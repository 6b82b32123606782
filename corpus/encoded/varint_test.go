package encoded

import (
	"encoding/binary"
	"io"
	"os"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/vocab"
)

// The benchmarks below weigh a denser id encoding, a byte-oriented varint
// of id+1 (0 for a sentence end; frequency-ranked ids are small), against
// the 4-byte ids the format stores: it pays only if decoding costs less
// than the memory (or disk) bandwidth the smaller file saves.

// benchIDs is the ids of the first 20 MB of the shared corpus, or of a
// synthetic Zipf-like text when it is absent.
func benchIDs(b *testing.B) []int32 {
	b.Helper()
	var r io.Reader
	if f, err := os.Open("../../../shared/data/enwiki17m.txt.zst"); err == nil {
		defer f.Close()
		zr, err := zstd.NewReader(f)
		if err != nil {
			b.Fatal(err)
		}
		defer zr.Close()
		r = io.LimitReader(zr, 20<<20)
	} else {
		b.Log("shared corpus absent: synthetic text")
		r = stringsReader(sampleText(9, 200_000))
	}
	_, ids, err := vocab.Learn(corpus.NewScanner(r), vocab.LearnOptions{MinCount: 5})
	if err != nil {
		b.Fatal(err)
	}
	return ids
}

func stringsReader(s string) io.Reader { return &stringReader{s: s} }

type stringReader struct{ s string }

func (r *stringReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	n := copy(p, r.s)
	r.s = r.s[n:]
	return n, nil
}

func appendVarints(b []byte, ids []int32) []byte {
	for _, id := range ids {
		b = binary.AppendUvarint(b, uint64(uint32(id+1)))
	}
	return b
}

// decodeVarints decodes varints from b into ids until either is full and
// returns the ids decoded and the bytes used.
func decodeVarints(ids []int32, b []byte) (int, int) {
	n, i := 0, 0
	for n < len(ids) && i < len(b) {
		c := b[i]
		if c < 0x80 { // one byte: the common case, kept out of Uvarint
			ids[n] = int32(c) - 1
			i++
			n++
			continue
		}
		v, k := binary.Uvarint(b[i:])
		if k <= 0 {
			break
		}
		ids[n] = int32(uint32(v)) - 1
		i += k
		n++
	}
	return n, i
}

func TestVarintRoundTrip(t *testing.T) {
	ids := []int32{0, 1, 126, 127, 128, -1, 16383, 16384, 1 << 30, -1, 5}
	b := appendVarints(nil, ids)
	got := make([]int32, len(ids))
	if n, used := decodeVarints(got, b); n != len(ids) || used != len(b) {
		t.Fatalf("decoded %d ids from %d of %d bytes", n, used, len(b))
	}
	for i := range ids {
		if got[i] != ids[i] {
			t.Fatalf("id %d: %d, want %d", i, got[i], ids[i])
		}
	}
}

// BenchmarkReadInt32 reads the ids as the format stores them: the cost of
// walking the stream when it is in memory.
func BenchmarkReadInt32(b *testing.B) {
	ids := benchIDs(b)
	b.SetBytes(int64(4 * len(ids)))
	b.ResetTimer()
	var sink int32
	for b.Loop() {
		var s int32
		for _, id := range ids {
			s += id
		}
		sink += s
	}
	b.ReportMetric(4, "file-bytes/id")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ids)), "ns/id")
	_ = sink
}

// BenchmarkDecodeVarint decodes the varint stream in 4 MB pieces of ids, as
// training would read it.
func BenchmarkDecodeVarint(b *testing.B) {
	ids := benchIDs(b)
	enc := appendVarints(nil, ids)
	b.SetBytes(int64(len(enc)))
	buf := make([]int32, chunkIDs)
	b.ResetTimer()
	var sink int32
	for b.Loop() {
		for rest := enc; len(rest) > 0; {
			n, used := decodeVarints(buf, rest)
			rest = rest[used:]
			for _, id := range buf[:n] {
				sink += id
			}
		}
	}
	b.ReportMetric(float64(len(enc))/float64(len(ids)), "file-bytes/id")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ids)), "ns/id")
	_ = sink
}
