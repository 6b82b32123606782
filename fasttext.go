package main

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/fasttext"
	"github.com/wipsvec/wipsvec/skipgram/mpi"
	"github.com/wipsvec/wipsvec/skipgram/start"
	"github.com/wipsvec/wipsvec/skipgram/subword"
)

// fastText's command lines: skipgram and cbow take fastText's flags, with
// its defaults, and train as train does with the same settings;
// print-word-vectors, nn and analogies read their queries from standard
// input as fastText's do.

// fastTextTrain is skipgram or cbow (name): it parses fastText's flags,
// says them as train's and trains as train does, writing the vectors to
// OUTPUT.vec (with the sidecar OUTPUT.vec.json) and fastText's model to
// OUTPUT.bin.
func fastTextTrain(name string) func([]string, stdio) error {
	return func(args []string, std stdio) error {
		return asRank(name, std, func(comm mpi.Comm) error {
			targs, model, err := fastTextArgs(name, args, std)
			if err != nil {
				return err
			}
			r, err := parseTrain(targs, std)
			if err != nil {
				return asCommand(name, err)
			}
			r.FastText = model
			return asCommand(name, trainAsRank(comm, r, std))
		})
	}
}

// fastTextArgs parses fastText's flags and returns train's command line
// for them, and the model file it is to write.
func fastTextArgs(name string, args []string, std stdio) (train []string, model string, err error) {
	for _, a := range args {
		flag, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if why := fasttext.Refused(flag); why != "" && strings.HasPrefix(a, "-") {
			return nil, "", usagef("%s: -%s: %s", name, flag, why)
		}
	}
	fs := newFlags(name, std)
	var input, output string
	d := fasttext.DefaultArgs(100)
	dim, ws, epoch, minCount, neg := int(d.Dim), int(d.WS), int(d.Epoch), int(d.MinCount), int(d.Neg)
	minn, maxn, bucket, lrUpdateRate := int(d.Minn), int(d.Maxn), int(d.Bucket), int(d.LRUpdateRate)
	thread, verbose, lr, t, loss, kind := 12, 2, 0.05, d.T, "ns", string(skipgram.SG)
	seed := skipgram.DefaultOptions().Seed
	fs.StringVar(&input, "input", "", "training `FILE`: "+strings.TrimPrefix(start.SourcesHelp, "corpus `SOURCES`: "))
	fs.StringVar(&output, "output", "", "`OUTPUT` path: writes OUTPUT.bin (fastText's model), OUTPUT.vec (the words' vectors, word2vec text) and OUTPUT.vec.json (their sidecar)")
	intFlag(fs, &dim, "dim", 1, start.MaxSize, "size `K` of word vectors")
	intFlag(fs, &ws, "ws", 1, start.MaxWindow, "size `W` of the context window, shrunk at random per centre word")
	intFlag(fs, &epoch, "epoch", 1, start.MaxIter, "number of `epochs`")
	intFlag(fs, &minCount, "minCount", 1, math.MaxInt32, "minimal number of word `occurrences`")
	intFlag(fs, &neg, "neg", 1, start.MaxNegative, "`number` of negatives sampled (-loss ns)")
	fs.StringVar(&loss, "loss", loss, "loss `function`: ns (negative sampling) or hs (hierarchical softmax: sg)")
	intFlag(fs, &minn, "minn", 0, start.MaxNgram, "min `length` of char ngram")
	intFlag(fs, &maxn, "maxn", 0, start.MaxNgram, "max `length` of char ngram; 0 trains no subword rows")
	intFlag(fs, &bucket, "bucket", 0, math.MaxInt32, "number of `buckets` the n-grams hash into, 4*dim bytes each")
	floatFlag(fs, &lr, "lr", 0, 1, "learning `rate`, decayed linearly to 1e-4 of it")
	intFlag(fs, &lrUpdateRate, "lrUpdateRate", 1, math.MaxInt32, "accepted for fastText's command lines, with no effect: the `rate` decays as train's -alpha does")
	floatFlag(fs, &t, "t", 0, 1, "sampling `threshold`")
	intFlag(fs, &thread, "thread", 1, start.MaxThreadsArg, fmt.Sprintf("number of `threads`; more than %d per CPU are capped", start.ThreadsPerCPU))
	intFlag(fs, &verbose, "verbose", 0, math.MaxInt32, "verbosity `level`: 0 prints the summary alone, more the progress too")
	fs.Uint64Var(&seed, "seed", seed, "random `seed`; with -thread 1 the output is bit-for-bit reproducible")
	fs.StringVar(&kind, "model", kind, "wipsvec's similarity `model`: "+start.ModelNames())
	if err := fs.parse(args); err != nil {
		return nil, "", err
	}
	switch {
	case input == "" || output == "":
		return nil, "", usagef("%s: -input FILE and -output OUTPUT are required", name)
	case loss != "ns" && loss != "hs":
		return nil, "", usagef("%s: -loss %s: want ns or hs (softmax and one-vs-all are for fastText's supervised classifier)", name, loss)
	}
	if err := (subword.Settings{Minn: minn, Maxn: maxn, Bucket: bucket}).Validate(); maxn > 0 && err != nil {
		return nil, "", usagef("%s: %v", name, err)
	}
	if limit := start.ThreadsPerCPU * runtime.NumCPU(); thread > limit { // as train caps -threads, said with fastText's name
		fmt.Fprintf(std.err, "wipsvec: -thread %d capped to %d (%d per CPU)\n", thread, limit, start.ThreadsPerCPU)
		thread = limit
	}
	model, vectors := fasttext.CommandFiles(output)
	itoa, ftoa := strconv.Itoa, func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	train = []string{"-train", input, "-output", vectors, "-model", kind, "-size", itoa(dim), "-window", itoa(ws),
		"-iter", itoa(epoch), "-min-count", itoa(minCount), "-alpha", ftoa(lr), "-sample", ftoa(t),
		"-threads", itoa(thread), "-seed", strconv.FormatUint(seed, 10), "-maxn", itoa(maxn)}
	if maxn > 0 {
		train = append(train, "-minn", itoa(minn), "-bucket", itoa(bucket))
	}
	if loss == "hs" {
		train = append(train, "-hs", "1", "-negative", "0")
	} else {
		train = append(train, "-negative", itoa(neg))
	}
	if name == "cbow" {
		train = append(train, "-cbow", "1")
	}
	if verbose == 0 {
		train = append(train, "-quiet")
	}
	return train, model, nil
}

// asCommand is err as the command name says it: train's messages start
// with train's name.
func asCommand(name string, err error) error {
	if err == nil {
		return nil
	}
	msg, ok := strings.CutPrefix(err.Error(), "train: ")
	if !ok {
		return err
	}
	if errors.As(err, new(usageError)) {
		return usagef("%s: %s", name, msg)
	}
	return fmt.Errorf("%s: %s", name, msg)
}

// fastTextModel reads the operands of print-word-vectors (MODEL), nn and
// analogies (MODEL [k]) and loads the model.
func fastTextModel(name string, args []string, std stdio, maxOps int) (*eval.Model, int, error) {
	fs := newFlags(name, std)
	ops, err := fs.parseOperands(args)
	if err != nil {
		return nil, 0, err
	}
	k := 10
	if len(ops) == 2 && maxOps == 2 {
		if k, err = strconv.Atoi(ops[1]); err != nil || k < 1 {
			return nil, 0, usagef("%s: k %q: want a whole number of at least 1", name, ops[1])
		}
	} else if len(ops) != 1 {
		return nil, 0, usagef("%s: want one model, got %d operands (%s -h)", name, len(ops), fs.Name())
	}
	if name == "analogies" {
		fmt.Fprintf(std.out, "Loading model %s\n", ops[0])
	}
	m, err := eval.LoadModel(ops[0])
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", name, err)
	}
	return m, k, nil
}

func runPrintWordVectors(args []string, std stdio) error {
	m, _, err := fastTextModel("print-word-vectors", args, std, 1)
	if err != nil {
		return err
	}
	if err := m.PrintWordVectors(std.out, std.in); err != nil {
		return fmt.Errorf("print-word-vectors: %w", err)
	}
	return nil
}

// fastTextQueries is nn (arity 1) or analogies (arity 3).
func fastTextQueries(name, prompt string, arity int) func([]string, stdio) error {
	return func(args []string, std stdio) error {
		m, k, err := fastTextModel(name, args, std, 2)
		if err != nil {
			return err
		}
		s, err := eval.NewSearcher(m.Vectors, m.Sims[0])
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		s.SetUnseen(m.Unseen())
		s.MatchExactly()
		fmt.Fprintf(std.err, "%s: model %s, dim %d, %d words; similarity %s\n", m.Path, m.Name(), m.Vectors.Dim, len(m.Vectors.Words), m.Sims[0].Name)
		failed, err := s.Prompted(std.out, std.err, std.in, prompt, arity, k)
		switch {
		case err != nil:
			return fmt.Errorf("%s: %w", name, err)
		case failed > 0:
			return fmt.Errorf("%s: %d queries not answered (each says why above)", name, failed)
		}
		return nil
	}
}
