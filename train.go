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
		r.Define(fs.FlagSet)
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
