package embedding

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Reading word2vec files of either format, told apart by content
// (word2vec.go has the format and its checks).

// Limits on what ReadVectors accepts. They are far above anything word2vec
// writes and exist so that garbage (a wrong file, a misaligned binary) gives
// an error instead of an enormous allocation.
const (
	maxVectorDim   = 1 << 24
	maxHeaderBytes = 1 << 10
	maxWordBytes   = 1 << 16 // word2vec.c truncates words at 100 bytes
	readBufferSize = 1 << 20
)

// ReadVectors reads a word2vec file in either format, written by WriteVectors,
// word2vec.c or gensim.
//
// The format is told by content, not by a flag or the file name: if the first
// row parses as text (a word and Dim numbers) the file is text. Otherwise it
// is binary, unless the first line is printable UTF-8 that cannot hold a
// binary row, which is malformed text and reported as such. (Binary values
// almost always contain bytes that are not printable; only files of one or
// two dimensions can be ambiguous, and then text wins.) The
// readers are lenient in the ways real files differ: binary rows with or
// without a trailing "\n" (old word2vec.c and gensim omit it), text rows with
// a trailing space (word2vec.c writes "%lf " per value), CRLF line ends, any
// word including "</s>". They are strict about content: a bad header, a row
// with the wrong number of values, a non-numeric, NaN or infinite value, a
// truncated binary row and more or fewer rows than the header declares are
// all errors that name the file and the row.
func ReadVectors(path string) (*Vectors, error) {
	return ReadVectorsOf(path, nil)
}

// ReadVectorsOf is ReadVectors that keeps only the rows whose word keep
// accepts (all of them for a nil keep), so that a start from a large
// pretrained file holds the words of one vocabulary. Every row is read and
// checked all the same.
func ReadVectorsOf(path string, keep func(word string) bool) (*Vectors, error) {
	r, f, err := openVectors(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r.keep = keep
	return r.read()
}

// ReadVectorsHeader reads the header of a word2vec file: how many words,
// of how many dimensions, it says it holds.
func ReadVectorsHeader(path string) (words, dim int, err error) {
	r, f, err := openVectors(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	if _, err := r.readHeader(); err != nil {
		return 0, 0, err
	}
	return r.words, r.dim, nil
}

func openVectors(path string) (*vectorReader, *os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("read vectors: %w", err)
	}
	r := &vectorReader{path: path, br: bufio.NewReaderSize(f, readBufferSize), size: -1}
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		r.size = fi.Size()
	}
	return r, f, nil
}

// vectorReader holds the state of one ReadVectors call.
type vectorReader struct {
	path string
	br   *bufio.Reader
	size int64                  // file size, or -1 if unknown
	keep func(word string) bool // the rows kept; nil: all

	words, dim int    // from the header
	line       int    // text: line number of the current row
	scratch    []byte // text: a line longer than the read buffer
}

func (r *vectorReader) errorf(format string, args ...any) error {
	return fmt.Errorf("read vectors %s: "+format, append([]any{r.path}, args...)...)
}

func (r *vectorReader) read() (*Vectors, error) {
	hdrLen, err := r.readHeader()
	if err != nil {
		return nil, err
	}
	v := &Vectors{Dim: r.dim, Stride: r.dim}
	// Size the table by the header, but no larger than the file can hold, so
	// that a corrupt header cannot make us allocate terabytes. The smallest
	// possible row is text: a one-byte word and Dim one-byte values, each
	// after a space (the newline may be missing on the last row).
	rows := r.words
	minRow := int64(2*r.dim + 1)
	if r.size >= 0 {
		if fit := (r.size - int64(hdrLen)) / minRow; int64(rows) > fit {
			rows = int(max(fit, 0))
		}
	} else {
		rows = min(rows, (1<<20)/r.dim)
	}
	if r.keep != nil { // the rows kept are not known in advance
		rows = min(rows, max(1, (1<<16)/r.dim))
	}
	v.Words = make([]string, 0, rows)
	v.Data = make([]float32, 0, rows*r.dim)
	if r.words == 0 {
		return v, r.checkRest(0, false)
	}
	if r.detectText() {
		err = r.readText(v)
	} else {
		err = r.readBinary(v)
	}
	if err != nil {
		return nil, err
	}
	return v, nil
}

// fastTextMagic starts fastText's binary model (.bin), whose vectors are
// not in word2vec's format; fastText writes them as text in its .vec.
const fastTextMagic = "\xba\x16\x4f\x2f"

// readHeader parses "<words> <dim>\n" and returns its length in bytes.
func (r *vectorReader) readHeader() (int, error) {
	if b, _ := r.br.Peek(len(fastTextMagic)); string(b) == fastTextMagic {
		return 0, r.errorf("a fastText binary model, not a vectors file: use the .vec file fastText writes beside it")
	}
	line, err := r.br.ReadSlice('\n')
	switch {
	case err == bufio.ErrBufferFull || len(line) > maxHeaderBytes:
		return 0, r.errorf("bad header: no line break in the first %d bytes; not a word2vec file?", maxHeaderBytes)
	case err == io.EOF && len(line) == 0:
		return 0, r.errorf("empty file: want a header \"<words> <dim>\"")
	case err != nil && err != io.EOF:
		return 0, r.errorf("%w", err)
	}
	fields := strings.Fields(string(line))
	bad := func(why string) error {
		return r.errorf("bad header %s: want \"<words> <dim>\"%s", clip(string(bytes.TrimRight(line, "\r\n"))), why)
	}
	if len(fields) != 2 {
		return 0, bad("")
	}
	words, err1 := strconv.Atoi(fields[0])
	dim, err2 := strconv.Atoi(fields[1])
	switch {
	case err1 != nil || err2 != nil:
		return 0, bad("")
	case words < 0:
		return 0, bad(", a word count of at least 0")
	case dim < 1 || dim > maxVectorDim:
		return 0, bad(fmt.Sprintf(", a dimension from 1 to %d", maxVectorDim))
	case words > math.MaxInt/(4*dim+2):
		return 0, bad(": too large")
	}
	r.words, r.dim = words, dim
	r.line = 1
	return len(line), nil
}

// detectText decides the format from the rows in the read buffer (at least
// the first row, unless a text row is longer than the buffer). Text wins if
// every buffered line is a valid text row; binary, if the buffered rows parse
// as binary rows. If neither does, the first line decides: printable UTF-8 is
// malformed text, anything else a damaged binary file, so that the error
// reported is the one that makes sense.
func (r *vectorReader) detectText() bool {
	window, _ := r.br.Peek(readBufferSize)
	eof := len(window) < readBufferSize
	first := window
	if i := bytes.IndexByte(window, '\n'); i >= 0 {
		first = window[:i]
	} else if !eof {
		// No line break in a megabyte: binary data would almost surely
		// contain a 0x0A byte by now, so this is a very long text line.
		// Cut at a space so as not to split a UTF-8 sequence.
		if i := bytes.LastIndexByte(first, ' '); i >= 0 {
			first = first[:i]
		}
		return looksLikeText(first)
	}
	if textPrefixOK(window, eof, r.words, r.dim) {
		return true
	}
	if binaryPrefixOK(window, eof, r.words, r.dim) {
		return false
	}
	return looksLikeText(first)
}

// textPrefixOK reports whether the complete lines in b (and the last, partial
// one if b ends the file) are valid text rows, up to words rows.
func textPrefixOK(b []byte, eof bool, words, dim int) bool {
	var scratch []float32
	for rows := 0; rows < words && len(b) > 0; rows++ {
		i := bytes.IndexByte(b, '\n')
		if i < 0 && !eof {
			break
		}
		line := b
		if i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		var err error
		if scratch, err = parseTextRow(line, dim, scratch[:0]); err != nil {
			return false
		}
	}
	return true
}

// looksLikeText reports whether b is valid UTF-8 without control characters
// other than tab and carriage return. Binary float data almost never is.
func looksLikeText(b []byte) bool {
	for _, c := range b {
		if c < 0x20 && c != '\t' && c != '\r' || c == 0x7f {
			return false
		}
	}
	return utf8.Valid(b)
}

// binaryPrefixOK reports whether the complete rows in b parse as binary
// rows. If b ends the file (eof), it must be a whole binary file: exactly
// words rows, then nothing but whitespace.
func binaryPrefixOK(b []byte, eof bool, words, dim int) bool {
	rows := 0
	for rows < words {
		b = bytes.TrimLeft(b, "\n")
		sp := bytes.IndexByte(b, ' ')
		if sp < 0 || len(b) < sp+1+4*dim {
			if eof {
				return false
			}
			break
		}
		if checkWord(string(b[:sp])) != nil {
			return false
		}
		for j := 0; j < dim; j++ {
			x := math.Float32frombits(binary.LittleEndian.Uint32(b[sp+1+4*j:]))
			if f := float64(x); math.IsNaN(f) || math.IsInf(f, 0) {
				return false
			}
		}
		b = b[sp+1+4*dim:]
		rows++
	}
	if eof && len(bytes.TrimSpace(b)) > 0 {
		return false
	}
	return rows > 0
}

// rowError is what parseTextRow reports; the caller adds file and row.
type rowError struct{ msg string }

func (e *rowError) Error() string { return e.msg }

// parseTextRow parses "word v1 ... vDim" (fields separated by spaces or tabs,
// trailing whitespace and "\r" ignored), appending the values to dst.
func parseTextRow(line []byte, dim int, dst []float32) ([]float32, error) {
	line = bytes.TrimRight(line, " \t\r\n")
	if len(line) == 0 {
		return dst, &rowError{"empty line"}
	}
	end := bytes.IndexAny(line, " \t")
	if end < 0 {
		return dst, &rowError{fmt.Sprintf("word %s has no values, want %d", clip(string(line)), dim)}
	}
	if end == 0 {
		return dst, &rowError{"line starts with whitespace, want a word"}
	}
	word := line[:end]
	rest := line[end:]
	n := 0
	for len(rest) > 0 {
		rest = bytes.TrimLeft(rest, " \t")
		end := bytes.IndexAny(rest, " \t")
		if end < 0 {
			end = len(rest)
		}
		field := rest[:end]
		rest = rest[end:]
		n++
		if n > dim {
			continue // count them all for the message
		}
		f, err := strconv.ParseFloat(string(field), 32)
		switch {
		case err != nil && !errors.Is(err, strconv.ErrRange):
			return dst, &rowError{fmt.Sprintf("word %s: value %d %s is not a number", clip(string(word)), n, clip(string(field)))}
		case math.IsNaN(f):
			return dst, &rowError{fmt.Sprintf("word %s: value %d is NaN", clip(string(word)), n)}
		case math.IsInf(f, 0) && err != nil:
			return dst, &rowError{fmt.Sprintf("word %s: value %d %s overflows float32", clip(string(word)), n, clip(string(field)))}
		case math.IsInf(f, 0):
			return dst, &rowError{fmt.Sprintf("word %s: value %d is infinite", clip(string(word)), n)}
		}
		dst = append(dst, float32(f))
	}
	if n != dim {
		return dst, &rowError{fmt.Sprintf("word %s has %d values, want %d", clip(string(word)), n, dim)}
	}
	return dst, nil
}

// readText reads the rows of a text file.
func (r *vectorReader) readText(v *Vectors) error {
	// A text row needs at most a few dozen bytes per value; anything much
	// longer is garbage, and reading it whole could exhaust memory.
	maxLine := maxWordBytes + 64*r.dim
	for row := 1; row <= r.words; row++ {
		r.line++
		line, err := r.readLine(maxLine)
		if err == io.EOF && len(line) == 0 {
			return r.errorf("file ends after %d rows, but the header says %d", row-1, r.words)
		}
		if err != nil && err != io.EOF {
			return r.errorf("row %d (line %d): %w", row, r.line, err)
		}
		v.Data, err = parseTextRow(line, r.dim, v.Data)
		if err != nil {
			return r.errorf("row %d (line %d): %w", row, r.line, err)
		}
		word := string(line[:bytes.IndexAny(line, " \t")])
		if err := checkWord(word); err != nil {
			return r.errorf("row %d (line %d): %w", row, r.line, err)
		}
		if r.keep != nil && !r.keep(word) {
			v.Data = v.Data[:len(v.Data)-r.dim]
			continue
		}
		v.Words = append(v.Words, word)
	}
	return r.checkRest(r.words, true)
}

// readLine returns the next line including its "\n" (absent at the end of
// the file). The slice is valid until the next call.
func (r *vectorReader) readLine(limit int) ([]byte, error) {
	line, err := r.br.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return line, err
	}
	r.scratch = append(r.scratch[:0], line...)
	for err == bufio.ErrBufferFull {
		if len(r.scratch) > limit {
			return nil, fmt.Errorf("line longer than %d bytes", limit)
		}
		line, err = r.br.ReadSlice('\n')
		r.scratch = append(r.scratch, line...)
	}
	return r.scratch, err
}

// readBinary reads the rows of a binary file.
func (r *vectorReader) readBinary(v *Vectors) error {
	buf := make([]byte, 4*min(r.dim, 1<<14))
	for row := 1; row <= r.words; row++ {
		// Rows may or may not end in "\n"; skip it here, before the word.
		if err := r.skipNewlines(); err == io.EOF {
			return r.errorf("file ends after %d rows, but the header says %d", row-1, r.words)
		} else if err != nil {
			return r.errorf("row %d: %w", row, err)
		}
		word, err := r.br.ReadSlice(' ')
		switch {
		case err == io.EOF:
			return r.errorf("truncated binary file: row %d: word %s is not followed by its values", row, clip(string(word)))
		case err == bufio.ErrBufferFull:
			return r.errorf("row %d: no space after %d bytes of word; wrong dimension in the header or not a word2vec file?", row, len(word))
		case err != nil:
			return r.errorf("row %d: %w", row, err)
		}
		word = word[:len(word)-1]
		if len(word) > maxWordBytes {
			return r.errorf("row %d: word of %d bytes; wrong dimension in the header or not a word2vec file?", row, len(word))
		}
		if err := checkWord(string(word)); err != nil {
			return r.errorf("row %d: %v; wrong dimension in the header or not a word2vec file?", row, err)
		}
		w := string(word)
		// Read the values in pieces: a corrupt header must not make us
		// allocate a huge row buffer before finding the file is short.
		for j := 0; j < r.dim; {
			k := min(r.dim-j, len(buf)/4)
			if n, err := io.ReadFull(r.br, buf[:4*k]); err != nil {
				if err == io.EOF || err == io.ErrUnexpectedEOF {
					return r.errorf("truncated binary file: row %d (%s) has %d of %d bytes of values", row, clip(w), 4*j+n, 4*r.dim)
				}
				return r.errorf("row %d: %w", row, err)
			}
			for i := 0; i < k; i++ {
				x := math.Float32frombits(binary.LittleEndian.Uint32(buf[4*i:]))
				if f := float64(x); math.IsNaN(f) || math.IsInf(f, 0) {
					return r.errorf("row %d (%s): value %d is %v", row, clip(w), j+i+1, x)
				}
				v.Data = append(v.Data, x)
			}
			j += k
		}
		if r.keep != nil && !r.keep(w) {
			v.Data = v.Data[:len(v.Data)-r.dim]
			continue
		}
		v.Words = append(v.Words, w)
	}
	return r.checkRest(r.words, false)
}

// skipNewlines consumes "\n" bytes up to the next other byte.
func (r *vectorReader) skipNewlines() error {
	for {
		b, err := r.br.Peek(1)
		if err != nil {
			return err
		}
		if b[0] != '\n' {
			return nil
		}
		r.br.Discard(1)
	}
}

// checkRest fails if anything but whitespace follows the last row the
// header announced: the header is wrong or two files were concatenated.
func (r *vectorReader) checkRest(rows int, text bool) error {
	line := r.line + 1
	for {
		b, err := r.br.ReadByte()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return r.errorf("after row %d: %w", rows, err)
		}
		switch b {
		case '\n':
			line++
			continue
		case '\r', ' ', '\t':
			continue
		}
		if text {
			return r.errorf("line %d: more rows than the %d the header says", line, r.words)
		}
		return r.errorf("more rows than the %d the header says (data after row %d)", r.words, rows)
	}
}
