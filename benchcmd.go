package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/wipsvec/wipsvec/bench/speed"
	"github.com/wipsvec/wipsvec/corpus"
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

// defaultBenchCorpus is the corpus bench trains on when -train is not given:
// $WIPSVEC_CORPUS, else the shared enwiki slice beside the checkout.
func defaultBenchCorpus() string {
	if env := os.Getenv("WIPSVEC_CORPUS"); env != "" {
		return env
	}
	return filepath.Join("..", "shared", "data", "enwiki17m.txt.zst")
}

func runBench(args []string, stdout, stderr io.Writer) error {
	opt := speed.DefaultThroughputOptions()
	fs := newFlagSet("bench", stderr)
	fs.StringVar(&opt.Corpus, "train", defaultBenchCorpus(), "corpus to train on: as train's -train (files, directories, quoted globs, comma lists; plain text, .gz or .zst)")
	fs.StringVar(&opt.IDs, "ids", "", "passed to wipsvec train as -ids: memory or disk (default: train's auto)")
	limitMB := fs.Int64("limit-mb", 0, "train on only the first N MiB of the decompressed corpus (0: all of it)")
	models := fs.String("models", joinKinds(opt.Models), "comma-separated models to time")
	sizes := fs.String("sizes", "100,300", "comma-separated vector sizes K")
	threads := fs.String("threads", "1,2", "comma-separated thread counts")
	fs.IntVar(&opt.Repeat, "repeat", opt.Repeat, "runs per cell; the median is reported")
	minCount := int64(opt.MinCount)
	word2vecFlags{window: &opt.Window, negative: &opt.Negative, iter: &opt.Iter,
		minCount: &minCount, sample: &opt.Sample, alpha: &opt.Alpha}.define(fs)
	fs.BoolVar(&opt.Separate, "separate", opt.Separate, "also time, per size and thread count T > 1, T separate one-thread runs of the first model at once: the scaling the machine allows")
	fs.BoolVar(&opt.Gensim, "gensim", true, "also time gensim's Word2Vec (sg=1) when "+speed.DefaultPython+" can import it")
	fs.StringVar(&opt.Python, "python", speed.DefaultPython, "Python interpreter for gensim")
	fs.DurationVar(&opt.CeilingTime, "ceiling-time", opt.CeilingTime, "length of each of the three trials of the ceiling measurement")
	asJSON := fs.Bool("json", false, "print the report as JSON instead of a table")
	quiet := fs.Bool("quiet", false, "no progress lines on stderr")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	opt.MinCount = int(minCount)
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("bench: unexpected argument %q (flags start with -)", fs.Arg(0))}
	}
	var err error
	if opt.Models, err = speed.ParseKinds(*models); err != nil {
		return usageError{fmt.Errorf("bench: -models: %v", err)}
	}
	if opt.Sizes, err = speed.ParseInts(*sizes); err != nil {
		return usageError{fmt.Errorf("bench: -sizes: %v", err)}
	}
	if opt.Threads, err = speed.ParseInts(*threads); err != nil {
		return usageError{fmt.Errorf("bench: -threads: %v", err)}
	}
	if opt.IDs != "" && opt.IDs != idsMemory && opt.IDs != idsDisk && opt.IDs != idsAuto {
		return usageError{fmt.Errorf("bench: -ids must be memory, disk or auto, got %q", opt.IDs)}
	}
	if *limitMB < 0 {
		return usageError{fmt.Errorf("bench: -limit-mb must not be negative, got %d", *limitMB)}
	}
	opt.LimitBytes = *limitMB << 20
	if _, err := corpus.Expand(opt.Corpus); err != nil {
		return usageError{fmt.Errorf("bench: %v (give -train FILE or set WIPSVEC_CORPUS)", err)}
	}
	if opt.Trainer, err = trainCommand(); err != nil {
		return err
	}
	if !*quiet {
		opt.Log = stderr
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := speed.RunThroughput(ctx, opt)
	if err != nil {
		if ctx.Err() != nil {
			return errors.New("bench interrupted")
		}
		return err
	}
	if *asJSON {
		return rep.WriteJSON(stdout)
	}
	return rep.WriteTable(stdout)
}
