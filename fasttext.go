package main

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/skipgram/mpi"
	"github.com/wipsvec/wipsvec/skipgram/start"
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
// for them, and the model file it is to write (start.FastText).
func fastTextArgs(name string, args []string, std stdio) (train []string, model string, err error) {
	if err := start.RefuseFastText(args); err != nil {
		return nil, "", usagef("%s: %v", name, err)
	}
	fs := newFlags(name, std)
	ft := start.NewFastText(name)
	ft.Define(fs.FlagSet)
	if err := fs.parse(args); err != nil {
		return nil, "", err
	}
	if limit := start.ThreadsPerCPU * runtime.NumCPU(); ft.Thread > limit { // as train caps -threads, said with fastText's name
		fmt.Fprintf(std.err, "wipsvec: -thread %d capped to %d (%d per CPU)\n", ft.Thread, limit, start.ThreadsPerCPU)
		ft.Thread = limit
	}
	if train, model, err = ft.Args(); err != nil {
		return nil, "", usagef("%s: %v", name, err)
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
