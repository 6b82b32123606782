package experiment

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/atomicfile"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/vocab"
)

// This file is one invocation of the reproduction, as the experiment
// command runs it: check the outputs, map the corpus, run the grid (or
// list it), and write the table and the plots. It lives here rather than
// in the command so that the command only parses its flags and prints,
// and so that the whole sequence can be tested from the package.

// Config is one invocation of the Table 3 reproduction: the grid, the
// settings every run shares, the corpus, the outputs, and where its
// messages go. The experiment command fills it from its flags.
type Config struct {
	// Train names the corpus, as corpus.Expand reads it; CorpusBytes, if
	// not 0, reads only its first bytes.
	Train       string
	CorpusBytes int64

	Grid    Grid
	Setup   Setup
	Threads int
	// MinCountSet says Setup.MinCount was given; otherwise the corpus
	// decides (vocab's default for text, its own for an encoded corpus).
	MinCountSet bool

	// Results is the JSON-lines file of runs, read to resume and appended
	// to; the run in progress keeps its checkpoint beside it, every
	// CheckpointEvery. Markdown, if set, also gets the table, and Plots,
	// if set, is a directory for the plots.
	Results, Markdown, Plots string
	CheckpointEvery          time.Duration
	// List lists the grid's runs, marking those already in Results,
	// instead of training.
	List bool

	// Log gets what the grid does (nil: nothing); ReadProgress, if set,
	// shows reading the corpus; Live, if set, shows a run training.
	Log          io.Writer
	ReadProgress func() (show func(corpus.ReadStats), done func())
	Live         func(skipgram.Progress)
}

// DefaultConfig is the invocation with nothing given: the paper's grid
// with train's defaults, which are the paper's word2vec settings, on every
// CPU, its results in out/table3.jsonl.
func DefaultConfig() *Config {
	return &Config{Grid: PaperGrid(), Threads: runtime.NumCPU(),
		Setup:   Setup{Settings: skipgram.DefaultOptions().Settings, MinCount: vocab.DefaultMinCount, LambdaRecipe: skipgram.LambdaRecipe, PlainRows: true, OwnReplicas: true},
		Results: filepath.Join("out", "table3.jsonl"), CheckpointEvery: skipgram.DefaultCheckpointEvery}
}

// Check works out c's settings for its threads (Setup.Resolve) and
// reports the first mistake in c: in the grid, a Results that names no
// file, or a setup that cannot train, as the trainer would say it.
func (c *Config) Check() error {
	if err := c.Grid.Validate(); err != nil {
		return err
	}
	if c.Results == "" {
		return errors.New("-results must name a file")
	}
	c.Setup.Resolve(c.Threads)
	return c.Setup.Validate(c.Threads)
}

// Reproduce runs the invocation c: the table goes to w (or, with c.List,
// the list of runs), the rest to c.Log. Interrupted by ctx, it still
// writes the table of the runs done, and says how to resume.
func Reproduce(ctx context.Context, w io.Writer, c Config) error {
	if c.Log == nil {
		c.Log = io.Discard
	}
	sources, err := corpus.Expand(c.Train)
	if err != nil {
		return err
	}
	// Find an unwritable output now, not after hours of training.
	if !c.List {
		if err := c.prepareOutputs(sources); err != nil {
			return err
		}
	}
	datasets, missing, err := eval.ReadDatasets(eval.DefaultDatasets)
	if err != nil {
		return fmt.Errorf("experiment: %w", err)
	}
	if len(missing) > 0 {
		return fmt.Errorf("experiment: benchmarks %s not found (run scripts/get-benchmarks.sh, or set WIPSVEC_EVAL)", strings.Join(missing, ", "))
	}
	prior, bad, err := ReadResults(c.Results)
	if err != nil {
		return err
	}
	if bad > 0 {
		fmt.Fprintf(c.Log, "%s: skipped %d unreadable line(s)\n", c.Results, bad)
	}
	start := time.Now()
	ec, err := c.openCorpus(ctx, sources)
	if err != nil {
		return err
	}
	defer ec.Close()
	setup := c.corpusSetup(ec)
	fmt.Fprintf(c.Log, "corpus %s: %d in-vocabulary tokens, %d words (min-count %d); read in %.1fs\n",
		setup.Corpus, setup.CorpusTokens, setup.Vocab, setup.MinCount, time.Since(start).Seconds())
	specs, err := c.Grid.Expand()
	if err != nil {
		return err
	}
	if c.List {
		return listRuns(w, setup, specs, prior)
	}
	recs, runErr := c.runGrid(ctx, setup, ec, datasets, specs, prior)
	if runErr != nil && ctx.Err() == nil {
		return runErr
	}
	// Even when interrupted, show what is done.
	return c.report(w, setup, datasets, append(prior, recs...), runErr != nil, start)
}

// Resolve makes s say what trains on threads threads, as the command
// line gave it: the settings a run does not use are zero, so that its
// record matches those made before the flag existed.
func (s *Setup) Resolve(threads int) {
	t := &s.Settings
	if !t.Batch {
		t.ShareNoise = 0 // exact pairs share nothing: the runs match those made before -share-noise
	}
	// No replicas on one thread; on more, -hot-rows as given, the default
	// (-1) being each model's own.
	if threads < 2 {
		t.HotRows = 0
	}
	if t.HotRows == 0 {
		t.HotSync = 0 // no replicas, nothing to merge: the runs match those made before -hot-sync
	}
}

// openCorpus maps the grid's corpus, encoded once beside Results (see
// OpenCorpus).
func (c *Config) openCorpus(ctx context.Context, sources []string) (*encoded.Corpus, error) {
	copt := CorpusOptions{Limit: c.CorpusBytes, Log: c.Log}
	if c.MinCountSet {
		copt.MinCount = c.Setup.MinCount
	}
	if fi, err := os.Stat(filepath.Dir(c.Results)); err == nil && fi.IsDir() {
		copt.CacheDir = filepath.Dir(c.Results) // none with -list before any run
	}
	if c.ReadProgress != nil {
		var done func()
		copt.Progress, done = c.ReadProgress()
		defer done()
	}
	ec, err := OpenCorpus(ctx, sources, copt)
	if err != nil {
		if ctx.Err() != nil {
			return nil, errors.New("experiment interrupted while encoding the corpus")
		}
		return nil, err
	}
	return ec, nil
}

// corpusSetup is c.Setup completed with what the corpus ec is: the
// settings a run's record is matched on.
func (c *Config) corpusSetup(ec *encoded.Corpus) Setup {
	s := c.Setup
	s.MinCount = ec.Info.MinCount
	s.Corpus = CorpusName(c.Train, c.CorpusBytes)
	s.Vocab = ec.Vocab.Len()
	s.CorpusTokens = vocab.CountWords([][]int32{ec.IDs})
	return s
}

// runGrid trains the specs that prior does not hold, appending each run
// to Results as it ends (see Runner.Run).
func (c *Config) runGrid(ctx context.Context, setup Setup, ec *encoded.Corpus, datasets []*eval.Dataset, specs []RunSpec, prior []RunRecord) ([]RunRecord, error) {
	r := &Runner{
		Setup: setup, Vocab: ec.Vocab, Stream: ec.IDs, Datasets: datasets, Threads: c.Threads,
		ProgressEvery: lossSampleEvery(setup.CorpusTokens, c.Grid.Epochs),
		Record:        func(rec RunRecord) error { return AppendResult(c.Results, rec) },
		Log:           c.Log,
		Live:          c.Live,
		CheckpointDir: filepath.Dir(c.Results), CheckpointEvery: c.CheckpointEvery,
	}
	g := c.Grid
	fmt.Fprintf(c.Log, "grid: %d runs (%d sizes, %d models, %d learning rates, %d ipds ratios, %d seeds, %d epochs, %d threads); results in %s\n",
		len(specs), len(g.Sizes), len(g.Models), len(g.Alphas), len(g.Ratios), len(g.Seeds), g.Epochs, c.Threads, c.Results)
	return r.Run(ctx, specs, prior)
}

// report writes the table of recs to w, and to Markdown and Plots when
// set, then says on Log how the grid ended.
func (c *Config) report(w io.Writer, setup Setup, datasets []*eval.Dataset, recs []RunRecord, interrupted bool, start time.Time) error {
	names := make([]string, len(datasets))
	for i, d := range datasets {
		names[i] = d.Name
	}
	t, err := BuildTable(c.Grid, setup, names, recs)
	if err != nil {
		return err
	}
	if err := t.Markdown(w); err != nil {
		return err
	}
	if c.Markdown != "" {
		if err := os.MkdirAll(filepath.Dir(c.Markdown), 0o755); err != nil {
			return fmt.Errorf("experiment: %w", err)
		}
		if err := atomicfile.WriteFile(c.Markdown, t.Markdown); err != nil {
			return fmt.Errorf("experiment: %w", err)
		}
		fmt.Fprintf(c.Log, "wrote %s\n", c.Markdown)
	}
	if c.Plots != "" {
		written, err := WritePlots(c.Plots, t)
		if err != nil {
			return fmt.Errorf("experiment: %w", err)
		}
		fmt.Fprintf(c.Log, "wrote %s\n", strings.Join(written, ", "))
	}
	if interrupted {
		return fmt.Errorf("experiment interrupted after %d of %d runs; rerun the same command to resume", t.Finished, t.Runs)
	}
	if n := len(t.Failed); n > 0 {
		fmt.Fprintf(c.Log, "%d run(s) failed (listed under the table); rerun the same command to retry them\n", n)
	}
	fmt.Fprintf(c.Log, "experiment: %d of %d runs finished in %s\n", t.Finished, t.Runs, time.Since(start).Round(time.Second))
	return nil
}

// prepareOutputs creates the output directories and checks that the
// results, the Markdown file and the plots can be written, and that none of
// them is the corpus or another of them.
func (c *Config) prepareOutputs(sources []string) error {
	outputs := []string{c.Results, c.Markdown}
	for _, p := range outputs {
		if p != "" {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return fmt.Errorf("experiment: %w", err)
			}
		}
	}
	if c.Plots != "" {
		if err := os.MkdirAll(c.Plots, 0o755); err != nil {
			return fmt.Errorf("experiment: plots: %w", err)
		}
		for _, name := range PlotFiles() {
			outputs = append(outputs, filepath.Join(c.Plots, name))
		}
	}
	if err := atomicfile.CheckOutputs(sources, outputs); err != nil {
		return fmt.Errorf("experiment: %w", err)
	}
	return nil
}

// lossSampleEvery is how often the loss curve is sampled: about every 1% of
// a run at a million words a second, between 10ms and a second. A quick run
// on a small corpus (a tenth of a second) still gets a curve; a long one
// gets a few hundred points.
func lossSampleEvery(tokens int64, epochs int) time.Duration {
	d := time.Duration(float64(tokens) * float64(epochs) / 1e6 / 100 * float64(time.Second))
	return min(max(d, 10*time.Millisecond), time.Second)
}

// listRuns prints the grid, one run per line, marking the finished ones.
func listRuns(w io.Writer, setup Setup, specs []RunSpec, prior []RunRecord) error {
	done := 0
	for _, s := range specs {
		status := "todo"
		for _, r := range prior {
			if r.Matches(setup, s) && status != StatusOK {
				status = r.Status
			}
		}
		if status == StatusOK {
			done++
		}
		if _, err := fmt.Fprintf(w, "%-6s  %s\n", status, s); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "%d of %d runs done\n", done, len(specs))
	return err
}
