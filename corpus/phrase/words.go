package phrase

import (
	"errors"
	"fmt"
	"io"
)

// word2phrase keeps a word's first maxWord bytes (its buffer holds 60, of
// which it fills 58 and cuts there) and a pair's key's first maxKey bytes.
const (
	maxWord = 58
	maxKey  = 59
)

// ErrBinary is reported, wrapped with the byte offset, for text that holds
// a NUL byte: word2phrase would cut the word there and go on, but such a
// file is binary or mis-decoded (UTF-16, say), as train says too.
var ErrBinary = errors.New("binary data (NUL byte)")

// event is what the word reader found.
type event uint8

const (
	atEOF event = iota
	atWord
	atNewline
)

// Byte classes of word2phrase's ReadWord: a word ends at a space, a tab or
// a newline (and the newline is an event of its own); a carriage return is
// dropped wherever it is, inside a word too; every other byte, \v and \f
// included, belongs to a word.
const (
	inWord uint8 = iota
	blank
	newline
	dropped
	nul
)

var class = func() (c [256]uint8) {
	c[' '], c['\t'], c['\n'], c['\r'], c[0] = blank, blank, newline, dropped, nul
	return c
}()

// words splits text as word2phrase's ReadWord does: words of at most
// maxWord bytes, the longer ones cut byte-wise; newlines; and at the end of
// the text, a word that no space, tab or newline ends is dropped, as
// word2phrase drops it.
type words struct {
	r        io.Reader
	buf      []byte
	pos, end int
	base     int64 // offset of buf[0] in the text
	word     []byte
	err      error // the read error that ends the text; io.EOF at its end
}

func newWords(r io.Reader, size int) *words {
	return &words{r: r, buf: make([]byte, size), word: make([]byte, 0, maxWord)}
}

// next returns the next event: a word (valid until the next call), a
// newline, or the end of the text; a read error or a NUL byte is an error.
func (s *words) next() (event, []byte, error) {
	s.word = s.word[:0]
	for {
		for i := s.pos; i < s.end; i++ {
			c := s.buf[i]
			switch class[c] {
			case inWord:
				if len(s.word) < maxWord {
					s.word = append(s.word, c)
				}
				continue
			case blank:
				if len(s.word) > 0 {
					s.pos = i + 1
					return atWord, s.word, nil
				}
				continue
			case newline:
				if len(s.word) > 0 { // the newline stays for the next call
					s.pos = i
					return atWord, s.word, nil
				}
				s.pos = i + 1
				return atNewline, nil, nil
			case dropped:
				continue
			default:
				s.pos = i
				return atEOF, nil, fmt.Errorf("%w at byte %d", ErrBinary, s.base+int64(i))
			}
		}
		s.pos = s.end
		if !s.fill() {
			if s.err == io.EOF {
				return atEOF, nil, nil
			}
			return atEOF, nil, s.err
		}
	}
}

// fill reads more text into the buffer, reporting false at its end.
func (s *words) fill() bool {
	if s.err != nil {
		return false
	}
	s.base += int64(s.end)
	s.pos, s.end = 0, 0
	for empty := 0; empty < 100; empty++ {
		n, err := s.r.Read(s.buf)
		s.end = n
		if err != nil {
			s.err = err
		}
		if n > 0 {
			return true
		}
		if err != nil {
			return false
		}
	}
	s.err = io.ErrNoProgress
	return false
}
