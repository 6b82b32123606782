package corpus

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"unicode/utf8"
)

const (
	// MaxTokenBytes is the longest token Scanner returns. Longer tokens
	// (URLs, base64, run-together junk) are truncated to at most this many
	// bytes, cut on a UTF-8 rune boundary, so that memory per token is
	// bounded and vocabularies are not flooded with huge unique strings.
	MaxTokenBytes = 100

	// MaxSentenceTokens is the longest sentence Scanner returns. Corpora
	// that put a whole document (or the whole corpus) on one line are cut
	// into sentences of this many tokens, bounding the work buffered by a
	// trainer per sentence.
	MaxSentenceTokens = 1000
)

// ErrBinary is reported, wrapped with the byte offset, by Scanner.Err when
// the input contains a NUL byte. Text corpora never do; a NUL almost always
// means a binary or mis-decoded (e.g. UTF-16) file, and training on it
// would silently produce a garbage vocabulary.
var ErrBinary = errors.New("binary data (NUL byte)")

// bufSize is the Scanner's fixed read buffer. Inputs may be a single line
// of hundreds of megabytes, so the scanner never buffers a whole line,
// only this much.
const bufSize = 256 << 10

// sepMask has bit c set for every byte c that ends a token: the ASCII
// whitespace bytes, and NUL (which is then rejected). All separators are
// <= ' ', so a token byte is usually recognized by one comparison.
const sepMask uint64 = 1<<' ' | 1<<'\t' | 1<<'\n' | 1<<'\v' | 1<<'\f' | 1<<'\r' | 1<<0

func isSep(c byte) bool { return c <= ' ' && sepMask>>c&1 != 0 }

// maxEmptyReads is how many successive (0, nil) reads Scanner tolerates
// before reporting io.ErrNoProgress, as bufio.Scanner does.
const maxEmptyReads = 100

// Scanner splits text into tokens and sentence boundaries.
//
// Tokens are maximal runs of bytes other than ASCII whitespace (space, \t,
// \n, \v, \f, \r). A '\n' ends a sentence; a sentence is also ended after
// MaxSentenceTokens tokens and at end of input. Empty sentences are never
// reported. Bytes are not otherwise interpreted: the text is expected to be
// UTF-8 but invalid sequences are passed through (vocab leaves such tokens
// out of vocabularies, and counts them). Truncation never makes a valid
// token invalid.
//
// Scanner reads through a fixed buffer and does not allocate per token.
type Scanner struct {
	r    io.Reader
	buf  []byte
	pos  int   // next unread byte in buf
	end  int   // end of valid data in buf
	base int64 // stream offset of buf[0]

	tok      []byte
	boundary bool
	ntok     int // tokens since the last boundary

	rerr error // error from the last Read, held until buf is consumed
	err  error // first non-EOF error
	done bool

	// carry holds the start of a token that straddles a buffer refill. One
	// byte beyond MaxTokenBytes is kept so truncation can tell whether the
	// cut falls inside a rune.
	carry [MaxTokenBytes + 1]byte
}

// NewScanner returns a Scanner reading from r.
func NewScanner(r io.Reader) *Scanner {
	return &Scanner{r: r, buf: make([]byte, bufSize)}
}

// Scan advances to the next event, a token or a sentence boundary. It
// returns false at end of input or on error; Err tells them apart.
func (s *Scanner) Scan() bool {
	s.tok, s.boundary = nil, false
	if s.done {
		return false
	}
	if s.ntok >= MaxSentenceTokens {
		return s.emitBoundary()
	}
	for {
		buf := s.buf[:s.end]
		i := s.pos
		for ; i < len(buf) && isSep(buf[i]); i++ {
			switch buf[i] {
			case '\n':
				if s.ntok > 0 {
					s.pos = i + 1
					return s.emitBoundary()
				}
			case 0:
				return s.binary(i)
			}
		}
		s.pos = i
		if i < len(buf) {
			j := tokenEnd(buf, i)
			if j == len(buf) {
				return s.longToken()
			}
			s.pos = j
			if buf[j] == 0 {
				return s.binary(j)
			}
			s.tok = buf[i:j]
			if len(s.tok) > MaxTokenBytes {
				s.tok = truncate(s.tok)
			}
			s.ntok++
			return true
		}
		if !s.fill() {
			s.done = true
			if s.err == nil && s.ntok > 0 {
				return s.emitBoundary() // the last line had no '\n'
			}
			return false
		}
	}
}

// tokenEnd returns the index of the first separator in buf at or after i,
// or len(buf) if there is none.
func tokenEnd(buf []byte, i int) int {
	// Look at 8 bytes at a time: most tokens end within the first word, so
	// this avoids a hard-to-predict branch per byte. The expression flags
	// bytes below 0x21 (all separators are); the lowest flag is exact.
	for i+8 <= len(buf) {
		x := binary.LittleEndian.Uint64(buf[i:])
		m := (x - 0x2121212121212121) &^ x & 0x8080808080808080
		if m == 0 {
			i += 8
			continue
		}
		i += bits.TrailingZeros64(m) >> 3
		if isSep(buf[i]) {
			return i
		}
		i++ // a control character inside the token
	}
	for i < len(buf) && !isSep(buf[i]) {
		i++
	}
	return i
}

// longToken handles a token that starts at s.pos and runs to the end of
// the buffer. Only the part truncation needs is kept while refilling to
// find the token's end.
func (s *Scanner) longToken() bool {
	n := copy(s.carry[:], s.buf[s.pos:s.end])
	s.pos = s.end
	for s.fill() {
		buf := s.buf[:s.end]
		i := tokenEnd(buf, 0)
		n += copy(s.carry[n:], buf[:i])
		s.pos = i
		if i < len(buf) {
			if buf[i] == 0 {
				return s.binary(i)
			}
			break
		}
	}
	if s.err != nil {
		// Do not return a token cut short by a read error.
		s.done = true
		return false
	}
	s.tok = truncate(s.carry[:n])
	s.ntok++
	return true
}

func (s *Scanner) emitBoundary() bool {
	s.boundary = true
	s.ntok = 0
	return true
}

// binary records the NUL byte at buf[i] as the Scanner's error.
func (s *Scanner) binary(i int) bool {
	s.pos = i
	s.err = fmt.Errorf("%w at offset %d", ErrBinary, s.Offset())
	s.done = true
	return false
}

// truncate shortens t to at most MaxTokenBytes without splitting a UTF-8
// sequence. t holds at least the first MaxTokenBytes+1 bytes of the token.
func truncate(t []byte) []byte {
	if len(t) <= MaxTokenBytes {
		return t
	}
	// Find the start of the rune containing the first dropped byte (at
	// most UTFMax-1 bytes back) and cut before that rune if it does not
	// fit. Invalid UTF-8 has no runes to protect; cut at the limit.
	for i := MaxTokenBytes; i > MaxTokenBytes-utf8.UTFMax; i-- {
		if utf8.RuneStart(t[i]) {
			if i < MaxTokenBytes && !utf8.FullRune(t[i:MaxTokenBytes]) {
				return t[:i]
			}
			break
		}
	}
	return t[:MaxTokenBytes]
}

// fill reads the next chunk into the buffer, which must be fully consumed.
// It reports whether any data was read; when it returns false, s.err is
// set unless the input simply ended.
func (s *Scanner) fill() bool {
	s.base += int64(s.end)
	s.pos, s.end = 0, 0
	for empty := 0; ; empty++ {
		if s.rerr != nil {
			if s.rerr != io.EOF && s.err == nil {
				s.err = s.rerr
			}
			return false
		}
		if empty == maxEmptyReads {
			s.rerr = io.ErrNoProgress
			continue
		}
		n, err := s.r.Read(s.buf)
		if n < 0 || n > len(s.buf) {
			n, err = 0, fmt.Errorf("corpus: reader returned invalid count %d", n)
		}
		s.end, s.rerr = n, err
		if n > 0 {
			return true
		}
	}
}

// AppendEvents reads events until ends holds n of them or the input ends,
// as a counter reads a block: a token's bytes are appended to text, and
// after each event, a token or a sentence boundary (which adds no bytes),
// the length of text is appended to ends. It returns the extended slices
// and whether more may follow; Err tells an end from an error. The events
// are Scan's; Token and Boundary describe none of them afterwards.
//
// Tokens that lie whole in the buffer, short enough and inside a
// sentence, which is almost all of them, are taken in one loop, without a
// call a token; the rest go through Scan.
func (s *Scanner) AppendEvents(text []byte, ends []uint32, n int) ([]byte, []uint32, bool) {
	for len(ends) < n {
		buf := s.buf[:s.end]
		i := s.pos
		for len(ends) < n && s.ntok < MaxSentenceTokens {
			for i < len(buf) && buf[i] == ' ' {
				i++
			}
			if i == len(buf) || isSep(buf[i]) {
				break
			}
			j := tokenEnd(buf, i)
			if j == len(buf) || j-i > MaxTokenBytes || buf[j] == 0 {
				break
			}
			if l := len(text); j-i <= 16 && len(buf)-i >= 16 && cap(text)-l >= 16 {
				// Most tokens are short: sixteen bytes moved in two
				// words, not a call to memmove a token.
				*(*[16]byte)(text[l : l+16]) = *(*[16]byte)(buf[i:])
				text = text[:l+j-i]
			} else {
				text = append(text, buf[i:j]...)
			}
			ends = append(ends, uint32(len(text)))
			s.ntok++
			i = j
		}
		s.pos = i
		if len(ends) == n {
			break
		}
		if !s.Scan() {
			return text, ends, false
		}
		text = append(text, s.tok...)
		ends = append(ends, uint32(len(text)))
	}
	s.tok, s.boundary = nil, false
	return text, ends, true
}

// Boundary reports whether the current event is a sentence end rather
// than a token.
func (s *Scanner) Boundary() bool { return s.boundary }

// Token returns the current token, or nil at a boundary. The slice aliases
// the Scanner's buffer: it is valid only until the next call to Scan.
func (s *Scanner) Token() []byte { return s.tok }

// Err returns the first error other than io.EOF met by the Scanner: a read
// error, or ErrBinary wrapped with the offset of the NUL byte.
func (s *Scanner) Err() error { return s.err }

// Offset returns the number of input bytes scanned so far, for progress
// reporting. For a reader from Open this counts decompressed bytes.
func (s *Scanner) Offset() int64 { return s.base + int64(s.pos) }
