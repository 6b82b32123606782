package vocab

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
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
	// Workers is how many goroutines look each block of tokens up in a
	// snapshot of the table; above one, another goroutine reads the
	// source ahead and the caller's counts the blocks already looked up.
	// New words, counts and pruning stay in stream order on the caller's
	// goroutine, so the vocabulary and the stream are the same for any
	// number. 0 means runtime.GOMAXPROCS; 1 reads, looks up and counts on
	// the caller's goroutine alone.
	Workers int
}

// InvalidUTF8 counts the tokens that were left out of a vocabulary because
// they are not valid UTF-8. Such a token is treated as out of vocabulary:
// it is dropped from the stream like a rare word, because a vectors file
// holding it could not be loaded by strict readers (gensim's default
// load_word2vec_format fails on it with UnicodeDecodeError).
type InvalidUTF8 struct {
	Tokens   int64  // occurrences dropped
	Distinct int64  // distinct tokens among them (a lower bound if Capped)
	Example  string // the first one met, for messages; "" if none
	// Capped reports that more distinct invalid tokens were met than the
	// counting table's bound (LearnOptions.MaxWords): past it they are no
	// longer remembered, so Distinct is a lower bound.
	Capped bool
}

// String says what was skipped, for a log line, e.g.
//
//	skipped 12 tokens (3 distinct, e.g. "caf\xe9") that are not valid UTF-8
//
// It is "" when nothing was.
func (s InvalidUTF8) String() string {
	if s.Tokens == 0 {
		return ""
	}
	return fmt.Sprintf("skipped %d %s (%s) that %s not valid UTF-8",
		s.Tokens, plural(s.Tokens, "token", "tokens"), s.detail(), plural(s.Tokens, "is", "are"))
}

// detail is `3 distinct, e.g. "caf\xe9"`.
func (s InvalidUTF8) detail() string {
	distinct := strconv.FormatInt(s.Distinct, 10)
	if s.Capped {
		distinct = "at least " + distinct
	}
	return distinct + " distinct, e.g. " + strconv.Quote(s.Example)
}

func plural(n int64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// LearnStats reports on a corpus read by LearnChunksStats.
type LearnStats struct {
	Tokens  int64       // word tokens read, the invalid ones included
	Invalid InvalidUTF8 // tokens dropped for not being valid UTF-8
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

// LearnChunks is LearnChunksStats without the statistics.
func LearnChunks(src TokenSource, opt LearnOptions) (*Vocab, [][]int32, error) {
	v, chunks, _, err := LearnChunksStats(src, opt)
	return v, chunks, err
}

// LearnChunksStats reads the corpus once. It counts the words and, at the same time,
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
//
// Tokens that are not valid UTF-8 never enter the vocabulary: they are
// dropped from the stream as out of vocabulary, and counted in the
// returned LearnStats (see Counter).
func LearnChunksStats(src TokenSource, opt LearnOptions) (*Vocab, [][]int32, LearnStats, error) {
	// The provisional stream is kept in fixed-size chunks rather than one
	// growing slice: appending to a slice of tens of millions of ids would
	// copy it again and again, and leave up to a quarter of it unused.
	c := NewCounter(opt)
	var chunks [][]int32
	err := c.Count(src, make([]int32, 0, 1024), func(chunk []int32) ([]int32, error) {
		chunks = append(chunks, chunk)
		return make([]int32, 0, min(2*cap(chunk), chunkLen)), nil
	})
	if err != nil {
		return nil, nil, c.stats(), err
	}
	v, remap, err := c.Finish()
	if err != nil {
		return nil, nil, c.stats(), err
	}
	// Remap each chunk in place; the chunks are the stream, never copied
	// into one array. The sentence-end state carries across chunks.
	kept := chunks[:0]
	for _, ch := range chunks {
		if ch = remap.Apply(ch[:0], ch); len(ch) > 0 {
			kept = append(kept, ch) // len(kept) <= ci: never overwrites an unvisited chunk
		}
	}
	return v, kept, c.stats(), nil
}

// Counter is the counting half of LearnChunks, for callers that keep the
// provisional stream elsewhere than in memory (an encoded corpus file): it
// counts the words of a token source while handing out the stream of
// provisional ids in chunks, and Finish then gives the vocabulary and the
// Remap that turns provisional ids into final ones. Its memory is that of
// the distinct words, not of the corpus (with several workers, their table
// twice: the lookups read a snapshot of it).
//
// A token that is not valid UTF-8 is never counted as a word: it is dropped
// from the stream (no id, as if out of vocabulary) and counted in Invalid.
// The check stays off the path that matters: a token already in the table
// is valid, so only a token the table misses (a new word, once per distinct
// word) is validated, ASCII first. Invalid tokens, which are rare, miss the
// table at every occurrence: each is validated again (at most 100 bytes)
// and looked up in a set of its own, bounded like the table, that counts
// the distinct ones.
type Counter struct {
	opt LearnOptions
	// ids gives each live word its provisional id, an index into counts.
	// Pruned words leave ids, but their provisional ids are never reused,
	// because the stream still holds them.
	ids       *wordTable
	counts    []int64
	tokens    int64
	minReduce int64
	atEnd     bool // the stream is empty or ends with SentenceEnd
	done      bool

	// invalid holds the distinct tokens that are not valid UTF-8, at most
	// MaxWords of them; inv counts them.
	invalid map[string]struct{}
	inv     InvalidUTF8
}

// NewCounter returns a Counter with LearnChunks' options.
func NewCounter(opt LearnOptions) *Counter {
	if opt.MaxWords <= 0 {
		opt.MaxWords = DefaultMaxWords
	}
	return &Counter{opt: opt, ids: newWordTable(), minReduce: 1, atEnd: true}
}

// Tokens returns the number of word tokens read so far, the invalid ones
// included.
func (c *Counter) Tokens() int64 { return c.tokens }

// Invalid returns the count of tokens dropped so far because they are not
// valid UTF-8.
func (c *Counter) Invalid() InvalidUTF8 { return c.inv }

func (c *Counter) stats() LearnStats { return LearnStats{Tokens: c.tokens, Invalid: c.inv} }

// invalidToken reports whether tok, a token the table misses, is not valid
// UTF-8, and counts it if so. It is called only on a miss, so its cost is
// paid once per distinct word (and per invalid occurrence), not per token.
// It is kept out of line: inlined, it made the compiled loop of Count a few
// instructions longer per token, hits included (register shuffling,
// measured with callgrind).
//
//go:noinline
func (c *Counter) invalidToken(tok []byte) bool {
	if validUTF8(tok) {
		return false
	}
	c.dropInvalid(tok)
	return true
}

// validUTF8 is utf8.Valid with a fast path for ASCII, which most words are:
// on a short word it costs about a third of utf8.Valid.
func validUTF8(b []byte) bool {
	var or byte
	for _, c := range b {
		or |= c
	}
	return or < utf8.RuneSelf || utf8.Valid(b)
}

// validUTF8String is validUTF8 for a string.
func validUTF8String(s string) bool {
	var or byte
	for i := 0; i < len(s); i++ {
		or |= s[i]
	}
	return or < utf8.RuneSelf || utf8.ValidString(s)
}

// dropInvalid counts tok, which is not valid UTF-8.
func (c *Counter) dropInvalid(tok []byte) {
	c.inv.Tokens++
	if _, seen := c.invalid[string(tok)]; seen { // no allocation
		return
	}
	if c.invalid == nil {
		c.invalid = make(map[string]struct{})
		c.inv.Example = string(tok)
	}
	if len(c.invalid) >= c.opt.MaxWords {
		c.inv.Capped = true
		return
	}
	c.invalid[string(tok)] = struct{}{}
	c.inv.Distinct++
}

// Count reads src to its end. It appends the provisional ids to buf and,
// whenever buf is full, passes it to emit, which takes it and returns the
// (empty) buffer to fill next; the last, partly filled buffer is emitted at
// the end. An error from emit stops Count and is returned as it is. Sentence
// boundaries are SentenceEnd, never two in a row and never first. Tokens
// that are not valid UTF-8 leave nothing in the stream.
//
// The tokens are read in blocks (tokenBatch). Looking a word up waits on
// memory, the table being tens of megabytes, and it is most of the cost of
// a pass; with several workers the blocks are looked up on other
// goroutines, in a snapshot of the table (wordTable.snapshot), while this
// one counts the blocks before them in order. A word the lookups missed
// (new since the snapshot, or pruned and seen again), and every word of a
// block looked up before a pruning, is looked up again on the way.
func (c *Counter) Count(src TokenSource, buf []int32, emit func([]int32) ([]int32, error)) error {
	workers := c.opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var snap atomic.Pointer[wordTable]
	publish := func() { snap.Store(c.ids.snapshot()) }
	if workers == 1 {
		publish = func() { snap.Store(c.ids) } // nothing runs beside the counting
	}
	publish()
	published := c.ids.Len()
	cur := buf
	err := readBatches(src, snap.Load, workers, func(b *tokenBatch) (err error) {
		cur, err = c.countBatch(b, cur, emit)
		// A new snapshot once the words added since the last one are a
		// good part of the table (few copies, each of a larger table), and
		// at once after a pruning.
		if t := c.ids; t.gen != snap.Load().gen || t.Len()-published >= max(minPublish, t.live/2) {
			publish()
			published = t.Len()
		}
		return err
	})
	if err != nil {
		return err
	}
	if _, err = emit(cur); err != nil {
		return err
	}
	if err := src.Err(); err != nil {
		return fmt.Errorf("after %d tokens: %w", c.tokens, err)
	}
	return nil
}

// countBatch counts a looked-up block in stream order, appending the ids
// to cur and emitting it when full, and returns the buffer being filled.
func (c *Counter) countBatch(b *tokenBatch, cur []int32, emit func([]int32) ([]int32, error)) ([]int32, error) {
	var (
		ids       = c.ids
		counts    = c.counts
		maxWords  = c.opt.MaxWords
		minReduce = c.minReduce
		tokens    = c.tokens
		atEnd     = c.atEnd
		stale     = b.gen != ids.gen // a pruning since the lookups: every id is checked again
		start     uint32
		err       error
	)
	defer func() { c.counts, c.tokens, c.minReduce, c.atEnd = counts, tokens, minReduce, atEnd }()
	for i, end := range b.ends {
		tok := b.text[start:end]
		start = end
		var id int32
		if len(tok) == 0 { // a sentence boundary
			if atEnd {
				continue
			}
			id, atEnd = SentenceEnd, true
		} else {
			tokens++
			id = b.ids[i]
			if id == missed || stale { // new since the lookup, or pruned since
				id = ids.find(tok)
			}
			ok := id != missed
			if !ok {
				// A new word (or a pruned one seen again): checked
				// here, never on a hit.
				if c.invalidToken(tok) {
					continue
				}
				if len(counts) == math.MaxInt32 {
					return cur, fmt.Errorf("more than %d distinct words counted (corpus too large for 32-bit ids)", math.MaxInt32)
				}
				id = ids.add(tok)
				counts = append(counts, 0)
			}
			counts[id]++
			atEnd = false
			if !ok && ids.live > maxWords {
				// As in word2vec.c, the word just added (count 1) is
				// pruned too; its occurrence is then dropped.
				prune(ids, counts, minReduce)
				minReduce++
				stale = true
			}
		}
		if len(cur) == cap(cur) {
			if cur, err = emit(cur); err != nil {
				return cur, err
			}
		}
		cur = append(cur, id)
	}
	return cur, nil
}

// batchTokens is how many events a tokenBatch holds: enough that sharing a
// block's lookups out costs little beside them (a block is about a
// millisecond of lookups), few enough that its text stays in cache.
const batchTokens = 1 << 14

// missed is the id of a token the lookups did not find.
const missed int32 = -2

// tokenBatch is a block of events read from a TokenSource: the tokens end
// to end in text, a sentence boundary as an empty token, and the id each
// token had in the table when the block was looked up.
type tokenBatch struct {
	text []byte
	ends []uint32 // event i is text[ends[i-1]:ends[i]]
	ids  []int32  // the tokens' ids, or missed; a boundary's is unused
	gen  int      // the generation of the table the ids come from
}

func newTokenBatch() *tokenBatch {
	return &tokenBatch{
		text: make([]byte, 0, 8*batchTokens),
		ends: make([]uint32, 0, batchTokens),
		ids:  make([]int32, batchTokens),
	}
}

// blockSource is a TokenSource that gives a block of events in one call,
// as corpus.Scanner does (AppendEvents, whose doc says how); it never
// gives an empty token. Counting reads it so, without a call a token.
type blockSource interface {
	AppendEvents(text []byte, ends []uint32, n int) ([]byte, []uint32, bool)
}

// fill reads up to batchTokens events from src, leaving out empty tokens
// (which are not words), and reports whether src may have more.
func (b *tokenBatch) fill(src TokenSource) bool {
	text, ends := b.text[:0], b.ends[:0]
	defer func() { b.text, b.ends, b.ids = text, ends, b.ids[:len(ends)] }()
	if bs, ok := src.(blockSource); ok {
		var more bool
		text, ends, more = bs.AppendEvents(text, ends, batchTokens)
		return more
	}
	for len(ends) < batchTokens {
		if !src.Scan() {
			return false
		}
		if !src.Boundary() {
			tok := src.Token()
			if len(tok) == 0 {
				continue
			}
			text = append(text, tok...)
		}
		ends = append(ends, uint32(len(text)))
	}
	return true
}

// readBatches reads src in blocks, looks each up in the table that table
// returns when the block's lookup starts, and hands it to f, in stream
// order, until src ends or f fails. With one worker the three happen one
// after another on the caller's goroutine. With more they are a pipeline:
// a goroutine fills the next blocks, another looks the filled ones up
// (lookupShared, its share of the workers helping), and f takes the
// looked-up ones; the table a lookup reads must then be one nobody changes
// (a snapshot).
func readBatches(src TokenSource, table func() *wordTable, workers int, f func(*tokenBatch) error) error {
	if workers <= 1 {
		b := newTokenBatch()
		for more := true; more; {
			more = b.fill(src)
			t := table()
			b.gen = t.gen
			b.lookup(t, 0, len(b.ends))
			if err := f(b); err != nil {
				return err
			}
		}
		return nil
	}
	p := startPipeline(src, table, workers-1)
	defer p.stop()
	for b := range p.looked {
		err := f(b)
		p.free <- b
		if err != nil {
			return err
		}
	}
	return nil
}

// pipelineBlocks is how many blocks circulate in a pipeline: one in each
// stage and one waiting.
const pipelineBlocks = 4

// pipeline is readBatches' reading and lookup stages, each a goroutine,
// and the blocks they pass on.
type pipeline struct {
	free   chan *tokenBatch // blocks to fill
	looked chan *tokenBatch // looked-up blocks, in stream order; closed at the end
	done   chan struct{}    // closed by stop
	left   sync.WaitGroup   // the stages' goroutines
}

// startPipeline starts reading src and looking its blocks up in table()
// with helpers goroutines beside the lookup stage's own.
func startPipeline(src TokenSource, table func() *wordTable, helpers int) *pipeline {
	p := &pipeline{
		free:   make(chan *tokenBatch, pipelineBlocks),
		looked: make(chan *tokenBatch, 1),
		done:   make(chan struct{}),
	}
	for range pipelineBlocks {
		p.free <- newTokenBatch()
	}
	filled := make(chan *tokenBatch, 1)
	p.left.Go(func() {
		defer close(filled)
		for more := true; more; {
			var b *tokenBatch
			select {
			case b = <-p.free:
			case <-p.done:
				return
			}
			more = b.fill(src)
			select {
			case filled <- b:
			case <-p.done:
				return
			}
		}
	})
	p.left.Go(func() {
		defer close(p.looked)
		for b := range filled {
			t := table()
			b.gen = t.gen
			lookupShared(t, b, helpers)
			select {
			case p.looked <- b:
			case <-p.done:
				return
			}
		}
	})
	return p
}

// stop ends the pipeline and waits for its goroutines to leave, so that src
// is the caller's again.
func (p *pipeline) stop() {
	close(p.done)
	for range p.looked { // a lookup stage blocked on a full channel
	}
	p.left.Wait()
}

// lookup sets ids[lo:hi] from the table, which it only reads.
func (b *tokenBatch) lookup(table *wordTable, lo, hi int) {
	start := uint32(0)
	if lo > 0 {
		start = b.ends[lo-1]
	}
	for i := lo; i < hi; i++ {
		end := b.ends[i]
		if end > start {
			b.ids[i] = table.find(b.text[start:end])
		}
		start = end
	}
}

// lookupShared looks b up on the caller's goroutine and helpers others,
// each a contiguous share, and returns when all are done. The table is
// only read until then.
func lookupShared(table *wordTable, b *tokenBatch, helpers int) {
	n := len(b.ends)
	share := (n + helpers) / (helpers + 1)
	var wg sync.WaitGroup
	for lo := share; lo < n; lo += share {
		wg.Go(func() { b.lookup(table, lo, min(lo+share, n)) })
	}
	b.lookup(table, 0, min(share, n))
	wg.Wait()
}

// Finish drops the words that occur fewer than MinCount times, orders the
// rest into a Vocab and returns it with the Remap of provisional ids. The
// Counter cannot be used after it.
func (c *Counter) Finish() (*Vocab, *Remap, error) {
	if c.done {
		return nil, nil, errors.New("vocab: Counter.Finish called twice")
	}
	c.done = true
	if c.tokens == 0 {
		return nil, nil, errors.New("corpus has no words")
	}
	if c.tokens == c.inv.Tokens {
		return nil, nil, fmt.Errorf("none of the corpus's %d tokens is valid UTF-8 (%s): is it in another encoding, such as Latin-1?", c.tokens, c.inv.detail())
	}
	var (
		kept []int32
		size int
		top  int64
	)
	c.ids.each(func(id int32) {
		n := c.counts[id]
		top = max(top, n)
		if n >= c.opt.MinCount {
			kept = append(kept, id)
			size += len(c.ids.word(id))
		}
	})
	// The kept words are cut from one string, one allocation.
	var all strings.Builder
	all.Grow(size)
	for _, id := range kept {
		all.Write(c.ids.word(id))
	}
	joined, at := all.String(), 0
	es := make([]entry, len(kept))
	for i, id := range kept {
		n := len(c.ids.word(id))
		es[i] = entry{word: joined[at : at+n], count: c.counts[id], id: id}
		at += n
	}
	c.ids, c.invalid = nil, nil
	if len(es) == 0 {
		return nil, nil, fmt.Errorf("vocabulary is empty after -min-count %d (the most frequent word occurs %d times)", c.opt.MinCount, top)
	}
	v, err := build(es)
	if err != nil {
		return nil, nil, err
	}
	// remap[provisional] is the final id, or SentenceEnd for dropped words
	// (pruned or below MinCount); it reuses counts' memory, which is done.
	remap := c.counts[:len(c.counts):len(c.counts)]
	c.counts = nil
	for i := range remap {
		remap[i] = int64(SentenceEnd)
	}
	for i, e := range es { // build sorted es into vocabulary order
		remap[e.id] = int64(i)
	}
	return v, &Remap{to: remap, atEnd: true}, nil
}

// Remap rewrites a provisional stream, chunk after chunk, to final ids:
// dropped words are removed and the sentence ends they leave doubled (or
// first) are collapsed. The state carries from one chunk to the next.
type Remap struct {
	to    []int64
	atEnd bool
}

// Apply appends the final ids of the provisional chunk src to dst and
// returns the extended dst. dst may be src[:0]: the rewrite is in place.
func (r *Remap) Apply(dst, src []int32) []int32 {
	atEnd := r.atEnd
	for _, id := range src {
		if id != SentenceEnd {
			if id = int32(r.to[id]); id == SentenceEnd {
				continue
			}
			atEnd = false
		} else if atEnd {
			continue
		} else {
			atEnd = true
		}
		dst = append(dst, id)
	}
	r.atEnd = atEnd
	return dst
}

// chunkLen is the length of Learn's stream chunks, once past the small ones
// a short corpus needs: large enough that allocation is rare, small enough
// that the last chunk's slack hardly matters.
const chunkLen = 1 << 20

// prune deletes the words counted at most minReduce times from ids
// (word2vec.c's ReduceVocab).
func prune(ids *wordTable, counts []int64, minReduce int64) {
	ids.rebuild(len(ids.slots), func(id int32) bool { return counts[id] > minReduce })
	ids.gen++
}

// minPublish is the fewest words added to the table before Count takes a
// new snapshot for the lookups (a few blocks' worth of new words early in
// a text).
const minPublish = 4096

// Encode maps a corpus to ids of an existing vocabulary, as for word2vec's
// -read-vocab. Tokens not in the vocabulary are dropped; the stream follows
// the rules of Learn's. It fails if the corpus has no words, or none of them
// is in the vocabulary. It reads as counting does (readBatches), with the
// vocabulary's words in a table of their own.
func Encode(src TokenSource, v *Vocab) ([]int32, error) {
	return encode(src, v, runtime.GOMAXPROCS(0))
}

// encode is Encode on workers goroutines.
func encode(src TokenSource, v *Vocab, workers int) ([]int32, error) {
	table := newWordTable()
	for _, w := range v.Words {
		table.add([]byte(w)) // ids in the vocabulary's order
	}
	var (
		stream []int32
		tokens int64
	)
	err := readBatches(src, func() *wordTable { return table }, workers, func(b *tokenBatch) error {
		start := uint32(0)
		for i, end := range b.ends {
			if end == start { // a sentence boundary
				if n := len(stream); n > 0 && stream[n-1] != SentenceEnd {
					stream = append(stream, SentenceEnd)
				}
				continue
			}
			start = end
			tokens++
			if id := b.ids[i]; id != missed {
				stream = append(stream, id)
			}
		}
		return nil
	})
	if err == nil {
		err = src.Err()
	}
	if err != nil {
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
