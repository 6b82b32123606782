package speed

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/vocab"
)

// MeasureWindowUpdates returns how many (context, target) updates of SG's
// batch window (skipgram.WindowBench: the trainer's own kernel) one thread
// does per second on K-float rows that stay in L1: window+1 contexts, the
// mean of word2vec's shrunk windows, against the centre word and negative
// noise words. It takes the best of three trials of about d each, so that
// a busy machine lowers the figure as little as possible; 0 for settings
// the trainer refuses.
func MeasureWindowUpdates(dim, window, negative int, d time.Duration) float64 {
	step, err := skipgram.WindowBench(dim, window, negative)
	if err != nil {
		return 0
	}
	batch := func() int {
		n := 0
		for range 256 {
			n += step()
		}
		return n
	}
	batch() // warm up
	var best float64
	for range 3 {
		start := time.Now()
		n := 0
		for time.Since(start) < d {
			n += batch()
		}
		best = max(best, float64(n)/time.Since(start).Seconds())
	}
	return best
}

// ceilings adds to the report the ceiling at each size, in words: the
// updates per second measured before the runs (updates, by size) over the
// updates a corpus word makes. Those come from a wipsvec run's sidecar, or
// failing one from an in-process run on the corpus; a report cut short
// (failed) before any wipsvec run has no ceiling in words.
func (b *bench) ceilings(ctx context.Context, updates map[int]float64, failed bool) error {
	opt, rep := b.opt, b.rep
	perWordFrom := "sidecar"
	if b.pairsPerWord == 0 && !failed {
		var n int64
		var err error
		b.pairsPerWord, n, err = samplePairsPerWord(ctx, b.input, opt)
		if err != nil {
			return fmt.Errorf("counting pairs per word: %w", err)
		}
		perWordFrom = fmt.Sprintf("in-process run on %d tokens", n)
	}
	for _, k := range opt.Sizes {
		if slices.ContainsFunc(rep.Ceilings, func(c Ceiling) bool { return c.Dim == k }) || b.pairsPerWord == 0 && failed {
			continue
		}
		c := Ceiling{Dim: k, UpdatesPerSec: updates[k], UpdatesPerWord: b.pairsPerWord * float64(1+opt.Negative), PerWordFrom: perWordFrom}
		if c.UpdatesPerWord > 0 {
			c.WordsPerSec = c.UpdatesPerSec / c.UpdatesPerWord
		}
		rep.Ceilings = append(rep.Ceilings, c)
	}
	return nil
}

// samplePairsPerWord trains SG in process on up to pairSampleTokens of the
// corpus at a small size and returns the positive pairs per corpus word and
// the tokens it trained on. Pairs per word depend on the corpus, -window and
// -sample but not on the model or size, and a prefix of the corpus is a fair
// sample of a per-word average. It stands in for a "pairs" field in the
// sidecar, which the trainer does not write.
func samplePairsPerWord(ctx context.Context, path string, o *ThroughputOptions) (float64, int64, error) {
	rc, err := corpus.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer rc.Close()
	v, stream, err := vocab.Learn(corpus.NewScanner(rc), vocab.LearnOptions{MinCount: int64(o.MinCount)})
	if err != nil {
		return 0, 0, fmt.Errorf("corpus %s: %w", path, err)
	}
	if v.Len() == 0 {
		return 0, 0, fmt.Errorf("corpus %s has no word with -min-count %d", path, o.MinCount)
	}
	stream = sentencePrefix(stream, pairSampleTokens)
	opt := skipgram.DefaultOptions()
	opt.Dim, opt.Window, opt.Negative, opt.Sample, opt.Alpha, opt.Iter, opt.Threads =
		16, o.Window, o.Negative, o.Sample, o.Alpha, 1, 1
	job := skipgram.Job{Options: opt, Vocab: v, Text: [][]int32{stream}}
	res, err := job.Train(ctx)
	if err != nil {
		return 0, 0, err
	}
	st := res.Stats
	if st.Words == 0 {
		return 0, 0, errors.New("no words trained")
	}
	return float64(st.Pairs) / float64(st.Words), st.Words, nil
}

// pairSampleTokens bounds the in-process run of samplePairsPerWord: enough
// for three significant figures, a few seconds at size 16.
const pairSampleTokens = 2_000_000

// sentencePrefix returns the stream up to the first sentence end after n
// tokens.
func sentencePrefix(stream []int32, n int) []int32 {
	if len(stream) <= n {
		return stream
	}
	for i := n; i < len(stream); i++ {
		if stream[i] == vocab.SentenceEnd {
			return stream[:i+1]
		}
	}
	return stream
}
