package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"time"

	"golang.org/x/sys/unix"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/vocab"
)

func version() string { return skipgram.Version }

// trainFlags are word2vec.c's flags with word2vec's meaning, plus the model
// choice and the general similarity models' own.
type trainFlags struct {
	train, output, saveVocab, readVocab string
	binary                              int
	minCount                            int64
	maxVocab                            int
	negRatio                            float64
	quiet                               bool
	opt                                 skipgram.Options

	graph      string // edge list to embed instead of a text
	directed   bool
	negDist    string
	keepLinked bool
	set        map[string]bool // flags given on the command line
}

func parseTrainFlags(args []string, stderr io.Writer) (*trainFlags, error) {
	f := &trainFlags{opt: skipgram.DefaultOptions()}
	f.opt.Threads = runtime.NumCPU()
	fs := newFlagSet("train", stderr)
	fs.StringVar(&f.train, "train", "", "corpus to train on: plain text, .gz or .zst (detected by content), or - for stdin")
	fs.StringVar(&f.output, "output", "", "vectors file to write (word2vec format); a JSON sidecar goes to OUTPUT.json")
	fs.IntVar(&f.opt.Dim, "size", f.opt.Dim, "dimensions of the word vectors")
	fs.IntVar(&f.opt.Window, "window", f.opt.Window, "maximum skip length between words")
	fs.Float64Var(&f.opt.Sample, "sample", f.opt.Sample, "subsampling threshold for frequent words; 0 disables")
	fs.IntVar(&f.opt.Negative, "negative", f.opt.Negative, "negative samples per pair")
	fs.IntVar(&f.opt.Threads, "threads", f.opt.Threads, "training threads (Hogwild)")
	fs.IntVar(&f.opt.Iter, "iter", f.opt.Iter, "training epochs")
	fs.Int64Var(&f.minCount, "min-count", 5, "discard words that occur fewer times")
	fs.IntVar(&f.maxVocab, "max-vocab", 0, "prune rare words while counting when the table grows past this many (0: 20M, like word2vec)")
	fs.Float64Var(&f.opt.Alpha, "alpha", f.opt.Alpha, "starting learning rate")
	fs.IntVar(&f.binary, "binary", 0, "1: write vectors in word2vec's binary format; 0: text")
	fs.StringVar(&f.saveVocab, "save-vocab", "", "write the vocabulary (word count per line)")
	fs.StringVar(&f.readVocab, "read-vocab", "", "read the vocabulary from this file instead of counting the corpus")
	fs.Uint64Var(&f.opt.Seed, "seed", f.opt.Seed, "random seed; with -threads 1 the output is bit-for-bit reproducible")
	model := fs.String("model", "sg", "similarity model: sg, ips, sips, ipds, wips or hsg")
	fs.IntVar(&f.opt.NegDim, "neg-dim", 0, "ipds: number q of negative coordinates, 0 < q < size")
	fs.Float64Var(&f.negRatio, "neg-ratio", 0, "ipds: q = round(ratio*size), instead of -neg-dim")
	fs.StringVar(&f.opt.LambdaInit, "lambda-init", f.opt.LambdaInit, "wips: lambda's start: ones, random (U(-1,1)), uniform (the paper's U(0,1/K)), signed (half +1, half -1), or a number; scaled to RMS 1")
	fs.Float64Var(&f.opt.LambdaAlpha, "lambda-alpha", f.opt.LambdaAlpha, "wips: lambda's starting learning rate per coordinate; the step is this times -size, and decays with -alpha")
	fs.BoolVar(&f.opt.Batch, "batch", false, "share negatives across a centre word's window (HogBatch); faster, slightly different")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress line")
	// With -graph: -iter 200, -negative 10, -alpha 0.025, -lambda-init random, -min-count 1 unless given.
	fs.StringVar(&f.graph, "graph", "", "edge list to embed instead of -train: lines \"u v [weight]\", plain, .gz or .zst, or - for stdin")
	fs.BoolVar(&f.directed, "directed", false, "graph: train each edge u -> v once, not in both directions")
	fs.StringVar(&f.negDist, "neg-dist", graphNegDist, "graph: negatives from node degree^0.75 (unigram) or uniform")
	fs.BoolVar(&f.keepLinked, "keep-linked-negs", false, "graph: let a negative be a neighbour of its context (by default such draws are skipped)")
	if err := parseFlags(fs, args); err != nil {
		return nil, err
	}
	f.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	if f.graph != "" {
		if err := graphDefaults(f); err != nil {
			return nil, err
		}
	}
	if fs.NArg() > 0 {
		return nil, usageError{fmt.Errorf("train: unexpected argument %q (flags start with -)", fs.Arg(0))}
	}
	kind, err := skipgram.ParseKind(*model)
	if err != nil {
		return nil, usageError{err}
	}
	f.opt.Model = kind
	if f.negRatio != 0 {
		if f.opt.NegDim != 0 {
			return nil, usageError{errors.New("train: give -neg-dim or -neg-ratio, not both")}
		}
		f.opt.NegDim = int(math.Round(f.negRatio * float64(f.opt.Dim)))
	}
	if kind == skipgram.IPDS && f.opt.NegDim == 0 && f.negRatio == 0 {
		f.opt.NegDim = f.opt.Dim / 2
	}
	if f.train == "" && f.graph == "" {
		return nil, usageError{errors.New("train: -train FILE (or -graph FILE) is required")}
	}
	if f.output == "" {
		return nil, usageError{errors.New("train: -output FILE is required")}
	}
	if f.binary != 0 && f.binary != 1 {
		return nil, usageError{fmt.Errorf("train: -binary must be 0 or 1, got %d", f.binary)}
	}
	if f.set["graph"] && f.graph == "" {
		return nil, usageError{errors.New("train: -graph needs a file")}
	}
	if f.minCount < 1 {
		return nil, usageError{fmt.Errorf("train: -min-count must be at least 1, got %d", f.minCount)}
	}
	if err := f.opt.Validate(); err != nil {
		return nil, usageError{fmt.Errorf("train: %v", err)}
	}
	return f, nil
}

func runTrain(args []string, stderr io.Writer) error {
	f, err := parseTrainFlags(args, stderr)
	if err != nil {
		return err
	}
	if f.graph != "" {
		return runTrainGraph(f, stderr)
	}
	// Find an unwritable output now, not after an hour of training.
	for _, p := range []string{f.output, skipgram.SidecarPath(f.output), f.saveVocab} {
		if err := checkWritable(p); err != nil {
			return err
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, unix.SIGTERM)
	defer stop()

	start := time.Now()
	v, stream, err := loadCorpus(f)
	if err != nil {
		return err
	}
	tokens := countWords(stream)
	logf(stderr, f.quiet, "vocabulary: %d words (min-count %d); corpus: %d in-vocabulary tokens; read in %.1fs\n",
		v.Len(), f.minCount, tokens, time.Since(start).Seconds())
	if f.saveVocab != "" {
		if err := writeAtomic(f.saveVocab, v.Write); err != nil {
			return fmt.Errorf("save vocabulary: %w", err)
		}
	}

	// The counting table is garbage now: collect it before the matrices are
	// allocated so that they reuse its memory instead of raising the peak.
	debug.FreeOSMemory()

	opt := f.opt
	if !f.quiet {
		opt.Progress = newProgressLine(stderr)
	}
	m, st, err := skipgram.TrainChunks(ctx, v, stream, opt)
	if err != nil {
		if ctx.Err() != nil {
			return errors.New("training interrupted; nothing written")
		}
		return err
	}
	vec := m.Vectors(v.Words)
	if err := skipgram.WriteVectors(f.output, vec, f.binary == 1); err != nil {
		return err
	}
	meta := &skipgram.Meta{
		Format: skipgram.SidecarFormat, Version: skipgram.Version, Model: m.Kind, Dim: m.Dim, Words: v.Len(),
		NegDim: m.NegDim, Lambda: m.Lambda,
		Hyper: skipgram.Hyper{Window: opt.Window, Negative: opt.Negative, Sample: opt.Sample, Alpha: opt.Alpha,
			Iter: opt.Iter, MinCount: int(f.minCount), Threads: opt.Threads, Seed: opt.Seed, Batch: opt.Batch},
		Corpus: skipgram.CorpusInfo{Path: f.train, Tokens: tokens, Vocab: v.Len()},
		Stats: skipgram.RunStats{WordsProcessed: st.Words, Pairs: st.Pairs, Seconds: st.Elapsed.Seconds(),
			WordsPerSec: float64(st.Words) / st.Elapsed.Seconds(), FinalLoss: st.Loss},
	}
	if m.Kind == skipgram.WIPS {
		meta.Hyper.LambdaInit, meta.Hyper.LambdaAlpha = opt.LambdaInit, opt.LambdaAlpha
	}
	if m.Kind == skipgram.HSG {
		meta.Theta = skipgram.HSGTheta
	}
	if err := skipgram.WriteMeta(skipgram.SidecarPath(f.output), meta); err != nil {
		os.Remove(f.output)
		return err
	}
	format := "text"
	if f.binary == 1 {
		format = "binary"
	}
	logf(stderr, false, "trained %s: %d words in %.1fs, %.0f words/sec/thread (%d threads), loss %.4f; wrote %s (%d x %d, %s) and %s\n",
		m.Kind, st.Words, st.Elapsed.Seconds(), float64(st.Words)/st.Elapsed.Seconds()/float64(opt.Threads), opt.Threads,
		st.Loss, f.output, v.Len(), m.Dim, format, skipgram.SidecarPath(f.output))
	return nil
}

// loadCorpus reads the corpus once: it counts (or reads) the vocabulary and
// encodes the text to word ids in the same pass. The ids stay in the chunks
// they were read into, never copied into one array.
func loadCorpus(f *trainFlags) (*vocab.Vocab, [][]int32, error) {
	r, err := corpus.Open(f.train)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	sc := corpus.NewScanner(r)
	if f.readVocab != "" {
		vf, err := os.Open(f.readVocab)
		if err != nil {
			return nil, nil, fmt.Errorf("read vocabulary: %w", err)
		}
		defer vf.Close()
		v, err := vocab.Read(vf)
		if err != nil {
			return nil, nil, fmt.Errorf("read vocabulary %s: %w", f.readVocab, err)
		}
		if v, err = keepFrequent(v, f.minCount); err != nil || v.Len() == 0 {
			return nil, nil, fmt.Errorf("vocabulary %s is empty after -min-count %d", f.readVocab, f.minCount)
		}
		stream, err := vocab.Encode(sc, v)
		if err != nil {
			return nil, nil, fmt.Errorf("corpus %s: %w", f.train, err)
		}
		return v, [][]int32{stream}, nil
	}
	v, stream, err := vocab.LearnChunks(sc, vocab.LearnOptions{MinCount: f.minCount, MaxWords: f.maxVocab})
	if err != nil {
		return nil, nil, fmt.Errorf("corpus %s: %w", f.train, err)
	}
	return v, stream, nil
}

// countWords counts the tokens of a stream that are words, not sentence ends.
func countWords(stream [][]int32) int64 {
	var n int64
	for _, c := range stream {
		for _, id := range c {
			if id != vocab.SentenceEnd {
				n++
			}
		}
	}
	return n
}

// keepFrequent drops the words of a read vocabulary below minCount.
func keepFrequent(v *vocab.Vocab, minCount int64) (*vocab.Vocab, error) {
	var words []string
	var counts []int64
	for i, c := range v.Counts {
		if c >= minCount {
			words = append(words, v.Words[i])
			counts = append(counts, c)
		}
	}
	return vocab.New(words, counts)
}

// checkWritable fails if path cannot be created: its directory is missing or
// read-only, or path is a directory. It leaves nothing behind.
func checkWritable(path string) error {
	if path == "" {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("output %s is a directory", path)
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, ".wipsvec-check-*")
	if err != nil {
		return fmt.Errorf("output %s is not writable: %w", path, errors.Unwrap(err))
	}
	tmp.Close()
	os.Remove(tmp.Name())
	return nil
}

// writeAtomic writes a file through a temporary beside it and a rename.
func writeAtomic(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func logf(w io.Writer, quiet bool, format string, args ...any) {
	if !quiet {
		fmt.Fprintf(w, format, args...)
	}
}

// newProgressLine returns a progress callback that keeps one live line on a
// terminal (redrawn with \r, like word2vec.c) and prints a plain line every
// 10% when stderr is a file or pipe, so logs stay readable.
func newProgressLine(w io.Writer) func(skipgram.Progress) {
	return newProgressLineOf(w, "words")
}

// newProgressLineOf is newProgressLine counting unit (words, edges) per
// second.
func newProgressLineOf(w io.Writer, unit string) func(skipgram.Progress) {
	tty := isTerminal(w)
	lastDecile := -1
	return func(p skipgram.Progress) {
		line := fmt.Sprintf("progress %5.1f%%  alpha %.6f  %7.1fk %s/sec/thread  loss %.4f  ETA %s",
			100*p.Fraction(), p.Alpha, p.WordsPerSecPerThread()/1000, unit, p.Loss, p.ETA().Round(time.Second))
		switch {
		case tty && p.Done:
			fmt.Fprintf(w, "\r\033[K")
		case tty:
			fmt.Fprintf(w, "\r%s\033[K", line)
		case !p.Done && int(10*p.Fraction()) > lastDecile:
			lastDecile = int(10 * p.Fraction())
			fmt.Fprintln(w, line)
		}
	}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}
