package start

import (
	"flag"
	"fmt"
	"math"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/flagvalue"
)

// A run's settings are declared here once as flags, each with one name,
// range and help text, and defined on a command line's flag set; its
// default is the field's value when it is defined (the defaults themselves
// live in skipgram.DefaultOptions, vocab.DefaultMinCount and NewRun).
// Numeric flags are checked as they are parsed: a value out of range is
// refused with one line before any work, and every float must be finite.

// Limits of the training flags, beyond which a run cannot work or cannot
// finish: they are refused before any work.
const (
	MaxSize       = skipgram.MaxDim
	MaxWindow     = 1000                     // a sentence holds at most corpus.MaxSentence tokens
	MaxNegative   = 1000                     // more noise words per pair only cost time
	MaxShareNoise = corpus.MaxSentenceTokens // a draw never serves two sentences, and a sentence has a window per token
	MaxIter       = 1_000_000                // epochs
	MaxNgram      = 100                      // characters: a token is cut at 100 bytes
	MaxThreadsArg = 1 << 16                  // threads the flag accepts; more than ThreadsPerCPU a CPU are capped
	ThreadsPerCPU = 4
)

// SourcesHelp is the help of every flag that names a corpus.
const SourcesHelp = "corpus `SOURCES`: files, directories, quoted globs, comma-separated; plain, .gz or .zst; - for stdin; or an encoded corpus"

// Trainer binds the training flags that train, experiment, bench and demo
// share, word2vec.c's with word2vec's meaning, to a command's own fields.
// A nil field leaves its flag out of that command.
type Trainer struct {
	Size, Window, Negative, Iter, Threads *int
	MinCount                              *int64
	Sample, Alpha                         *float64
	Batch                                 *bool
	ShareNoise, HotRows, HotSync          *int

	// Hypers binds the models' own hyperparameters (skipgram.Hypers),
	// but those Omit names, which the command sets itself.
	Hypers *skipgram.Settings
	Omit   map[string]bool
}

// TrainerOf returns the flags bound to every training setting of opt.
func TrainerOf(opt *skipgram.Options, minCount *int64) Trainer {
	return Trainer{Size: &opt.Dim, Window: &opt.Window, Negative: &opt.Negative, Iter: &opt.Iter, Threads: &opt.Threads,
		MinCount: minCount, Sample: &opt.Sample, Alpha: &opt.Alpha, Hypers: &opt.Settings,
		Batch: &opt.Batch, ShareNoise: &opt.ShareNoise, HotRows: &opt.HotRows, HotSync: &opt.HotSync}
}

// Define defines t's flags on fs.
func (t Trainer) Define(fs *flag.FlagSet) {
	ints := []struct {
		p      *int
		name   string
		lo, hi int
		usage  string
	}{
		{t.Size, "size", 1, MaxSize, "dimensions `K` of the vectors (for sips including the bias, for hsg the time coordinate)"},
		{t.Window, "window", 1, MaxWindow, "maximum skip length `W` between words; shrunk at random per centre word"},
		{t.Negative, "negative", 0, MaxNegative, "noise words `N` per positive pair; 0 only with -hs 1"},
		{t.Iter, "iter", 1, MaxIter, "training `epochs`"},
		{t.Threads, "threads", 1, MaxThreadsArg, fmt.Sprintf("training `threads` (Hogwild); more than %d per CPU are capped", ThreadsPerCPU)},
	}
	for _, f := range ints {
		if f.p != nil {
			flagvalue.IntVar(fs, f.p, f.name, f.lo, f.hi, f.usage)
		}
	}
	if t.MinCount != nil {
		flagvalue.IntVar(fs, t.MinCount, "min-count", 1, math.MaxInt64, "discard words that occur fewer `times`")
	}
	if t.Sample != nil {
		flagvalue.FloatVar(fs, t.Sample, "sample", 0, 1, "subsampling `threshold` for frequent words; 0 disables")
	}
	if t.Alpha != nil {
		flagvalue.FloatVar(fs, t.Alpha, "alpha", 0, 1, "starting learning `rate`, decayed linearly to 1e-4 of it; 0 trains nothing (a start from -init stays as it is)")
	}
	if t.Batch != nil {
		fs.BoolVar(t.Batch, "batch", *t.Batch, "one set of noise words per centre word's window (HogBatch): each target row written once per window; -batch=false trains each pair apart, as word2vec.c")
	}
	t.defineTuning(fs)
}

// defineTuning defines the flags of how the trainer shares its work and
// the models' own.
func (t Trainer) defineTuning(fs *flag.FlagSet) {
	if t.ShareNoise != nil {
		flagvalue.IntVar(fs, t.ShareNoise, "share-noise", 0, MaxShareNoise, "with -batch, this many consecutive `windows` of a sentence share one draw of noise words; 1: a fresh draw per window; 0: the model's ("+SharedNoiseDefaults()+")")
	}
	if t.HotRows != nil {
		flagvalue.IntVar(fs, t.HotRows, "hot-rows", skipgram.DefaultHotRows, 1<<24, "n >= 2 threads replicate the most frequent `rows`, merged every -hot-sync; 0: none; -1: the architecture's and the model's (-cbow 1 or -hs 1: 64*2/n; HSG on text: 4096*2/n; else none)")
	}
	if t.HotSync != nil {
		flagvalue.IntVar(fs, t.HotSync, "hot-sync", 1, 1<<30, "`tokens` (a graph's pairs) a thread trains between two merges of its hot rows")
	}
	if t.Hypers != nil {
		for _, h := range skipgram.Hypers() {
			if !t.Omit[h.Flag] {
				h.Define(fs, t.Hypers)
			}
		}
	}
}

// Define defines train's flags on fs, bound to r's fields.
func (r *Run) Define(fs *flag.FlagSet) {
	TrainerOf(&r.Options, &r.MinCount).Define(fs)
	fs.StringVar(&r.Text, "train", r.Text, SourcesHelp)
	fs.StringVar(&r.Output, "output", r.Output, "vectors `FILE` to write (word2vec format; - for standard output), with its JSON sidecar FILE.json")
	flagvalue.IntVar(fs, &r.Binary, "binary", 0, 1, "`n`: 1 writes the vectors in word2vec's binary format, 0 (the default) as text")
	fs.StringVar(&r.SaveVocab, "save-vocab", r.SaveVocab, "write the vocabulary to `FILE` (word count per line)")
	fs.StringVar(&r.ReadVocab, "read-vocab", r.ReadVocab, "read the vocabulary from `FILE` instead of counting the corpus")
	fs.Uint64Var(&r.Options.Seed, "seed", r.Options.Seed, "random `seed`; with -threads 1 the output is bit-for-bit reproducible")
	fs.StringVar(&r.Model, "model", r.Model, "similarity `model`: "+ModelNames())
	fs.Var(flagvalue.Float{P: &r.NegRatio, Lo: 0, Hi: 1, LoOpen: true, HiOpen: true}, "neg-ratio", "ipds: q = round(`ratio`*size), kept in [1, size-1], instead of -neg-dim (0: -neg-dim)")
	fs.BoolVar(&r.Quiet, "quiet", r.Quiet, "no progress line")
	flagvalue.IntVar(fs, &r.MaxVocab, "max-vocab", 0, 1<<31-1, "prune rare words while counting when the table grows past this many `words` (0: 20M, like word2vec)")
	fs.StringVar(&r.IDs, "ids", r.IDs, "`where` a text corpus's word ids live while training: memory, disk (a scratch encoded corpus, mapped), or auto (disk when they would take over a quarter of the available memory)")
	fs.BoolVar(&r.CheckMemory, "check-memory", r.CheckMemory, "refuse to start when the run needs more memory than is available")
	fs.StringVar(&r.Graph, "graph", r.Graph, "edge list `EDGES` to embed instead of -train: lines \"u v [weight]\", plain, .gz or .zst, or - for standard input")
	g := &r.GraphSettings
	fs.BoolVar(&g.Directed, "directed", g.Directed, "graph: train each edge u -> v once, not in both directions")
	fs.StringVar(&g.Noise, "neg-dist", g.Noise, "graph: the negatives' distribution `dist`: unigram (node degree^0.75) or uniform")
	fs.BoolVar(&g.KeepLinkedNegatives, "keep-linked-negs", g.KeepLinkedNegatives, "graph: let a negative be a neighbour of its context (by default such draws are skipped)")
	r.defineStarts(fs)
	// word2vec.c's flags for what these models are not.
	flagvalue.IntVar(fs, &r.CBOW, "cbow", 0, 1, "`mode` 1 trains CBOW (the mean of the window's contexts predicts the centre word; -alpha then defaults to 0.05), 0 skip-gram")
	flagvalue.IntVar(fs, &r.HS, "hs", 0, 1, "`n` 1 adds word2vec.c's hierarchical softmax (sg only), beside -negative N or alone with -negative 0; 0 none")
	flagvalue.IntVar(fs, &r.Classes, "classes", 0, 1<<30, "word2vec.c's `classes`: 0 writes vectors; k-means word classes are refused")
	flagvalue.IntVar(fs, &r.Debug, "debug", 0, 1<<30, "word2vec.c's `level`: 0 is -quiet, more shows the progress line")
	// fastText's subword flags, with its defaults but for -maxn.
	sw := &r.Options.Subwords
	flagvalue.IntVar(fs, &sw.Minn, "minn", 1, MaxNgram, "fastText's: the shortest character n-gram, in `chars`, of a word's subword rows (with -maxn)")
	flagvalue.IntVar(fs, &sw.Maxn, "maxn", 0, MaxNgram, "fastText's: the longest character n-gram in `chars`; 0 (the default) trains no subword rows, 6 is fastText's (not hsg; sg pairs unless -batch, as fastText)")
	flagvalue.IntVar(fs, &sw.Bucket, "bucket", 1, 1<<31-1, "fastText's: the `rows` the n-grams hash into (with -maxn); 4*size bytes each")
	// Several processes (mpirun with a build tagged mpi): skipgram.Ranks.
	flagvalue.IntVar(fs, &r.SyncWords, "sync-words", 0, 1<<62, "with several ranks (mpirun): the `tokens` each rank trains between two syncs of the most frequent words' rows (0: 200000 a thread, 50000 for a model of one matrix)")
	flagvalue.IntVar(fs, &r.SyncRows, "sync-rows", 1, 1<<30, "with several ranks: the most frequent words' `rows` every sync averages (every second twice as many, every fourth four times, ...)")
}

// defineStarts defines the flags of checkpoints and of where a run starts.
func (r *Run) defineStarts(fs *flag.FlagSet) {
	fs.StringVar(&r.Checkpoint, "checkpoint", r.Checkpoint, "write the run's whole state to `FILE` every -checkpoint-every, on Ctrl-C or SIGTERM and at the end: what -resume and -init go on from")
	fs.DurationVar(&r.CheckpointEvery, "checkpoint-every", r.CheckpointEvery, "how often -checkpoint writes (the workers pause only while the parameters are copied)")
	fs.StringVar(&r.Resume, "resume", r.Resume, "continue the interrupted run of checkpoint `FILE` to its end, with the settings it started with; -train (or -graph), -output (-binary) and -checkpoint may name other files")
	fs.StringVar(&r.Init, "init", r.Init, "start from checkpoint `FILE` (its model, size, vocabulary kept), or from word2vec or fastText vectors (.vec, or .bin: unseen words from n-grams); the others as new")
	fs.BoolVar(&r.UpdateVocab, "update-vocab", r.UpdateVocab, "with -init: add the words of the new text that reach -min-count (old words keep their rows, counts are merged)")
}
