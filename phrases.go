package main

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/atomicfile"
	"github.com/wipsvec/wipsvec/corpus/phrase"
	"github.com/wipsvec/wipsvec/skipgram/flagvalue"
)

// runPhrases runs "wipsvec phrases".
func runPhrases(args []string, std stdio) error {
	fs := newFlags("phrases", std)
	opt := phrase.DefaultOptions()
	train := fs.String("train", "", "corpus `SOURCES` as for train: files, directories, quoted globs, comma-separated; plain, .gz or .zst; - for standard input")
	output := fs.String("output", "", "text `FILE` to write, the phrases' words joined by _ (- for standard output)")
	flagvalue.IntVar(fs.FlagSet, &opt.MinCount, "min-count", 0, math.MaxInt32, "words and pairs seen fewer `times` are never joined")
	flagvalue.FloatVar(fs.FlagSet, &opt.Threshold, "threshold", -math.MaxFloat32, math.MaxFloat32, "join a pair whose `score` is above this (higher: fewer phrases)")
	debug := 2
	flagvalue.IntVar(fs.FlagSet, &debug, "debug", 0, 1<<30, "word2phrase's `level`: 0 quiet, 1 a summary, 2 and more the progress too")
	if err := fs.parse(args); err != nil {
		return err
	}
	if err := fs.require("train", "output"); err != nil {
		return err
	}
	sources, err := corpus.Expand(*train)
	if err != nil {
		return fmt.Errorf("phrases: %w", err)
	}
	if err := phrase.CheckSources(sources); err != nil {
		return usagef("phrases: %v", err)
	}
	if *output != "-" {
		if err := atomicfile.CheckOutputs(sources, []string{*output}); err != nil {
			return usagef("phrases: %v", err)
		}
	}
	ctx, stop := stoppable()
	defer stop()
	done := func() {}
	if debug >= 2 {
		opt.Progress, done = phraseProgress(std.err)
		defer done()
	}
	start := time.Now()
	counted := func(c *phrase.Counts) {
		if debug >= 1 {
			done()
			fmt.Fprintf(std.err, "phrases: %d words; %d words and pairs counted (pruned %d times), %d kept (min-count %d); %.1fs\n",
				c.Words, c.Entries, c.Reduced, c.Kept, opt.MinCount, time.Since(start).Seconds())
		}
	}
	joined, err := phrase.JoinFiles(ctx, sources, *output, std.out, opt, counted)
	switch {
	case err != nil && ctx.Err() != nil:
		return errors.New("phrases: interrupted; nothing written")
	case err != nil:
		return fmt.Errorf("phrases: %w", err)
	case debug >= 1:
		done()
		to := *output
		if to == "-" {
			to = "standard output"
		}
		fmt.Fprintf(std.err, "phrases: wrote %s: %d words, %d of them joined to the word before; %.1fs\n",
			to, joined.Words, joined.Phrases, time.Since(start).Seconds())
	}
	return nil
}
