// Package corpus reads training text for wipsvec: it opens plain or
// compressed corpus files and splits them into tokens and sentences.
package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Open opens the corpus at path for reading; path "-" means standard input.
//
// Compression is detected from the first bytes of the data (gzip 1f 8b,
// zstd 28 b5 2f fd) rather than from the file name, because corpora are
// often renamed, piped, or mislabelled; plain, gzip and zstd data are all
// read transparently. The returned reader yields the decompressed text.
//
// Open fails with a one-line error naming the path if the file does not
// exist, is a directory, is empty (also after decompression), or starts
// with a corrupt compressed stream. Errors found later in a compressed
// stream are returned by Read, also naming the path. Closing the reader
// does not close standard input.
func Open(path string) (io.ReadCloser, error) {
	return OpenAs(path, "corpus")
}

// OpenAs is Open of a file of another kind, which its errors name instead
// of "corpus": an "edge list", say.
func OpenAs(path, kind string) (io.ReadCloser, error) {
	name := kind + " " + path
	var f *os.File
	if path == "-" {
		name = kind + " - (standard input)"
		f = os.Stdin
	} else {
		var err error
		f, err = os.Open(path)
		if err != nil {
			return nil, openError(name, err)
		}
		fi, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, openError(name, err)
		}
		if fi.IsDir() {
			f.Close()
			return nil, fmt.Errorf("%s is a directory, not a file", name)
		}
	}
	rc, err := newReader(name, f)
	if err != nil {
		if f != os.Stdin {
			f.Close()
		}
		return nil, err
	}
	if f != os.Stdin {
		rc.closers = append(rc.closers, f.Close)
	}
	return rc, nil
}

// newReader sniffs the start of f and returns a reader of its decompressed
// contents. It does not close f.
func newReader(name string, f io.Reader) (*reader, error) {
	var magic [4]byte
	n, err := io.ReadFull(f, magic[:])
	switch {
	case err == io.EOF:
		return nil, fmt.Errorf("%s is empty", name)
	case err != nil && err != io.ErrUnexpectedEOF: // a short file is fine
		return nil, openError(name, err)
	}
	// Put the sniffed bytes back in front of the rest of the file. After
	// them, io.MultiReader reads straight from f, so plain text is not
	// copied through an extra buffer.
	src := io.MultiReader(bytes.NewReader(magic[:n]), f)

	kind := compression(magic[:n])
	if kind == "" {
		return &reader{name: name, r: src}, nil
	}
	dec, closeDec, err := decompressor(kind, src)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", name, kind, err)
	}
	rc := &reader{name: name, r: dec, closers: []func() error{func() error { closeDec(); return nil }}}

	// Decode the first byte now, so that a stream which is corrupt from the
	// start, or which decompresses to nothing, is reported by Open rather
	// than surfacing later as a read error or an empty training run.
	var first [1]byte
	if _, err := io.ReadFull(rc.r, first[:]); err != nil {
		rc.Close()
		if err == io.EOF {
			return nil, fmt.Errorf("%s is empty (after decompression)", name)
		}
		return nil, rc.wrap(err)
	}
	rc.r = io.MultiReader(bytes.NewReader(first[:]), rc.r)
	return rc, nil
}

// decompressor returns a reader of what src decompresses to, by kind
// ("gzip" or "zstd"), and the function that releases it.
func decompressor(kind string, src io.Reader) (io.Reader, func(), error) {
	if kind == "gzip" {
		zr, err := gzip.NewReader(src)
		if err != nil {
			return nil, nil, err
		}
		// gzip's Close only repeats the error Read already returned.
		return zr, func() { zr.Close() }, nil
	}
	zd, err := zstd.NewReader(src)
	if err != nil {
		return nil, nil, err
	}
	return zd, zd.Close, nil
}

// Compression names the compression that the first bytes of the file at
// path say, as Open detects it: "gzip", "zstd", or "" for plain text, also
// where the file is too short or cannot be read. It fails only where the
// file cannot be opened.
func Compression(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var magic [4]byte
	n, _ := io.ReadFull(f, magic[:])
	return compression(magic[:n]), nil
}

// compression names the compression the first bytes of a file say (gzip
// 1f 8b, zstd 28 b5 2f fd), or "" for plain text.
func compression(magic []byte) string {
	switch {
	case len(magic) >= 2 && magic[0] == 0x1f && magic[1] == 0x8b:
		return "gzip"
	case len(magic) >= 4 && bytes.Equal(magic[:4], []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return "zstd"
	}
	return ""
}

// openError turns an error from opening or stat'ing a corpus into a
// one-line message naming the path, keeping the cause for errors.Is.
func openError(name string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return &pathError{msg: name + ": no such file", err: err}
	}
	// An *fs.PathError repeats the operation and path; keep only the cause.
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s: %w", name, err)
}

// pathError is an error with a fixed message that still unwraps to its
// cause, so callers can test errors.Is(err, fs.ErrNotExist).
type pathError struct {
	msg string
	err error
}

func (e *pathError) Error() string { return e.msg }
func (e *pathError) Unwrap() error { return e.err }

// reader is the io.ReadCloser returned by Open.
type reader struct {
	name    string
	r       io.Reader
	closers []func() error // run in order by Close
}

// Read reads decompressed data. Errors other than io.EOF name the corpus,
// since by the time they surface the caller may no longer know the path.
func (r *reader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if err != nil && err != io.EOF {
		err = r.wrap(err)
	}
	return n, err
}

func (r *reader) wrap(err error) error {
	if err == io.ErrUnexpectedEOF {
		return fmt.Errorf("%s: truncated compressed stream: %w", r.name, err)
	}
	return fmt.Errorf("%s: %w", r.name, err)
}

// Close releases the decompressor and closes the file. It returns the
// first error encountered.
func (r *reader) Close() error {
	var first error
	for _, c := range r.closers {
		if err := c(); err != nil && first == nil {
			first = fmt.Errorf("%s: close: %w", r.name, err)
		}
	}
	r.closers = nil
	return first
}
