package encoded

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/vocab"
)

// benchText is the first 64 MB of the shared corpus, or a synthetic text
// when it is absent.
func benchText(b *testing.B) []byte {
	b.Helper()
	f, err := os.Open("../../../shared/data/enwiki17m.txt.zst")
	if err != nil {
		b.Log("shared corpus absent: synthetic text")
		return []byte(sampleText(9, 400_000))
	}
	defer f.Close()
	zr, err := zstd.NewReader(f)
	if err != nil {
		b.Fatal(err)
	}
	defer zr.Close()
	data, err := io.ReadAll(io.LimitReader(zr, 64<<20))
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkLearnInMemory is today's read + count + encode: the text to a
// vocabulary and ids on the heap (MB/s of text).
func BenchmarkLearnInMemory(b *testing.B) {
	text := benchText(b)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, _, err := vocab.LearnChunks(corpus.NewScanner(bytes.NewReader(text)), vocab.LearnOptions{MinCount: 5}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWrite is the same text to an encoded corpus file (MB/s of text).
func BenchmarkWrite(b *testing.B) {
	text := benchText(b)
	path := filepath.Join(b.TempDir(), "c.wvc")
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, _, err := Write(context.Background(), path, bytes.NewReader(text), Options{MinCount: 5}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteNoSync is BenchmarkWrite into a scratch file: no commit,
// no fsync.
func BenchmarkWriteNoSync(b *testing.B) {
	text := benchText(b)
	dir := b.TempDir()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		f, err := Scratch([]string{dir})
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := WriteTo(context.Background(), f, bytes.NewReader(text), Options{MinCount: 5}); err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
}
