package fasttext

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
)

// maxWordBytes bounds a dictionary entry read from a stream of unknown
// length; a file's own length bounds it otherwise.
const maxWordBytes = 1 << 20

// IsModel reports whether the file at path starts with fastText's magic
// number: a fastText model, to be read with Read rather than as vectors.
func IsModel(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	var b [4]byte
	if _, err := io.ReadFull(f, b[:]); err != nil {
		return false, nil
	}
	return binary.LittleEndian.Uint32(b[:]) == Magic, nil
}

// Read reads the fastText model at path, written by fastText 0.9 (format
// version 11 or 12, not quantized) or by Write. Every error names the file
// and wraps ErrNotFastText, ErrVersion, ErrQuantized, ErrTruncated or
// ErrCorrupt, or the error of the file system.
func Read(path string) (*Model, error) {
	return readFile(path, false)
}

// ReadDictionary reads the arguments and the dictionary of the fastText
// model at path, as Read reads them, and none of its matrices: what a
// model is, for the cost of its words.
func ReadDictionary(path string) (*Model, error) {
	return readFile(path, true)
}

func readFile(path string, dictOnly bool) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read fastText model: %w", err)
	}
	defer f.Close()
	size := int64(-1)
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		size = fi.Size()
	}
	m, err := decode(f, size, dictOnly)
	if err != nil {
		return nil, fmt.Errorf("read fastText model %s: %w", path, err)
	}
	return m, nil
}

// reader decodes little-endian values and counts what is left of the
// file; the first error sticks.
type reader struct {
	r    *bufio.Reader
	left int64 // bytes left in the file, or -1 when its length is unknown
	err  error
}

// fail records err unless an error came first.
func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

// bytes reads n bytes; the slice is valid until the next read.
func (r *reader) bytes(n int, what string) []byte {
	if r.err != nil {
		return nil
	}
	b, err := r.r.Peek(n)
	if len(b) < n {
		if err == io.EOF || err == nil {
			r.fail(fmt.Errorf("%w: the file ends in %s", ErrTruncated, what))
		} else {
			r.fail(err)
		}
		return nil
	}
	r.r.Discard(n)
	if r.left >= 0 {
		r.left -= int64(n)
	}
	return b
}

func (r *reader) int32(what string) int32 {
	if b := r.bytes(4, what); b != nil {
		return int32(binary.LittleEndian.Uint32(b))
	}
	return 0
}

func (r *reader) int64(what string) int64 {
	if b := r.bytes(8, what); b != nil {
		return int64(binary.LittleEndian.Uint64(b))
	}
	return 0
}

func (r *reader) byte(what string) byte {
	if b := r.bytes(1, what); b != nil {
		return b[0]
	}
	return 0
}

// word reads bytes up to a 0 byte, which it drops.
func (r *reader) word(what string) string {
	if r.err != nil {
		return ""
	}
	var w []byte
	for {
		chunk, err := r.r.ReadSlice(0)
		w = append(w, chunk...)
		if r.left >= 0 {
			r.left -= int64(len(chunk))
		}
		switch {
		case err == nil:
			return string(w[:len(w)-1])
		case err == io.EOF:
			r.fail(fmt.Errorf("%w: the file ends in %s", ErrTruncated, what))
			return ""
		case err != bufio.ErrBufferFull:
			r.fail(err)
			return ""
		case len(w) > maxWordBytes && r.left < 0:
			r.fail(fmt.Errorf("%w: %s is longer than %d bytes", ErrCorrupt, what, maxWordBytes))
			return ""
		}
	}
}

// read reads a model from rd, whose length is size bytes (-1 if unknown).
func read(rd io.Reader, size int64) (*Model, error) { return decode(rd, size, false) }

// decode is read; with dictOnly, of the arguments and the dictionary alone.
func decode(rd io.Reader, size int64, dictOnly bool) (*Model, error) {
	buf := chunkBytes // a matrix is read a buffer at a time
	if size >= 0 && size < int64(buf) {
		buf = max(int(size), 64)
	}
	br := bufio.NewReaderSize(rd, buf)
	r := &reader{r: br, left: size}
	if b, _ := br.Peek(4); len(b) < 4 || binary.LittleEndian.Uint32(b) != Magic {
		return nil, ErrNotFastText
	}
	m, err := r.header()
	if err != nil {
		return nil, err
	}
	nwords, nlabels, err := r.dictionary(m)
	if err != nil {
		return nil, err
	}
	if dictOnly {
		return m, nil
	}
	if err := r.matrices(m, nwords, nlabels); err != nil {
		return nil, err
	}
	if _, err := br.ReadByte(); err != io.EOF {
		if err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%w: data after the output matrix", ErrCorrupt)
	}
	if m.NWords() != int(nwords) {
		return nil, fmt.Errorf("%w: the dictionary says %d words, its entries have %d", ErrCorrupt, nwords, m.NWords())
	}
	if err := m.check(ErrCorrupt); err != nil {
		return nil, err
	}
	return m, nil
}

// header reads the magic number, the version and the arguments into a new
// model. A version other than 11 or Version is an error at once; a read
// error sticks in r, for the dictionary's header to report.
func (r *reader) header() (*Model, error) {
	r.int32("the magic number")
	m := &Model{Version: r.int32("the version")}
	if r.err == nil && m.Version != 11 && m.Version != Version {
		return nil, fmt.Errorf("%w: version %d, want 11 or %d", ErrVersion, m.Version, Version)
	}
	a := &m.Args
	for _, p := range []*int32{&a.Dim, &a.WS, &a.Epoch, &a.MinCount, &a.Neg, &a.WordNgrams,
		(*int32)(&a.Loss), (*int32)(&a.Model), &a.Bucket, &a.Minn, &a.Maxn, &a.LRUpdateRate} {
		*p = r.int32("the arguments")
	}
	a.T = math.Float64frombits(uint64(r.int64("the arguments")))
	if m.Version == 11 && a.Model == Supervised {
		a.Maxn = 0 // fastText's loadModel: such models used no n-grams
	}
	return m, nil
}

// dictionary reads the dictionary's header and its entries into m, and
// returns its counts of words and labels, which size the matrices.
func (r *reader) dictionary(m *Model) (nwords, nlabels int32, err error) {
	size32 := r.int32("the dictionary's header")
	nwords = r.int32("the dictionary's header")
	nlabels = r.int32("the dictionary's header")
	m.Tokens = r.int64("the dictionary's header")
	pruned := r.int64("the dictionary's header")
	if r.err != nil {
		return 0, 0, r.err
	}
	switch {
	case size32 < 0 || nwords < 0 || nlabels < 0 || int64(nwords)+int64(nlabels) != int64(size32):
		return 0, 0, fmt.Errorf("%w: a dictionary of %d entries, %d words and %d labels", ErrCorrupt, size32, nwords, nlabels)
	case pruned != -1:
		return 0, 0, fmt.Errorf("%w: its dictionary is pruned (%d entries kept)", ErrQuantized, pruned)
	}
	// An entry is at least 10 bytes: one of word, its 0, count and type.
	if r.left >= 0 && int64(size32)*10 > r.left {
		return 0, 0, fmt.Errorf("%w: a dictionary of %d entries needs at least %d bytes, %d are left", ErrTruncated, size32, int64(size32)*10, r.left)
	}
	if m.Words, err = r.entries(int(size32)); err != nil {
		return 0, 0, err
	}
	return nwords, nlabels, nil
}

// entries reads the n entries of the dictionary: word, count and type.
func (r *reader) entries(n int) ([]Entry, error) {
	words := make([]Entry, 0, min(n, 1<<16))
	for i := range n {
		e := Entry{Word: r.word("the dictionary")}
		e.Count = r.int64("the dictionary")
		switch t := r.byte("the dictionary"); t {
		case 0:
		case 1:
			e.Label = true
		default:
			r.fail(fmt.Errorf("%w: entry %d (%.40q) has type %d, want 0 or 1", ErrCorrupt, i+1, e.Word, t))
		}
		if r.err != nil {
			return nil, r.err
		}
		words = append(words, e)
	}
	return words, nil
}

// matrices reads the input and the output matrix into m, sized by the
// dictionary's counts and m's arguments; quantized ones are refused.
func (r *reader) matrices(m *Model, nwords, nlabels int32) error {
	a := &m.Args
	if r.byte("the input matrix") != 0 && r.err == nil {
		return fmt.Errorf("%w: its input matrix is quantized", ErrQuantized)
	}
	outRows := int64(nwords)
	if a.Model == Supervised {
		outRows = int64(nlabels)
	}
	in := r.matrix("the input matrix", int64(nwords)+int64(a.Bucket), int64(a.Dim))
	if r.byte("the output matrix") != 0 && r.err == nil {
		return fmt.Errorf("%w: its output matrix is quantized", ErrQuantized)
	}
	if r.err != nil {
		return r.err
	}
	m.Input = *in
	out := r.matrix("the output matrix", outRows, int64(a.Dim))
	if r.err != nil {
		return r.err
	}
	m.Output = *out
	return nil
}

// matrix reads a dense matrix of wantRows by wantCols, as the arguments
// and the dictionary size it: int64 rows, int64 cols, the floats. Its
// size is checked against what is left of the file before anything is
// allocated; a stream of unknown length grows the matrix as it reads.
func (r *reader) matrix(what string, wantRows, wantCols int64) *Matrix {
	rows, cols := r.int64(what), r.int64(what)
	if r.err != nil {
		return nil
	}
	switch {
	case rows != wantRows || cols != wantCols:
		r.fail(fmt.Errorf("%w: %s is %d by %d, want %d by %d (the dictionary's words and the arguments' bucket and dim)", ErrCorrupt, what, rows, cols, wantRows, wantCols))
		return nil
	case rows < 0 || cols < 1 || rows > math.MaxInt32 || cols > maxDim:
		r.fail(fmt.Errorf("%w: %s is %d by %d", ErrCorrupt, what, rows, cols))
		return nil
	case r.left >= 0 && rows*cols*4 > r.left:
		r.fail(fmt.Errorf("%w: %s of %d by %d needs %d bytes, %d are left", ErrTruncated, what, rows, cols, rows*cols*4, r.left))
		return nil
	}
	n := int(rows * cols)
	x := &Matrix{Rows: int(rows), Cols: int(cols)}
	if r.left >= 0 {
		x.Data = make([]float32, 0, n)
	} else {
		x.Data = make([]float32, 0, min(n, chunkBytes))
	}
	for len(x.Data) < n {
		k := min(n-len(x.Data), r.r.Size()/4)
		b := r.bytes(4*k, what)
		if b == nil {
			return nil
		}
		for i := range k {
			v := math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
			if f := float64(v); math.IsNaN(f) || math.IsInf(f, 0) {
				at := len(x.Data)
				r.fail(fmt.Errorf("%w: %s row %d: value %d is %v", ErrCorrupt, what, at/int(cols), at%int(cols)+1, v))
				return nil
			}
			x.Data = append(x.Data, v)
		}
	}
	return x
}
