package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"text/tabwriter"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/bench/planted"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// runDemo shows the product working with nothing downloaded: a planted,
// indefinite similarity that IPS cannot fit and WIPS can; then, when a real
// corpus is at hand, a Spearman table on the four paper benchmarks.
func runDemo(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("demo", stderr)
	corpusPath := fs.String("train", "", "real corpus for the second part (default: $WIPSVEC_CORPUS, data/text9, ../shared/data/enwiki17m.txt.zst)")
	models := fs.String("models", "sg,ips,wips", "models to train on the real corpus")
	size := fs.Int("size", 100, "dimensions for the real corpus")
	iter := fs.Int("iter", 1, "epochs on the real corpus")
	threads := fs.Int("threads", runtime.NumCPU(), "threads for the real corpus")
	plantedOnly := fs.Bool("planted-only", false, "skip the real corpus")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	e := planted.DefaultPlantedExperiment()
	fmt.Fprintf(stdout, "1. Planted similarity: %d words on two circles, h(i,j) = r^2 cos(theta_i-theta_j) - r^2 cos(phi_i-phi_j)\n",
		e.Planted.Words)
	fmt.Fprintf(stdout, "   (two negative eigenvalues: no inner product of real vectors can express it).\n")
	fmt.Fprintf(stdout, "   %d co-occurring pairs; K = %d, %d epochs, 1 thread; WIPS's lambda starts -lambda-init %s.\n",
		e.Sentences, e.Train.Dim, e.Train.Iter, e.Train.LambdaInit)
	fmt.Fprintf(stdout, "   How well each model recovers h:\n\n")
	_, runs, err := e.Run(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "model\tSpearman(model, planted)\theld-out AUC\t")
	for _, r := range runs {
		fmt.Fprintf(tw, "%s\t%.3f\t%.3f\t\n", r.Model, r.Fit.Spearman, r.Fit.AUC)
	}
	tw.Flush()
	for _, r := range runs {
		if r.Lambda != nil {
			fmt.Fprintf(stdout, "\n   WIPS learned lambda (%d of %d negative): %s\n", countNegative(r.Lambda), len(r.Lambda), formatLambda(r.Lambda))
		}
	}
	if err := runDemoGraph(ctx, stdout, *threads); err != nil {
		return err
	}
	if *plantedOnly {
		return nil
	}

	path := *corpusPath
	if path == "" {
		path = findCorpus()
	}
	if path == "" {
		fmt.Fprintf(stdout, "\n2. No real corpus found (give -train FILE, set WIPSVEC_CORPUS, or run scripts/get-text9.sh): skipped.\n")
		return nil
	}
	fmt.Fprintf(stdout, "\n2. %s: -size %d -window 5 -negative 5 -sample 1e-4 -min-count 5 -iter %d -threads %d\n\n",
		path, *size, *iter, *threads)
	f := &trainFlags{train: path, minCount: 5, quiet: true, opt: skipgram.DefaultOptions()}
	f.opt.Dim, f.opt.Sample, f.opt.Iter, f.opt.Threads = *size, 1e-4, *iter, *threads
	v, stream, _, err := loadCorpus(f, stdout)
	if err != nil {
		return err
	}
	var datasets []*eval.Dataset
	for _, name := range eval.DefaultDatasets {
		p, err := eval.ResolveDataset(name)
		if err != nil {
			fmt.Fprintf(stdout, "   benchmark %s not found (run scripts/get-benchmarks.sh): skipped\n", name)
			continue
		}
		d, err := eval.ReadDataset(p)
		if err != nil {
			return err
		}
		datasets = append(datasets, d)
	}
	if len(datasets) == 0 {
		return errors.New("demo: no benchmark files found")
	}
	names := make([]string, len(datasets))
	for i, d := range datasets {
		names[i] = d.Name
	}
	var rows []demoRow
	for _, name := range strings.Split(*models, ",") {
		kind, err := skipgram.ParseKind(strings.TrimSpace(name))
		if err != nil {
			return usageError{err}
		}
		opt := f.opt
		opt.Model = kind
		opt.NegDim = opt.Dim / 2
		m, st, err := skipgram.TrainChunks(ctx, v, stream, opt)
		if err != nil {
			return err
		}
		vec := m.Vectors(v.Words)
		for _, sim := range skipgram.NewSidecar(m, opt, st, skipgram.Source{}).Similarities() {
			row := demoRow{model: kind, sim: sim.Name,
				wordsPerSec: float64(st.Words) / st.Elapsed.Seconds() / float64(opt.Threads)}
			for _, d := range datasets {
				res := eval.Evaluate(vec, []embedding.Similarity{sim}, d)
				row.rho = append(row.rho, 100*res.Rho[sim.Name])
			}
			rows = append(rows, row)
		}
	}
	if err := writeDemoTable(stdout, names, rows); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "\n   Spearman rho x100 with each model's own similarity.")
	return nil
}

// demoRow is one line of the real-corpus table: a model under one of its
// similarities, Spearman's rho x100 on each benchmark, and the model's
// training speed.
type demoRow struct {
	model       skipgram.Kind
	sim         string
	rho         []float64
	wordsPerSec float64
}

// writeDemoTable prints the real-corpus rows as one table. It is written
// once, after every model has trained, so that all rows share the columns:
// flushed per model, each model's rows would be aligned only among
// themselves.
func writeDemoTable(w io.Writer, datasets []string, rows []demoRow) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "model\tsimilarity\t"
	for _, d := range datasets {
		head += d + "\t"
	}
	fmt.Fprintln(tw, head+"words/sec/thread\t")
	for _, r := range rows {
		line := fmt.Sprintf("%s\t%s\t", r.model, r.sim)
		for _, rho := range r.rho {
			line += fmt.Sprintf("%.1f\t", rho)
		}
		fmt.Fprintf(tw, "%s%.0f\t\n", line, r.wordsPerSec)
	}
	return tw.Flush()
}

// findCorpus looks for a real corpus where the scripts put one, then beside
// the checkout.
func findCorpus() string {
	candidates := []string{os.Getenv("WIPSVEC_CORPUS"), "data/text9", filepath.Join("..", "shared", "data", "enwiki17m.txt.zst")}
	for _, c := range candidates {
		if c == "" {
			continue
		}
		if fi, err := os.Stat(c); err == nil && !fi.IsDir() {
			return c
		}
	}
	return ""
}

func countNegative(l []float32) int {
	n := 0
	for _, x := range l {
		if x < 0 {
			n++
		}
	}
	return n
}

func formatLambda(l []float32) string {
	parts := make([]string, len(l))
	for i, x := range l {
		parts[i] = fmt.Sprintf("%+.2f", x)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}
