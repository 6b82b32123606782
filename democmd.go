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

	"github.com/wipsvec/wipsvec/bench"
	"github.com/wipsvec/wipsvec/skipgram"
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

	e := bench.DefaultPlantedExperiment()
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
		if r.Model == skipgram.WIPS {
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
	v, stream, err := loadCorpus(f)
	if err != nil {
		return err
	}
	var datasets []*bench.Dataset
	for _, name := range bench.DefaultDatasets {
		p, err := bench.ResolveDataset(name)
		if err != nil {
			fmt.Fprintf(stdout, "   benchmark %s not found (run scripts/get-benchmarks.sh): skipped\n", name)
			continue
		}
		d, err := bench.ReadDataset(p)
		if err != nil {
			return err
		}
		datasets = append(datasets, d)
	}
	if len(datasets) == 0 {
		return errors.New("demo: no benchmark files found")
	}
	tw = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "model\tsimilarity\t"
	for _, d := range datasets {
		head += d.Name + "\t"
	}
	fmt.Fprintln(tw, head+"words/sec/thread\t")
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
		meta := skipgram.Meta{Model: kind, Dim: m.Dim, NegDim: m.NegDim, Lambda: m.Lambda}
		for _, sim := range meta.Similarities() {
			line := fmt.Sprintf("%s\t%s\t", kind, sim.Name)
			for _, d := range datasets {
				res := bench.Evaluate(vec, []skipgram.Similarity{sim}, d)
				line += fmt.Sprintf("%.1f\t", 100*res.Rho[sim.Name])
			}
			fmt.Fprintf(tw, "%s%.0f\t\n", line, float64(st.Words)/st.Elapsed.Seconds()/float64(opt.Threads))
		}
		tw.Flush()
	}
	fmt.Fprintln(stdout, "\n   Spearman rho x100 with each model's own similarity.")
	return nil
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
