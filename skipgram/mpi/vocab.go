package mpi

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/vocab"
)

// SumVocab is the vocabulary of a text read in parts, the same on every
// rank: each word counted in every rank's part (part, each word counted
// from 1), kept when its sum reaches minCount, in vocabulary order. A part
// with no word (an empty part) fails every rank with corpus.ErrEmptyPart. Each
// rank broadcasts its part's words in turn and every rank adds them up in
// rank order, so that ids agree.
func SumVocab(c Comm, part *vocab.Vocab, minCount int64) (*vocab.Vocab, error) {
	if c.Size() == 1 {
		return part.Prune(minCount)
	}
	empty := []int64{0}
	if part.Len() == 0 {
		empty[0] = 1
	}
	if err := c.SumInt64(empty); err != nil {
		return nil, fmt.Errorf("vocabulary: %w", err)
	}
	if empty[0] > 0 {
		return nil, fmt.Errorf("%w: %d of %d processes' parts hold no word", corpus.ErrEmptyPart, empty[0], c.Size())
	}
	counts := make(map[string]int64, part.Len())
	var order []string // the words in the order first seen, so that the sums are made alike everywhere
	parts, err := GatherBytes(c, marshalCounts(part))
	if err != nil {
		return nil, fmt.Errorf("vocabulary: %w", err)
	}
	for r, b := range parts {
		if err := unmarshalCounts(b, func(w string, n int64) {
			if _, ok := counts[w]; !ok {
				order = append(order, w)
			}
			counts[w] += n
		}); err != nil {
			return nil, fmt.Errorf("vocabulary of rank %d: %w", r, err)
		}
	}
	var words []string
	var ns []int64
	for _, w := range order {
		if n := counts[w]; n >= minCount {
			words = append(words, w)
			ns = append(ns, n)
		}
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("vocabulary is empty after -min-count %d", minCount)
	}
	return vocab.New(words, ns)
}

// marshalCounts is v's words and counts: the count as 8 bytes, then the
// word and a '\n', for each word.
func marshalCounts(v *vocab.Vocab) []byte {
	n := 0
	for _, w := range v.Words {
		n += 9 + len(w)
	}
	b := make([]byte, 0, n)
	for i, w := range v.Words {
		b = binary.LittleEndian.AppendUint64(b, uint64(v.Counts[i]))
		b = append(b, w...)
		b = append(b, '\n')
	}
	return b
}

func unmarshalCounts(b []byte, add func(word string, count int64)) error {
	for len(b) > 0 {
		if len(b) < 9 {
			return fmt.Errorf("%d bytes left over", len(b))
		}
		n := int64(binary.LittleEndian.Uint64(b))
		end := bytes.IndexByte(b[8:], '\n')
		if end < 0 {
			return fmt.Errorf("a word without its end")
		}
		add(string(b[8:8+end]), n)
		b = b[9+end:]
	}
	return nil
}
