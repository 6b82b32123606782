// Package sample holds the one corpus that ships with wipsvec: the first
// 20 MB of a text8-style English Wikipedia text, zstd-compressed, so that
// a fresh clone or a `go install`ed binary can train on real text with
// nothing downloaded. Its source, licence (CC BY-SA 3.0) and attribution
// are in README.md beside it.
package sample

import (
	"bytes"
	_ "embed"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
)

//go:embed enwiki20m.txt.zst
var compressed []byte

// Name is how the sample is named where a corpus path would be shown.
const Name = "the built-in sample (first 20 MB of English Wikipedia, text8-style)"

// Bytes and Tokens are the size of the decompressed text: one line of
// lowercase words a-z separated by single spaces, with a leading space.
const (
	Bytes  = 19_999_997
	Tokens = 3_387_260
)

// Open returns the decompressed text. Close releases the decoder.
func Open() (io.ReadCloser, error) {
	d, err := zstd.NewReader(bytes.NewReader(compressed), zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true))
	if err != nil {
		return nil, fmt.Errorf("sample corpus: %w", err)
	}
	return decoder{d}, nil
}

// decoder adapts zstd.Decoder, whose Close returns nothing, to io.ReadCloser.
type decoder struct{ *zstd.Decoder }

func (d decoder) Close() error {
	d.Decoder.Close()
	return nil
}
