package main

import (
	"errors"
	"math"
	"os"
	"time"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/atomicfile"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	"github.com/wipsvec/wipsvec/skipgram/flagvalue"
	"github.com/wipsvec/wipsvec/skipgram/start"
	"github.com/wipsvec/wipsvec/vocab"
)

func runEncode(args []string, std stdio) error {
	fs := newFlags("encode", std)
	train := fs.String("train", "", start.SourcesHelp)
	output := fs.String("output", "", "encoded corpus `FILE` to write")
	minCount := int64(vocab.DefaultMinCount)
	start.Trainer{MinCount: &minCount}.Define(fs.FlagSet)
	var maxVocab int
	flagvalue.IntVar(fs.FlagSet, &maxVocab, "max-vocab", 0, 1<<31-1, "prune rare words while counting when the table grows past this many `words` (0: 20M, like word2vec)")
	quiet := fs.Bool("quiet", false, "no progress line")
	if err := fs.parse(args); err != nil {
		return err
	}
	if err := fs.require("train", "output"); err != nil {
		return err
	}
	paths, err := corpus.Expand(*train)
	if err != nil {
		return err
	}
	if err := atomicfile.CheckOutputs(paths, []string{*output}); err != nil {
		return usagef("encode: %v", err)
	}
	ctx, stop := stoppable()
	defer stop()
	start := time.Now()
	progress, done := readProgress(std.err, *quiet)
	defer done()
	info, v, err := encoded.EncodeFiles(ctx, paths, *output, encoded.Options{MinCount: minCount, MaxVocab: maxVocab}, progress)
	if err != nil {
		if ctx.Err() != nil {
			return errors.New("encode interrupted; nothing written")
		}
		return err
	}
	secs := time.Since(start).Seconds()
	size := int64(0)
	if fi, err := os.Stat(*output); err == nil {
		size = fi.Size()
	}
	read := corpus.ReadStats{Files: info.Files, Bytes: info.Bytes}
	logf(std.err, false, "encoded %s: %s of text in %.1fs (%.0f MB/s); %d words (min-count %d), %d tokens, %d sentences; wrote %s (%s)\n",
		*train, read, secs, float64(info.Bytes)/1e6/math.Max(secs, 1e-9),
		v.Len(), minCount, info.Tokens, info.Sentences, *output, corpus.HumanBytes(size))
	if info.Invalid.Tokens > 0 {
		logf(std.err, false, "encode: %s\n", info.Invalid)
	}
	return nil
}
