// Command wipsvec trains word embeddings with skip-gram and negative sampling
// under the general similarity models of Kim et al. (IJCAI 2019): SG, IPS,
// SIPS, IPDS, WIPS and hyperbolic skip-gram; and evaluates them on word
// similarity benchmarks with each model's own similarity.
//
// Usage:
//
//	wipsvec train -train FILE -output FILE [word2vec flags]
//	wipsvec eval -vectors FILE [DATASET...]
//	wipsvec nearest -vectors FILE WORD...
//	wipsvec demo
//	wipsvec bench
//	wipsvec train -graph EDGES -output FILE [-model M] [-directed] [-neg-dist unigram|uniform]
//	wipsvec eval -graph EDGES [-exclude TRAIN] -vectors FILE
//	wipsvec graph wordnet [-dict DIR] [-out DIR]
//	wipsvec graph split -in EDGES -train OUT -test OUT
//	wipsvec corpus clean [-o OUT] [IN]
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

const usage = `wipsvec: skip-gram embeddings under general similarity models (SG, IPS, SIPS, IPDS, WIPS, HSG)

Commands:
  train       train vectors from a corpus (word2vec flags: -train -output -size -window ...)
  eval        Spearman correlations on word-similarity benchmarks, and analogies
  nearest     nearest neighbours under the model's own similarity
  demo        planted-similarity demo (no download needed), then the real corpus when present
  bench       throughput and kernel benchmarks
  experiment  the paper's Table 3 grid
  encode      tokenize a corpus once into an encoded corpus that train maps
  graph       graph tools: 'graph wordnet' builds the WordNet noun closure, 'graph split' holds out edges
  corpus      corpus tools: 'corpus clean' turns a MediaWiki dump into Text9
  version     print the version

Run 'wipsvec COMMAND -h' for a command's flags.
`

func main() {
	err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	if err == nil {
		return
	}
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(os.Stderr, "wipsvec: %v\n", err)
		os.Exit(2)
	}
	fmt.Fprintf(os.Stderr, "wipsvec: %v\n", err)
	os.Exit(1)
}

// usageError marks a mistake in the command line rather than in the data.
type usageError struct{ error }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return usageError{errors.New("no command given")}
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "train":
		return runTrain(rest, stderr)
	case "eval":
		return runEval(rest, stdout)
	case "nearest":
		return runNearest(rest, stdout)
	case "demo":
		return runDemo(rest, stdout, stderr)
	case "encode":
		return runEncode(rest, stderr)
	case "bench":
		return runBench(rest, stdout, stderr)
	case "experiment":
		return runExperiment(rest, stdout, stderr)
	case "graph":
		return runGraph(rest, stdout, stderr)
	case "corpus":
		if len(rest) == 0 || rest[0] != "clean" {
			return usageError{errors.New("usage: wipsvec corpus clean [-o OUT] [IN]")}
		}
		return runCorpusClean(rest[1:], stdin, stdout)
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, "wipsvec", version())
		return nil
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return usageError{fmt.Errorf("unknown command %q", cmd)}
}

// newFlagSet returns a flag set that reports errors instead of exiting, with
// word2vec-style single-dash flags.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("wipsvec "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// word2vecFlags binds the training flags that train, experiment and bench
// share, word2vec.c's with word2vec's meaning, to a command's own fields:
// each is defined here once, with one name and help text, and its default
// is the field's value when define is called. A nil field leaves its flag
// out of that command.
type word2vecFlags struct {
	window, negative, iter, threads *int
	minCount                        *int64
	sample, alpha                   *float64
	lambdaAlpha, lambdaFloor        *float64
	lambdaInit                      *string
}

func (w word2vecFlags) define(fs *flag.FlagSet) {
	intFlag(fs, w.window, "window", "maximum skip length between words")
	intFlag(fs, w.negative, "negative", "negative samples per pair")
	intFlag(fs, w.iter, "iter", "training epochs")
	intFlag(fs, w.threads, "threads", "training threads (Hogwild)")
	if w.minCount != nil {
		fs.Int64Var(w.minCount, "min-count", *w.minCount, "discard words that occur fewer times")
	}
	floatFlag(fs, w.sample, "sample", "subsampling threshold for frequent words; 0 disables")
	floatFlag(fs, w.alpha, "alpha", "starting learning rate")
	if w.lambdaInit != nil {
		fs.StringVar(w.lambdaInit, "lambda-init", *w.lambdaInit, "wips: lambda's start: spectral (signs of the corpus's shifted-PMI spectrum), neg:Q (Q weights -1, the rest +1), ones, random (U(-1,1)), uniform (the paper's U(0,1/K)), signed (half -1), or a number; scaled to RMS 1")
	}
	floatFlag(fs, w.lambdaAlpha, "lambda-alpha", "wips: lambda's starting learning rate per coordinate; the step is this times the size K, and decays like the learning rate")
	floatFlag(fs, w.lambdaFloor, "lambda-floor", "wips: keep every |lambda_k| at least this fraction of lambda's RMS (signs can still change); at 1 every weight is +1 or -1, the sign of a raw weight clipped to [-1, 1]; 0 disables")
}

func intFlag(fs *flag.FlagSet, p *int, name, usage string) {
	if p != nil {
		fs.IntVar(p, name, *p, usage)
	}
}

func floatFlag(fs *flag.FlagSet, p *float64, name, usage string) {
	if p != nil {
		fs.Float64Var(p, name, *p, usage)
	}
}

// parseFlags parses args and wraps a bad flag as a usage error.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{fmt.Errorf("%s: %v", fs.Name(), firstLine(err.Error()))}
	}
	return nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
