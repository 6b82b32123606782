package speed

import (
	"context"
	"fmt"
	"slices"
)

// bench is one RunThroughput: its options, the files its children read,
// and the report it fills in.
type bench struct {
	opt    *ThroughputOptions
	tmp    string // scratch directory, removed at the end
	input  string // the text both trainers read (bench.prepare)
	script string // gensim_speed.py, when gensim runs
	rep    *ThroughputReport

	// pairsPerWord is the positive pairs per corpus word of the first
	// wipsvec run whose sidecar counts them; 0 until then.
	pairsPerWord float64
}

// cell is one row of the report being measured: a trainer, a model, a
// size and a thread count, with what each round's run measured.
type cell struct {
	row              ThroughputRow
	model            Model // gensim cells: the architecture gensim runs (Model.gensim)
	wps, secs, setup []float64
	losses           []float64 // wipsvec rows
}

// plan lists the cells: every model at every size and thread count, the
// separate control of the first model for every thread count above one,
// and gensim's run of every architecture among the models, unless gensim
// is off or cannot run (pythonErr, which the report's note then gives).
func (b *bench) plan(pythonErr error) []*cell {
	opt := b.opt
	var cells []*cell
	add := func(trainer string, m Model) {
		for _, k := range opt.Sizes {
			for _, threads := range opt.Threads {
				if trainer != trainerSeparate || threads > 1 {
					cells = append(cells, &cell{model: m,
						row: ThroughputRow{Trainer: trainer, Model: m.String(), Dim: k, Threads: threads, Runs: opt.Repeat}})
				}
			}
		}
	}
	for _, m := range opt.Models {
		add(trainerWipsvec, m)
	}
	if opt.Separate {
		add(trainerSeparate, opt.Models[0])
	}
	switch {
	case !opt.Gensim:
	case pythonErr != nil:
		b.rep.GensimNote = fmt.Sprintf("gensim skipped: %v", pythonErr)
	default:
		var archs []Model
		for _, m := range opt.Models {
			g := m.gensim()
			if !slices.ContainsFunc(archs, func(a Model) bool { return a.String() == g.String() }) {
				archs = append(archs, g)
			}
		}
		for _, a := range archs {
			add(trainerGensim, a)
		}
	}
	return cells
}

// rounds runs every cell once per round, Repeat rounds: a noisy stretch
// of a shared machine then slows one run of every cell rather than all
// runs of one, and the medians compare. It returns the first run's error,
// after which nothing more runs.
func (b *bench) rounds(ctx context.Context, cells []*cell) error {
	for i := range b.opt.Repeat {
		for _, c := range cells {
			if err := b.runCell(ctx, c, i); err != nil {
				return err
			}
		}
	}
	return nil
}

// runCell runs cell c once, as round i.
func (b *bench) runCell(ctx context.Context, c *cell, i int) error {
	after := probeAround(&c.row)
	switch c.row.Trainer {
	case trainerGensim:
		return b.runGensim(ctx, c, i, after)
	case trainerSeparate:
		return b.runSeparate(ctx, c, i, after)
	}
	return b.runWipsvec(ctx, c, i, after)
}

// runGensim is runCell's run of gensim.
func (b *bench) runGensim(ctx context.Context, c *cell, i int, after func() string) error {
	opt, row := b.opt, &c.row
	k, threads := row.Dim, row.Threads
	r, err := gensimOnce(ctx, opt, b.script, b.input, c.model, k, threads)
	probe := after()
	if err != nil {
		return fmt.Errorf("throughput: gensim K=%d threads=%d: %w", k, threads, err)
	}
	opt.logf("bench: gensim %s K=%d threads=%d run %d/%d: %s words/sec/thread in %.2fs (+%.2fs vocabulary), peak RSS %s MB%s",
		r.Version, k, threads, i+1, opt.Repeat, humanCount(r.wordsPerSec()/float64(threads)), r.TrainSeconds, r.VocabSeconds, megabytes(r.rss, "?"), probe)
	c.wps, c.secs, c.setup = append(c.wps, r.wordsPerSec()), append(c.secs, r.TrainSeconds), append(c.setup, r.VocabSeconds)
	row.PeakRSS = max(row.PeakRSS, r.rss)
	row.FloorBytes = 2 * int64(r.Vocab) * int64(k) * 4
	b.rep.GensimNote = fmt.Sprintf("gensim %s, %s mode", r.Version, r.Mode)
	return nil
}

// runSeparate is runCell's run of the separate control.
func (b *bench) runSeparate(ctx context.Context, c *cell, i int, after func() string) error {
	opt, row := b.opt, &c.row
	k, threads := row.Dim, row.Threads
	r, err := trainSeparate(ctx, opt, b.tmp, b.input, c.model, k, threads)
	probe := after()
	if err != nil {
		return fmt.Errorf("throughput: %d separate %s K=%d: %w", threads, c.model, k, err)
	}
	opt.logf("bench: %d separate one-thread %s K=%d at once, run %d/%d: %s words/sec/thread, peak RSS %s MB each%s",
		threads, c.model, k, i+1, opt.Repeat, humanCount(r.wordsPerSec/float64(threads)), megabytes(r.rss, "?"), probe)
	c.wps, c.secs = append(c.wps, r.wordsPerSec), append(c.secs, r.seconds)
	row.PeakRSS = max(row.PeakRSS, r.rss)
	return nil
}

// runWipsvec is runCell's run of wipsvec train.
func (b *bench) runWipsvec(ctx context.Context, c *cell, i int, after func() string) error {
	opt, row := b.opt, &c.row
	k, threads := row.Dim, row.Threads
	r, err := trainOnce(ctx, opt, b.tmp, "vectors.bin", b.input, c.model, k, threads)
	probe := after()
	if err != nil {
		return fmt.Errorf("throughput: %s K=%d threads=%d: %w", c.model, k, threads, err)
	}
	opt.logf("bench: wipsvec %s K=%d threads=%d run %d/%d: %s words/sec/thread in %.2fs, peak RSS %s MB (%s)%s",
		c.model, k, threads, i+1, opt.Repeat, humanCount(r.wordsPerSec/float64(threads)), r.seconds, megabytes(r.rss, "?"), r.mem, probe)
	c.wps, c.secs = append(c.wps, r.wordsPerSec), append(c.secs, r.seconds)
	c.losses = append(c.losses, r.loss)
	row.PeakRSS = max(row.PeakRSS, r.rss)
	row.PeakRSSAnon, row.PeakRSSFile = max(row.PeakRSSAnon, r.mem.Anon), max(row.PeakRSSFile, r.mem.File)
	b.rep.Tokens, b.rep.Vocab = r.tokens, r.vocab
	if r.pairs > 0 && r.words > 0 && b.pairsPerWord == 0 {
		b.pairsPerWord = float64(r.pairs) / float64(r.words)
	}
	return nil
}

// result is c's row of the report: the medians of its runs and the memory
// floor of a corpus of tokens words over a vocabulary of vocab; false if
// no run of it was made before a child failed.
func (c *cell) result(tokens int64, vocab int) (ThroughputRow, bool) {
	if len(c.wps) == 0 {
		return ThroughputRow{}, false
	}
	row := c.row
	row.Runs = len(c.wps)
	row.WordsPerSec, row.Seconds = median(c.wps), median(c.secs)
	for _, x := range c.wps {
		row.RunWordsPerSecPerThread = append(row.RunWordsPerSecPerThread, x/float64(row.Threads))
	}
	if len(c.setup) > 0 {
		row.SetupSeconds = median(c.setup)
	}
	if len(c.losses) > 0 {
		row.Loss = median(c.losses)
	}
	row.WordsPerSecPerThread = row.WordsPerSec / float64(row.Threads)
	if row.Trainer != trainerGensim {
		row.FloorBytes = wipsvecFloor(c.model, row.Dim, tokens, vocab)
	}
	return row, true
}
