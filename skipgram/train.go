package skipgram

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wipsvec/wipsvec/vocab"
)

// Options configures a training run. The names follow word2vec.c's flags.
type Options struct {
	Model    Kind
	Dim      int     // -size: coordinates per vector (for SIPS including the bias, for HSG including the time coordinate)
	Window   int     // -window: maximum distance to a context word; shrunk at random per centre word
	Negative int     // -negative: noise words per positive pair
	Sample   float64 // -sample: subsampling threshold t; 0 disables
	Alpha    float64 // -alpha: starting learning rate, decayed linearly to Alpha*1e-4 over all epochs
	Iter     int     // -iter: epochs
	Threads  int     // -threads: Hogwild workers
	Seed     uint64  // -seed: with Threads == 1 the run is bit-for-bit reproducible

	NegDim int // IPDS: the last NegDim coordinates count negatively

	// WIPS: how lambda starts and its step size. The start's direction is
	// kept and its scale set to RMS 1 (training holds lambda there: see
	// mergeLambda). LambdaInit is "ones",
	// "uniform" (the paper's U(0, 1/K)), "signed" (half +1, half -1) or a
	// number c (every lambda_k = c), or "random" (U(-1, 1)); "ones" is the
	// default. LambdaAlpha is lambda's starting
	// learning rate; it decays with Alpha.
	LambdaInit  string
	LambdaAlpha float64
	// FixedLambda, when set, freezes WIPS's lambda at this value (used to
	// show that WIPS with lambda = (1,..,1,-1,..,-1) is IPDS).
	FixedLambda []float32

	// Batch shares one set of negatives across the window of a centre word
	// (pWord2Vec's HogBatch): fewer noise draws and cache misses per pair.
	// It applies to the inner-product models, SG and IPS.
	Batch bool

	// Progress, if set, is called from a separate goroutine about every
	// ProgressEvery while training, and once at the end.
	Progress      func(Progress)
	ProgressEvery time.Duration
}

// DefaultOptions are word2vec.c's defaults for skip-gram with negative sampling.
func DefaultOptions() Options {
	return Options{
		Model: SG, Dim: 100, Window: 5, Negative: 5, Sample: 1e-3, Alpha: 0.025,
		Iter: 5, Threads: 1, Seed: 1, LambdaInit: DefaultLambdaInit, LambdaAlpha: DefaultLambdaAlpha,
	}
}

// Defaults for WIPS's lambda, chosen by the ablation recorded in the README.
const (
	DefaultLambdaInit  = "ones"
	DefaultLambdaAlpha = 0.005
)

// Validate reports the first option that cannot train.
func (o *Options) Validate() error {
	if _, err := ParseKind(string(o.Model)); err != nil {
		return err
	}
	switch {
	case o.Dim <= 0:
		return fmt.Errorf("-size must be positive, got %d", o.Dim)
	case o.Model == SIPS && o.Dim < 2, o.Model == HSG && o.Dim < 2:
		return fmt.Errorf("-size must be at least 2 for %s, got %d", o.Model, o.Dim)
	case o.Window < 0:
		return fmt.Errorf("-window must not be negative, got %d", o.Window)
	case o.Window == 0:
		return fmt.Errorf("-window must be at least 1, got 0")
	case o.Negative < 1:
		return fmt.Errorf("-negative must be at least 1 (negative sampling is the only objective), got %d", o.Negative)
	case o.Sample < 0:
		return fmt.Errorf("-sample must not be negative, got %g", o.Sample)
	case !(o.Alpha > 0):
		return fmt.Errorf("-alpha must be positive, got %g", o.Alpha)
	case o.Iter < 1:
		return fmt.Errorf("-iter must be at least 1, got %d", o.Iter)
	case o.Threads < 1:
		return fmt.Errorf("-threads must be at least 1, got %d", o.Threads)
	}
	if o.Batch && o.Model != SG && o.Model != IPS {
		return fmt.Errorf("-batch is implemented for sg and ips, not %s", o.Model)
	}
	if o.Model == IPDS && (o.NegDim <= 0 || o.NegDim >= o.Dim) {
		return fmt.Errorf("-neg-dim must be in (0, %d) for ipds, got %d", o.Dim, o.NegDim)
	}
	if o.Model == WIPS {
		if o.FixedLambda != nil && len(o.FixedLambda) != o.Dim {
			return fmt.Errorf("fixed lambda has %d weights, want %d", len(o.FixedLambda), o.Dim)
		}
		if _, err := parseLambdaInit(o.LambdaInit); err != nil {
			return err
		}
		if o.LambdaAlpha < 0 {
			return fmt.Errorf("-lambda-alpha must not be negative, got %g", o.LambdaAlpha)
		}
	}
	return nil
}

// Progress is a snapshot of a running training.
type Progress struct {
	Words   int64         // tokens processed so far, over all threads and epochs
	Total   int64         // tokens to process: Iter x corpus tokens
	Alpha   float64       // current learning rate
	Loss    float64       // mean loss per positive pair since the previous snapshot
	Elapsed time.Duration // wall clock
	Threads int
	Done    bool
}

// Fraction is the share of the run done.
func (p Progress) Fraction() float64 { return float64(p.Words) / float64(max(p.Total, 1)) }

// WordsPerSecPerThread is the wall-clock throughput of one worker.
func (p Progress) WordsPerSecPerThread() float64 {
	s := p.Elapsed.Seconds()
	if s <= 0 {
		return 0
	}
	return float64(p.Words) / s / float64(max(p.Threads, 1))
}

// ETA estimates the remaining wall time from the rate so far.
func (p Progress) ETA() time.Duration {
	if p.Words == 0 {
		return 0
	}
	rest := float64(p.Total-p.Words) / float64(p.Words) * float64(p.Elapsed)
	return time.Duration(rest)
}

// Stats summarises a finished run.
type Stats struct {
	Words   int64 // tokens processed: Iter x corpus tokens when the run completes
	Pairs   int64 // positive pairs trained
	Elapsed time.Duration
	Loss    float64 // mean loss per positive pair over the last epoch's final stretch
}

// chunkWords is how many tokens a worker processes between updates of the
// shared word counter, the learning rate and its published loss: often enough
// for a smooth decay, rarely enough that the shared cache line stays cold.
const chunkWords = 10000

// lambdaMergeWords is how often (in tokens) a WIPS worker folds its lambda
// gradient into the shared lambda and refreshes its private copy.
const lambdaMergeWords = 1000

// Train learns embeddings for the vocabulary from an encoded corpus (word ids
// with vocab.SentenceEnd between sentences) under the given options. The
// stream is split into Threads contiguous parts, each trained by its own
// goroutine for Iter epochs without locks (Hogwild). A cancelled ctx stops
// the run early with ctx's error.
func Train(ctx context.Context, v *vocab.Vocab, stream []int32, opt Options) (*Model, Stats, error) {
	return TrainChunks(ctx, v, [][]int32{stream}, opt)
}

// TrainChunks is Train on a stream held in chunks (vocab.LearnChunks), so
// that a large corpus is never copied into one array. Sentences may span
// chunks.
func TrainChunks(ctx context.Context, v *vocab.Vocab, stream [][]int32, opt Options) (*Model, Stats, error) {
	if err := opt.Validate(); err != nil {
		return nil, Stats{}, err
	}
	if v.Len() == 0 {
		return nil, Stats{}, errors.New("vocabulary is empty")
	}
	m := NewModel(opt, v.Len())
	st, err := trainModel(ctx, m, v, stream, opt)
	if err == nil && !m.finite() {
		err = fmt.Errorf("training diverged: the %s vectors hold NaN or Inf; lower -alpha (%g) or, for wips, -lambda-alpha (%g)",
			opt.Model, opt.Alpha, opt.LambdaAlpha)
	}
	return m, st, err
}

// run is the state the workers of one training share.
type run struct {
	opt      *Options
	model    *Model
	noise    *vocab.Noise
	keep     []uint32
	sig      *sigmoidTable
	total    int64        // Iter x corpus tokens
	words    atomic.Int64 // tokens processed, updated per chunk
	stop     atomic.Bool
	lambdaMu sync.Mutex // guards model.Lambda merges
}

func trainModel(ctx context.Context, m *Model, v *vocab.Vocab, stream [][]int32, opt Options) (Stats, error) {
	parts := splitStream(stream, opt.Threads)
	var corpusWords int64
	for _, p := range parts {
		corpusWords += p.words
	}
	if corpusWords == 0 {
		return Stats{}, errors.New("corpus has no in-vocabulary words to train on")
	}
	r := &run{
		opt:   &opt,
		model: m,
		noise: vocab.NewNoise(v.Counts, 0.75),
		keep:  vocab.SubsampleThresholds(v, opt.Sample),
		sig:   newSigmoidTable(),
		total: int64(opt.Iter) * corpusWords,
	}
	workers := make([]*worker, len(parts))
	for i, p := range parts {
		workers[i] = newWorker(r, i, p)
	}

	start := time.Now()
	done := make(chan struct{})
	var reporter sync.WaitGroup
	if opt.Progress != nil {
		every := opt.ProgressEvery
		if every <= 0 {
			every = 500 * time.Millisecond
		}
		reporter.Add(1)
		go func() {
			defer reporter.Done()
			r.report(workers, start, every, done)
		}()
	}
	stopWatch := context.AfterFunc(ctx, func() { r.stop.Store(true) })
	runWorkers(workers)
	stopWatch()
	close(done)
	reporter.Wait()

	st := Stats{Elapsed: time.Since(start)}
	var loss float64
	var lossPairs float64
	for _, w := range workers {
		st.Words += w.words
		st.Pairs += w.pairs
		loss += w.epochLoss
		lossPairs += w.epochPairs
	}
	if lossPairs > 0 {
		st.Loss = loss / lossPairs
	}
	if opt.Progress != nil {
		opt.Progress(Progress{Words: st.Words, Total: r.total, Alpha: r.alpha(st.Words), Loss: st.Loss,
			Elapsed: st.Elapsed, Threads: opt.Threads, Done: true})
	}
	if err := ctx.Err(); err != nil {
		return st, err
	}
	return st, nil
}

// alpha is the learning rate after words tokens: linear decay over the whole
// run, floored at 1e-4 of the start as in word2vec.c.
func (r *run) alpha(words int64) float64 {
	a := r.opt.Alpha * (1 - float64(words)/float64(r.total+1))
	return max(a, r.opt.Alpha*1e-4)
}

func (r *run) report(workers []*worker, start time.Time, every time.Duration, done <-chan struct{}) {
	t := time.NewTicker(every)
	defer t.Stop()
	var lastLoss float64
	var lastPairs int64
	for {
		select {
		case <-done:
			return
		case <-t.C:
		}
		var loss float64
		var pairs int64
		for _, w := range workers {
			loss += math.Float64frombits(w.pub.loss.Load())
			pairs += w.pub.pairs.Load()
		}
		p := Progress{Words: r.words.Load(), Total: r.total, Elapsed: time.Since(start), Threads: len(workers)}
		p.Alpha = r.alpha(p.Words)
		if pairs > lastPairs {
			p.Loss = (loss - lastLoss) / float64(pairs-lastPairs)
			lastLoss, lastPairs = loss, pairs
		}
		r.opt.Progress(p)
	}
}

// part is a worker's share of the corpus: whole sentences, as pieces of the
// stream's chunks.
type part struct {
	pieces [][]int32
	words  int64 // tokens that are words, not sentence ends
}

// splitStream cuts the stream into n parts of about equal length at sentence
// ends, so that no sentence straddles two workers.
func splitStream(chunks [][]int32, n int) []part {
	total := 0
	for _, c := range chunks {
		total += len(c)
	}
	// at returns the token at global position g (0 <= g < total).
	at := func(g int) int32 {
		for _, c := range chunks {
			if g < len(c) {
				return c[g]
			}
			g -= len(c)
		}
		return vocab.SentenceEnd
	}
	// Cut i ends part i: the first sentence end at or after an equal share.
	cuts := make([]int, n+1)
	for i := 1; i < n; i++ {
		g := max(cuts[i-1], total*i/n)
		for g < total && g > 0 && at(g-1) != vocab.SentenceEnd {
			g++
		}
		cuts[i] = g
	}
	cuts[n] = total
	parts := make([]part, n)
	offset := 0 // global position of the current chunk's first token
	for _, c := range chunks {
		for i := range parts {
			lo, hi := max(cuts[i]-offset, 0), min(cuts[i+1]-offset, len(c))
			if lo < hi {
				parts[i].pieces = append(parts[i].pieces, c[lo:hi])
			}
		}
		offset += len(c)
	}
	for i := range parts {
		for _, p := range parts[i].pieces {
			for _, id := range p {
				if id != vocab.SentenceEnd {
					parts[i].words++
				}
			}
		}
	}
	return parts
}
