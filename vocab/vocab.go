// Package vocab builds the vocabulary of a training corpus and encodes the
// corpus as a stream of word ids. It also holds the two word distributions
// the skip-gram trainer samples from: the subsampling keep probabilities and
// the negative-sampling noise distribution.
package vocab

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// SentenceEnd marks a sentence boundary in an encoded stream.
const SentenceEnd int32 = -1

// CountWords counts the ids of an encoded stream that are words, not
// SentenceEnd.
func CountWords(stream [][]int32) int64 {
	var n int64
	for _, c := range stream {
		for _, id := range c {
			if id != SentenceEnd {
				n++
			}
		}
	}
	return n
}

// Vocab is a vocabulary: the words of a corpus with their counts.
//
// Words are ordered by count, most frequent first, with ties broken by the
// word's bytes in ascending order, so that the same counts always give the
// same ids whatever order the words were found in. A word's id is its index.
type Vocab struct {
	Words  []string // ordered by count, descending; ties by word bytes, ascending
	Counts []int64  // Counts[i] is the count of Words[i]
	Total  int64    // sum of Counts

	index map[string]int32
}

// entry is a word being placed in a Vocab. id is free for the builder's use
// (Learn keeps the provisional id there).
type entry struct {
	word  string
	count int64
	id    int32
}

// seps are the bytes that cannot occur in a word: the ASCII whitespace that
// separates tokens in a corpus (and fields in a vocabulary file), and NUL.
const seps = " \t\n\v\f\r\x00"

// New returns the vocabulary of the given words and counts, in vocabulary
// order. The slices are not modified or retained. It fails if the slices
// differ in length, or a word is empty, duplicated, contains whitespace
// (which could not be written to a vocabulary file) or is not valid UTF-8
// (which strict readers of a vectors file reject), or a count is negative.
func New(words []string, counts []int64) (*Vocab, error) {
	if len(words) != len(counts) {
		return nil, fmt.Errorf("vocab: %d words but %d counts", len(words), len(counts))
	}
	es := make([]entry, len(words))
	for i, w := range words {
		es[i] = entry{word: w, count: counts[i]}
	}
	return build(es)
}

// build sorts es into vocabulary order and indexes it. It validates every
// entry, so that no Vocab, however made, can be written in a form Read
// rejects.
func build(es []entry) (*Vocab, error) {
	if len(es) > math.MaxInt32 {
		return nil, fmt.Errorf("vocab: %d words, more than ids can number (%d)", len(es), math.MaxInt32)
	}
	var total int64
	for _, e := range es {
		switch {
		case e.word == "":
			return nil, errors.New("vocab: empty word")
		case strings.ContainsAny(e.word, seps):
			return nil, fmt.Errorf("vocab: word %q contains whitespace or NUL", e.word)
		case !validUTF8String(e.word):
			return nil, fmt.Errorf("vocab: word %q is not valid UTF-8", e.word)
		case e.count < 0:
			return nil, fmt.Errorf("vocab: negative count %d for word %q", e.count, e.word)
		case total > math.MaxInt64-e.count:
			return nil, errors.New("vocab: total count overflows int64")
		}
		total += e.count
	}
	slices.SortFunc(es, func(a, b entry) int {
		if c := cmp.Compare(b.count, a.count); c != 0 {
			return c
		}
		return strings.Compare(a.word, b.word)
	})
	v := &Vocab{
		Words:  make([]string, len(es)),
		Counts: make([]int64, len(es)),
		Total:  total,
		index:  make(map[string]int32, len(es)),
	}
	for i, e := range es {
		if _, dup := v.index[e.word]; dup {
			return nil, fmt.Errorf("vocab: duplicate word %q", e.word)
		}
		v.Words[i], v.Counts[i] = e.word, e.count
		v.index[e.word] = int32(i)
	}
	return v, nil
}

// Len returns the number of words.
func (v *Vocab) Len() int { return len(v.Words) }

// ID returns the id of word and whether it is in the vocabulary. It does
// not allocate, so it can be called once per corpus token.
func (v *Vocab) ID(word []byte) (int32, bool) {
	id, ok := v.index[string(word)]
	return id, ok
}

// Write writes the vocabulary in word2vec's format: one "word count" line
// per word, in vocabulary order.
func (v *Vocab) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	var num []byte
	for i, word := range v.Words {
		bw.WriteString(word)
		num = append(num[:0], ' ')
		num = strconv.AppendInt(num, v.Counts[i], 10)
		num = append(num, '\n')
		if _, err := bw.Write(num); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// maxLine bounds a vocabulary file's line, so that a binary file given by
// mistake fails quickly instead of being buffered whole.
const maxLine = 1 << 20

// Read reads a vocabulary in word2vec's "word count" format, as written by
// Write or by word2vec -save-vocab. The lines need not be in order. Errors
// name the offending line, among them a word that is not valid UTF-8; an
// empty file is an error too.
func Read(r io.Reader) (*Vocab, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	var es []entry
	first := make(map[string]int) // word -> line it was first seen on
	line := 0
	for sc.Scan() {
		line++
		word, count, err := parseLine(sc.Bytes())
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if l, dup := first[word]; dup {
			return nil, fmt.Errorf("line %d: duplicate word %q (first on line %d)", line, word, l)
		}
		first[word] = line
		es = append(es, entry{word: word, count: count})
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("line %d: longer than %d bytes (not a vocabulary file?)", line+1, maxLine)
		}
		return nil, fmt.Errorf("line %d: %w", line+1, err)
	}
	if len(es) == 0 {
		return nil, errors.New("vocabulary file has no words")
	}
	return build(es)
}

// parseLine parses one "word count" line.
func parseLine(b []byte) (word string, count int64, err error) {
	fields := strings.FieldsFunc(string(b), func(r rune) bool {
		return r < 0x80 && strings.ContainsRune(seps, r)
	})
	switch len(fields) {
	case 0:
		return "", 0, errors.New(`empty line (want "word count")`)
	case 1:
		return "", 0, fmt.Errorf("missing count after word %q", fields[0])
	case 2:
	default:
		return "", 0, fmt.Errorf(`%d fields (want "word count"): %q`, len(fields), b)
	}
	word = fields[0]
	if !utf8.ValidString(word) {
		return "", 0, fmt.Errorf("word %q is not valid UTF-8 (is the file in another encoding, such as Latin-1?)", word)
	}
	count, err = strconv.ParseInt(fields[1], 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return "", 0, fmt.Errorf("count %s of word %q is out of range", fields[1], word)
	case err != nil:
		return "", 0, fmt.Errorf("count %q of word %q is not a number", fields[1], word)
	case count < 0:
		return "", 0, fmt.Errorf("negative count %d for word %q", count, word)
	}
	return word, count, nil
}
