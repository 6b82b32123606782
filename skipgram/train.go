package skipgram

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wipsvec/wipsvec/skipgram/kernel"
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

	// WIPS: how lambda starts, its step size and its floor
	// (docs/wips-lambda.md has the ablation behind the defaults).
	//
	// LambdaInit is "spectral" (the default: the signs of the K largest
	// eigenvalues of the corpus's shifted PMI, see SpectralNegatives),
	// "neg:Q" (Q weights -1, the rest +1), "ones", "uniform" (the paper's
	// U(0, 1/K)), "random" (U(-1, 1)), "signed" (half -1) or a number c
	// (every weight c). Whatever the start, lambda is scaled to RMS 1 and
	// held there (see weightedKernel.sync).
	//
	// LambdaAlpha is lambda's starting learning rate per coordinate: the
	// step is LambdaAlpha*K, and it decays with Alpha.
	//
	// LambdaFloor keeps every |lambda_k| at or above this fraction of
	// lambda's RMS, so that no coordinate of the vectors stops learning
	// (their gradient is proportional to lambda_k), while a weight can still
	// change sign: the floor acts on the weights the model scores with, not
	// on the ones the steps accumulate in, which pass through zero freely.
	// At 1 (the default) every weight is +1 or -1: the magnitudes, which
	// only set each coordinate's learning rate, stay IPDS's, and the steps
	// decide the signs alone, through raw weights clipped to [-1, 1].
	LambdaInit  string
	LambdaAlpha float64
	LambdaFloor float64
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

// DefaultOptions are word2vec.c's defaults for skip-gram with negative
// sampling, but for the subsampling threshold (DefaultSample), and the
// general models' own: IPDS's q (DefaultNegDim) and WIPS's lambda recipe.
// Every command starts from them.
func DefaultOptions() Options {
	return Options{
		Model: SG, Dim: 100, Window: 5, Negative: 5, Sample: DefaultSample, Alpha: 0.025,
		Iter: 5, Threads: 1, Seed: 1, NegDim: DefaultNegDim,
		LambdaInit: DefaultLambdaInit, LambdaAlpha: DefaultLambdaAlpha, LambdaFloor: DefaultLambdaFloor,
	}
}

// DefaultSample is the subsampling threshold t: word2vec.c's 1e-3 keeps
// more of the frequent words than the measurements favour (docs/defaults.md).
const DefaultSample = 1e-3

// Validate reports the first option that cannot train: the checks every
// model shares, then its own.
func (o *Options) Validate() error {
	if _, err := ParseKind(string(o.Model)); err != nil {
		return err
	}
	def := o.Model.def()
	switch {
	case o.Dim <= 0:
		return fmt.Errorf("-size must be positive, got %d", o.Dim)
	case o.Dim < def.minDim:
		return fmt.Errorf("-size must be at least %d for %s, got %d", def.minDim, o.Model, o.Dim)
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
	case o.Batch && !def.batch:
		return fmt.Errorf("-batch is implemented for %s, not %s", strings.Join(batchKinds(), " and "), o.Model)
	}
	if def.check != nil {
		return def.check(o)
	}
	return nil
}

// batchKinds names the models that implement Options.Batch.
func batchKinds() []string {
	var names []string
	for _, m := range models {
		if m.batch {
			names = append(names, string(m.kind))
		}
	}
	return names
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

	// WIPS: the start lambda was given ("neg:Q" for the spectral start, which
	// it resolves) and, for the spectral start, the K largest eigenvalues of
	// the shifted PMI by absolute value.
	LambdaStart string
	Spectrum    []float64
}

// chunkWords is how many tokens a worker processes between updates of the
// shared word counter, the learning rate and its published loss: often enough
// for a smooth decay, rarely enough that the shared cache line stays cold.
const chunkWords = 10000

// syncWords is how often (in tokens, or pairs of a graph) a worker whose
// kernel keeps private copies of shared parameters (WIPS's lambda) syncs
// them.
const syncWords = 1000

// Train learns embeddings for the vocabulary from an encoded corpus (word ids
// with vocab.SentenceEnd between sentences) under the given options. The
// stream is cut into blocks of whole sentences that Threads goroutines claim
// one at a time, Iter passes over the corpus in all, and train without locks
// (Hogwild). A cancelled ctx stops the run early with ctx's error.
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
	m, start, spectrum, err := prepare(&opt, v.Len(), data{spectrum: func(k, negative int) (int, []float64, error) {
		q, eig, _, err := SpectralNegatives(v, stream, k, SpectrumOptions{Window: opt.Window, Negative: negative})
		return q, eig, err
	}})
	if err != nil {
		return nil, Stats{}, err
	}
	st, err := trainModel(ctx, m, v, stream, opt)
	return finish(m, st, err, opt, start, spectrum)
}

// prepare resolves what the model starts from in the data d (WIPS's
// spectral start, into opt) and makes its initial parameters for words
// rows.
func prepare(opt *Options, words int, d data) (m *Model, start string, spectrum []float64, err error) {
	if p := opt.Model.def().prepare; p != nil {
		if start, spectrum, err = p(opt, d); err != nil {
			return nil, "", nil, err
		}
	}
	return NewModel(*opt, words), start, spectrum, nil
}

// finish records in st what the model's start resolved to, and turns a run
// whose parameters diverged into an error.
func finish(m *Model, st Stats, err error, opt Options, start string, spectrum []float64) (*Model, Stats, error) {
	st.LambdaStart, st.Spectrum = start, spectrum
	if err == nil && !m.finite() {
		err = fmt.Errorf("training diverged: the %s vectors hold NaN or Inf; lower -alpha (%g) or, for wips, -lambda-alpha (%g)",
			opt.Model, opt.Alpha, opt.LambdaAlpha)
	}
	return m, st, err
}

// run is the state the workers of one training share.
type run struct {
	opt    *Options
	model  *Model
	noise  *vocab.Noise
	keep   []uint32
	sig    *kernel.SigmoidTable
	total  int64 // Iter x corpus tokens
	blocks []block
	sched  *schedule
	words  atomic.Int64 // tokens processed, updated per chunk
	stop   atomic.Bool
	graph  *graphRun // set when training on an edge list instead of text
}

func trainModel(ctx context.Context, m *Model, v *vocab.Vocab, stream [][]int32, opt Options) (Stats, error) {
	blocks := splitBlocks(stream, blockWords)
	var corpusWords int64
	for _, b := range blocks {
		corpusWords += b.words
	}
	if corpusWords == 0 {
		return Stats{}, errors.New("corpus has no in-vocabulary words to train on")
	}
	r := &run{
		opt:    &opt,
		model:  m,
		noise:  vocab.NewNoise(v.Counts, 0.75),
		keep:   vocab.SubsampleThresholds(v, opt.Sample),
		sig:    kernel.NewSigmoidTable(),
		total:  int64(opt.Iter) * corpusWords,
		blocks: blocks,
		sched:  newSchedule(len(blocks), opt.Threads, opt.Iter),
	}
	return r.execute(ctx)
}

// execute runs the workers of r to the end of their work (or ctx's), with
// the progress reporter beside them, and sums what they measured.
func (r *run) execute(ctx context.Context) (Stats, error) {
	opt := r.opt
	newKernel := r.model.Kind.def().start(r)
	workers := make([]*worker, opt.Threads)
	for i := range workers {
		workers[i] = newWorker(r, i, newKernel)
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

// block is a stretch of the corpus trained as one unit of work: whole
// sentences, as pieces of the stream's chunks.
type block struct {
	pieces [][]int32
	words  int64 // tokens that are words, not sentence ends
}

// blockWords is the length a block is cut at (the next sentence end after
// it). Workers claim blocks one at a time, so when one of them is slowed
// down (a shared machine, a cold cache) the others take over its share and
// at most one block's time is spent with idle cores at the end of the run.
// Large enough that the shared claim counter is touched a few times a
// second; small enough that a block lasts about a tenth of a second.
const blockWords = 100_000

// splitBlocks cuts the stream into blocks of about size tokens that end at
// sentence ends, so that no sentence straddles two blocks (or two workers).
func splitBlocks(chunks [][]int32, size int) []block {
	var blocks []block
	var cur block
	n := 0 // tokens in cur
	for _, c := range chunks {
		lo := 0
		for i, id := range c {
			n++
			if id != vocab.SentenceEnd {
				cur.words++
				continue
			}
			if n >= size {
				cur.pieces = append(cur.pieces, c[lo:i+1])
				blocks = append(blocks, cur)
				cur, n, lo = block{}, 0, i+1
			}
		}
		if lo < len(c) {
			cur.pieces = append(cur.pieces, c[lo:])
		}
	}
	if n > 0 {
		blocks = append(blocks, cur)
	}
	return blocks
}

// schedule hands out the run's work, Iter passes over the blocks, one block
// at a time. Within an epoch the blocks are dealt from lanes, one contiguous
// region of the corpus per thread, as word2vec.c splits its file: threads
// working at the same time then read far-apart text, touch different rare
// words and fight less over the same rows. With one thread the order is
// simply the corpus order, epoch after epoch.
type schedule struct {
	_       [64]byte
	next    atomic.Int64 // claims handed out so far
	_       [56]byte
	blocks  int
	lanes   int
	perLane int // blocks per lane, rounded up: lanes x perLane >= blocks
	iter    int
}

func newSchedule(blocks, lanes, iter int) *schedule {
	lanes = max(1, min(lanes, blocks))
	return &schedule{blocks: blocks, lanes: lanes, perLane: (blocks + lanes - 1) / lanes, iter: iter}
}

// claim returns the next block to train and its epoch, or ok false when the
// run's work is all handed out.
func (s *schedule) claim() (epoch, blk int, ok bool) {
	slots := s.lanes * s.perLane
	for slots > 0 {
		i := int(s.next.Add(1) - 1)
		if i >= s.iter*slots {
			return 0, 0, false
		}
		epoch, j := i/slots, i%slots
		// Slot j is position j/lanes of lane j%lanes; the last lane may be short.
		if b := (j%s.lanes)*s.perLane + j/s.lanes; b < s.blocks {
			return epoch, b, true
		}
	}
	return 0, 0, false
}
