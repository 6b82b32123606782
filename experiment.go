package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/bench/experiment"
	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/atomicfile"
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

	checkpointEvery time.Duration
}

const experimentHelp = `usage: wipsvec experiment [-train SOURCES] [-quick] [-models LIST] [-sizes 10,100] [-seeds N] [flags]

Reproduces Table 3 of Kim et al. (2019): trains every model over a grid of
sizes, learning rates, IPDS ratios and seeds on one corpus (read once),
scores each run on SimLex-999, YP-130 and WordSim353 Sim/Rel, appends one
JSON line per run to -results, and prints the table in Markdown beside the
paper's numbers. Runs already in -results (same corpus and settings) are
not redone: rerun the same command to resume a grid or to retry failed runs.
-quick (one run per model and K, 5 epochs) fits in about 11 minutes on two
cores; without it the paper's full grid takes hours. The corpus (default:
` + defaultCorpusHelp + `) is encoded once into
an encoded corpus beside -results that every run and every later
invocation maps. The run in progress keeps a checkpoint beside -results
too: an interrupted grid resumes that run where it stopped.
`

func parseExperimentFlags(args []string, std stdio) (*experimentFlags, error) {
	f := &experimentFlags{grid: experiment.PaperGrid()}
	fs := newFlags("experiment", std)
	var sizes, models, alphas, ratios string
	defaults := experiment.PaperGrid()
	seeds := len(defaults.Seeds)
	fs.StringVar(&f.train, "train", "", sourcesHelp+" (default: "+defaultCorpusHelp+")")
	intFlag(fs, &f.corpusBytes, "corpus-bytes", 0, math.MaxInt64, "read only the first `N` bytes of the (decompressed) corpus; 0 reads all")
	quick := fs.Bool("quick", false, "preview preset: -sizes 10,100 -alphas 0.025 -ratios 0.01,0.5 -seeds 1 -iter 5 (flags given explicitly still win)")
	fs.StringVar(&sizes, "sizes", joinList(defaults.Sizes), "comma-separated `sizes` K, the table's columns")
	fs.StringVar(&models, "models", joinList(defaults.Models), "comma-separated `models` to train, /cbow or /hs for another architecture (sg/cbow, wips/cbow, sg/hs); sg gives the rows SG, SG*, SG(K/2), SG*(K/2)")
	fs.StringVar(&alphas, "alphas", joinList(defaults.Alphas), "comma-separated starting learning `rates` to search")
	fs.StringVar(&ratios, "ratios", joinList(defaults.Ratios), "comma-separated IPDS `ratios` q/K to search")
	intFlag(fs, &seeds, "seeds", 1, 1000, "runs per setting, with seeds 1..`N`; the table shows their mean")
	// train's defaults, which are the paper's word2vec settings.
	d := skipgram.DefaultOptions()
	f.grid.Epochs, f.threads = defaults.Epochs, runtime.NumCPU()
	f.setup.Window, f.setup.Negative, f.setup.Sample, f.setup.MinCount = d.Window, d.Negative, d.Sample, minCountDefault
	f.setup.LambdaInit, f.setup.LambdaAlpha = d.LambdaInit, d.LambdaAlpha
	f.setup.LambdaRecipe = skipgram.LambdaRecipe
	f.setup.Batch, f.setup.HotRows, f.setup.HotSync, f.setup.ShareNoise = d.Batch, d.HotRows, d.HotSync, d.ShareNoise
	trainerFlags{window: &f.setup.Window, negative: &f.setup.Negative, iter: &f.grid.Epochs, threads: &f.threads,
		minCount: &f.setup.MinCount, sample: &f.setup.Sample,
		lambdaInit: &f.setup.LambdaInit, lambdaAlpha: &f.setup.LambdaAlpha,
		batch: &f.setup.Batch, shareNoise: &f.setup.ShareNoise, hotRows: &f.setup.HotRows, hotSync: &f.setup.HotSync}.define(fs)
	fs.StringVar(&f.results, "results", filepath.Join("out", "table3.jsonl"), "results file: one JSON line per run, read to resume")
	fs.StringVar(&f.md, "md", "", "also write the Markdown table to this file")
	fs.StringVar(&f.plots, "plots", "", "write lambda.png, lambda_hist.png (one histogram of lambda per WIPS run), spearman.png and loss.png into this directory")
	fs.BoolVar(&f.list, "list", false, "list the grid's runs, marking those already in -results, and exit without training")
	f.checkpointEvery = skipgram.DefaultCheckpointEvery
	fs.DurationVar(&f.checkpointEvery, "checkpoint-every", f.checkpointEvery, "how often the run in progress writes its checkpoint beside -results (also on Ctrl-C): a rerun resumes it")
	if err := fs.parse(args); err != nil {
		return nil, err
	}
	set := fs.given()
	f.minCountSet = set["min-count"]
	if *quick {
		q := experiment.QuickGrid()
		if !set["sizes"] {
			sizes = joinList(q.Sizes)
		}
		if !set["alphas"] {
			alphas = joinList(q.Alphas)
		}
		if !set["ratios"] {
			ratios = joinList(q.Ratios)
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
	if f.grid.Models, err = parseModels(models); err != nil {
		return nil, usagef("experiment: -models: %v", err)
	}
	f.grid.Seeds = nil
	for i := range seeds {
		f.grid.Seeds = append(f.grid.Seeds, uint64(i+1))
	}
	if err := f.grid.Validate(); err != nil {
		return nil, usageError{fmt.Errorf("experiment: %w", err)}
	}
	if f.results == "" {
		return nil, usageError{errors.New("experiment: -results must name a file")}
	}
	if !f.setup.Batch {
		f.setup.ShareNoise = 0 // exact pairs share nothing: the runs match those made before -share-noise
	}
	// The records say what trained: no replicas on one thread; on more,
	// -hot-rows as given, the default (-1) being each model's own.
	if f.threads < 2 {
		f.setup.HotRows = 0
	}
	if f.setup.HotRows == 0 {
		f.setup.HotSync = 0 // no replicas, nothing to merge: the runs match those made before -hot-sync
	}
	if err := f.setup.Validate(f.threads); err != nil {
		return nil, usageError{fmt.Errorf("experiment: %w", err)}
	}
	return f, nil
}

func runExperiment(args []string, std stdio) error {
	stdout, stderr := std.out, std.err
	f, err := parseExperimentFlags(args, std)
	if err != nil {
		return err
	}
	capThreads(&f.threads, stderr)
	if f.train == "" {
		if f.train = defaultCorpus(); f.train == "" {
			return usageError{errors.New("experiment: no corpus found: give -train FILE, set WIPSVEC_CORPUS, or run scripts/get-text9.sh")}
		}
	}
	sources, err := corpus.Expand(f.train)
	if err != nil {
		return err
	}
	// Find an unwritable output now, not after hours of training.
	if !f.list {
		if err := prepareOutputs(f, sources); err != nil {
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
	copt := experiment.CorpusOptions{Limit: f.corpusBytes, Log: stderr}
	if f.minCountSet {
		copt.MinCount = f.setup.MinCount
	}
	if fi, err := os.Stat(filepath.Dir(f.results)); err == nil && fi.IsDir() {
		copt.CacheDir = filepath.Dir(f.results) // none with -list before any run
	}
	var done func()
	copt.Progress, done = readProgress(stderr)
	ec, err := experiment.OpenCorpus(ctx, sources, copt)
	done()
	if err != nil {
		if ctx.Err() != nil {
			return errors.New("experiment interrupted while encoding the corpus")
		}
		return err
	}
	defer ec.Close()
	f.setup.MinCount = ec.Info.MinCount
	v, stream := ec.Vocab, ec.IDs
	f.setup.Corpus = experiment.CorpusName(f.train, f.corpusBytes)
	f.setup.Vocab = v.Len()
	f.setup.CorpusTokens = vocab.CountWords([][]int32{stream})
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
		Live:          progressLine(stderr, "words"),
		CheckpointDir: filepath.Dir(f.results), CheckpointEvery: f.checkpointEvery,
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
		if err := os.MkdirAll(filepath.Dir(f.md), 0o755); err != nil {
			return fmt.Errorf("experiment: %w", err)
		}
		if err := atomicfile.WriteFile(f.md, t.Markdown); err != nil {
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

// parseModels reads -models: experiment.ParseModel for each.
func parseModels(s string) ([]experiment.Model, error) { return parseList(s, experiment.ParseModel) }

// prepareOutputs creates the output directories and checks that the
// results, the Markdown file and the plots can be written, and that none of
// them is the corpus or another of them.
func prepareOutputs(f *experimentFlags, sources []string) error {
	outputs := []string{f.results, f.md}
	for _, p := range outputs {
		if p != "" {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return fmt.Errorf("experiment: %w", err)
			}
		}
	}
	if f.plots != "" {
		if err := os.MkdirAll(f.plots, 0o755); err != nil {
			return fmt.Errorf("experiment: plots: %w", err)
		}
		for _, name := range experiment.PlotFiles() {
			outputs = append(outputs, filepath.Join(f.plots, name))
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
