package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/start"
)

// flags is a command's flag set. A bad flag comes back as one line that
// points to the command's help, never the whole usage; -h prints the
// command's help and its flags on standard output.
type flags struct {
	*flag.FlagSet
	help    string
	out     io.Writer
	defined func(*flag.FlagSet)
}

// newFlags returns the flag set of the command named name (for a
// subcommand "graph split"), whose help text is its command's, or helpText
// when given.
func newFlags(name string, std stdio, helpText ...string) *flags {
	fs := flag.NewFlagSet("wipsvec "+name, flag.ContinueOnError)
	fs.SetOutput(std.err)
	fs.Usage = func() {} // errors are reported by parse, help by it too
	f := &flags{FlagSet: fs, out: std.out, defined: std.defined}
	if len(helpText) > 0 {
		f.help = helpText[0]
	} else {
		for _, c := range commands() {
			if c.name == name {
				f.help = c.help
			}
		}
	}
	return f
}

// parse parses args. Operands are refused: no command takes them but
// through parseOperands.
func (f *flags) parse(args []string) error {
	if err := f.parseOne(args); err != nil {
		return err
	}
	if f.NArg() > 0 {
		return usagef("%s: unexpected argument %q (flags start with -; %s -h lists them)", strings.TrimPrefix(f.Name(), "wipsvec "), f.Arg(0), f.Name())
	}
	return nil
}

// parseOperands parses flags that may come before, between or after the
// operands (so that "eval simlex999 -vectors v.bin" works), and returns the
// operands. A "--" ends the flags as usual.
func (f *flags) parseOperands(args []string) ([]string, error) {
	var operands []string
	for {
		if err := f.parseOne(args); err != nil {
			return nil, err
		}
		rest := f.Args()
		if len(rest) == 0 {
			return operands, nil
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
}

func (f *flags) parseOne(args []string) error {
	if f.defined != nil {
		f.defined(f.FlagSet)
		f.defined = nil
	}
	f.SetOutput(io.Discard) // the flag package would print the usage before its error
	err := f.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		f.printHelp()
		return err
	case err != nil:
		msg, _, _ := strings.Cut(err.Error(), "\n")
		return usagef("%s: %s (%s -h lists the flags)", strings.TrimPrefix(f.Name(), "wipsvec "), msg, f.Name())
	}
	return nil
}

func (f *flags) printHelp() {
	fmt.Fprint(f.out, f.help)
	if !strings.HasSuffix(f.help, "\n\n") {
		fmt.Fprintln(f.out)
	}
	f.SetOutput(f.out)
	fmt.Fprintln(f.out, "Flags:")
	f.PrintDefaults()
	f.SetOutput(io.Discard)
}

// given reports which flags the command line set.
func (f *flags) given() map[string]bool {
	set := make(map[string]bool)
	f.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	return set
}

// Numeric flags are checked when they are parsed: a value out of range is
// refused with one line before any work, and every float must be finite.

// intValue is a whole number in [lo, hi].
type intValue[T int | int64] struct {
	p      *T
	lo, hi T
}

func (v intValue[T]) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.FormatInt(int64(*v.p), 10)
}

func (v intValue[T]) Set(s string) error {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < int64(v.lo) || n > int64(v.hi) {
		return fmt.Errorf("want a whole number from %d to %d", v.lo, v.hi)
	}
	*v.p = T(n)
	return nil
}

// floatValue is a finite number between lo and hi, each included unless
// open says otherwise.
type floatValue struct {
	p              *float64
	lo, hi         float64
	loOpen, hiOpen bool
}

func (v floatValue) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.FormatFloat(*v.p, 'g', -1, 64)
}

func (v floatValue) Set(s string) error {
	x, err := strconv.ParseFloat(s, 64)
	ok := err == nil && !math.IsNaN(x) && !math.IsInf(x, 0) &&
		(x > v.lo || !v.loOpen && x == v.lo) && (x < v.hi || !v.hiOpen && x == v.hi)
	if !ok {
		if !v.loOpen && !v.hiOpen {
			return fmt.Errorf("want a number from %g to %g", v.lo, v.hi)
		}
		lo, hi := "at least %g", "at most %g"
		if v.loOpen {
			lo = "above %g"
		}
		if v.hiOpen {
			hi = "below %g"
		}
		return fmt.Errorf("want a number "+lo+" and "+hi, v.lo, v.hi)
	}
	*v.p = x
	return nil
}

// intFlag defines an integer flag that accepts [lo, hi].
func intFlag[T int | int64](fs *flags, p *T, name string, lo, hi T, usage string) {
	fs.Var(intValue[T]{p, lo, hi}, name, usage)
}

// floatFlag defines a float flag that accepts finite values in [lo, hi].
func floatFlag(fs *flags, p *float64, name string, lo, hi float64, usage string) {
	fs.Var(floatValue{p: p, lo: lo, hi: hi}, name, usage)
}

// Limits of the training flags, beyond which a run cannot work or cannot
// finish: they are refused before any work.
const (
	maxSize       = 1 << 24                  // the largest dimension a vectors file is read with
	maxWindow     = 1000                     // a sentence holds at most corpus.MaxSentence tokens
	maxNegative   = 1000                     // more noise words per pair only cost time
	maxShareNoise = corpus.MaxSentenceTokens // a draw never serves two sentences, and a sentence has a window per token
	maxIter       = 1_000_000                // epochs
	maxNgram      = 100                      // characters: a token is cut at 100 bytes
	maxThreadsArg = 1 << 16                  // threads the flag accepts; more than threadsPerCPU a CPU are capped
	threadsPerCPU = 4
)

// trainerFlags binds the training flags that train, experiment, bench and
// demo share, word2vec.c's with word2vec's meaning, to a command's own
// fields: each is defined here once, with one name, range and help text,
// and its default is the field's value when define is called (the defaults
// themselves live in skipgram.DefaultOptions and vocab.DefaultMinCount). A
// nil field leaves its flag out of that command.
type trainerFlags struct {
	size, window, negative, iter, threads *int
	minCount                              *int64
	sample, alpha                         *float64
	lambdaAlpha                           *float64
	lambdaInit                            *string
	batch                                 *bool
	shareNoise, hotRows, hotSync          *int
}

// trainer returns the flags bound to every training setting of opt.
func trainer(opt *skipgram.Options, minCount *int64) trainerFlags {
	return trainerFlags{size: &opt.Dim, window: &opt.Window, negative: &opt.Negative, iter: &opt.Iter, threads: &opt.Threads,
		minCount: minCount, sample: &opt.Sample, alpha: &opt.Alpha,
		lambdaInit: &opt.LambdaInit, lambdaAlpha: &opt.LambdaAlpha,
		batch: &opt.Batch, shareNoise: &opt.ShareNoise, hotRows: &opt.HotRows, hotSync: &opt.HotSync}
}

func (t trainerFlags) define(fs *flags) {
	if t.size != nil {
		intFlag(fs, t.size, "size", 1, maxSize, "dimensions `K` of the vectors (for sips including the bias, for hsg the time coordinate)")
	}
	if t.window != nil {
		intFlag(fs, t.window, "window", 1, maxWindow, "maximum skip length `W` between words; shrunk at random per centre word")
	}
	if t.negative != nil {
		intFlag(fs, t.negative, "negative", 0, maxNegative, "noise words `N` per positive pair; 0 only with -hs 1")
	}
	if t.iter != nil {
		intFlag(fs, t.iter, "iter", 1, maxIter, "training `epochs`")
	}
	if t.threads != nil {
		intFlag(fs, t.threads, "threads", 1, maxThreadsArg, fmt.Sprintf("training `threads` (Hogwild); more than %d per CPU are capped", threadsPerCPU))
	}
	if t.minCount != nil {
		intFlag(fs, t.minCount, "min-count", 1, math.MaxInt64, "discard words that occur fewer `times`")
	}
	if t.sample != nil {
		floatFlag(fs, t.sample, "sample", 0, 1, "subsampling `threshold` for frequent words; 0 disables")
	}
	if t.alpha != nil {
		floatFlag(fs, t.alpha, "alpha", 0, 1, "starting learning `rate`, decayed linearly to 1e-4 of it; 0 trains nothing (a start from -init stays as it is)")
	}
	if t.batch != nil {
		fs.BoolVar(t.batch, "batch", *t.batch, "one set of noise words per centre word's window (HogBatch): each target row written once per window; -batch=false trains each pair apart, as word2vec.c")
	}
	if t.shareNoise != nil {
		intFlag(fs, t.shareNoise, "share-noise", 0, maxShareNoise, "with -batch, this many consecutive `windows` of a sentence share one draw of noise words; 1: a fresh draw per window; 0: the model's ("+start.SharedNoiseDefaults()+")")
	}
	if t.hotRows != nil {
		intFlag(fs, t.hotRows, "hot-rows", skipgram.DefaultHotRows, 1<<24, "n >= 2 threads replicate the most frequent `rows`, merged every -hot-sync; 0: none; -1: the architecture's and the model's (-cbow 1 or -hs 1: 64*2/n; HSG on text: 4096*2/n; else none)")
	}
	if t.hotSync != nil {
		intFlag(fs, t.hotSync, "hot-sync", 1, 1<<30, "`tokens` (a graph's pairs) a thread trains between two merges of its hot rows")
	}
	if t.lambdaInit != nil {
		fs.StringVar(t.lambdaInit, "lambda-init", *t.lambdaInit, "wips: lambda's `start`: spectral (signs from the corpus's shifted-PMI spectrum), neg:Q (Q weights -1), ones, random, uniform, signed or a number; training keeps every sign")
	}
	if t.lambdaAlpha != nil {
		floatFlag(fs, t.lambdaAlpha, "lambda-alpha", 0, 1, "wips: the `fraction` of lambda's step (its gradient over the gradient's mean square) taken at each merge in the first fifth of the run, decayed like -alpha; 0 keeps lambda at its start")
	}
}

// sourcesHelp is the help of every flag that names a corpus.
const sourcesHelp = "corpus `SOURCES`: files, directories, quoted globs, comma-separated; plain, .gz or .zst; - for stdin; or an encoded corpus"

// capThreads caps a thread count at threadsPerCPU per CPU, saying so on w:
// more Hogwild threads than that only contend for the same cores.
func capThreads(threads *int, w io.Writer) {
	if limit := threadsPerCPU * runtime.NumCPU(); *threads > limit {
		fmt.Fprintf(w, "wipsvec: -threads %d capped to %d (%d per CPU)\n", *threads, limit, threadsPerCPU)
		*threads = limit
	}
}
