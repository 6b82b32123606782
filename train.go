package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/mpi"
	"github.com/wipsvec/wipsvec/skipgram/start"
)

// trainFlags defines train's flags onto r, whose values are their
// defaults, and parses args: start.Run's Parser for train.
func trainFlags(std stdio) start.Parser {
	return func(r *start.Run, args []string) (map[string]bool, error) {
		fs := newFlags("train", std)
		trainer(&r.Options, &r.MinCount).define(fs)
		fs.StringVar(&r.Text, "train", r.Text, sourcesHelp)
		fs.StringVar(&r.Output, "output", r.Output, "vectors `FILE` to write (word2vec format; - for standard output), with its JSON sidecar FILE.json")
		intFlag(fs, &r.Binary, "binary", 0, 1, "`n`: 1 writes the vectors in word2vec's binary format, 0 (the default) as text")
		fs.StringVar(&r.SaveVocab, "save-vocab", r.SaveVocab, "write the vocabulary to `FILE` (word count per line)")
		fs.StringVar(&r.ReadVocab, "read-vocab", r.ReadVocab, "read the vocabulary from `FILE` instead of counting the corpus")
		fs.Uint64Var(&r.Options.Seed, "seed", r.Options.Seed, "random `seed`; with -threads 1 the output is bit-for-bit reproducible")
		fs.StringVar(&r.Model, "model", r.Model, "similarity `model`: "+start.ModelNames())
		intFlag(fs, &r.Options.NegDim, "neg-dim", 1, maxSize, "ipds: the last `q` coordinates count negatively, 0 < q < size")
		fs.Var(floatValue{p: &r.NegRatio, lo: 0, hi: 1, loOpen: true, hiOpen: true}, "neg-ratio", "ipds: q = round(`ratio`*size), kept in [1, size-1], instead of -neg-dim (0: -neg-dim)")
		fs.BoolVar(&r.Quiet, "quiet", r.Quiet, "no progress line")
		intFlag(fs, &r.MaxVocab, "max-vocab", 0, 1<<31-1, "prune rare words while counting when the table grows past this many `words` (0: 20M, like word2vec)")
		fs.StringVar(&r.IDs, "ids", r.IDs, "`where` a text corpus's word ids live while training: memory, disk (a scratch encoded corpus, mapped), or auto (disk when they would take over a quarter of the available memory)")
		fs.BoolVar(&r.CheckMemory, "check-memory", r.CheckMemory, "refuse to start when the run needs more memory than is available")
		fs.StringVar(&r.Graph, "graph", r.Graph, "edge list `EDGES` to embed instead of -train: lines \"u v [weight]\", plain, .gz or .zst, or - for standard input")
		g := &r.GraphSettings
		fs.BoolVar(&g.Directed, "directed", g.Directed, "graph: train each edge u -> v once, not in both directions")
		fs.StringVar(&g.Noise, "neg-dist", g.Noise, "graph: the negatives' distribution `dist`: unigram (node degree^0.75) or uniform")
		fs.BoolVar(&g.KeepLinkedNegatives, "keep-linked-negs", g.KeepLinkedNegatives, "graph: let a negative be a neighbour of its context (by default such draws are skipped)")
		fs.StringVar(&r.Checkpoint, "checkpoint", r.Checkpoint, "write the run's whole state to `FILE` every -checkpoint-every, on Ctrl-C or SIGTERM and at the end: what -resume and -init go on from")
		fs.DurationVar(&r.CheckpointEvery, "checkpoint-every", r.CheckpointEvery, "how often -checkpoint writes (the workers pause only while the parameters are copied)")
		fs.StringVar(&r.Resume, "resume", r.Resume, "continue the interrupted run of checkpoint `FILE` to its end, with the settings it started with; -train (or -graph), -output (-binary) and -checkpoint may name other files")
		fs.StringVar(&r.Init, "init", r.Init, "start from checkpoint `FILE` (its model, size, vocabulary kept), or from word2vec or fastText vectors (.vec, or .bin: unseen words from n-grams); the others as new")
		fs.BoolVar(&r.UpdateVocab, "update-vocab", r.UpdateVocab, "with -init: add the words of the new text that reach -min-count (old words keep their rows, counts are merged)")
		// word2vec.c's flags for what these models are not.
		intFlag(fs, &r.CBOW, "cbow", 0, 1, "`mode` 1 trains CBOW (the mean of the window's contexts predicts the centre word; -alpha then defaults to 0.05), 0 skip-gram")
		intFlag(fs, &r.HS, "hs", 0, 1, "`n` 1 adds word2vec.c's hierarchical softmax (sg only), beside -negative N or alone with -negative 0; 0 none")
		intFlag(fs, &r.Classes, "classes", 0, 1<<30, "word2vec.c's `classes`: 0 writes vectors; k-means word classes are refused")
		intFlag(fs, &r.Debug, "debug", 0, 1<<30, "word2vec.c's `level`: 0 is -quiet, more shows the progress line")
		// fastText's subword flags, with its defaults but for -maxn.
		sw := &r.Options.Subwords
		intFlag(fs, &sw.Minn, "minn", 1, maxNgram, "fastText's: the shortest character n-gram, in `chars`, of a word's subword rows (with -maxn)")
		intFlag(fs, &sw.Maxn, "maxn", 0, maxNgram, "fastText's: the longest character n-gram in `chars`; 0 (the default) trains no subword rows, 6 is fastText's (not hsg; sg pairs unless -batch, as fastText)")
		intFlag(fs, &sw.Bucket, "bucket", 1, 1<<31-1, "fastText's: the `rows` the n-grams hash into (with -maxn); 4*size bytes each")
		// Several processes (mpirun with a build tagged mpi): skipgram.Ranks.
		intFlag(fs, &r.SyncWords, "sync-words", 0, 1<<62, "with several ranks (mpirun): the `tokens` each rank trains between two syncs of the most frequent words' rows (0: 200000 a thread, 50000 for a model of one matrix)")
		intFlag(fs, &r.SyncRows, "sync-rows", 1, 1<<30, "with several ranks: the most frequent words' `rows` every sync averages (every second twice as many, every fourth four times, ...)")
		if err := fs.parse(args); err != nil {
			return nil, err
		}
		return fs.given(), nil
	}
}

// parseTrain is the run train's command line args states.
func parseTrain(args []string, std stdio) (*start.Run, error) {
	r, err := start.Parse(args, trainFlags(std))
	if err != nil {
		return nil, trainError(err)
	}
	capThreads(&r.Options.Threads, std.err)
	return r, nil
}

// trainError is err as train says it: a refusal of the rules
// (start.Refusal) is a usage error.
func trainError(err error) error {
	if _, ok := err.(usageError); ok || err == nil || errors.Is(err, flag.ErrHelp) {
		return err
	}
	if errors.As(err, new(*start.Refusal)) {
		return usageError{fmt.Errorf("train: %w", err)}
	}
	return fmt.Errorf("train: %w", err)
}

func runTrain(args []string, std stdio) error {
	return asRank("train", std, func(comm mpi.Comm) error {
		r, err := parseTrain(args, std)
		if err != nil {
			return err
		}
		return trainAsRank(comm, r, std)
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

// trainAsRank trains run r as one of comm's ranks, and says what it
// trained.
func trainAsRank(comm mpi.Comm, r *start.Run, std stdio) error {
	if comm.Size() > 1 {
		if err := r.Ranked(&skipgram.Ranks{Comm: comm}); err != nil {
			return trainError(err)
		}
	}
	ctx, stop := stoppable()
	defer stop()
	res, err := train(ctx, r, std)
	if err != nil || !r.Ranks.Writes() {
		return trainError(err)
	}
	summarize(r, res, std)
	return nil
}

// train trains r, showing its progress on std.err.
func train(ctx context.Context, r *start.Run, std stdio) (*skipgram.Result, error) {
	show := start.Show{Stdout: std.out,
		Warn:       func(format string, args ...any) { fmt.Fprintf(std.err, format+"\n", args...) },
		Checkpoint: checkpointNote(std.err, r.Quiet, r.Checkpoint)}
	if !r.Quiet {
		show.Note = show.Warn
		show.Progress = progressLine(std.err, r.Unit())
	}
	var done func()
	show.Read, done = readProgress(std.err, r.Quiet)
	defer done()
	return r.Train(ctx, show)
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

// summarize says what run r trained (res): WIPS's lambda, what trained at
// what loss and speed, into which files, and the ranks' syncs.
func summarize(r *start.Run, res *skipgram.Result, std stdio) {
	m, st, meta := res.Model, res.Stats, res.Meta
	if meta.Lambda != nil {
		fmt.Fprintf(std.err, "wips: lambda start %s; %s\n", meta.Hyper.StartedLambda(), embedding.SummarizeLambda(meta.Lambda))
	}
	name := string(m.Kind)
	if a := meta.Hyper.Architecture(); a != "" {
		name += " (" + a + ")"
	}
	threads := fmt.Sprintf("%d threads", r.Options.Threads)
	if r.Ranks.Several() {
		threads = fmt.Sprintf("%d ranks x %s", r.Ranks.Size(), threads)
	}
	secs := st.Elapsed.Seconds()
	ran := fmt.Sprintf("%d words in %.1fs, %.0f words/sec/thread (%s, kernels: %s)",
		st.Words, secs, float64(st.Words)/secs/float64(r.Options.Threads*r.Ranks.Size()), threads, kernel.Name())
	if r.Graph != "" {
		ran = fmt.Sprintf("%d edges on %d nodes in %.2fs, %.0f edges/sec (%s)", st.Words, len(res.Words), secs, float64(st.Words)/secs, threads)
	}
	fmt.Fprintf(std.err, "trained %s: %s, loss %.4f; %s\n", name, ran, st.Loss, r.Wrote(len(res.Words), m.Dim))
	if st.Syncs > 0 {
		logf(std.err, r.Quiet, "ranks: %d syncs of %s on average, %.1f ms each with the wait, %.1f%% of the run\n", st.Syncs,
			corpus.HumanBytes(st.SyncBytes/int64(st.Syncs)), st.SyncTime.Seconds()*1000/float64(st.Syncs), 100*st.SyncTime.Seconds()/secs)
	}
}
