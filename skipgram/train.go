package skipgram

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wipsvec/wipsvec/skipgram/checkpoint"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/subword"
	"github.com/wipsvec/wipsvec/vocab"
)

// Options configures a training run: its settings, and how it reports,
// checkpoints and starts.
type Options struct {
	Settings

	// Progress, if set, is called from a separate goroutine about every
	// ProgressEvery while training, and once at the end.
	Progress      func(Progress) `json:"-"`
	ProgressEvery time.Duration  `json:"-"`

	// Checkpoint, if set, is given a Snapshot of the run about every
	// CheckpointEvery (default 10 minutes), when ctx is cancelled (the run
	// then stops at the end of the blocks in progress instead of in their
	// middle, so that it can be resumed), and when the run ends. The
	// workers wait at the end of their blocks only while the parameters
	// are copied; Checkpoint writes the copy while they go on, and the
	// next snapshot waits for it. The snapshot's parameters are reused by
	// the next: it is valid until Checkpoint returns. An error from
	// Checkpoint stops the run with that error.
	Checkpoint      func(*Snapshot) error `json:"-"`
	CheckpointEvery time.Duration         `json:"-"`

	// Resume, if set, continues the run it is a snapshot of instead of
	// starting a new one; the other options must be the snapshot's. With
	// Threads == 1 the resumed run ends bit-for-bit where the uninterrupted
	// one would have.
	Resume *Snapshot `json:"-"`

	// Init, if set, is where a new run starts instead of new parameters:
	// a trained model continued for more epochs or on more text (see
	// Snapshot.Continue). Its rows must match the vocabulary.
	Init *Model `json:"-"`

	// Start, if set, gives a new run's rows a start: the row of every word
	// (node) it holds is copied from it, the others are drawn as a new
	// run's, and SG's output rows start at zero (pretrained vectors, as
	// gensim's intersect_word2vec_format). A model whose rows lie in a
	// space of their own (HSG's hyperboloid) is refused.
	Start *embedding.Vectors `json:"-"`
}

// Settings are what a run trains and how, all of it data: two runs'
// settings compare with ==, and a checkpoint and a sidecar record them
// whole. The names follow word2vec.c's flags.
type Settings struct {
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

	// WIPS: how lambda starts and its step size (docs/wips-lambda.md has
	// the measurements behind the defaults).
	//
	// LambdaInit is "spectral" (the default: the signs of the K largest
	// eigenvalues of the corpus's shifted PMI, see SpectralNegatives),
	// "neg:Q" (Q weights -1, the rest +1), "ones", "uniform" (the paper's
	// U(0, 1/K)), "random" (U(-1, 1)), "signed" (half -1) or a number c
	// (every weight c), scaled to RMS 1. Training keeps every sign.
	//
	// LambdaAlpha is the fraction of lambda's step taken at each merge,
	// decayed like Alpha (weightedKernel.sync); 0 keeps lambda at its start.
	LambdaInit  string
	LambdaAlpha float64

	// Batch shares one set of negatives across the window of a centre word
	// (pWord2Vec's HogBatch, batch.go), the default for text: every target
	// row is read and written once per window instead of once per pair, so
	// the rows all threads write (the frequent words') cross between cores
	// several times less often, and the noise draws fall as much. False
	// trains every pair apart, as word2vec.c does. A graph, whose every
	// pair is its own window, trains per pair whatever Batch says.
	Batch bool

	// ShareNoise is how many consecutive windows of a sentence share one
	// draw of noise words (batch windows of text); 1 draws for every
	// window, and 0, the default, leaves it to the model (model.shareNoise,
	// resolved by SharedNoise). A noise word's row is then written by
	// one core that many windows in a row and crosses to it from another
	// core at most once, where a fresh draw per window may cross again
	// each window; one thread draws and fetches less. Every context still
	// meets Negative noise words, each drawn from the whole distribution.
	ShareNoise int

	// HotRows is how many rows of each matrix, the most frequent words'
	// (a graph's best connected nodes'), every worker of a run on two
	// threads or more keeps a replica of, merged into the shared rows every
	// HotSync tokens (hogwild.Replica): the rows every worker writes then
	// cross between cores once per merge instead of once per window. 0 is
	// plain Hogwild on every row; DefaultHotRows leaves it to the model
	// (HotReplicaRows), whose default also keeps apart the rest of the rows
	// its targets are drawn from up to TargetReplicaRows.
	HotRows int
	// HotSync is how many tokens (pairs of a graph) a worker trains between
	// two merges of its hot rows.
	HotSync int

	// CBOW trains word2vec's continuous bag of words (-cbow 1) instead of
	// skip-gram: the mean of a window's context rows is scored against
	// the centre word under the model's own similarity, and each context
	// row moves by the whole gradient, as in word2vec.c (cbow.go). One
	// draw of noise words per window; Batch does not apply.
	CBOW bool
	// HS scores the centre word by word2vec.c's hierarchical softmax
	// (-hs 1): the inner nodes on its path in a Huffman tree over the
	// vocabulary, each with an output row of its own (Model.Tree), beside
	// Negative noise words or, with Negative 0, alone (huffman.go).
	HS bool

	// Subwords trains fastText's subword rows (-minn, -maxn, -bucket): a
	// word's input vector is the mean of its own row and its character
	// n-grams' bucket rows, and each of them moves by the whole gradient
	// (subwords.go). The zero value, Maxn 0, trains none.
	Subwords subword.Settings
}

// DefaultOptions are word2vec.c's defaults for skip-gram with negative
// sampling, but for the subsampling threshold (DefaultSample), and the
// general models' own: IPDS's q (DefaultNegDim) and WIPS's lambda recipe.
// Every command starts from them.
func DefaultOptions() Options {
	return Options{Settings: Settings{
		Model: SG, Dim: 100, Window: 5, Negative: 5, Sample: DefaultSample, Alpha: 0.025,
		Iter: 5, Threads: 1, Seed: 1, NegDim: DefaultNegDim, Batch: true, HotRows: DefaultHotRows, HotSync: DefaultHotSync,
		LambdaInit: DefaultLambdaInit, LambdaAlpha: DefaultLambdaAlpha,
	}}
}

// The defaults of Options.HotRows and HotSync, and the rows a model that
// keeps replicas keeps apart by default on two threads or more: the first
// DefaultReplicaHotRows merged every HotSync tokens, the rest up to
// DefaultReplicaTargetRows of the rows its targets are drawn from every
// ReplicaTargetSync tokens (docs/scaling.md).
const (
	DefaultHotRows           = -1 // the model's
	DefaultHotSync           = 10_000
	DefaultReplicaHotRows    = 64
	DefaultReplicaTargetRows = 4096
	ReplicaTargetSync        = 200_000
)

// DefaultCBOWAlpha is the starting learning rate of CBOW, word2vec.c's:
// the mean of a window moves every context row by the whole gradient, and
// a window is one example where skip-gram makes one per context.
const DefaultCBOWAlpha = 0.05

// DefaultSample is the subsampling threshold t: 1e-4, the paper's, rather
// than word2vec.c's 1e-3, which scored lower on the mean of the four
// benchmarks for SG and WIPS and the same for SIPS, while training on more
// of the frequent words' tokens; 1e-5 scored lower for every model
// (docs/defaults.md has the grid).
const DefaultSample = 1e-4

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
	case o.Negative < 0:
		return fmt.Errorf("-negative must not be negative, got %d", o.Negative)
	case o.Negative == 0 && !o.HS:
		return fmt.Errorf("-negative 0 leaves nothing to train: give -negative 1 or more, or -hs 1")
	case o.Sample < 0:
		return fmt.Errorf("-sample must not be negative, got %g", o.Sample)
	case !(o.Alpha >= 0) || math.IsInf(o.Alpha, 0):
		// 0 trains nothing: a continued run at rate 0 keeps every row.
		return fmt.Errorf("-alpha must be a finite number, at least 0, got %g", o.Alpha)
	case o.Iter < 1:
		return fmt.Errorf("-iter must be at least 1, got %d", o.Iter)
	case o.Threads < 1:
		return fmt.Errorf("-threads must be at least 1, got %d", o.Threads)
	case o.ShareNoise < 0:
		return fmt.Errorf("-share-noise must not be negative, got %d", o.ShareNoise)
	case o.HotRows < DefaultHotRows:
		return fmt.Errorf("-hot-rows must be at least %d (the model's default), got %d", DefaultHotRows, o.HotRows)
	case (o.HotReplicaRows() > 0 || o.TreeReplicaRows() > 0) && o.HotSync < 1:
		return fmt.Errorf("-hot-sync must be positive, got %d", o.HotSync)
	case o.CBOW && def.noMean != "":
		return fmt.Errorf("-cbow 1 has no meaning for %s: %s", o.Model, def.noMean)
	case o.Subwords.Enabled() && o.HS:
		return fmt.Errorf("-maxn %d trains with negative sampling, as fastText's skipgram and cbow do by default: give -hs 0", o.Subwords.Maxn)
	case o.Subwords.Enabled() && def.views != 2:
		return fmt.Errorf("-maxn %d trains subword rows for sg only: a one-view model's one matrix would hold a word's own row as a target and its n-grams' as a context", o.Subwords.Maxn)
	case o.HS && def.views != 2:
		return fmt.Errorf("-hs 1 needs output rows apart from the word vectors, which %s does not have: a Huffman tree's inner nodes are not words (use -model sg)", o.Model)
	}
	if o.Subwords.Enabled() {
		if err := o.Subwords.Validate(); err != nil {
			return err
		}
	}
	if def.check != nil {
		return def.check(o)
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

	// WIPS: the start lambda was given ("neg:Q" for the spectral start, which
	// it resolves) and, for the spectral start, the K largest eigenvalues of
	// the shifted PMI by absolute value.
	LambdaStart string
	Spectrum    []float64

	// Started is how many rows Options.Start gave their start.
	Started int
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
// chunks. It is the Job of that text.
func TrainChunks(ctx context.Context, v *vocab.Vocab, stream [][]int32, opt Options) (*Model, Stats, error) {
	return trainJob(ctx, &Job{Options: opt, Vocab: v, Text: stream})
}

// trainJob trains j as the functions before the Job return its run.
func trainJob(ctx context.Context, j *Job) (*Model, Stats, error) {
	res, err := j.Train(ctx)
	if res == nil {
		return nil, Stats{}, err
	}
	return res.Model, res.Stats, err
}

// textInput is a text's ids as a run's data: blocks of whole sentences.
type textInput struct {
	v      *vocab.Vocab
	stream [][]int32
}

func (t textInput) check(o *Options) error {
	switch {
	case t.v.Len() == 0:
		return errors.New("vocabulary is empty")
	case o.HS && t.v.Len() < 2:
		return errors.New("-hs 1 needs a vocabulary of two words or more, for a tree to have an inner node")
	}
	return nil
}

func (t textInput) rows() int  { return t.v.Len() }
func (t textInput) edges() int { return 0 }
func (t textInput) fingerprint() Fingerprint {
	return checkpoint.TextFingerprint(t.v.Words, t.v.Counts, t.stream)
}

func (t textInput) data(o *Options) data {
	return data{spectrum: func(k, negative int) (int, []float64, error) {
		q, eig, _, err := SpectralNegatives(t.v, t.stream, k, SpectrumOptions{Window: o.Window, Negative: negative})
		return q, eig, err
	}}
}

// attach cuts the text into blocks of whole sentences dealt to the plan's
// lanes, each thread claiming one at a time, Iter passes in all.
func (t textInput) attach(r *run) error {
	p := r.plan
	blocks, lanes := hogwild.DealLanes(hogwild.SplitBlocks(t.stream, hogwild.BlockWords), p.Lanes, p.Tail)
	if s := p.Resume; s != nil && (len(blocks) != s.pos.Blocks || len(lanes)-1 != s.pos.Lanes) {
		return fmt.Errorf("the checkpoint's run cut the corpus into %d blocks in %d lanes, this build into %d in %d: resume it with the build that wrote it",
			s.pos.Blocks, s.pos.Lanes, len(blocks), len(lanes)-1)
	}
	var corpusWords int64
	for _, b := range blocks {
		corpusWords += b.Words
	}
	if corpusWords == 0 {
		return errors.New("corpus has no in-vocabulary words to train on")
	}
	r.noise = vocab.NewNoise(t.v.Counts, 0.75)
	r.keep = vocab.SubsampleThresholds(t.v, p.Sample)
	r.total = int64(p.Iter) * corpusWords
	r.blocks = blocks
	r.sched = hogwild.LaneSchedule(lanes, p.Iter, p.Tail)
	return nil
}

// origin is what a run's start resolved: WIPS's spectral start and its
// eigenvalues, and how many rows Options.Start gave their start.
type origin struct {
	lambdaStart string
	spectrum    []float64
	started     int
}

// begin makes the run's parameters: the snapshot's when resuming, the
// given ones when continuing (Init), new ones otherwise (prepare), for the
// plan's rows, named by names (nil for a graph without names). fp is the
// data's fingerprint, which a resumed snapshot must share.
func begin(p *Plan, names []string, fp Fingerprint, graph bool, d data) (*Model, origin, error) {
	opt := &p.Options
	switch {
	case opt.Resume != nil:
		s := opt.Resume
		if err := s.check(p.Given, fp, graph); err != nil {
			return nil, origin{}, err
		}
		if s.LambdaStart != "" && opt.Model.LearnsLambda() {
			p.LambdaInit = s.LambdaStart // what the run's start resolved to
		}
		return s.Model.expand(), origin{lambdaStart: s.LambdaStart, spectrum: s.Spectrum}, nil
	case opt.Init != nil:
		m := opt.Init
		if m.Kind != opt.Model || m.Dim != opt.Dim || m.Words != p.Rows {
			return nil, origin{}, fmt.Errorf("the initial model is %s with %d rows of %d coordinates, the run %s with %d of %d",
				m.Kind, m.Words, m.Dim, opt.Model, p.Rows, opt.Dim)
		}
		if (m.Tree != nil) != opt.HS {
			return nil, origin{}, fmt.Errorf("the initial model was trained with -hs %d, the run asks for -hs %d", b2i(m.Tree != nil), b2i(opt.HS))
		}
		return m, origin{lambdaStart: "continued"}, nil
	}
	return prepare(p, names, d)
}

// SharedNoise is how many consecutive windows share a draw of noise words:
// ShareNoise, or the model's number when that is 0; 1 for exact pairs
// (Batch false) and, unless ShareNoise says otherwise, for CBOW, which
// draws for each window as word2vec.c does. A graph's pairs draw their own
// whatever it says.
func (o *Options) SharedNoise() int {
	switch {
	case !o.Batch && !o.CBOW:
		return 1
	case o.ShareNoise > 0:
		return o.ShareNoise
	case o.CBOW:
		return 1
	}
	return max(o.Model.def().shareNoise, 1)
}

// prepare resolves what the model starts from in the data d (WIPS's
// spectral start, into the plan's LambdaInit) and makes its initial
// parameters for the plan's rows, with Options.Start's rows copied in by
// the rows' names.
func prepare(p *Plan, names []string, d data) (*Model, origin, error) {
	opt := &p.Options
	var o origin
	if prep := opt.Model.def().prepare; prep != nil {
		given := *opt // prepare works on a copy: the plan's start is set here alone
		var err error
		if o.lambdaStart, o.spectrum, err = prep(&given, d); err != nil {
			return nil, origin{}, err
		}
		p.LambdaInit = o.lambdaStart
	}
	m := NewModel(*opt, p.Rows)
	if v := opt.Start; v != nil {
		if opt.Model.def().project != nil {
			return nil, origin{}, fmt.Errorf("%s's rows lie in a space of their own, where a vectors file's do not: start it anew or from its checkpoint", opt.Model)
		}
		if v.Dim != opt.Dim {
			return nil, origin{}, fmt.Errorf("the starting vectors have %d dimensions, the run %d", v.Dim, opt.Dim)
		}
		o.started = m.startFrom(v, names)
	}
	return m, o, nil
}

// startFrom copies into m the row of every word of words that vec holds
// (its first, if it holds one twice) and returns how many it copied.
func (m *Model) startFrom(vec *embedding.Vectors, words []string) int {
	idx := vec.Index()
	n := 0
	for i, w := range words {
		if j, ok := idx[w]; ok {
			copy(m.Row(i), vec.Row(j))
			n++
		}
	}
	return n
}

// ErrDiverged is a run whose parameters stopped being finite numbers. A
// worker that finds one stops the run (it checks the rows of the most
// frequent word, which every worker writes, each time it publishes its
// progress), so a run that diverges early ends early.
var ErrDiverged = errors.New("training diverged")

// finish records in st what the model's start resolved to, and turns a run
// whose parameters diverged into an error that says what to change.
func finish(m *Model, st Stats, err error, opt Options, o origin) (*Model, Stats, error) {
	st.LambdaStart, st.Spectrum, st.Started = o.lambdaStart, o.spectrum, o.started
	if errors.Is(err, ErrDiverged) || err == nil && !m.finite() {
		err = fmt.Errorf("%w after %d words: the %s vectors hold NaN or Inf; lower -alpha (%g) or, for wips, -lambda-alpha (%g)",
			ErrDiverged, st.Words, opt.Model, opt.Alpha, opt.LambdaAlpha)
	}
	return m, st, err
}

// run is the state the workers of one training share.
type run struct {
	opt    *Options // &plan.Options: the settings as the run trains them
	plan   *Plan
	model  *Model
	noise  *vocab.Noise
	keep   []uint32
	sig    *kernel.SigmoidTable
	total  int64 // Iter x corpus tokens
	blocks []hogwild.Block
	sched  *hogwild.Schedule
	words  atomic.Int64 // tokens processed, updated per chunk
	stop   atomic.Bool
	// diverged is set, with stop, by the first worker to find a parameter
	// that is not a finite number (worker.flush): the run ends with
	// ErrDiverged instead of training on NaN to its end, and writes no
	// checkpoint after it.
	diverged atomic.Bool
	graph    *graphRun     // set when training on an edge list instead of text
	tree     *huffman      // with hierarchical softmax: every word's path
	sub      *subwordRows  // with subwords: every word's input rows
	gate     *hogwild.Gate // stops the workers between blocks for a snapshot
	hotMu    sync.Mutex    // serialises the merges of the workers' hot rows

	hooks testHooks // what a test set (hooksOf)
	data  DataSettings

	// stopRequest is closed, once, when hooks.stopAfter is reached.
	stopRequest chan struct{}
	stopOnce    sync.Once
	stopped     atomic.Bool

	// What a snapshot records besides the state above.
	vocab         *vocab.Vocab
	fingerprint   Fingerprint
	origin        origin
	elapsedBefore time.Duration // a resumed run's time before it stopped

	// snapIn and snapOut hold the parameters of the last snapshot (see
	// snapshot): Options.Checkpoint's snapshot is valid until it returns.
	snapIn, snapOut, snapTree []float32
}

// execute runs the workers of r to the end of their work (or ctx's), with
// the progress reporter and the checkpointer beside them, and sums what
// they measured.
func (r *run) execute(ctx context.Context) (Stats, error) {
	opt := r.opt
	newKernel := r.model.Kind.def().start(r)
	workers := make([]*worker, opt.Threads)
	for i := range workers {
		workers[i] = newWorker(r, i, newKernel)
	}
	if r.hooks.lockstep && len(workers) > 1 {
		turns := hogwild.NewTurns(len(workers))
		for _, w := range workers {
			w.turns = turns
		}
	}
	r.gate = hogwild.NewGate(len(workers))
	r.stopRequest = make(chan struct{})
	if opt.Resume != nil {
		r.resume(opt.Resume, workers)
	}

	start := time.Now()
	done := make(chan struct{})
	var helpers sync.WaitGroup
	if opt.Progress != nil {
		every := opt.ProgressEvery
		if every <= 0 {
			every = 500 * time.Millisecond
		}
		helpers.Add(1)
		go func() {
			defer helpers.Done()
			r.report(workers, start, every, done)
		}()
	}
	var ckptErr error
	if opt.Checkpoint != nil || r.hooks.stopAfter > 0 {
		// The snapshots' memory is touched now, before the workers start,
		// not while they wait at the gate.
		r.snapshot(workers, 0)
		helpers.Add(1)
		go func() {
			defer helpers.Done()
			ckptErr = r.checkpoints(ctx, workers, start, done)
		}()
	} else {
		stopWatch := context.AfterFunc(ctx, func() { r.stop.Store(true) })
		defer stopWatch()
	}
	runWorkers(workers)
	close(done)
	helpers.Wait()

	st := Stats{Elapsed: r.elapsedBefore + time.Since(start)}
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
	if r.diverged.Load() {
		return st, ErrDiverged
	}
	if ckptErr != nil {
		return st, ckptErr
	}
	if err := ctx.Err(); err != nil {
		return st, err
	}
	if r.stopped.Load() {
		return st, errStopped
	}
	return st, nil
}

// settle puts every row back into the model's space (HSG's hyperboloid)
// once the last worker is done. One worker keeps each row there with every
// step; two workers' steps on one row interleave without locks, and the
// row can end with one worker's time coordinate beside the other's
// spatial part. It leaves a one-thread run's rows, which are already in
// place, as they are, bit for bit.
func (r *run) settle() {
	project := r.model.Kind.def().project
	if project == nil || r.opt.Threads < 2 {
		return
	}
	m := r.model
	for _, matrix := range [][]float32{m.In, m.Out} {
		for off := 0; off < len(matrix); off += m.Stride {
			project(matrix[off : off+m.Dim])
		}
	}
}

// requestStop shuts the gate and asks the checkpointer to snapshot the run
// and stop it: hooks.stopAfter is reached.
func (r *run) requestStop() {
	r.stopOnce.Do(func() {
		r.stopped.Store(true)
		r.gate.Shut()
		close(r.stopRequest)
	})
}

// errStopped ends a run that a test stopped (hooks.stopAfter).
var errStopped = errors.New("stopped after the blocks asked for")

// DefaultCheckpointEvery is how often a run with Options.Checkpoint
// snapshots itself when CheckpointEvery is not set.
const DefaultCheckpointEvery = 10 * time.Minute

// checkpoints hands snapshots of the run to opt.Checkpoint: every
// CheckpointEvery, when ctx is cancelled (and then stops the run at the
// gate, between blocks), and when the workers are done.
func (r *run) checkpoints(ctx context.Context, workers []*worker, start time.Time, done <-chan struct{}) error {
	every := r.opt.CheckpointEvery
	if every <= 0 {
		every = DefaultCheckpointEvery
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	save := func(s *Snapshot) error {
		if r.opt.Checkpoint == nil || r.diverged.Load() {
			return nil // a diverged run keeps the last checkpoint taken before it
		}
		if !s.Model.finite() { // diverged since the workers last looked
			r.diverged.Store(true)
			r.stop.Store(true)
			return nil
		}
		return r.opt.Checkpoint(s)
	}
	// take copies the state while the workers stand at the gate; with stop
	// they leave it to end the run.
	take := func(stop bool) *Snapshot {
		r.gate.Close()
		s := r.snapshot(workers, time.Since(start))
		if stop {
			r.stop.Store(true)
		}
		r.gate.Open()
		return s
	}
	for {
		select {
		case <-done:
			return save(take(false))
		default:
		}
		select {
		case <-done:
			return save(take(false))
		case <-ctx.Done():
			return save(take(true))
		case <-r.stopRequest:
			return save(take(true))
		case <-tick.C:
			if err := save(take(false)); err != nil {
				r.stop.Store(true)
				return err
			}
		}
	}
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
		p := Progress{Words: r.words.Load(), Total: r.total, Elapsed: r.elapsedBefore + time.Since(start), Threads: len(workers)}
		p.Alpha = r.alpha(p.Words)
		if pairs > lastPairs {
			p.Loss = (loss - lastLoss) / float64(pairs-lastPairs)
			lastLoss, lastPairs = loss, pairs
		}
		r.opt.Progress(p)
	}
}

// b2i is word2vec.c's 0 or 1 for a flag.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
