package vocab

import (
	"errors"
	"fmt"
	"math"
)

// TokenSource is a stream of tokens and sentence boundaries, as produced by
// corpus.Scanner. It is an interface so that vocab does not depend on how
// text is read or split, and tests can feed tokens directly.
type TokenSource interface {
	// Scan advances to the next event; it returns false at the end of the
	// input or on error.
	Scan() bool
	// Boundary reports whether the current event is a sentence end.
	Boundary() bool
	// Token returns the current token, valid only until the next Scan.
	Token() []byte
	// Err returns the error that stopped Scan, or nil at a clean end.
	Err() error
}

// DefaultMaxWords is the default LearnOptions.MaxWords. It matches the point
// at which word2vec.c reduces its vocabulary (0.7 of a 30M-entry hash table,
// rounded), which holds any natural-language corpus without pruning.
const DefaultMaxWords = 20_000_000

// LearnOptions configures Learn.
type LearnOptions struct {
	// MinCount drops words that occur fewer times than this.
	MinCount int64
	// MaxWords bounds the number of distinct words held while counting.
	// When it is exceeded the rarest words are pruned, as word2vec.c's
	// ReduceVocab does, which makes the counts of the words that survive
	// approximate. 0 means DefaultMaxWords.
	MaxWords int
}

// Learn is LearnChunks with the stream joined into one slice: handy for
// small corpora and tests. Large corpora should train on the chunks, which
// saves a copy of the whole stream at the peak of memory use.
func Learn(src TokenSource, opt LearnOptions) (*Vocab, []int32, error) {
	v, chunks, err := LearnChunks(src, opt)
	if err != nil {
		return nil, nil, err
	}
	return v, Join(chunks), nil
}

// Join concatenates a chunked stream.
func Join(chunks [][]int32) []int32 {
	n := 0
	for _, c := range chunks {
		n += len(c)
	}
	stream := make([]int32, 0, n)
	for _, c := range chunks {
		stream = append(stream, c...)
	}
	return stream
}

// LearnChunks reads the corpus once. It counts the words and, at the same time,
// records every token as a provisional id, so the text is never re-read or
// re-hashed: the corpus may be a pipe, and hashing dominates the cost of a
// pass. After counting it drops the words that occur fewer than MinCount
// times, orders the rest into a Vocab and rewrites the recorded stream in
// place to final ids.
//
// In the stream, dropped words are removed and sentence boundaries are kept
// as SentenceEnd, never two in a row and never first.
//
// Memory is bounded as in word2vec.c: when more than MaxWords distinct words
// are held, those counted at most minReduce times are pruned and minReduce
// (starting at 1) goes up by one. A pruned word that is seen again is counted
// afresh, from zero, as a new word; its earlier occurrences are dropped from
// the stream, so every id in the stream belongs to the final vocabulary.
func LearnChunks(src TokenSource, opt LearnOptions) (*Vocab, [][]int32, error) {
	maxWords := opt.MaxWords
	if maxWords <= 0 {
		maxWords = DefaultMaxWords
	}

	// ids maps each live word to its provisional id, an index into counts.
	// Pruned words leave ids, but their provisional ids are never reused,
	// because the stream still holds them.
	//
	// The provisional stream is kept in fixed-size chunks rather than one
	// growing slice: appending to a slice of tens of millions of ids would
	// copy it again and again, and leave up to a quarter of it unused.
	var (
		ids       = make(map[string]int32)
		counts    []int64
		chunks    [][]int32
		cur       = make([]int32, 0, 1024)
		atEnd     = true // the stream is empty or ends with SentenceEnd
		tokens    int64
		minReduce int64 = 1
	)
	for src.Scan() {
		var id int32
		if src.Boundary() {
			if atEnd {
				continue
			}
			id, atEnd = SentenceEnd, true
		} else {
			tok := src.Token()
			if len(tok) == 0 {
				continue
			}
			tokens++
			var ok bool
			id, ok = ids[string(tok)] // no allocation on a hit
			if !ok {
				if len(counts) == math.MaxInt32 {
					return nil, nil, fmt.Errorf("more than %d distinct words counted (corpus too large for 32-bit ids)", math.MaxInt32)
				}
				id = int32(len(counts))
				ids[string(tok)] = id
				counts = append(counts, 0)
			}
			counts[id]++
			atEnd = false
			if !ok && len(ids) > maxWords {
				// As in word2vec.c, the word just added (count 1) is
				// pruned too; its occurrence is then dropped.
				prune(ids, counts, minReduce)
				minReduce++
			}
		}
		if len(cur) == cap(cur) {
			chunks = append(chunks, cur)
			cur = make([]int32, 0, min(2*cap(cur), chunkLen))
		}
		cur = append(cur, id)
	}
	chunks = append(chunks, cur)
	if err := src.Err(); err != nil {
		return nil, nil, fmt.Errorf("after %d tokens: %w", tokens, err)
	}
	if tokens == 0 {
		return nil, nil, errors.New("corpus has no words")
	}

	var (
		es  = make([]entry, 0, len(ids))
		top int64
	)
	for w, id := range ids {
		c := counts[id]
		top = max(top, c)
		if c >= opt.MinCount {
			es = append(es, entry{word: w, count: c, id: id})
		}
	}
	if len(es) == 0 {
		return nil, nil, fmt.Errorf("vocabulary is empty after -min-count %d (the most frequent word occurs %d times)", opt.MinCount, top)
	}
	v, err := build(es)
	if err != nil {
		return nil, nil, err
	}

	// remap[provisional] is the final id, or SentenceEnd for dropped words
	// (pruned or below MinCount); it reuses counts' memory, which is done.
	remap := counts[:len(counts):len(counts)]
	for i := range remap {
		remap[i] = int64(SentenceEnd)
	}
	for i, e := range es { // build sorted es into vocabulary order
		remap[e.id] = int64(i)
	}
	// Remap each chunk in place; the chunks are the stream, never copied
	// into one array. The sentence-end state carries across chunks.
	atEnd = true
	kept := chunks[:0]
	for _, c := range chunks {
		n := 0
		for _, id := range c {
			if id != SentenceEnd {
				if id = int32(remap[id]); id == SentenceEnd {
					continue
				}
				atEnd = false
			} else if atEnd {
				continue
			} else {
				atEnd = true
			}
			c[n] = id
			n++
		}
		if n > 0 {
			kept = append(kept, c[:n]) // len(kept) <= ci: never overwrites an unvisited chunk
		}
	}
	return v, kept, nil
}

// chunkLen is the length of Learn's stream chunks, once past the small ones
// a short corpus needs: large enough that allocation is rare, small enough
// that the last chunk's slack hardly matters.
const chunkLen = 1 << 20

// prune deletes the words counted at most minReduce times from ids
// (word2vec.c's ReduceVocab).
func prune(ids map[string]int32, counts []int64, minReduce int64) {
	for w, id := range ids {
		if counts[id] <= minReduce {
			delete(ids, w)
		}
	}
}

// Encode maps a corpus to ids of an existing vocabulary, as for word2vec's
// -read-vocab. Tokens not in the vocabulary are dropped; the stream follows
// the rules of Learn's. It fails if the corpus has no words, or none of them
// is in the vocabulary.
func Encode(src TokenSource, v *Vocab) ([]int32, error) {
	var (
		stream []int32
		tokens int64
	)
	for src.Scan() {
		if src.Boundary() {
			if n := len(stream); n > 0 && stream[n-1] != SentenceEnd {
				stream = append(stream, SentenceEnd)
			}
			continue
		}
		tok := src.Token()
		if len(tok) == 0 {
			continue
		}
		tokens++
		if id, ok := v.index[string(tok)]; ok {
			stream = append(stream, id)
		}
	}
	if err := src.Err(); err != nil {
		return nil, fmt.Errorf("after %d tokens: %w", tokens, err)
	}
	if tokens == 0 {
		return nil, errors.New("corpus has no words")
	}
	if len(stream) == 0 {
		return nil, fmt.Errorf("none of the corpus's %d tokens is in the vocabulary", tokens)
	}
	return stream, nil
}
