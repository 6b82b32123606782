package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/wipsvec/wipsvec/bench"
	"github.com/wipsvec/wipsvec/skipgram"
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
	opt := bench.DefaultThroughputOptions()
	fs := newFlagSet("bench", stderr)
	fs.StringVar(&opt.Corpus, "train", defaultBenchCorpus(), "corpus to train on: plain text, .gz or .zst")
	limitMB := fs.Int64("limit-mb", 0, "train on only the first N MiB of the decompressed corpus (0: all of it)")
	models := fs.String("models", kindList(opt.Models), "comma-separated models to time")
	sizes := fs.String("sizes", "100,300", "comma-separated vector sizes K")
	threads := fs.String("threads", "1,2", "comma-separated thread counts")
	fs.IntVar(&opt.Iter, "iter", opt.Iter, "training epochs per run")
	fs.IntVar(&opt.Repeat, "repeat", opt.Repeat, "runs per cell; the median is reported")
	fs.IntVar(&opt.Window, "window", opt.Window, "maximum skip length between words")
	fs.IntVar(&opt.Negative, "negative", opt.Negative, "negative samples per pair")
	fs.Float64Var(&opt.Sample, "sample", opt.Sample, "subsampling threshold for frequent words")
	fs.IntVar(&opt.MinCount, "min-count", opt.MinCount, "discard words that occur fewer times")
	fs.Float64Var(&opt.Alpha, "alpha", opt.Alpha, "starting learning rate")
	fs.BoolVar(&opt.Separate, "separate", opt.Separate, "also time, per size and thread count T > 1, T separate one-thread runs of the first model at once: the scaling the machine allows")
	fs.BoolVar(&opt.Gensim, "gensim", true, "also time gensim's Word2Vec (sg=1) when "+bench.DefaultPython+" can import it")
	fs.StringVar(&opt.Python, "python", bench.DefaultPython, "Python interpreter for gensim")
	fs.DurationVar(&opt.CeilingTime, "ceiling-time", opt.CeilingTime, "length of each of the three trials of the ceiling measurement")
	asJSON := fs.Bool("json", false, "print the report as JSON instead of a table")
	quiet := fs.Bool("quiet", false, "no progress lines on stderr")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("bench: unexpected argument %q (flags start with -)", fs.Arg(0))}
	}
	var err error
	if opt.Models, err = bench.ParseKinds(*models); err != nil {
		return usageError{fmt.Errorf("bench: -models: %v", err)}
	}
	if opt.Sizes, err = bench.ParseInts(*sizes); err != nil {
		return usageError{fmt.Errorf("bench: -sizes: %v", err)}
	}
	if opt.Threads, err = bench.ParseInts(*threads); err != nil {
		return usageError{fmt.Errorf("bench: -threads: %v", err)}
	}
	if *limitMB < 0 {
		return usageError{fmt.Errorf("bench: -limit-mb must not be negative, got %d", *limitMB)}
	}
	opt.LimitBytes = *limitMB << 20
	if _, err := os.Stat(opt.Corpus); err != nil {
		return usageError{fmt.Errorf("bench: corpus %s not found (give -train FILE or set WIPSVEC_CORPUS)", opt.Corpus)}
	}
	if opt.Trainer, err = trainCommand(); err != nil {
		return err
	}
	if !*quiet {
		opt.Log = stderr
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := bench.RunThroughput(ctx, opt)
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

func kindList(kinds []skipgram.Kind) string {
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = string(k)
	}
	return strings.Join(names, ",")
}
