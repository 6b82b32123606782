// Package phrase joins the word pairs of a text that occur together more
// often than chance into phrases, new_york, byte for byte as word2vec's
// word2phrase does, so that a model trained on its output learns a vector
// per phrase. Run on its own output it joins phrases of three and four
// words.
//
// Like word2phrase it reads the text twice: Count counts every word and
// every pair of consecutive words in one table (pruning its rarest entries
// when the table fills, as word2phrase does), and Join writes the text
// again with the words of each pair whose score
//
//	(count(a b) - minCount) / count(a) / count(b) * words
//
// is above the threshold joined by '_', computed in float32 as word2phrase
// computes it. Memory is the table's: the distinct words and pairs, a key
// of at most 59 bytes each.
//
// What word2phrase does and this package does too: words are split at
// spaces, tabs and newlines only (\v and \f are part of a word) and cut to
// their first 58 bytes; a carriage return is dropped wherever it is; a word
// at the very end of the text that no whitespace follows is dropped;
// counting pairs ignores the line breaks (the last word of a line and the
// first of the next count as a pair), but a line's first word is never
// joined to the word before it; a word just joined to its predecessor is
// not joined to the next one in the same pass; the table's first pair is
// that of the first word and a previous word that was never read (an entry
// of its own, which nothing matches); the final cut keeps the words and
// pairs seen at least minCount times, but when none falls short the least
// frequent one is dropped all the same. The output is the text's words, each
// after a space or a '_', and its line breaks. Unlike word2phrase, a NUL
// byte is refused as binary data.
package phrase

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
)

// Options are word2phrase's settings.
type Options struct {
	// MinCount: words and pairs seen fewer times are never joined (and it
	// is subtracted from the pair's count in the score).
	MinCount int64
	// Threshold: a pair whose score is above it is joined. The score and
	// the threshold are compared as float32, as word2phrase compares them.
	Threshold float64
	// TableSize is word2phrase's hash table of 500M slots: when the words
	// and pairs counted pass 70% of it, those seen once are dropped, the
	// next time those seen twice, and so on. A smaller size prunes sooner
	// (as a word2phrase built with that size would).
	TableSize int64
	// Progress, if set, is called every ProgressWords words of each pass.
	Progress func(Progress)
}

// DefaultOptions are word2phrase's defaults.
func DefaultOptions() Options {
	return Options{MinCount: 5, Threshold: 100, TableSize: 500_000_000}
}

// ProgressWords is how many words pass between two Progress calls.
const ProgressWords = 1 << 20

// Progress is where a pass stands.
type Progress struct {
	Joining bool  // the second pass, Join
	Words   int64 // words read so far in this pass
	Entries int   // words and pairs in the table
}

// Check reports why o cannot run, or nil.
func (o Options) Check() error {
	switch {
	case o.MinCount < 0 || o.MinCount > math.MaxInt32:
		return fmt.Errorf("min-count %d: want 0 to %d", o.MinCount, math.MaxInt32)
	case math.IsNaN(o.Threshold) || math.Abs(o.Threshold) > math.MaxFloat32:
		return fmt.Errorf("threshold %v: want a finite float32", o.Threshold)
	case o.TableSize < 2 || o.TableSize > math.MaxInt32:
		return fmt.Errorf("table size %d: want 2 to %d", o.TableSize, math.MaxInt32)
	}
	return nil
}

// Counts are the words and pairs of a text, cut as word2phrase cuts them
// before it joins.
type Counts struct {
	opt     Options
	t       *table
	Words   int64 // words in the text: word2phrase's train_words
	Entries int   // words and pairs counted, before the cut
	Kept    int   // of which kept: those Join can join
	Reduced int   // times the table was pruned while counting
}

// readBuffer is how much text a pass reads at a time.
const readBuffer = 1 << 20

// cancelEvery is how many events pass between two looks at the context.
const cancelEvery = 1 << 16

// eachWord reads the text r, calling word for each word and newline, if
// not nil, for each newline, and looking at ctx every cancelEvery events.
func eachWord(ctx context.Context, r io.Reader, word func(w []byte), newline func()) error {
	in := newWords(r, readBuffer)
	for events := 0; ; events++ {
		if events%cancelEvery == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		ev, w, err := in.next()
		switch {
		case err != nil:
			return err
		case ev == atEOF:
			return nil
		case ev == atNewline:
			if newline != nil {
				newline()
			}
		default:
			word(w)
		}
	}
}

// Count reads the text r and counts its words and pairs (word2phrase's
// LearnVocabFromTrainFile and SortVocab).
func Count(ctx context.Context, r io.Reader, opt Options) (*Counts, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	c := &Counts{opt: opt, t: newTable()}
	t := c.t
	t.add([]byte("</s>"), 0) // word2phrase's first entry, counted only if the text holds "</s>"
	t.rehash(len(t.slots))
	// The pair of the first word is formed with a previous word never
	// read: word2phrase's last_word is then uninitialized memory, a
	// stack address on the builds tried. A carriage return, which no word
	// holds, stands for it.
	last := append(make([]byte, 0, maxWord), '\r')
	key := make([]byte, 0, 2*maxWord+1)
	limit := 0.7 * float64(opt.TableSize)
	reduceAtMost := int64(1)
	err := eachWord(ctx, r, func(w []byte) {
		c.Words++
		if opt.Progress != nil && c.Words%ProgressWords == 0 {
			opt.Progress(Progress{Words: c.Words, Entries: t.len()})
		}
		t.count(w)
		key = pairKey(key, last, w)
		last = append(last[:0], w...)
		t.count(key)
		if float64(t.len()) > limit {
			t.reduce(reduceAtMost)
			reduceAtMost++
			c.Reduced++
		}
	}, nil)
	if err != nil {
		return nil, err
	}
	c.Entries = t.len()
	t.cut(opt.MinCount)
	c.Kept = 0
	for _, e := range t.slots {
		if e != 0 {
			c.Kept++
		}
	}
	return c, nil
}

// pairKey is the key of the pair (a, b): "a_b", cut to maxKey bytes.
func pairKey(dst, a, b []byte) []byte {
	dst = append(append(append(dst[:0], a...), '_'), b...)
	return dst[:min(len(dst), maxKey)]
}

// Joined says what Join wrote.
type Joined struct {
	Words   int64 // words written
	Phrases int64 // words joined to the one before them
}

// Join reads the text r again and writes it to w with the pairs that score
// above the threshold joined (word2phrase's TrainModel). r must be the text
// Count read.
func (c *Counts) Join(ctx context.Context, w io.Writer, r io.Reader) (Joined, error) {
	var j Joined
	t := c.t
	bw := bufio.NewWriterSize(w, 1<<20)
	minCount := c.opt.MinCount
	threshold := float32(c.opt.Threshold)
	words := float32(c.Words)
	last := make([]byte, 0, maxWord)
	cur := make([]byte, 0, maxWord)
	key := make([]byte, 0, 2*maxWord+1)
	var pa, pb, pab int64
	prevKnown := false // word2phrase's li != -1: the previous word is in the table
	err := eachWord(ctx, r, func(word []byte) {
		last = append(last[:0], cur...)
		cur = append(cur[:0], word...)
		j.Words++
		if c.opt.Progress != nil && j.Words%ProgressWords == 0 {
			c.opt.Progress(Progress{Joining: true, Words: j.Words, Entries: t.len()})
		}
		oov := false
		i := t.lookup(word)
		if i < 0 {
			oov = true
		} else {
			pb = t.counts[i]
		}
		if !prevKnown {
			oov = true
		}
		prevKnown = i >= 0
		key = pairKey(key, last, word)
		if i := t.lookup(key); i < 0 {
			oov = true
		} else {
			pab = t.counts[i]
		}
		if pa < minCount || pb < minCount {
			oov = true
		}
		var score float32
		if !oov {
			score = float32(pab-minCount) / float32(pa) / float32(pb) * words
		}
		if score > threshold {
			bw.WriteByte('_')
			pb = 0
			j.Phrases++
		} else {
			bw.WriteByte(' ')
		}
		bw.Write(word)
		pa = pb
	}, func() {
		// The next word's pair starts with "\n", which is in no key: it
		// is never joined to this line's last word.
		bw.WriteByte('\n')
		cur = append(cur[:0], '\n')
	})
	if err != nil {
		return j, err
	}
	if err := bw.Flush(); err != nil {
		return j, fmt.Errorf("write: %w", err)
	}
	if j.Words != c.Words {
		return j, errors.New("the text read again differs from the text counted")
	}
	return j, nil
}
