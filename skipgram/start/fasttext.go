package start

import (
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/fasttext"
	"github.com/wipsvec/wipsvec/skipgram/flagvalue"
	"github.com/wipsvec/wipsvec/skipgram/subword"
)

// FastText is fastText's skipgram or cbow command line (Name), with
// fastText's defaults: Define defines its flags, and Args says them as
// train's, so that it trains as train does with the same settings.
type FastText struct {
	Name                                     string
	Input, Output                            string
	Dim, WS, Epoch, MinCount, Neg            int
	Minn, Maxn, Bucket, LRUpdateRate, Thread int
	Verbose                                  int
	LR, T                                    float64
	Loss, Model                              string
	Seed                                     uint64
}

// NewFastText is the command line name (skipgram or cbow) before its flags.
func NewFastText(name string) *FastText {
	d := fasttext.DefaultArgs(100)
	return &FastText{Name: name, Dim: int(d.Dim), WS: int(d.WS), Epoch: int(d.Epoch), MinCount: int(d.MinCount), Neg: int(d.Neg),
		Minn: int(d.Minn), Maxn: int(d.Maxn), Bucket: int(d.Bucket), LRUpdateRate: int(d.LRUpdateRate),
		Thread: 12, Verbose: 2, LR: 0.05, T: d.T, Loss: "ns", Model: string(skipgram.SG), Seed: skipgram.DefaultOptions().Seed}
}

// RefuseFastText refuses a fastText flag of args that wipsvec does not
// train (fasttext.Refused).
func RefuseFastText(args []string) error {
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if why := fasttext.Refused(name); why != "" && strings.HasPrefix(a, "-") {
			return refuse("-%s: %s", name, why)
		}
	}
	return nil
}

// Define defines f's flags on fs, with fastText's names.
func (f *FastText) Define(fs *flag.FlagSet) {
	fs.StringVar(&f.Input, "input", "", "training `FILE`: "+strings.TrimPrefix(SourcesHelp, "corpus `SOURCES`: "))
	fs.StringVar(&f.Output, "output", "", "`OUTPUT` path: writes OUTPUT.bin (fastText's model), OUTPUT.vec (the words' vectors, word2vec text) and OUTPUT.vec.json (their sidecar)")
	flagvalue.IntVar(fs, &f.Dim, "dim", 1, MaxSize, "size `K` of word vectors")
	flagvalue.IntVar(fs, &f.WS, "ws", 1, MaxWindow, "size `W` of the context window, shrunk at random per centre word")
	flagvalue.IntVar(fs, &f.Epoch, "epoch", 1, MaxIter, "number of `epochs`")
	flagvalue.IntVar(fs, &f.MinCount, "minCount", 1, math.MaxInt32, "minimal number of word `occurrences`")
	flagvalue.IntVar(fs, &f.Neg, "neg", 1, MaxNegative, "`number` of negatives sampled (-loss ns)")
	fs.StringVar(&f.Loss, "loss", f.Loss, "loss `function`: ns (negative sampling) or hs (hierarchical softmax: sg)")
	flagvalue.IntVar(fs, &f.Minn, "minn", 0, MaxNgram, "min `length` of char ngram")
	flagvalue.IntVar(fs, &f.Maxn, "maxn", 0, MaxNgram, "max `length` of char ngram; 0 trains no subword rows")
	flagvalue.IntVar(fs, &f.Bucket, "bucket", 0, math.MaxInt32, "number of `buckets` the n-grams hash into, 4*dim bytes each")
	flagvalue.FloatVar(fs, &f.LR, "lr", 0, 1, "learning `rate`, decayed linearly to 1e-4 of it")
	flagvalue.IntVar(fs, &f.LRUpdateRate, "lrUpdateRate", 1, math.MaxInt32, "accepted for fastText's command lines, with no effect: the `rate` decays as train's -alpha does")
	flagvalue.FloatVar(fs, &f.T, "t", 0, 1, "sampling `threshold`")
	flagvalue.IntVar(fs, &f.Thread, "thread", 1, MaxThreadsArg, fmt.Sprintf("number of `threads`; more than %d per CPU are capped", ThreadsPerCPU))
	flagvalue.IntVar(fs, &f.Verbose, "verbose", 0, math.MaxInt32, "verbosity `level`: 0 prints the summary alone, more the progress too")
	fs.Uint64Var(&f.Seed, "seed", f.Seed, "random `seed`; with -thread 1 the output is bit-for-bit reproducible")
	fs.StringVar(&f.Model, "model", f.Model, "wipsvec's similarity `model`: "+ModelNames())
}

// Args is train's command line for f, and the fastText model file it
// writes. What train would not do is a Refusal.
func (f *FastText) Args() (train []string, model string, err error) {
	switch {
	case f.Input == "" || f.Output == "":
		return nil, "", refuse("-input FILE and -output OUTPUT are required")
	case f.Loss != "ns" && f.Loss != "hs":
		return nil, "", refuse("-loss %s: want ns or hs (softmax and one-vs-all are for fastText's supervised classifier)", f.Loss)
	}
	if err := (subword.Settings{Minn: f.Minn, Maxn: f.Maxn, Bucket: f.Bucket}).Validate(); f.Maxn > 0 && err != nil {
		return nil, "", &Refusal{err.Error()}
	}
	model, vectors := fasttext.CommandFiles(f.Output)
	itoa, ftoa := strconv.Itoa, func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	train = []string{"-train", f.Input, "-output", vectors, "-model", f.Model, "-size", itoa(f.Dim), "-window", itoa(f.WS),
		"-iter", itoa(f.Epoch), "-min-count", itoa(f.MinCount), "-alpha", ftoa(f.LR), "-sample", ftoa(f.T),
		"-threads", itoa(f.Thread), "-seed", strconv.FormatUint(f.Seed, 10), "-maxn", itoa(f.Maxn)}
	if f.Maxn > 0 {
		train = append(train, "-minn", itoa(f.Minn), "-bucket", itoa(f.Bucket))
	}
	if f.Loss == "hs" {
		train = append(train, "-hs", "1", "-negative", "0")
	} else {
		train = append(train, "-negative", itoa(f.Neg))
	}
	if f.Name == "cbow" {
		train = append(train, "-cbow", "1")
	}
	if f.Verbose == 0 {
		train = append(train, "-quiet")
	}
	return train, model, nil
}
