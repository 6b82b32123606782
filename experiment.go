package main

import (
	"errors"
	"fmt"
	"math"

	"github.com/wipsvec/wipsvec/bench/experiment"
	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/skipgram/flagvalue"
	"github.com/wipsvec/wipsvec/skipgram/start"
)

// parseExperimentFlags reads the command line into the invocation the
// library runs; every mistake in it is a usage error.
func parseExperimentFlags(args []string, std stdio) (*experiment.Config, error) {
	f := experiment.DefaultConfig()
	fs := newFlags("experiment", std)
	fs.StringVar(&f.Train, "train", "", start.SourcesHelp+" (default: "+corpus.DefaultPlaces+")")
	flagvalue.IntVar(fs.FlagSet, &f.CorpusBytes, "corpus-bytes", 0, math.MaxInt64, "read only the first `N` bytes of the (decompressed) corpus; 0 reads all")
	g, seeds := &f.Grid, len(f.Grid.Seeds) // the grid's flags, the paper's grid their defaults
	quick := fs.Bool("quick", false, "preview preset: -sizes 10,100 -alphas 0.025 -ratios 0.01,0.5 -seeds 1 -iter 5 (flags given explicitly still win)")
	fs.Var(flagvalue.Ints(&g.Sizes), "sizes", "comma-separated `sizes` K, the table's columns")
	fs.Var(flagvalue.List[experiment.Model]{P: &g.Models, Parse: experiment.ParseModel}, "models", "comma-separated `models` to train, /cbow or /hs for another architecture (sg/cbow, wips/cbow, sg/hs); sg gives the rows SG, SG*, SG(K/2), SG*(K/2)")
	fs.Var(flagvalue.Floats(&g.Alphas), "alphas", "comma-separated starting learning `rates` to search")
	fs.Var(flagvalue.Floats(&g.Ratios), "ratios", "comma-separated IPDS `ratios` q/K to search")
	flagvalue.IntVar(fs.FlagSet, &seeds, "seeds", 1, 1000, "runs per setting, with seeds 1..`N`; the table shows their mean")
	s := &f.Setup.Settings
	start.Trainer{Window: &s.Window, Negative: &s.Negative, Iter: &f.Grid.Epochs, Threads: &f.Threads,
		MinCount: &f.Setup.MinCount, Sample: &s.Sample, Batch: &s.Batch, ShareNoise: &s.ShareNoise, HotRows: &s.HotRows, HotSync: &s.HotSync,
		Hypers: s, Omit: map[string]bool{"neg-dim": true}}.Define(fs.FlagSet) // -ratios sets IPDS's q
	fs.StringVar(&f.Results, "results", f.Results, "results file: one JSON line per run, read to resume")
	fs.StringVar(&f.Markdown, "md", "", "also write the Markdown table to this file")
	fs.StringVar(&f.Plots, "plots", "", "write lambda.png, lambda_hist.png (one histogram of lambda per WIPS run), spearman.png and loss.png into this directory")
	fs.BoolVar(&f.List, "list", false, "list the grid's runs, marking those already in -results, and exit without training")
	fs.DurationVar(&f.CheckpointEvery, "checkpoint-every", f.CheckpointEvery, "how often the run in progress writes its checkpoint beside -results (also on Ctrl-C): a rerun resumes it")
	if err := fs.parse(args); err != nil {
		return nil, err
	}
	set := fs.given()
	f.MinCountSet, g.Seeds = set["min-count"], experiment.Seeds(seeds)
	if *quick {
		f.Grid = f.Grid.Quick(set)
	}
	if err := f.Check(); err != nil {
		return nil, usageError{fmt.Errorf("experiment: %w", err)}
	}
	return f, nil
}

// runExperiment parses the flags, finds the default corpus, and runs the
// reproduction in bench/experiment: the table on stdout, the log and the
// progress on stderr. Ctrl-C or SIGTERM stops it with the table so far.
func runExperiment(args []string, std stdio) error {
	f, err := parseExperimentFlags(args, std)
	if err != nil {
		return err
	}
	capThreads(&f.Threads, std.err)
	if f.Train == "" {
		if f.Train = corpus.Default(); f.Train == "" {
			return usageError{errors.New("experiment: no corpus found: give -train FILE, set WIPSVEC_CORPUS, or run scripts/get-text9.sh")}
		}
	}
	f.Log = std.err
	f.ReadProgress = func() (func(corpus.ReadStats), func()) { return readProgress(std.err, false) }
	f.Live = progressLine(std.err, "words")
	ctx, stop := stoppable()
	defer stop()
	return experiment.Reproduce(ctx, std.out, *f)
}
