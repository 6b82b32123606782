package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/atomicfile"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/vocab"
)

const trainHelp = `usage: wipsvec train -train SOURCES -output FILE [flags]
       wipsvec train -graph EDGES -output FILE [flags]

Trains one vector per word of a corpus (or per node of a graph) under a
similarity model, with word2vec.c's flags and their meaning, and writes the
vectors in word2vec's format (gensim loads them) with a JSON sidecar
FILE.json that says how to score them. word2vec.c's command lines run as
they are: -cbow 0, -hs 0, -classes 0 and -debug are accepted.

With -graph the corpus is an edge list, "u v [weight]" a line, and the
defaults are those of graphs: -iter 200 -negative 10 -min-count 1, and
negatives drawn uniformly among the nodes that are not linked to the
context.

Before it reads the corpus, train refuses an output that is one of its
inputs or another of its outputs; before it allocates the model, it prints
the memory the run needs and refuses to start when that is more than the
machine has (-check-memory=false tries anyway).
`

// trainFlags are train's settings as parsed.
type trainFlags struct {
	opt                                 skipgram.Options
	train, graph, output                string
	saveVocab, readVocab                string
	binary                              int
	ids                                 string
	minCount                            int64
	maxVocab                            int
	negRatio                            float64
	quiet, checkMemory                  bool
	directed, keepLinked                string // graph: bool flags kept as given
	negDist                             string
	cbow, hs, classes, debugLevel       int
	given                               map[string]bool
	isDirected, isKeepLinked, debugZero bool
}

func parseTrainFlags(args []string, std stdio) (*trainFlags, error) {
	f := &trainFlags{opt: skipgram.DefaultOptions(), minCount: minCountDefault, ids: string(encoded.Auto), checkMemory: true,
		negDist: skipgram.DefaultGraphNoise, debugLevel: 2}
	f.opt.Threads = max(1, runtime.NumCPU())
	fs := newFlags("train", std)
	trainer(&f.opt, &f.minCount).define(fs)
	fs.StringVar(&f.train, "train", "", sourcesHelp)
	fs.StringVar(&f.output, "output", "", "vectors `FILE` to write (word2vec format; - for standard output), with its JSON sidecar FILE.json")
	intFlag(fs, &f.binary, "binary", 0, 1, "`n`: 1 writes the vectors in word2vec's binary format, 0 as text")
	fs.StringVar(&f.saveVocab, "save-vocab", "", "write the vocabulary to `FILE` (word count per line)")
	fs.StringVar(&f.readVocab, "read-vocab", "", "read the vocabulary from `FILE` instead of counting the corpus")
	fs.Uint64Var(&f.opt.Seed, "seed", f.opt.Seed, "random `seed`; with -threads 1 the output is bit-for-bit reproducible")
	model := fs.String("model", string(skipgram.SG), "similarity `model`: "+modelList())
	intFlag(fs, &f.opt.NegDim, "neg-dim", 1, maxSize, "ipds: the last `q` coordinates count negatively, 0 < q < size")
	fs.Var(floatValue{p: &f.negRatio, lo: 0, hi: 1, loOpen: true, hiOpen: true}, "neg-ratio", "ipds: q = round(`ratio`*size), kept in [1, size-1], instead of -neg-dim")
	fs.BoolVar(&f.opt.Batch, "batch", false, "share negatives across a centre word's window (HogBatch): faster, slightly different; sg and ips")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress line")
	intFlag(fs, &f.maxVocab, "max-vocab", 0, 1<<31-1, "prune rare words while counting when the table grows past this many `words` (0: 20M, like word2vec)")
	fs.StringVar(&f.ids, "ids", f.ids, "`where` a text corpus's word ids live while training: memory (the heap), disk (a scratch encoded corpus, mapped, gone at the end), or auto (disk when they would take more than a quarter of the available memory)")
	fs.BoolVar(&f.checkMemory, "check-memory", true, "refuse to start when the run needs more memory than is available")
	fs.StringVar(&f.graph, "graph", "", "edge list `EDGES` to embed instead of -train: lines \"u v [weight]\", plain, .gz or .zst, or - for standard input")
	fs.BoolVar(&f.isDirected, "directed", false, "graph: train each edge u -> v once, not in both directions")
	fs.StringVar(&f.negDist, "neg-dist", f.negDist, "graph: the negatives' distribution `dist`: unigram (node degree^0.75) or uniform")
	fs.BoolVar(&f.isKeepLinked, "keep-linked-negs", false, "graph: let a negative be a neighbour of its context (by default such draws are skipped)")
	// word2vec.c's flags for what these models are not.
	intFlag(fs, &f.cbow, "cbow", 0, 1, "word2vec.c's `mode`: 0 (skip-gram) is what every model here is; 1 (CBOW) is refused")
	intFlag(fs, &f.hs, "hs", 0, 1, "word2vec.c's `n`: 0 (negative sampling) is what every model here is; 1 (hierarchical softmax) is refused")
	intFlag(fs, &f.classes, "classes", 0, 1<<30, "word2vec.c's `classes`: 0 writes vectors; k-means word classes are refused")
	intFlag(fs, &f.debugLevel, "debug", 0, 1<<30, "word2vec.c's `level`: 0 is -quiet, more shows the progress line")
	if err := fs.parse(args); err != nil {
		return nil, err
	}
	f.given = fs.given()
	if err := f.check(*model, std.err); err != nil {
		return nil, err
	}
	return f, nil
}

// modelList names the models for -model's help.
func modelList() string {
	var names []string
	for _, k := range skipgram.Kinds() {
		names = append(names, string(k))
	}
	return strings.Join(names, ", ")
}

// check resolves and checks what the flags say together.
func (f *trainFlags) check(model string, stderr io.Writer) error {
	switch {
	case f.cbow == 1:
		return usagef("train: -cbow 1 asks for CBOW; every model here is skip-gram with negative sampling (-cbow 0)")
	case f.hs == 1:
		return usagef("train: -hs 1 asks for hierarchical softmax; every model here is skip-gram with negative sampling (-hs 0)")
	case f.classes != 0:
		return usagef("train: -classes %d asks for k-means word classes, which wipsvec does not compute; it writes the vectors (-classes 0)", f.classes)
	case f.train == "" && f.graph == "":
		return usagef("train: -train SOURCES (or -graph EDGES) is required")
	case f.train != "" && f.graph != "":
		return usagef("train: give -train or -graph, not both")
	case f.output == "":
		return usagef("train: -output FILE is required")
	case f.given["neg-dim"] && f.given["neg-ratio"]:
		return usagef("train: give -neg-dim or -neg-ratio, not both")
	}
	if f.given["debug"] && f.debugLevel == 0 {
		f.quiet = true
	}
	kind, err := skipgram.ParseKind(model)
	if err != nil {
		return usageError{fmt.Errorf("train: %w", err)}
	}
	f.opt.Model = kind
	if f.given["neg-ratio"] {
		f.opt.NegDim = skipgram.NegDimFor(f.negRatio, f.opt.Dim)
	}
	if _, err := encoded.ParsePlacement(f.ids); err != nil {
		return usagef("train: -ids: %v", err)
	}
	if f.graph != "" {
		if err := f.graphDefaults(); err != nil {
			return err
		}
	}
	capThreads(&f.opt.Threads, stderr)
	if err := f.opt.Validate(); err != nil {
		return usageError{fmt.Errorf("train: %w", err)}
	}
	return nil
}

// graphDefaults refuses the flags that do not apply to a graph and applies
// the graph defaults to those not given.
func (f *trainFlags) graphDefaults() error {
	for _, name := range []string{"read-vocab", "batch", "window", "sample", "ids", "max-vocab"} {
		if f.given[name] {
			return usagef("train: -%s does not apply to -graph", name)
		}
	}
	if f.negDist != skipgram.NoiseUnigram && f.negDist != skipgram.NoiseUniform {
		return usagef("train: -neg-dist must be %s or %s, got %q", skipgram.NoiseUnigram, skipgram.NoiseUniform, f.negDist)
	}
	g := skipgram.DefaultGraphOptions()
	if !f.given["min-count"] {
		f.minCount = skipgram.DefaultGraphMinCount
	}
	if !f.given["iter"] {
		f.opt.Iter = g.Iter
	}
	if !f.given["negative"] {
		f.opt.Negative = g.Negative
	}
	if !f.given["alpha"] {
		f.opt.Alpha = g.Alpha
	}
	f.opt.Sample = g.Sample
	return nil
}

// outputs are the files the run writes; "-" is standard output.
func (f *trainFlags) outputs() []string {
	out := []string{f.output, f.saveVocab}
	if f.output != "-" {
		out = append(out, embedding.SidecarPath(f.output))
	}
	return out
}

func runTrain(args []string, std stdio) error {
	f, err := parseTrainFlags(args, std)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if f.graph != "" {
		return trainGraph(ctx, f, std)
	}
	return trainText(ctx, f, std)
}

// trainText is train -train.
func trainText(ctx context.Context, f *trainFlags, std stdio) error {
	sources, err := corpus.Expand(f.train)
	if err != nil {
		return err
	}
	if err := atomicfile.CheckOutputs(append([]string{f.readVocab}, sources...), f.outputs()); err != nil {
		return fmt.Errorf("train: %w", err)
	}
	isEncoded := len(sources) == 1 && sources[0] != "-" && encoded.IsEncoded(sources[0])
	if isEncoded {
		var refused []string
		for _, name := range []string{"min-count", "max-vocab", "read-vocab"} {
			if f.given[name] {
				refused = append(refused, "-"+name)
			}
		}
		if len(refused) > 0 {
			return usagef("train: %s is an encoded corpus, whose vocabulary is fixed when it is encoded: %s cannot change it (encode the text again with the flag)",
				f.train, strings.Join(refused, ", "))
		}
	}
	opt := encoded.LoadOptions{MinCount: f.minCount, MaxVocab: f.maxVocab, IDs: encoded.Placement(f.ids)}
	if avail, ok := availableMemory(); ok {
		opt.Memory = avail
	}
	if f.output != "-" {
		opt.ScratchDirs = append(opt.ScratchDirs, dirOf(f.output))
	}
	opt.ScratchDirs = append(opt.ScratchDirs, os.TempDir())
	if f.readVocab != "" {
		if f.ids == string(encoded.Disk) {
			return usagef("train: -ids disk cannot be combined with -read-vocab")
		}
		if opt.Vocab, err = readVocabFile(f.readVocab); err != nil {
			return err
		}
	}
	if !f.quiet {
		var done func()
		opt.Progress, done = readProgress(std.err)
		defer done()
	}

	start := time.Now()
	c, err := encoded.Load(ctx, sources, opt)
	if err != nil {
		if ctx.Err() != nil {
			return errors.New("interrupted while reading the corpus; nothing written")
		}
		return err
	}
	defer c.Close()
	if c.Crowded.Need > 0 {
		logf(std.err, f.quiet, "the corpus's ids would take about %s of %s available: encoding them to disk (-ids memory to keep them in memory)\n",
			corpus.HumanBytes(c.Crowded.Need), corpus.HumanBytes(c.Crowded.Available))
	}
	logf(std.err, f.quiet, "vocabulary: %d words (min-count %d); corpus: %d in-vocabulary tokens, %s; read %s in %.1fs\n",
		c.Vocab.Len(), c.MinCount, c.Tokens, c.Where, c.Read, time.Since(start).Seconds())
	if c.Invalid.Tokens > 0 {
		logf(std.err, false, "corpus %s: %s\n", f.train, c.Invalid)
	}
	if err := f.checkRunMemory(skipgram.EstimateMemory(f.opt, c.Vocab.Len()), std.err); err != nil {
		return err
	}
	if f.saveVocab != "" {
		if err := atomicfile.WriteFile(f.saveVocab, c.Vocab.Write); err != nil {
			return fmt.Errorf("save vocabulary: %w", err)
		}
	}
	// The counting table is garbage now: collect it before the matrices are
	// allocated so that they reuse its memory instead of raising the peak.
	debug.FreeOSMemory()

	opt2 := f.opt
	if !f.quiet {
		opt2.Progress = progressLine(std.err, "words")
	}
	m, st, err := skipgram.TrainChunks(ctx, c.Vocab, c.IDs, opt2)
	if err != nil {
		if ctx.Err() != nil {
			return errors.New("training interrupted; nothing written")
		}
		return err
	}
	meta := skipgram.NewSidecar(m, f.opt, st, skipgram.Source{MinCount: c.MinCount,
		Corpus: embedding.CorpusInfo{Path: f.train, Tokens: c.Tokens, Vocab: c.Vocab.Len(), Files: c.Read.Files, Bytes: c.Read.Bytes, Encoded: c.Info != nil}})
	if err := f.write(m.Vectors(c.Vocab.Words), meta, std); err != nil {
		return err
	}
	if m.Lambda != nil {
		start := f.opt.LambdaInit
		if st.LambdaStart != f.opt.LambdaInit {
			start += " -> " + st.LambdaStart
		}
		logf(std.err, false, "wips: lambda start %s; %s\n", start, embedding.SummarizeLambda(m.Lambda))
	}
	logf(std.err, false, "trained %s: %d words in %.1fs, %.0f words/sec/thread (%d threads, kernels: %s), loss %.4f; %s\n",
		m.Kind, st.Words, st.Elapsed.Seconds(), float64(st.Words)/st.Elapsed.Seconds()/float64(f.opt.Threads), f.opt.Threads, kernel.Name(),
		st.Loss, f.wrote(c.Vocab.Len(), m.Dim))
	return nil
}

// readVocabFile reads a word2vec vocabulary file (-read-vocab).
func readVocabFile(path string) (*vocab.Vocab, error) {
	vf, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read vocabulary: %w", err)
	}
	defer vf.Close()
	v, err := vocab.Read(vf)
	if err != nil {
		return nil, fmt.Errorf("read vocabulary %s: %w", path, err)
	}
	return v, nil
}

// checkRunMemory prints what the run will allocate and refuses when that is
// more than the machine has available (unless -check-memory=false).
func (f *trainFlags) checkRunMemory(m skipgram.Memory, stderr io.Writer) error {
	avail, known := availableMemory()
	line := fmt.Sprintf("memory: about %s to train (matrices %s, tables %s, %d threads %s",
		corpus.HumanBytes(m.Total()), corpus.HumanBytes(m.Matrices), corpus.HumanBytes(m.Tables), f.opt.Threads, corpus.HumanBytes(m.Threads))
	if m.Graph > 0 {
		line += ", adjacency lists " + corpus.HumanBytes(m.Graph)
	}
	line += ")"
	if known {
		line += fmt.Sprintf("; %s available", corpus.HumanBytes(avail))
	}
	logf(stderr, f.quiet, "%s\n", line)
	if f.checkMemory && known && m.Total() > avail {
		return fmt.Errorf("train: the run needs about %s of memory, more than the %s available; lower -size or -threads (or -check-memory=false to try anyway)",
			corpus.HumanBytes(m.Total()), corpus.HumanBytes(avail))
	}
	return nil
}

// write writes the vectors and the sidecar, or the vectors alone to
// standard output.
func (f *trainFlags) write(vec *embedding.Vectors, meta *embedding.Meta, std stdio) error {
	if f.output == "-" {
		return embedding.WriteVectorsTo(std.out, vec, f.binary == 1)
	}
	return embedding.Save(f.output, vec, meta, f.binary == 1)
}

// wrote says what the run wrote, for the summary line.
func (f *trainFlags) wrote(rows, dim int) string {
	format := "text"
	if f.binary == 1 {
		format = "binary"
	}
	if f.output == "-" {
		return fmt.Sprintf("wrote %d x %d vectors (%s) to standard output, without a sidecar", rows, dim, format)
	}
	return fmt.Sprintf("wrote %s (%d x %d, %s) and %s", f.output, rows, dim, format, embedding.SidecarPath(f.output))
}

// trainGraph is train -graph: it embeds the nodes of an edge list and
// writes them as train writes words, with a sidecar that says so.
func trainGraph(ctx context.Context, f *trainFlags, std stdio) error {
	if err := atomicfile.CheckOutputs([]string{f.graph}, f.outputs()); err != nil {
		return fmt.Errorf("train: %w", err)
	}
	start := time.Now()
	e, err := cgraph.ReadFile(f.graph)
	if err != nil {
		return err
	}
	v, g, err := skipgram.NewGraph(e, f.minCount)
	if err != nil {
		return fmt.Errorf("edge list %s: %w", f.graph, err)
	}
	g.Directed, g.Noise, g.KeepLinkedNegatives = f.isDirected, f.negDist, f.isKeepLinked
	logf(std.err, f.quiet, "graph: %s; read in %.1fs\n", e.Summary(), time.Since(start).Seconds())
	if f.minCount > 1 {
		logf(std.err, f.quiet, "min-count %d: kept %d nodes and %d edges\n", f.minCount, v.Len(), g.Edges())
	}
	logf(std.err, f.quiet, "edges: %s as node ids\n", corpus.HumanBytes(4*int64(len(g.Pairs)+len(g.Weights))))
	if err := f.checkRunMemory(g.Memory(skipgram.EstimateMemory(f.opt, v.Len())), std.err); err != nil {
		return err
	}
	if f.saveVocab != "" {
		if err := atomicfile.WriteFile(f.saveVocab, v.Write); err != nil {
			return fmt.Errorf("save vocabulary: %w", err)
		}
	}
	opt := f.opt
	if !f.quiet {
		opt.Progress = progressLine(std.err, "edges")
	}
	m, st, err := skipgram.TrainGraph(ctx, g, opt)
	if err != nil {
		if ctx.Err() != nil {
			return errors.New("training interrupted; nothing written")
		}
		return err
	}
	meta := skipgram.NewSidecar(m, f.opt, st, skipgram.Source{MinCount: f.minCount,
		Corpus: embedding.CorpusInfo{Path: f.graph, Tokens: int64(g.Edges()), Vocab: v.Len()},
		Graph: &embedding.GraphInfo{Edges: g.Edges(), Directed: g.Directed, Weighted: g.Weights != nil,
			NegDist: g.Noise, KeepLinkedNegatives: g.KeepLinkedNegatives, SelfLoops: e.SelfLoops}})
	if err := f.write(m.Vectors(v.Words), meta, std); err != nil {
		return err
	}
	if m.Lambda != nil {
		logf(std.err, false, "wips: lambda start %s -> %s; %s\n", f.opt.LambdaInit, st.LambdaStart, embedding.SummarizeLambda(m.Lambda))
	}
	logf(std.err, false, "trained %s on %d nodes: %d edges in %.2fs, %.0f edges/sec (%d threads), loss %.4f; %s\n",
		m.Kind, v.Len(), st.Words, st.Elapsed.Seconds(), float64(st.Words)/st.Elapsed.Seconds(), f.opt.Threads,
		st.Loss, f.wrote(v.Len(), m.Dim))
	return nil
}

// dirOf is the directory of path, "." for a bare name.
func dirOf(path string) string { return filepath.Dir(path) }
