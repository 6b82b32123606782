package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"golang.org/x/term"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/phrase"
	"github.com/wipsvec/wipsvec/skipgram"
)

// This file is all that commands print while they work: logf's lines,
// the one progress printer that training, reading a corpus and phrases'
// passes share, each saying only what its line holds and when a log gets
// one, and the line a checkpoint's write adds.

func logf(w io.Writer, quiet bool, format string, args ...any) {
	if !quiet {
		fmt.Fprintf(w, format, args...)
	}
}

// progress keeps one live line on a terminal, redrawn in place with \r as
// word2vec.c does, and writes a plain line now and then when w is a file or
// a pipe, so that logs stay readable.
type progress struct {
	w     io.Writer
	tty   bool
	drawn bool      // the terminal shows a live line
	last  time.Time // when minutely last showed a line
}

func newProgress(w io.Writer) *progress { return &progress{w: w, tty: isTerminal(w)} }

// show draws line on a terminal; a log gets it only when log is true.
func (p *progress) show(line string, log bool) {
	switch {
	case p.tty:
		fmt.Fprintf(p.w, "\r%s\033[K", line)
		p.drawn = true
	case log:
		fmt.Fprintln(p.w, line)
	}
}

// minutely draws line on a terminal; a log gets it when a minute has
// passed since its last line.
func (p *progress) minutely(line string) {
	if now := time.Now(); p.tty || now.Sub(p.last) >= time.Minute {
		p.last = now
		p.show(line, true)
	}
}

// done clears the live line, if there is one.
func (p *progress) done() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
		p.drawn = false
	}
}

// progressLine shows training's progress; a log gets a line every 10%.
// unit is what the rate counts: words, or edges.
func progressLine(w io.Writer, unit string) func(skipgram.Progress) {
	p := newProgress(w)
	lastDecile := -1
	return func(s skipgram.Progress) {
		if s.Done {
			p.done()
			return
		}
		decile := int(10 * s.Fraction())
		log := decile > lastDecile
		if log {
			lastDecile = decile
		}
		p.show(fmt.Sprintf("progress %5.1f%%  alpha %.6f  %7.1fk %s/sec/thread  loss %.4f  ETA %s",
			100*s.Fraction(), s.Alpha, s.WordsPerSecPerThread()/1000, unit, s.Loss, s.ETA().Round(time.Second)), log)
	}
}

// checkpointNote says when a run wrote its checkpoint to path, but at the
// end: a log line, written over the live progress line.
func checkpointNote(w io.Writer, quiet bool, path string) func(*skipgram.Snapshot, time.Duration) {
	clear := ""
	if isTerminal(w) {
		clear = "\r\033[K"
	}
	return func(s *skipgram.Snapshot, took time.Duration) {
		if !s.Done {
			logf(w, quiet, "%scheckpoint: wrote %s at %.1f%% in %.1fs\n", clear, path, 100*float64(s.Words())/float64(max(s.Total(), 1)), took.Seconds())
		}
	}
}

// readProgress shows what has been read of a corpus; a log gets a line a
// minute, the first at once. done clears the live line. Quiet, it shows
// nothing: show is nil.
func readProgress(w io.Writer, quiet bool) (show func(corpus.ReadStats), done func()) {
	p := newProgress(w)
	if quiet {
		return nil, p.done
	}
	start := time.Now()
	return func(st corpus.ReadStats) {
		p.minutely(fmt.Sprintf("reading: %d of %d files, %s, %.0f MB/s", st.Files, st.Total,
			corpus.HumanBytes(st.Bytes), float64(st.Bytes)/1e6/time.Since(start).Seconds()))
	}, p.done
}

// phraseProgress shows phrases' two passes; a log gets a line a minute,
// the first a minute in. done clears the live line.
func phraseProgress(w io.Writer) (show func(phrase.Progress), done func()) {
	p := newProgress(w)
	p.last = time.Now()
	return func(pr phrase.Progress) {
		if pr.Joining {
			p.minutely(fmt.Sprintf("joining: %dM words", pr.Words>>20))
		} else {
			p.minutely(fmt.Sprintf("counting: %dM words, %d words and pairs", pr.Words>>20, pr.Entries))
		}
	}, p.done
}

// isTerminal reports whether w is a terminal that understands the escape
// sequences the live progress line uses.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return false
	}
	return enableEscapes(f)
}
