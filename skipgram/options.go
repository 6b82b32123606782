package skipgram

import (
	"fmt"
	"math"
	"time"

	"github.com/wipsvec/wipsvec/skipgram/subword"
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

	// Start is where the run's parameters start: new parameters when nil,
	// else Resumed, Continued or FromVectors (start.go).
	Start Start `json:"-"`
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
	// eigenvalues of the corpus's shifted PMI, see spectrum.Negatives),
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
	// plain Hogwild on every row; DefaultHotRows, the architecture's and
	// the model's (HotReplicaRows, hot.go).
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
	// vocabulary, each with an output row of its own (its output layer,
	// hs.go), beside Negative noise words or, with Negative 0, alone.
	HS bool

	// Subwords trains fastText's subword rows (-minn, -maxn, -bucket): a
	// word's input vector is the mean of its own row and its character
	// n-grams' bucket rows, and each of them moves by the whole gradient
	// (subwords.go). The zero value, Maxn 0, trains none. Batch applies
	// as given; fastText's skipgram is Batch false, which train -maxn
	// chooses unless -batch is given (Options.Unset, docs/subwords.md). A
	// one-view model composes every word it scores: pair by pair
	// (composedPair), in batch windows and with CBOW as bags of rows
	// (bags.go); HSG refuses subwords.
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

// Unset resolves the defaults that depend on other settings, for a new
// run whose caller did not give them (given reports a setting by its flag
// name): CBOW starts at DefaultCBOWAlpha; SG with subwords trains pair by
// pair, each context with noise words of its own, as fastText's skipgram
// does (SG's batch windows, whose contexts share one draw, scored below
// fastText on SimLex-999 and WS353-Sim); a one-view model's batch windows
// score as its pairs do in a fraction of the time and stay (docs/subwords.md).
func (o *Options) Unset(given func(setting string) bool) {
	if o.CBOW && !given("alpha") {
		o.Alpha = DefaultCBOWAlpha
	}
	if o.Subwords.Enabled() && o.Model.Views() == 2 && !given("batch") {
		o.Batch = false
	}
}

// The defaults of Options.HotRows and HotSync, and the rows CBOW's
// contexts and hierarchical softmax's tree keep apart by default on two
// threads (hot.go).
const (
	DefaultHotRows = -1 // the architecture's and the model's: ArchHotRows*2/n with CBOW or HS, HSG's 4,096*2/n on text, none otherwise
	DefaultHotSync = 10_000
	ArchHotRows    = 64
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
		return fmt.Errorf("-hot-rows must be at least %d (the architecture's default), got %d", DefaultHotRows, o.HotRows)
	case (o.HotReplicaRows() > 0 || o.LayerReplicaRows() > 0) && o.HotSync < 1:
		return fmt.Errorf("-hot-sync must be positive, got %d", o.HotSync)
	case o.CBOW && def.noMean != "":
		return fmt.Errorf("-cbow 1 has no meaning for %s: %s", o.Model, def.noMean)
	}
	if err := o.checkOutputs(); err != nil {
		return err
	}
	if r := o.representation(); r != nil {
		if err := r.check(o); err != nil {
			return err
		}
	}
	if def.check != nil {
		return def.check(o)
	}
	return nil
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
	case o.representation() != nil && o.Model.def().views == 1:
		// A one-view model composes every noise word from its rows
		// (bags.go): a draw for four windows trains it several times as
		// fast at the same scores (docs/subwords.md).
		return 4
	}
	return max(o.Model.def().shareNoise, 1)
}
