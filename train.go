package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/atomicfile"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/budget"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/fasttext"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/mpi"
	"github.com/wipsvec/wipsvec/skipgram/start"
	"github.com/wipsvec/wipsvec/skipgram/subword"
	"github.com/wipsvec/wipsvec/vocab"
)

// trainFlags are train's settings as parsed.
type trainFlags struct {
	opt                           skipgram.Options
	model                         string
	train, graph, output          string
	saveVocab, readVocab          string
	binary                        int
	ids                           string
	minCount                      int64
	maxVocab                      int
	negRatio                      float64
	quiet, checkMemory            bool
	negDist                       string
	isDirected, isKeepLinked      bool
	cbow, hs, classes, debugLevel int
	checkpoint, resume, init      string
	checkpointEvery               time.Duration
	updateVocab                   bool
	fastText                      string // the fastText model's path when set, written with or without subwords (skipgram, cbow)

	syncWords int64 // with several ranks: skipgram.Ranks' settings
	syncRows  int
	ranks     *skipgram.Ranks // set when several processes train (mpirun)

	given map[string]bool // the flags the command line set
	args  []string        // the command line that started the run, kept in checkpoints
	from  start.From      // how the run starts: what -resume or -init goes on from
}

// defaultTrainFlags are train's settings before the command line, for a
// graph's edges or for a text: skipgram's defaults of each.
func defaultTrainFlags(graph bool) *trainFlags {
	f := &trainFlags{opt: skipgram.DefaultOptions(), model: string(skipgram.SG), minCount: vocab.DefaultMinCount,
		ids: string(encoded.Auto), checkMemory: true, negDist: skipgram.DefaultGraphNoise, debugLevel: 2,
		checkpointEvery: skipgram.DefaultCheckpointEvery, syncRows: skipgram.DefaultSyncRows}
	if graph {
		f.opt, f.minCount = skipgram.DefaultGraphOptions(), skipgram.DefaultGraphMinCount
	}
	f.opt.Subwords = subword.Settings{Minn: subword.Default().Minn, Bucket: subword.Default().Bucket}
	f.opt.Threads = max(1, runtime.NumCPU())
	return f
}

// parse parses args onto f, whose values are the flags' defaults, and
// returns the flags args set.
func (f *trainFlags) parse(args []string, std stdio) (map[string]bool, error) {
	fs := newFlags("train", std)
	trainer(&f.opt, &f.minCount).define(fs)
	fs.StringVar(&f.train, "train", f.train, sourcesHelp)
	fs.StringVar(&f.output, "output", f.output, "vectors `FILE` to write (word2vec format; - for standard output), with its JSON sidecar FILE.json")
	intFlag(fs, &f.binary, "binary", 0, 1, "`n`: 1 writes the vectors in word2vec's binary format, 0 (the default) as text")
	fs.StringVar(&f.saveVocab, "save-vocab", f.saveVocab, "write the vocabulary to `FILE` (word count per line)")
	fs.StringVar(&f.readVocab, "read-vocab", f.readVocab, "read the vocabulary from `FILE` instead of counting the corpus")
	fs.Uint64Var(&f.opt.Seed, "seed", f.opt.Seed, "random `seed`; with -threads 1 the output is bit-for-bit reproducible")
	fs.StringVar(&f.model, "model", f.model, "similarity `model`: "+start.ModelNames())
	intFlag(fs, &f.opt.NegDim, "neg-dim", 1, maxSize, "ipds: the last `q` coordinates count negatively, 0 < q < size")
	fs.Var(floatValue{p: &f.negRatio, lo: 0, hi: 1, loOpen: true, hiOpen: true}, "neg-ratio", "ipds: q = round(`ratio`*size), kept in [1, size-1], instead of -neg-dim (0: -neg-dim)")
	fs.BoolVar(&f.quiet, "quiet", f.quiet, "no progress line")
	intFlag(fs, &f.maxVocab, "max-vocab", 0, 1<<31-1, "prune rare words while counting when the table grows past this many `words` (0: 20M, like word2vec)")
	fs.StringVar(&f.ids, "ids", f.ids, "`where` a text corpus's word ids live while training: memory, disk (a scratch encoded corpus, mapped), or auto (disk when they would take over a quarter of the available memory)")
	fs.BoolVar(&f.checkMemory, "check-memory", f.checkMemory, "refuse to start when the run needs more memory than is available")
	fs.StringVar(&f.graph, "graph", f.graph, "edge list `EDGES` to embed instead of -train: lines \"u v [weight]\", plain, .gz or .zst, or - for standard input")
	fs.BoolVar(&f.isDirected, "directed", f.isDirected, "graph: train each edge u -> v once, not in both directions")
	fs.StringVar(&f.negDist, "neg-dist", f.negDist, "graph: the negatives' distribution `dist`: unigram (node degree^0.75) or uniform")
	fs.BoolVar(&f.isKeepLinked, "keep-linked-negs", f.isKeepLinked, "graph: let a negative be a neighbour of its context (by default such draws are skipped)")
	fs.StringVar(&f.checkpoint, "checkpoint", f.checkpoint, "write the run's whole state to `FILE` every -checkpoint-every, on Ctrl-C or SIGTERM and at the end: what -resume and -init go on from")
	fs.DurationVar(&f.checkpointEvery, "checkpoint-every", f.checkpointEvery, "how often -checkpoint writes (the workers pause only while the parameters are copied)")
	fs.StringVar(&f.resume, "resume", f.resume, "continue the interrupted run of checkpoint `FILE` to its end, with the settings it started with; -train (or -graph), -output (-binary) and -checkpoint may name other files")
	fs.StringVar(&f.init, "init", f.init, "start from checkpoint `FILE` (its model, size, vocabulary kept), or from word2vec or fastText vectors (.vec, or .bin: unseen words from n-grams); the others as new")
	fs.BoolVar(&f.updateVocab, "update-vocab", f.updateVocab, "with -init: add the words of the new text that reach -min-count (old words keep their rows, counts are merged)")
	// word2vec.c's flags for what these models are not.
	intFlag(fs, &f.cbow, "cbow", 0, 1, "`mode` 1 trains CBOW (the mean of the window's contexts predicts the centre word; -alpha then defaults to 0.05), 0 skip-gram")
	intFlag(fs, &f.hs, "hs", 0, 1, "`n` 1 adds word2vec.c's hierarchical softmax (sg only), beside -negative N or alone with -negative 0; 0 none")
	intFlag(fs, &f.classes, "classes", 0, 1<<30, "word2vec.c's `classes`: 0 writes vectors; k-means word classes are refused")
	intFlag(fs, &f.debugLevel, "debug", 0, 1<<30, "word2vec.c's `level`: 0 is -quiet, more shows the progress line")
	// fastText's subword flags, with its defaults but for -maxn.
	intFlag(fs, &f.opt.Subwords.Minn, "minn", 1, maxNgram, "fastText's: the shortest character n-gram, in `chars`, of a word's subword rows (with -maxn)")
	intFlag(fs, &f.opt.Subwords.Maxn, "maxn", 0, maxNgram, "fastText's: the longest character n-gram in `chars`; 0 (the default) trains no subword rows, 6 is fastText's (not hsg; sg pairs unless -batch, as fastText)")
	intFlag(fs, &f.opt.Subwords.Bucket, "bucket", 1, 1<<31-1, "fastText's: the `rows` the n-grams hash into (with -maxn); 4*size bytes each")
	// Several processes (mpirun with a build tagged mpi): skipgram.Ranks.
	intFlag(fs, &f.syncWords, "sync-words", 0, 1<<62, "with several ranks (mpirun): the `tokens` each rank trains between two syncs of the most frequent words' rows (0: 200000 a thread, 50000 for a model of one matrix)")
	intFlag(fs, &f.syncRows, "sync-rows", 1, 1<<30, "with several ranks: the most frequent words' `rows` every sync averages (every second twice as many, every fourth four times, ...)")
	if err := fs.parse(args); err != nil {
		return nil, err
	}
	return fs.given(), nil
}

func parseTrainFlags(args []string, std stdio) (*trainFlags, error) {
	f := defaultTrainFlags(false)
	given, err := f.parse(args, std)
	if err != nil {
		return nil, err
	}
	if f.graph != "" { // a graph's defaults are its own: the flags again, onto them
		f = defaultTrainFlags(true)
		if given, err = f.parse(args, std); err != nil {
			return nil, err
		}
	}
	switch {
	case f.resume != "" && f.init != "":
		return nil, usagef("train: give -resume or -init, not both")
	case f.resume != "":
		return resumeTrainFlags(f.resume, args, given, std)
	case f.init != "" && !start.IsCheckpoint(f.init):
		return f, f.initFromVectors(args, given, std)
	case f.init != "":
		return initTrainFlags(f.init, args, given, std)
	case f.updateVocab:
		return nil, usagef("train: -update-vocab goes with -init")
	}
	f.given, f.args = given, args
	return f, f.check(std.err)
}

// resumeTrainFlags are the settings of the run checkpoint path is of, with
// the files args names anew.
func resumeTrainFlags(path string, args []string, given map[string]bool, std stdio) (*trainFlags, error) {
	if err := start.ResumeGiven(given); err != nil {
		return nil, startError(err)
	}
	snap, err := skipgram.ReadCheckpoint(path)
	if err != nil {
		return nil, err
	}
	if err := start.Resume(path, snap); err != nil {
		return nil, startError(err)
	}
	f := defaultTrainFlags(snap.Graph)
	if len(snap.Command) > 0 { // the files it named, and the settings of a checkpoint that records none
		if f.given, err = f.parse(snap.Command, std); err != nil {
			return nil, fmt.Errorf("train: checkpoint %s: its command line: %w", path, err)
		}
	}
	f.stored(snap)
	f.init, f.updateVocab = "", false // the data is read with the checkpoint's vocabulary
	if f.checkpoint == "" {
		f.checkpoint = path
	}
	if _, err := f.parse(args, std); err != nil {
		return nil, err
	}
	if err := f.check(std.err); err != nil {
		return nil, err
	}
	f.args, f.from = snap.Command, start.From{Checkpoint: snap, Resumed: true}
	f.opt = snap.Options
	return f, nil
}

// stored sets f's flags to the settings checkpoint snap records whole
// (start.Stored); a checkpoint written before it recorded them has them
// in its command line.
func (f *trainFlags) stored(snap *skipgram.Snapshot) {
	opt, minCount, g, ok := start.Stored(snap)
	if !ok {
		return
	}
	f.opt, f.model, f.minCount = opt, string(opt.Model), minCount
	if g != nil {
		f.isDirected, f.negDist, f.isKeepLinked = g.Directed, g.Noise, g.KeepLinkedNegatives
	}
}

// initTrainFlags are the settings of a run that continues the model of
// checkpoint path: the checkpoint's, but for what args sets.
func initTrainFlags(path string, args []string, given map[string]bool, std stdio) (*trainFlags, error) {
	if err := start.ContinueGiven(given); err != nil {
		return nil, startError(err)
	}
	snap, err := skipgram.ReadCheckpoint(path)
	if err != nil {
		return nil, err
	}
	f := defaultTrainFlags(snap.Graph)
	f.opt = snap.Options
	f.model = string(snap.Options.Model)
	if f.given, err = f.parse(args, std); err != nil {
		return nil, err
	}
	if err := start.Continue(path, snap, f.graph != ""); err != nil {
		return nil, startError(err)
	}
	f.args, f.from = args, start.From{Checkpoint: snap, Update: f.updateVocab}
	return f, f.check(std.err)
}

// initFromVectors checks a new run that starts from the vectors file
// -init names (start.Vectors), whose dimension is the run's. The file's
// rows are read once the vocabulary is known (runJob).
func (f *trainFlags) initFromVectors(args []string, given map[string]bool, std stdio) error {
	v, err := start.OpenVectors(f.init, f.updateVocab)
	if err == nil {
		err = v.Size(f.opt.Dim, given["size"])
	}
	var r *start.Refusal
	if errors.As(err, &r) {
		return startError(err)
	} else if err != nil {
		return fmt.Errorf("train: -init: %w", err)
	}
	f.opt.Dim = v.Dim
	f.from, f.given, f.args = start.From{Vectors: v}, given, args
	return f.check(std.err)
}

// startError is the error of a start the rules refuse (start.Refusal, a
// usage error) or that failed, as train says it.
func startError(err error) error {
	var r *start.Refusal
	if errors.As(err, &r) {
		return usageError{fmt.Errorf("train: %w", err)}
	}
	return fmt.Errorf("train: %w", err)
}

// check resolves and checks what the flags say together.
func (f *trainFlags) check(stderr io.Writer) error {
	switch {
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
	kind, err := skipgram.ParseKind(f.model)
	if err != nil {
		return usageError{fmt.Errorf("train: %w", err)}
	}
	f.opt.Model = kind
	if f.given["cbow"] {
		f.opt.CBOW = f.cbow == 1
	}
	if f.given["hs"] {
		f.opt.HS = f.hs == 1
	}
	if f.from.Checkpoint == nil {
		f.opt.Alpha = start.Alpha(f.opt, f.given["alpha"])
	}
	if f.given["neg-ratio"] {
		f.opt.NegDim = skipgram.NegDimFor(f.negRatio, f.opt.Dim)
	}
	if !f.opt.Subwords.Enabled() {
		f.opt.Subwords = subword.Settings{} // -minn and -bucket mean nothing without -maxn
	} else if f.output == "-" {
		return usagef("train: -maxn writes a fastText model beside -output FILE, which standard output has no room for")
	}
	if f.from.Checkpoint == nil {
		f.opt.Batch = start.Batch(f.opt, f.given["batch"])
	}
	if _, err := encoded.ParsePlacement(f.ids); err != nil {
		return usagef("train: -ids: %v", err)
	}
	if f.graph != "" {
		if err := start.CheckGraph(f.given, f.opt, f.negDist); err != nil {
			return startError(err)
		}
	}
	if f.checkpointEvery <= 0 {
		return usagef("train: -checkpoint-every must be positive, got %v", f.checkpointEvery)
	}
	capThreads(&f.opt.Threads, stderr)
	if err := f.opt.Validate(); err != nil {
		return usageError{fmt.Errorf("train: %w", err)}
	}
	return nil
}

// checkFiles refuses a run whose outputs (standard output aside) would
// overwrite one another or its inputs: the data's files, -read-vocab and
// -init.
func (f *trainFlags) checkFiles(data ...string) error {
	out := []string{f.output, f.saveVocab, f.checkpoint, f.fastText}
	if f.output != "-" {
		out = append(out, embedding.SidecarPath(f.output))
	}
	if err := atomicfile.CheckOutputs(append([]string{f.readVocab, f.init}, data...), out); err != nil {
		return fmt.Errorf("train: %w", err)
	}
	return nil
}

func runTrain(args []string, std stdio) error {
	return asRank("train", std, func(comm mpi.Comm) error {
		f, err := parseTrainFlags(args, std)
		if err != nil {
			return err
		}
		return trainAsRank(comm, f, std)
	})
}

// asRank runs command (train, or fastText's skipgram and cbow) as one of
// the ranks an MPI launcher started, or as the one process without one.
// MPI starts before anything is read: the default build refuses under a
// launcher of several ranks.
func asRank(command string, std stdio, train func(comm mpi.Comm) error) error {
	comm, err := mpi.Init()
	if err != nil {
		return usageError{fmt.Errorf("%s: %w", command, err)}
	}
	err = train(comm)
	if comm.Size() == 1 {
		return err
	}
	return endRank(comm, err, std)
}

// trainAsRank trains what f says as one of comm's ranks.
func trainAsRank(comm mpi.Comm, f *trainFlags, std stdio) error {
	if comm.Size() > 1 {
		if err := f.rankOf(comm); err != nil {
			return err
		}
	}
	ctx, stop := stoppable()
	defer stop()
	if f.graph != "" {
		return trainGraph(ctx, f, std)
	}
	return trainText(ctx, f, std)
}

// rankOf makes f one of comm's ranks: rank 0 alone prints and writes.
func (f *trainFlags) rankOf(comm mpi.Comm) error {
	if f.output == "-" || f.graph == "-" {
		return usagef("train: standard input and output are one process's; with %d ranks name files", comm.Size())
	}
	f.ranks = &skipgram.Ranks{Comm: comm, SyncWords: f.syncWords, SyncRows: f.syncRows}
	if !f.ranks.Writes() { // rank 0 alone prints and writes -save-vocab
		f.quiet, f.saveVocab = true, ""
	}
	return nil
}

// endRank ends this rank's part in a run of several. A usage error is
// every rank's (each parsed the same command line and data), so each
// leaves MPI and rank 0 prints it; any other may be this rank's alone,
// and it aborts every rank, so that none waits for it forever.
func endRank(comm mpi.Comm, err error, std stdio) error {
	var ue usageError
	if err == nil || errors.Is(err, flag.ErrHelp) || errors.As(err, &ue) || errors.Is(err, start.ErrInterrupted) {
		if cerr := comm.Close(); err == nil {
			return cerr
		}
		if comm.Rank() != 0 {
			return quietError{err}
		}
		return err
	}
	fmt.Fprintf(std.err, "wipsvec: rank %d of %d: %v\n", comm.Rank(), comm.Size(), err)
	comm.Abort(1)
	return err
}

// threadsText says how many threads trained, on how many ranks.
func (f *trainFlags) threadsText() string {
	if f.ranks.Several() {
		return fmt.Sprintf("%d ranks x %d threads", f.ranks.Size(), f.opt.Threads)
	}
	return fmt.Sprintf("%d threads", f.opt.Threads)
}

// trainText is train -train.
func trainText(ctx context.Context, f *trainFlags, std stdio) error {
	sources, err := corpus.Expand(f.train)
	if err != nil {
		return err
	}
	if err := f.checkFiles(sources...); err != nil {
		return err
	}
	t := start.Text{Name: f.train, Sources: sources, MinCount: f.minCount, MaxVocab: f.maxVocab, ReadVocab: f.readVocab, IDs: encoded.Placement(f.ids),
		Output: f.output, Given: f.given, From: f.from, Ranks: f.ranks}
	var done func()
	t.Progress, done = readProgress(std.err, f.quiet)
	defer done()
	began := time.Now()
	c, err := t.Load(ctx)
	var r *start.Refusal
	if errors.As(err, &r) {
		return startError(err)
	} else if err != nil {
		return err
	}
	defer c.Close()
	if c.Crowded.Need > 0 {
		logf(std.err, f.quiet, "the corpus's ids would take about %s of %s available: encoding them to disk (-ids memory to keep them in memory)\n",
			corpus.HumanBytes(c.Crowded.Need), corpus.HumanBytes(c.Crowded.Available))
	}
	v := c.Vocab
	if from := f.from.Checkpoint; from != nil && f.from.Update {
		logf(std.err, f.quiet, "vocabulary: %d words of %s and %d new ones reaching min-count %d\n",
			from.Vocab.Len(), f.init, v.Len()-from.Vocab.Len(), f.minCount)
	}
	logf(std.err, f.quiet, "vocabulary: %d words (min-count %d); corpus: %d in-vocabulary tokens, %s; read %s in %.1fs\n",
		v.Len(), c.MinCount, c.Tokens, c.Where, c.Read, time.Since(began).Seconds())
	if c.Invalid.Tokens > 0 {
		logf(std.err, false, "corpus %s: %s\n", f.train, c.Invalid)
	}
	job := &skipgram.Job{Options: f.opt, Vocab: v, Text: c.IDs, Source: t.Source(c), Ranks: f.ranks}
	res, err := f.runJob(ctx, job, "words", std)
	if err != nil || !f.ranks.Writes() {
		return err
	}
	if m := res.Model; m.Subwords.Enabled() || f.fastText != "" {
		path := cmp.Or(f.fastText, f.output+fasttext.BesideSuffix)
		if err := fasttext.WriteFor(path, m.FastText(v, f.opt, job.Source), res.Meta); err != nil {
			return fmt.Errorf("train: %w", err)
		}
	}
	st := res.Stats
	return f.finish(res, std, fmt.Sprintf("%d words in %.1fs, %.0f words/sec/thread (%s, kernels: %s)",
		st.Words, st.Elapsed.Seconds(), float64(st.Words)/st.Elapsed.Seconds()/float64(f.opt.Threads*f.ranks.Size()), f.threadsText(), kernel.Name()))
}

// finish writes what the run res trained and says so: WIPS's lambda, and
// what trained (ran) at what loss, into which files.
func (f *trainFlags) finish(res *skipgram.Result, std stdio, ran string) error {
	m, st, meta := res.Model, res.Stats, res.Meta
	if err := f.write(res.Vectors(), meta, std); err != nil {
		return err
	}
	if meta.Lambda != nil {
		logf(std.err, false, "wips: lambda start %s; %s\n", meta.Hyper.StartedLambda(), embedding.SummarizeLambda(meta.Lambda))
	}
	name := string(m.Kind)
	if a := meta.Hyper.Architecture(); a != "" {
		name += " (" + a + ")"
	}
	logf(std.err, false, "trained %s: %s, loss %.4f; %s\n", name, ran, st.Loss, f.wrote(len(res.Words), m.Dim))
	if st.Syncs > 0 {
		logf(std.err, f.quiet, "ranks: %d syncs of %s on average, %.1f ms each with the wait, %.1f%% of the run\n", st.Syncs,
			corpus.HumanBytes(st.SyncBytes/int64(st.Syncs)), st.SyncTime.Seconds()*1000/float64(st.Syncs), 100*st.SyncTime.Seconds()/st.Elapsed.Seconds())
	}
	return nil
}

// runJob trains job, the flags' settings on the data, text or graph, and
// its rows job.Vocab: it adds -checkpoint's writes, checks the memory the
// run needs, gives the job its start (-resume, -init: start.From), writes
// -save-vocab, shows the progress in units, and says how many rows
// -init's vectors started.
func (f *trainFlags) runJob(ctx context.Context, job *skipgram.Job, units string, std stdio) (*skipgram.Result, error) {
	v := job.Vocab
	if f.checkpoint != "" {
		job.CheckpointEvery, job.CheckpointPath, job.Command = f.checkpointEvery, f.checkpoint, f.args
		job.Wrote = checkpointNote(std.err, f.quiet, f.checkpoint)
	}
	if err := f.checkRunMemory(job.Memory(), std.err); err != nil {
		return nil, err
	}
	if err := f.from.Start(job); err != nil {
		return nil, fmt.Errorf("train: -init: %w", err)
	}
	if f.saveVocab != "" {
		if err := atomicfile.WriteFile(f.saveVocab, v.Write); err != nil {
			return nil, fmt.Errorf("save vocabulary: %w", err)
		}
	}
	if !f.quiet {
		job.Progress = progressLine(std.err, units)
	}
	res, err := job.Train(ctx)
	if err != nil {
		return nil, start.Interrupted(ctx, err, f.checkpoint)
	}
	if f.from.Vectors != nil {
		logf(std.err, f.quiet, "init: %d of the %d words started from %s; the others as in a new run\n", res.Stats.Started, v.Len(), f.init)
	}
	return res, nil
}

// checkRunMemory prints what the run will allocate and refuses when that is
// more than the machine has available (unless -check-memory=false): the
// policy is budget.Budget's, the advice what train's flags can do.
func (f *trainFlags) checkRunMemory(m skipgram.Memory, stderr io.Writer) error {
	b := budget.New(m, f.opt.Threads)
	logf(stderr, f.quiet, "%s\n", b)
	if err := b.Err(); f.checkMemory && err != nil {
		return fmt.Errorf("train: %w; lower -size or -threads (or -check-memory=false to try anyway)", err)
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
	s := fmt.Sprintf("wrote %s (%d x %d, %s) and %s", f.output, rows, dim, format, embedding.SidecarPath(f.output))
	if f.fastText != "" {
		s += ", and the fastText model " + f.fastText
	}
	return s
}

// trainGraph is train -graph: it embeds the nodes of an edge list and
// writes them as train writes words, with a sidecar that says so.
func trainGraph(ctx context.Context, f *trainFlags, std stdio) error {
	if err := f.checkFiles(f.graph); err != nil {
		return err
	}
	began := time.Now()
	e, err := cgraph.ReadFile(f.graph)
	if err != nil {
		return err
	}
	gs := start.Graph{MinCount: f.minCount, From: f.from,
		Settings: skipgram.GraphSettings{Directed: f.isDirected, Noise: f.negDist, KeepLinkedNegatives: f.isKeepLinked}}
	v, g, err := gs.Rows(e)
	if err != nil {
		return fmt.Errorf("edge list %s: %w", f.graph, err)
	}
	logf(std.err, f.quiet, "graph: %s; read in %.1fs\n", e.Summary(), time.Since(began).Seconds())
	if f.minCount > 1 || f.from.Checkpoint != nil {
		logf(std.err, f.quiet, "kept %d nodes and %d edges\n", v.Len(), g.Edges())
	}
	logf(std.err, f.quiet, "edges: %s as node ids\n", corpus.HumanBytes(4*int64(len(g.Pairs)+len(g.Weights))))
	if rk := f.ranks; rk.Several() {
		if n := rk.Size(); g.Edges() < n {
			return usagef("train: %d ranks need at least as many edges; the graph has %d", n, g.Edges())
		}
		g.Share.Rank, g.Share.Of = rk.Comm.Rank(), rk.Comm.Size()
	}
	job := &skipgram.Job{Options: f.opt, Vocab: v, Graph: g, Source: gs.Source(e, v, g, f.graph), Ranks: f.ranks}
	res, err := f.runJob(ctx, job, "edges", std)
	if err != nil || !f.ranks.Writes() {
		return err
	}
	st := res.Stats
	return f.finish(res, std, fmt.Sprintf("%d edges on %d nodes in %.2fs, %.0f edges/sec (%s)",
		st.Words, v.Len(), st.Elapsed.Seconds(), float64(st.Words)/st.Elapsed.Seconds(), f.threadsText()))
}
