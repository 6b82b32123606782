package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/atomicfile"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	"github.com/wipsvec/wipsvec/corpus/phrase"
)

const phrasesHelp = `usage: wipsvec phrases -train SOURCES -output FILE [-min-count 5] [-threshold 100] [-debug 2]

Joins the word pairs of a corpus that occur together more often than
chance into phrases (new york -> new_york) and writes the corpus again,
the same bytes as word2vec's word2phrase with the same flags. A second run
on its output joins phrases of three and four words; train then learns a
vector per phrase:

  wipsvec phrases -train text -output text.p1 -threshold 200
  wipsvec phrases -train text.p1 -output text.p2 -threshold 100
  wipsvec train -train text.p2 -output vec.bin

SOURCES are as for train's -train, read as one text with a line break
between two files (standard input is kept in a scratch file for the second
pass). Memory is that of the distinct words and pairs, pruned as
word2phrase prunes them.
`

// runPhrases runs "wipsvec phrases".
func runPhrases(args []string, std stdio) error {
	fs := newFlags("phrases", std)
	opt := phrase.DefaultOptions()
	train := fs.String("train", "", "corpus `SOURCES` as for train: files, directories, quoted globs, comma-separated; plain, .gz or .zst; - for standard input")
	output := fs.String("output", "", "text `FILE` to write, the phrases' words joined by _ (- for standard output)")
	intFlag(fs, &opt.MinCount, "min-count", 0, math.MaxInt32, "words and pairs seen fewer `times` are never joined")
	floatFlag(fs, &opt.Threshold, "threshold", -math.MaxFloat32, math.MaxFloat32, "join a pair whose `score` is above this (higher: fewer phrases)")
	debug := 2
	intFlag(fs, &debug, "debug", 0, 1<<30, "word2phrase's `level`: 0 quiet, 1 a summary, 2 and more the progress too")
	if err := fs.parse(args); err != nil {
		return err
	}
	switch {
	case *train == "":
		return usagef("phrases: -train SOURCES is required")
	case *output == "":
		return usagef("phrases: -output FILE is required")
	}
	sources, err := corpus.Expand(*train)
	if err != nil {
		return fmt.Errorf("phrases: %w", err)
	}
	for _, src := range sources {
		if src != "-" && encoded.IsEncoded(src) {
			return usagef("phrases: %s is an encoded corpus, whose words are ids: phrases reads the text it was encoded from", src)
		}
	}
	if *output != "-" {
		if err := atomicfile.CheckOutputs(sources, []string{*output}); err != nil {
			return usagef("phrases: %v", err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var p *phraseProgressLine
	if debug >= 2 {
		p = phraseProgress(std.err)
		opt.Progress = p.show
		defer p.done()
	}
	err = phrases(ctx, sources, *output, opt, debug, p, std)
	if err != nil && ctx.Err() != nil {
		return errors.New("phrases: interrupted; nothing written")
	}
	return err
}

// phrases counts the text of sources, then reads it again and writes it
// to output with its phrases joined. Standard input, which cannot be read
// twice, is copied to a scratch file as it is counted.
func phrases(ctx context.Context, sources []string, output string, opt phrase.Options, debug int, p *phraseProgressLine, std stdio) error {
	start := time.Now()
	in, err := corpus.OpenFiles(sources)
	if err != nil {
		return fmt.Errorf("phrases: %w", err)
	}
	defer in.Close()
	var text io.Reader = in
	var spool *os.File
	if sources[0] == "-" {
		dir := ""
		if output != "-" {
			dir = dirOf(output)
		}
		if spool, err = atomicfile.Scratch(dir); err != nil {
			return fmt.Errorf("phrases: a scratch file for standard input: %w", err)
		}
		defer spool.Close()
		text = io.TeeReader(in, spool)
	}
	counts, err := phrase.Count(ctx, text, opt)
	if err != nil {
		return fmt.Errorf("phrases: %s: %w", corpusName(sources), err)
	}
	if debug >= 1 {
		p.done()
		fmt.Fprintf(std.err, "phrases: %d words; %d words and pairs counted (pruned %d times), %d kept (min-count %d); %.1fs\n",
			counts.Words, counts.Entries, counts.Reduced, counts.Kept, opt.MinCount, time.Since(start).Seconds())
	}
	in.Close()

	var again io.Reader
	if spool != nil {
		if _, err := spool.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("phrases: standard input's scratch file: %w", err)
		}
		again = bufio.NewReaderSize(spool, 1<<20)
	} else {
		files, err := corpus.OpenFiles(sources)
		if err != nil {
			return fmt.Errorf("phrases: %w", err)
		}
		defer files.Close()
		again = files
	}
	var joined phrase.Joined
	join := func(w io.Writer) error {
		var err error
		if joined, err = counts.Join(ctx, w, again); err != nil {
			return fmt.Errorf("phrases: %s: %w", corpusName(sources), err)
		}
		return nil
	}
	if output == "-" {
		err = join(std.out)
	} else {
		err = writeAtomic(output, join)
	}
	if err != nil {
		return err
	}
	if debug >= 1 {
		p.done()
		fmt.Fprintf(std.err, "phrases: wrote %s: %d words, %d of them joined to the word before; %.1fs\n",
			outputName(output), joined.Words, joined.Phrases, time.Since(start).Seconds())
	}
	return nil
}

// writeAtomic writes path through atomicfile: it appears whole when write
// succeeds, and not at all when it fails.
func writeAtomic(path string, write func(io.Writer) error) error {
	f, err := atomicfile.Create(path)
	if err != nil {
		return fmt.Errorf("phrases: %w", err)
	}
	defer f.Abort()
	if err := write(f.OS()); err != nil {
		return err
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("phrases: %w", err)
	}
	return nil
}

func corpusName(sources []string) string {
	switch {
	case sources[0] == "-":
		return "standard input"
	case len(sources) == 1:
		return sources[0]
	}
	return fmt.Sprintf("%s and %d more files", sources[0], len(sources)-1)
}

func outputName(output string) string {
	if output == "-" {
		return "standard output"
	}
	return output
}

// phraseProgressLine keeps one live line on a terminal and prints a plain
// line a minute in a log.
type phraseProgressLine struct {
	w     io.Writer
	tty   bool
	last  time.Time
	drawn bool
}

func phraseProgress(w io.Writer) *phraseProgressLine {
	return &phraseProgressLine{w: w, tty: isTerminal(w), last: time.Now()}
}

func (p *phraseProgressLine) show(pr phrase.Progress) {
	now := time.Now()
	if !p.tty && now.Sub(p.last) < time.Minute {
		return
	}
	p.last = now
	line := fmt.Sprintf("counting: %dM words, %d words and pairs", pr.Words>>20, pr.Entries)
	if pr.Joining {
		line = fmt.Sprintf("joining: %dM words", pr.Words>>20)
	}
	if p.tty {
		fmt.Fprintf(p.w, "\r%s\033[K", line)
		p.drawn = true
	} else {
		fmt.Fprintln(p.w, line)
	}
}

// done clears the live line; a nil line has none.
func (p *phraseProgressLine) done() {
	if p != nil && p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
		p.drawn = false
	}
}
