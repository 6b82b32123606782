package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	"github.com/wipsvec/wipsvec/vocab"
)

const encodeUsage = `usage: wipsvec encode -train SOURCES -output CORPUS.wvc [-min-count N] [-max-vocab N]

Tokenizes a corpus once into an encoded corpus: its vocabulary and its word
ids, 4 bytes per token, in a file that 'wipsvec train -train CORPUS.wvc'
maps instead of holding the ids in memory (and that 'experiment' shares
between runs). The text is read in one streaming pass with memory bounded
by the vocabulary. SOURCES are as for train's -train.

`

func runEncode(args []string, stderr io.Writer) error {
	fs := newFlagSet("encode", stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), encodeUsage)
		fs.PrintDefaults()
	}
	train := fs.String("train", "", "text to encode: as train's -train")
	output := fs.String("output", "", "encoded corpus to write")
	minCount := fs.Int64("min-count", 5, "discard words that occur fewer times")
	maxVocab := fs.Int("max-vocab", 0, "prune rare words while counting when the table grows past this many (0: 20M, like word2vec)")
	quiet := fs.Bool("quiet", false, "no progress line")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return usageError{fmt.Errorf("encode: unexpected argument %q (flags start with -)", fs.Arg(0))}
	case *train == "":
		return usageError{errors.New("encode: -train SOURCES is required")}
	case *output == "":
		return usageError{errors.New("encode: -output FILE is required")}
	case *minCount < 1:
		return usageError{fmt.Errorf("encode: -min-count must be at least 1, got %d", *minCount)}
	case *maxVocab < 0:
		return usageError{fmt.Errorf("encode: -max-vocab must be at least 0, got %d", *maxVocab)}
	}
	if err := checkWritable(*output); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	paths, err := textSources(*train)
	if err != nil {
		return err
	}
	for _, p := range paths {
		if p != "-" && sameFile(p, *output) {
			return usageError{fmt.Errorf("encode: input and output are the same file %s", p)}
		}
	}
	info, v, err := encodeText(ctx, paths, *output, encoded.Options{MinCount: *minCount, MaxVocab: *maxVocab}, stderr, *quiet)
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
	logf(stderr, false, "encoded %s: %s of text in %.1fs (%.0f MB/s); %d words (min-count %d), %d tokens, %d sentences; wrote %s (%s)\n",
		*train, read, secs, float64(info.Bytes)/1e6/secs,
		v.Len(), *minCount, info.Tokens, info.Sentences, *output, corpus.HumanBytes(size))
	return nil
}

// textSources expands a -train argument into text files, refusing an
// encoded corpus among them: it would otherwise be read as text and fail on
// its first NUL byte.
func textSources(arg string) ([]string, error) {
	paths, err := corpus.Expand(arg)
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		if p != "-" && encoded.IsEncoded(p) {
			return nil, fmt.Errorf("%s is an encoded corpus: give it alone to train's -train, not among text sources", p)
		}
	}
	return paths, nil
}

// encodeText encodes the text files into an encoded corpus at path, with a
// progress line naming the files and bytes read.
func encodeText(ctx context.Context, paths []string, path string, opt encoded.Options, stderr io.Writer, quiet bool) (*encoded.Info, *vocab.Vocab, error) {
	files, err := corpus.OpenFiles(paths)
	if err != nil {
		return nil, nil, err
	}
	defer files.Close()
	opt.Files = len(paths)
	var r io.Reader = files
	if !quiet {
		pr := newReadProgress(stderr, files)
		defer pr.done()
		r = pr
	}
	info, v, err := encoded.Write(ctx, path, r, opt)
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		return nil, nil, fmt.Errorf("corpus %s: %w", describeSources(paths), err)
	}
	return info, v, nil
}

// describeSources names a list of corpus files in an error.
func describeSources(paths []string) string {
	if len(paths) == 1 {
		return paths[0]
	}
	return fmt.Sprintf("%s and %d more files", paths[0], len(paths)-1)
}

// readProgress passes text on while keeping a progress line of the files
// and bytes read: redrawn each second on a terminal, a plain line each
// minute in a log.
type readProgress struct {
	r     io.Reader
	files *corpus.Files
	w     io.Writer
	tty   bool
	start time.Time
	last  time.Time
	every time.Duration
}

func newReadProgress(w io.Writer, files *corpus.Files) *readProgress {
	now := time.Now()
	p := &readProgress{r: files, files: files, w: w, tty: isTerminal(w), start: now, last: now, every: time.Minute}
	if p.tty {
		p.every = time.Second
	}
	return p
}

func (p *readProgress) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if now := time.Now(); now.Sub(p.last) >= p.every {
		p.last = now
		st := p.files.Stats()
		line := fmt.Sprintf("reading: %d of %d files, %s, %.0f MB/s", st.Files, st.Total,
			corpus.HumanBytes(st.Bytes), float64(st.Bytes)/1e6/now.Sub(p.start).Seconds())
		if p.tty {
			fmt.Fprintf(p.w, "\r%s\033[K", line)
		} else {
			fmt.Fprintln(p.w, line)
		}
	}
	return n, err
}

// done clears a live line.
func (p *readProgress) done() {
	if p.tty && p.last != p.start {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
