package embedding

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// word2vec's vector file formats, text and binary: the writer
// (word2vec_write.go), the reader that tells them apart by content
// (word2vec_read.go), and here the checks of words and tables they share,
// which keep what is written readable.

// check reports why v cannot be written as a word2vec file that reads back
// to the same table, or nil. Values are checked while writing.
func (v *Vectors) check() error {
	if v == nil {
		return errors.New("nil vectors")
	}
	if v.Dim < 1 {
		return fmt.Errorf("dimension %d: want at least 1", v.Dim)
	}
	if v.Stride != 0 && v.Stride < v.Dim {
		return fmt.Errorf("stride %d is less than dimension %d", v.Stride, v.Dim)
	}
	if n := len(v.Words); n > 0 {
		if need := (n-1)*v.stride() + v.Dim; len(v.Data) < need {
			return fmt.Errorf("%d words of dimension %d need %d floats, have %d", n, v.Dim, need, len(v.Data))
		}
	}
	for i, w := range v.Words {
		if err := checkWord(w); err != nil {
			return fmt.Errorf("row %d: %w", i+1, err)
		}
		// Vocabularies never hold such words (vocab leaves them out);
		// this is the last line of defence. Only writing checks it:
		// ReadVectors accepts the files of other tools that have them.
		if !utf8.ValidString(w) {
			return fmt.Errorf("row %d: word %s %w", i+1, clip(w), ErrInvalidUTF8)
		}
	}
	return nil
}

// ErrInvalidUTF8 is returned, wrapped, by WriteVectors for a word that is
// not valid UTF-8. ReadVectors accepts such words in other tools' files, so
// a caller that copies a file it did not write can meet it.
var ErrInvalidUTF8 = errors.New("is not valid UTF-8, which gensim's load_word2vec_format and other strict readers refuse")

// checkWord rejects words that would make the file unreadable: word2vec
// separates words from values by whitespace and the C tools stop at NUL.
func checkWord(w string) error {
	if w == "" {
		return errors.New("empty word")
	}
	if i := strings.IndexAny(w, " \t\n\r\x00"); i >= 0 {
		return fmt.Errorf("word %s contains whitespace or NUL at byte %d", clip(w), i)
	}
	return nil
}

// clip quotes s for an error message, shortened if long: a misread binary
// file can produce "words" of thousands of bytes.
func clip(s string) string {
	const limit = 40
	if len(s) <= limit {
		return strconv.Quote(s)
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "..."
}
