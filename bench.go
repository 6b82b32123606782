package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/wipsvec/wipsvec/bench/speed"
	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	"github.com/wipsvec/wipsvec/skipgram/flagvalue"
	"github.com/wipsvec/wipsvec/skipgram/start"
)

// trainCommand returns the command line that runs `wipsvec train`: this
// executable again, so that the benchmark times exactly the binary the user
// runs. It is a variable because under `go test` the executable is the test
// binary, which the tests point at a helper instead.
var trainCommand = func() ([]string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("bench: cannot find this executable to run training: %w", err)
	}
	return []string{exe, "train"}, nil
}

func runBench(args []string, std stdio) error {
	opt := speed.DefaultThroughputOptions()
	fs := newFlags("bench", std)
	fs.StringVar(&opt.Corpus, "train", corpus.Default(), start.SourcesHelp)
	fs.StringVar(&opt.IDs, "ids", "", "passed to wipsvec train as -ids: memory or disk (default: train's auto)")
	var limitMB int64
	flagvalue.IntVar(fs.FlagSet, &limitMB, "limit-mb", 0, 1<<40, "train on only the first `MiB` of the decompressed corpus (0: all of it)")
	fs.Var(flagvalue.List[speed.Model]{P: &opt.Models, Parse: speed.ParseModel, Distinct: "model"}, "models", "comma-separated `models` to time; suffixes set train flags: sg/exact (-batch=false -hot-rows 0), sg/cbow, sg/hs (-negative 0), sg/hot64, sg/sync50000, sg/share1")
	fs.Var(flagvalue.Counts(&opt.Sizes, start.MaxSize), "sizes", "comma-separated vector `sizes` K")
	fs.Var(flagvalue.Counts(&opt.Threads, start.MaxThreadsArg), "threads", "comma-separated thread `counts`")
	flagvalue.IntVar(fs.FlagSet, &opt.Repeat, "repeat", 1, 1000, "`runs` per cell; the median is reported")
	minCount := int64(opt.MinCount)
	start.Trainer{Window: &opt.Window, Negative: &opt.Negative, Iter: &opt.Iter,
		MinCount: &minCount, Sample: &opt.Sample, Alpha: &opt.Alpha}.Define(fs.FlagSet)
	fs.BoolVar(&opt.Separate, "separate", opt.Separate, "also time, per size and thread count T > 1, T separate one-thread runs of the first model at once: the scaling the machine allows")
	fs.BoolVar(&opt.Gensim, "gensim", true, "also time gensim's Word2Vec (sg=1) when "+speed.DefaultPython+" can import it")
	fs.StringVar(&opt.Python, "python", speed.DefaultPython, "Python interpreter for gensim")
	fs.DurationVar(&opt.CeilingTime, "ceiling-time", opt.CeilingTime, "length of each of the three trials of the ceiling measurement")
	asJSON := fs.Bool("json", false, "print the report as JSON instead of a table")
	quiet := fs.Bool("quiet", false, "no progress lines on stderr")
	if err := fs.parse(args); err != nil {
		return err
	}
	opt.MinCount = int(minCount)
	if opt.Corpus == "" {
		return usagef("bench: no corpus found: give -train SOURCES or set WIPSVEC_CORPUS")
	}
	var err error
	if opt.IDs != "" {
		if _, err := encoded.ParsePlacement(opt.IDs); err != nil {
			return usagef("bench: -ids: %v", err)
		}
	}
	opt.LimitBytes = limitMB << 20
	if _, err := corpus.Expand(opt.Corpus); err != nil {
		return usagef("bench: %v (give -train FILE or set WIPSVEC_CORPUS)", err)
	}
	if opt.Trainer, err = trainCommand(); err != nil {
		return err
	}
	if !*quiet {
		opt.Log = std.err
	}

	ctx, stop := stoppable()
	defer stop()
	rep, err := speed.RunThroughput(ctx, opt)
	if ctx.Err() != nil {
		return errors.New("bench interrupted")
	}
	if rep == nil {
		return err
	}
	// A report cut short by a failed run is printed all the same, before
	// the error.
	write := rep.WriteTable
	if *asJSON {
		write = rep.WriteJSON
	}
	return errors.Join(write(std.out), err)
}
