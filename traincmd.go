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
	"syscall"
	"time"

	"golang.org/x/term"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/vocab"
)

func version() string { return skipgram.Version }

// trainFlags are word2vec.c's flags with word2vec's meaning, plus the model
// choice and the general similarity models' own.
type trainFlags struct {
	train, output, saveVocab, readVocab string
	binary                              int
	ids                                 string
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
	f := &trainFlags{opt: skipgram.DefaultOptions(), minCount: 5}
	f.opt.Threads = runtime.NumCPU()
	fs := newFlagSet("train", stderr)
	word2vecFlags{window: &f.opt.Window, negative: &f.opt.Negative, iter: &f.opt.Iter, threads: &f.opt.Threads,
		minCount: &f.minCount, sample: &f.opt.Sample, alpha: &f.opt.Alpha,
		lambdaInit: &f.opt.LambdaInit, lambdaAlpha: &f.opt.LambdaAlpha, lambdaFloor: &f.opt.LambdaFloor}.define(fs)
	fs.StringVar(&f.train, "train", "", "corpus to train on: a file, a directory (its files, recursively, in sorted order), a quoted glob, or a comma-separated list of these, each plain text, .gz or .zst (detected by content); or - for stdin")
	fs.StringVar(&f.output, "output", "", "vectors file to write (word2vec format); a JSON sidecar goes to OUTPUT.json")
	fs.IntVar(&f.opt.Dim, "size", f.opt.Dim, "dimensions of the word vectors")
	fs.IntVar(&f.maxVocab, "max-vocab", 0, "prune rare words while counting when the table grows past this many (0: 20M, like word2vec)")
	fs.IntVar(&f.binary, "binary", 0, "1: write vectors in word2vec's binary format; 0: text")
	fs.StringVar(&f.saveVocab, "save-vocab", "", "write the vocabulary (word count per line)")
	fs.StringVar(&f.readVocab, "read-vocab", "", "read the vocabulary from this file instead of counting the corpus")
	fs.Uint64Var(&f.opt.Seed, "seed", f.opt.Seed, "random seed; with -threads 1 the output is bit-for-bit reproducible")
	model := fs.String("model", "sg", "similarity model: sg, ips, sips, ipds, wips or hsg")
	fs.IntVar(&f.opt.NegDim, "neg-dim", 0, "ipds: number q of negative coordinates, 0 < q < size")
	fs.Float64Var(&f.negRatio, "neg-ratio", 0, "ipds: q = round(ratio*size), instead of -neg-dim")
	fs.BoolVar(&f.opt.Batch, "batch", false, "share negatives across a centre word's window (HogBatch); faster, slightly different")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress line")
	fs.StringVar(&f.ids, "ids", idsAuto, "where a text corpus's word ids live while training: memory (the heap), disk (a temporary encoded corpus beside -output, mapped and removed at the end), or auto (disk when they would take more than a quarter of the available memory)")
	// With -graph: -iter 200, -negative 10, -alpha 0.025, -min-count 1 unless given.
	fs.StringVar(&f.graph, "graph", "", "edge list to embed instead of -train: lines \"u v [weight]\", plain, .gz or .zst, or - for stdin")
	fs.BoolVar(&f.directed, "directed", false, "graph: train each edge u -> v once, not in both directions")
	fs.StringVar(&f.negDist, "neg-dist", graphNegDist, "graph: negatives from node degree^0.75 (unigram) or uniform")
	fs.BoolVar(&f.keepLinked, "keep-linked-negs", false, "graph: let a negative be a neighbour of its context (by default such draws are skipped)")
	if err := parseFlags(fs, args); err != nil {
		return nil, err
	}
	f.set = make(map[string]bool)
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	switch f.ids {
	case idsAuto, idsMemory, idsDisk:
	default:
		return nil, usageError{fmt.Errorf("train: -ids must be auto, memory or disk, got %q", f.ids)}
	}
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
	if kind.TakesNegDim() && f.opt.NegDim == 0 && f.negRatio == 0 {
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
	for _, p := range []string{f.output, embedding.SidecarPath(f.output), f.saveVocab} {
		if err := checkWritable(p); err != nil {
			return err
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	start := time.Now()
	tc, err := openTrainCorpus(ctx, f, stderr)
	if err != nil {
		if ctx.Err() != nil {
			return errors.New("interrupted while reading the corpus; nothing written")
		}
		return err
	}
	defer tc.close()
	v, stream, read := tc.v, tc.stream, tc.read
	tokens := countWords(stream)
	logf(stderr, f.quiet, "vocabulary: %d words (min-count %d); corpus: %d in-vocabulary tokens, %s; read %s in %.1fs\n",
		v.Len(), tc.minCount, tokens, tc.where, read, time.Since(start).Seconds())
	if f.saveVocab != "" {
		if err := embedding.WriteFileAtomic(f.saveVocab, v.Write); err != nil {
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
	if err := embedding.WriteVectors(f.output, vec, f.binary == 1); err != nil {
		return err
	}
	meta := skipgram.NewSidecar(m, opt, st, skipgram.Source{MinCount: tc.minCount,
		Corpus: embedding.CorpusInfo{Path: f.train, Tokens: tokens, Vocab: v.Len(), Files: read.Files, Bytes: read.Bytes, Encoded: tc.encoded}})
	if err := embedding.WriteMeta(embedding.SidecarPath(f.output), meta); err != nil {
		os.Remove(f.output)
		return err
	}
	format := "text"
	if f.binary == 1 {
		format = "binary"
	}
	if m.Lambda != nil {
		start := opt.LambdaInit
		if st.LambdaStart != opt.LambdaInit {
			start += " -> " + st.LambdaStart
		}
		logf(stderr, false, "wips: lambda start %s; %s\n", start, embedding.SummarizeLambda(m.Lambda))
	}
	logf(stderr, false, "trained %s: %d words in %.1fs, %.0f words/sec/thread (%d threads, kernels: %s), loss %.4f; wrote %s (%d x %d, %s) and %s\n",
		m.Kind, st.Words, st.Elapsed.Seconds(), float64(st.Words)/st.Elapsed.Seconds()/float64(opt.Threads), opt.Threads, kernel.Name(),
		st.Loss, f.output, v.Len(), m.Dim, format, embedding.SidecarPath(f.output))
	return nil
}

// loadCorpus reads the corpus once: it counts (or reads) the vocabulary and
// encodes the text to word ids in the same pass. The ids stay in the chunks
// they were read into, never copied into one array.
func loadCorpus(f *trainFlags, stderr io.Writer) (_ *vocab.Vocab, _ [][]int32, read corpus.ReadStats, _ error) {
	paths, err := textSources(f.train)
	if err != nil {
		return nil, nil, read, err
	}
	r, err := corpus.OpenFiles(paths)
	if err != nil {
		return nil, nil, read, err
	}
	defer r.Close()
	defer func() { read = r.Stats() }()
	var text io.Reader = r
	if !f.quiet {
		pr := newReadProgress(stderr, r)
		defer pr.done()
		text = pr
	}
	sc := corpus.NewScanner(text)
	if f.readVocab != "" {
		vf, err := os.Open(f.readVocab)
		if err != nil {
			return nil, nil, read, fmt.Errorf("read vocabulary: %w", err)
		}
		defer vf.Close()
		v, err := vocab.Read(vf)
		if err != nil {
			return nil, nil, read, fmt.Errorf("read vocabulary %s: %w", f.readVocab, err)
		}
		if v, err = keepFrequent(v, f.minCount); err != nil || v.Len() == 0 {
			return nil, nil, read, fmt.Errorf("vocabulary %s is empty after -min-count %d", f.readVocab, f.minCount)
		}
		stream, err := vocab.Encode(sc, v)
		if err != nil {
			return nil, nil, read, fmt.Errorf("corpus %s: %w", f.train, err)
		}
		return v, [][]int32{stream}, read, nil
	}
	v, stream, err := vocab.LearnChunks(sc, vocab.LearnOptions{MinCount: f.minCount, MaxWords: f.maxVocab})
	if err != nil {
		return nil, nil, read, fmt.Errorf("corpus %s: %w", f.train, err)
	}
	return v, stream, read, nil
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

// isTerminal reports whether w is a terminal that understands the escape
// sequences the live progress line uses.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return false
	}
	return enableEscapes(f)
}
