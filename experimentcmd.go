package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/bench/experiment"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/vocab"
)

// experimentFlags configure the Table 3 reproduction.
type experimentFlags struct {
	train       string
	corpusBytes int64
	grid        experiment.Grid
	setup       experiment.Setup
	threads     int
	results     string
	md          string
	plots       string
	list        bool
	minCountSet bool // -min-count was given
}

const experimentUsage = `usage: wipsvec experiment [flags]

Reproduces Table 3 of Kim et al. (2019): trains every model over a grid of
sizes, learning rates, IPDS ratios and seeds on one corpus (read once),
scores each run on SimLex-999, YP-130 and WordSim353 Sim/Rel, appends one
JSON line per run to -results, and prints the table in Markdown beside the
paper's numbers. Runs already in -results (same corpus and settings) are
not redone: rerun the same command to resume a grid or to retry failed runs.
-quick (one run per model and K, 5 epochs) fits in about 20 minutes on two cores; without it the
paper's full grid takes hours.

`

func parseExperimentFlags(args []string, stderr io.Writer) (*experimentFlags, error) {
	f := &experimentFlags{grid: experiment.PaperGrid()}
	fs := newFlagSet("experiment", stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), experimentUsage)
		fs.PrintDefaults()
	}
	var sizes, models, alphas, ratios string
	var seeds int
	defaults := experiment.PaperGrid()
	fs.StringVar(&f.train, "train", "", "corpus (default: $WIPSVEC_CORPUS, data/text9, ../shared/data/enwiki17m.txt.zst)")
	fs.Int64Var(&f.corpusBytes, "corpus-bytes", 0, "read only the first N bytes of the (decompressed) corpus; 0 reads all")
	quick := fs.Bool("quick", false, "preview preset: -sizes 10,100 -alphas 0.025 -ratios 0.01,0.5 -seeds 1 -iter 5 (flags given explicitly still win)")
	fs.StringVar(&sizes, "sizes", joinInts(defaults.Sizes), "comma-separated sizes K, the table's columns")
	fs.StringVar(&models, "models", joinKinds(defaults.Models), "comma-separated models to train (sg gives the rows SG, SG*, SG(K/2), SG*(K/2))")
	fs.StringVar(&alphas, "alphas", joinFloat64s(defaults.Alphas), "comma-separated starting learning rates to search")
	fs.StringVar(&ratios, "ratios", joinFloat64s(defaults.Ratios), "comma-separated IPDS ratios q/K to search")
	fs.IntVar(&seeds, "seeds", len(defaults.Seeds), "runs per setting, with seeds 1..N; the table shows their mean")
	// The paper's word2vec settings: -window 5 -negative 5 -sample 1e-4.
	f.grid.Epochs, f.threads = defaults.Epochs, runtime.NumCPU()
	f.setup.Window, f.setup.Negative, f.setup.Sample, f.setup.MinCount = 5, 5, 1e-4, 5
	f.setup.LambdaInit, f.setup.LambdaAlpha, f.setup.LambdaFloor = skipgram.DefaultLambdaInit, skipgram.DefaultLambdaAlpha, skipgram.DefaultLambdaFloor
	f.setup.LambdaRecipe = skipgram.LambdaRecipe
	word2vecFlags{window: &f.setup.Window, negative: &f.setup.Negative, iter: &f.grid.Epochs, threads: &f.threads,
		minCount: &f.setup.MinCount, sample: &f.setup.Sample,
		lambdaInit: &f.setup.LambdaInit, lambdaAlpha: &f.setup.LambdaAlpha, lambdaFloor: &f.setup.LambdaFloor}.define(fs)
	fs.StringVar(&f.results, "results", filepath.Join("out", "table3.jsonl"), "results file: one JSON line per run, read to resume")
	fs.StringVar(&f.md, "md", "", "also write the Markdown table to this file")
	fs.StringVar(&f.plots, "plots", "", "write lambda.png, lambda_hist.png (one histogram of lambda per WIPS run), spearman.png and loss.png into this directory")
	fs.BoolVar(&f.list, "list", false, "list the grid's runs, marking those already in -results, and exit without training")
	if err := parseFlags(fs, args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, usageError{fmt.Errorf("experiment: unexpected argument %q (flags start with -)", fs.Arg(0))}
	}
	set := make(map[string]bool)
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	f.minCountSet = set["min-count"]
	if *quick {
		q := experiment.QuickGrid()
		if !set["sizes"] {
			sizes = joinInts(q.Sizes)
		}
		if !set["alphas"] {
			alphas = joinFloat64s(q.Alphas)
		}
		if !set["ratios"] {
			ratios = joinFloat64s(q.Ratios)
		}
		if !set["seeds"] {
			seeds = len(q.Seeds)
		}
		if !set["iter"] {
			f.grid.Epochs = q.Epochs
		}
	}
	var err error
	if f.grid.Sizes, err = parseInts(sizes); err != nil {
		return nil, usageError{fmt.Errorf("experiment: -sizes: %w", err)}
	}
	if f.grid.Alphas, err = parseFloat64s(alphas); err != nil {
		return nil, usageError{fmt.Errorf("experiment: -alphas: %w", err)}
	}
	if f.grid.Ratios, err = parseFloat64s(ratios); err != nil {
		return nil, usageError{fmt.Errorf("experiment: -ratios: %w", err)}
	}
	f.grid.Models = nil
	for _, m := range splitList(models) {
		kind, err := skipgram.ParseKind(m)
		if err != nil {
			return nil, usageError{fmt.Errorf("experiment: -models: %w", err)}
		}
		f.grid.Models = append(f.grid.Models, kind)
	}
	if seeds < 1 {
		return nil, usageError{fmt.Errorf("experiment: -seeds must be at least 1, got %d", seeds)}
	}
	f.grid.Seeds = nil
	for i := range seeds {
		f.grid.Seeds = append(f.grid.Seeds, uint64(i+1))
	}
	if err := f.grid.Validate(); err != nil {
		return nil, usageError{fmt.Errorf("experiment: %w", err)}
	}
	if f.corpusBytes < 0 {
		return nil, usageError{fmt.Errorf("experiment: -corpus-bytes must not be negative, got %d", f.corpusBytes)}
	}
	if f.results == "" {
		return nil, usageError{errors.New("experiment: -results must name a file")}
	}
	if err := f.setup.Validate(); err != nil {
		return nil, usageError{fmt.Errorf("experiment: %w", err)}
	}
	return f, nil
}

func runExperiment(args []string, stdout, stderr io.Writer) error {
	f, err := parseExperimentFlags(args, stderr)
	if err != nil {
		return err
	}
	if f.train == "" {
		if f.train = findCorpus(); f.train == "" {
			return usageError{errors.New("experiment: no corpus found: give -train FILE, set WIPSVEC_CORPUS, or run scripts/get-text9.sh")}
		}
	}
	// Find an unwritable output now, not after hours of training.
	if !f.list {
		if err := prepareOutputs(f); err != nil {
			return err
		}
	}
	datasets, err := loadBenchmarks()
	if err != nil {
		return err
	}
	prior, bad, err := experiment.ReadResults(f.results)
	if err != nil {
		return err
	}
	if bad > 0 {
		fmt.Fprintf(stderr, "%s: skipped %d unreadable line(s)\n", f.results, bad)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	ec, err := openExperimentCorpus(ctx, f, stderr)
	if err != nil {
		if ctx.Err() != nil {
			return errors.New("experiment interrupted while encoding the corpus")
		}
		return err
	}
	defer ec.Close()
	v, stream := ec.Vocab, ec.IDs
	f.setup.Corpus = experiment.CorpusName(f.train, f.corpusBytes)
	f.setup.Vocab = v.Len()
	f.setup.CorpusTokens = int64(len(stream))
	for _, id := range stream {
		if id == vocab.SentenceEnd {
			f.setup.CorpusTokens--
		}
	}
	fmt.Fprintf(stderr, "corpus %s: %d in-vocabulary tokens, %d words (min-count %d); read in %.1fs\n",
		f.setup.Corpus, f.setup.CorpusTokens, v.Len(), f.setup.MinCount, time.Since(start).Seconds())

	specs, err := f.grid.Expand()
	if err != nil {
		return err
	}
	if f.list {
		return listRuns(stdout, f.setup, specs, prior)
	}
	names := make([]string, len(datasets))
	for i, d := range datasets {
		names[i] = d.Name
	}
	r := &experiment.Runner{
		Setup: f.setup, Vocab: v, Stream: stream, Datasets: datasets, Threads: f.threads,
		ProgressEvery: lossSampleEvery(f.setup.CorpusTokens, f.grid.Epochs),
		Record:        func(rec experiment.RunRecord) error { return experiment.AppendResult(f.results, rec) },
		Log:           stderr,
	}
	fmt.Fprintf(stderr, "grid: %d runs (%d sizes, %d models, %d learning rates, %d ipds ratios, %d seeds, %d epochs, %d threads); results in %s\n",
		len(specs), len(f.grid.Sizes), len(f.grid.Models), len(f.grid.Alphas), len(f.grid.Ratios), len(f.grid.Seeds),
		f.grid.Epochs, f.threads, f.results)
	recs, runErr := r.Run(ctx, specs, prior)
	if runErr != nil && ctx.Err() == nil {
		return runErr
	}
	// Even when interrupted, show what is done.
	t, err := experiment.BuildTable(f.grid, f.setup, names, append(prior, recs...))
	if err != nil {
		return err
	}
	if err := t.Markdown(stdout); err != nil {
		return err
	}
	if f.md != "" {
		if err := experiment.WriteFileAtomic(f.md, t.Markdown); err != nil {
			return fmt.Errorf("experiment: %w", err)
		}
		fmt.Fprintf(stderr, "wrote %s\n", f.md)
	}
	if f.plots != "" {
		written, err := experiment.WritePlots(f.plots, t)
		if err != nil {
			return fmt.Errorf("experiment: %w", err)
		}
		fmt.Fprintf(stderr, "wrote %s\n", strings.Join(written, ", "))
	}
	if runErr != nil {
		return fmt.Errorf("experiment interrupted after %d of %d runs; rerun the same command to resume", t.Finished, t.Runs)
	}
	if n := len(t.Failed); n > 0 {
		fmt.Fprintf(stderr, "%d run(s) failed (listed under the table); rerun the same command to retry them\n", n)
	}
	fmt.Fprintf(stderr, "experiment: %d of %d runs finished in %s\n", t.Finished, t.Runs, time.Since(start).Round(time.Second))
	return nil
}

// prepareOutputs creates the output directories and checks that the
// results, the Markdown file and the plots can be written.
func prepareOutputs(f *experimentFlags) error {
	for _, p := range []string{f.results, f.md} {
		if p == "" {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("experiment: %w", err)
		}
		if err := checkWritable(p); err != nil {
			return err
		}
	}
	if f.plots != "" {
		if err := os.MkdirAll(f.plots, 0o755); err != nil {
			return fmt.Errorf("experiment: plots: %w", err)
		}
		if err := checkWritable(filepath.Join(f.plots, experiment.SpearmanPlot)); err != nil {
			return err
		}
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

// loadBenchmarks reads the four benchmarks of Table 3; all are needed for
// the table and for the selection rule.
func loadBenchmarks() ([]*eval.Dataset, error) {
	var ds []*eval.Dataset
	for _, name := range eval.DefaultDatasets {
		p, err := eval.ResolveDataset(name)
		if err != nil {
			return nil, fmt.Errorf("experiment: %w (run scripts/get-benchmarks.sh)", err)
		}
		d, err := eval.ReadDataset(p)
		if err != nil {
			return nil, fmt.Errorf("experiment: %w", err)
		}
		ds = append(ds, d)
	}
	return ds, nil
}

// listRuns prints the grid, one run per line, marking the finished ones.
func listRuns(w io.Writer, setup experiment.Setup, specs []experiment.RunSpec, prior []experiment.RunRecord) error {
	done := 0
	for _, s := range specs {
		status := "todo"
		for _, r := range prior {
			if r.Matches(setup, s) && status != experiment.StatusOK {
				status = r.Status
			}
		}
		if status == experiment.StatusOK {
			done++
		}
		if _, err := fmt.Fprintf(w, "%-6s  %s\n", status, s); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "%d of %d runs done\n", done, len(specs))
	return err
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range splitList(s) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not an integer", f)
		}
		out = append(out, n)
	}
	return out, nil
}

func parseFloat64s(s string) ([]float64, error) {
	var out []float64
	for _, f := range splitList(s) {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", f)
		}
		out = append(out, x)
	}
	return out, nil
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

func joinFloat64s(xs []float64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(s, ",")
}

func joinKinds(ks []skipgram.Kind) string {
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = string(k)
	}
	return strings.Join(s, ",")
}
