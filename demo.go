package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/wipsvec/wipsvec/bench/eval"
	bgraph "github.com/wipsvec/wipsvec/bench/graph"
	"github.com/wipsvec/wipsvec/bench/planted"
	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/corpus/wordnet"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

const demoHelp = `usage: wipsvec demo [-train FILE] [-models sg,ips,wips] [-size 100] [-iter 1] [-planted-only]

Shows the models at work with nothing downloaded. First a planted,
indefinite similarity that no inner product can express: IPS, SIPS, IPDS
and WIPS train on a synthetic corpus that follows it, and each is scored
by how well it recovers it (and WIPS's learned signs are shown). Then a
hierarchy (the WordNet mammal closure, or a generated tree): IPS, WIPS and
HSG embed it and are scored by reconstruction. Last, when a real corpus is
found (-train, or ` + defaultCorpusHelp + `), the
models train on it with the paper's word2vec settings and are scored on
SimLex-999, YP-130 and WordSim353 Sim and Rel.
`

func runDemo(args []string, std stdio) error {
	fs := newFlags("demo", std)
	corpusPath := fs.String("train", "", "real corpus for the last part (default: "+defaultCorpusHelp+")")
	models := fs.String("models", "sg,ips,wips", "`models` to train on the real corpus")
	opt := skipgram.DefaultOptions()
	opt.Iter, opt.Threads = 1, runtime.NumCPU()
	trainerFlags{size: &opt.Dim, iter: &opt.Iter, threads: &opt.Threads}.define(fs)
	plantedOnly := fs.Bool("planted-only", false, "skip the real corpus")
	if err := fs.parse(args); err != nil {
		return err
	}
	kinds, err := parseKinds(*models)
	if err != nil {
		return usagef("demo: -models: %v", err)
	}
	capThreads(&opt.Threads, std.err)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	stdout := std.out

	e := planted.DefaultPlantedExperiment()
	fmt.Fprintf(stdout, "1. Planted similarity: %d words on two circles, h(i,j) = r^2 cos(theta_i-theta_j) - r^2 cos(phi_i-phi_j)\n",
		e.Planted.Words)
	fmt.Fprintf(stdout, "   (two negative eigenvalues: no inner product of real vectors can express it).\n")
	fmt.Fprintf(stdout, "   %d co-occurring pairs; K = %d, %d epochs, 1 thread; WIPS's lambda starts -lambda-init %s.\n",
		e.Sentences, e.Train.Dim, e.Train.Iter, e.Train.LambdaInit)
	fmt.Fprintf(stdout, "   How well each model recovers h:\n\n")
	fmt.Fprintf(stdout, "  %5s  %24s  %12s\n", "model", "Spearman(model, planted)", "held-out AUC")
	e.Done = func(r planted.PlantedRun) {
		fmt.Fprintf(stdout, "  %5s  %24.3f  %12.3f\n", r.Model, r.Fit.Spearman, r.Fit.AUC)
	}
	_, runs, err := e.Run(ctx)
	if err != nil {
		return err
	}
	for _, r := range runs {
		if r.Lambda != nil {
			fmt.Fprintf(stdout, "\n   WIPS learned lambda (%d of %d negative): %s\n", countNegative(r.Lambda), len(r.Lambda), formatLambda(r.Lambda))
		}
	}
	if err := demoGraph(ctx, stdout, opt.Threads); err != nil {
		return err
	}
	if *plantedOnly {
		return nil
	}
	path := *corpusPath
	if path == "" {
		path = defaultCorpus()
	}
	if path == "" {
		fmt.Fprintf(stdout, "\n2. No real corpus found (give -train FILE, set WIPSVEC_CORPUS, or run scripts/get-text9.sh): skipped.\n")
		return nil
	}
	return demoCorpus(ctx, path, kinds, opt, std)
}

// demoCorpus is the demo's last part: the models trained on a real corpus,
// one table of Spearman's rho on the four benchmarks.
func demoCorpus(ctx context.Context, path string, kinds []skipgram.Kind, opt skipgram.Options, std stdio) error {
	stdout := std.out
	fmt.Fprintf(stdout, "\n2. %s: -size %d -window %d -negative %d -sample %g -min-count %d -iter %d -threads %d\n",
		path, opt.Dim, opt.Window, opt.Negative, opt.Sample, minCountDefault, opt.Iter, opt.Threads)
	datasets, missing, err := eval.ReadDatasets(eval.DefaultDatasets)
	if err != nil {
		return err
	}
	for _, name := range missing {
		fmt.Fprintf(stdout, "   benchmark %s not found (run scripts/get-benchmarks.sh): skipped\n", name)
	}
	if len(datasets) == 0 {
		return fmt.Errorf("demo: no benchmark files found")
	}
	sources, err := corpus.Expand(path)
	if err != nil {
		return err
	}
	progress, done := readProgress(std.err)
	start := time.Now()
	c, err := encoded.Load(ctx, sources, encoded.LoadOptions{MinCount: minCountDefault, IDs: encoded.Memory, Progress: progress})
	done()
	if err != nil {
		return err
	}
	defer c.Close()
	fmt.Fprintf(stdout, "   read %d in-vocabulary tokens, %d words, in %.1fs\n\n", c.Tokens, c.Vocab.Len(), time.Since(start).Seconds())
	names := make([]string, len(datasets))
	for i, d := range datasets {
		names[i] = d.Name
	}
	var rows []demoRow
	for _, kind := range kinds {
		o := opt
		o.Model = kind
		o.Progress = progressLine(std.err, "words")
		m, st, err := skipgram.TrainChunks(ctx, c.Vocab, c.IDs, o)
		if err != nil {
			return err
		}
		wps := float64(st.Words) / st.Elapsed.Seconds() / float64(o.Threads)
		fmt.Fprintf(stdout, "   trained %s in %.1fs (%.0fk words/sec/thread)\n", kind, st.Elapsed.Seconds(), wps/1000)
		vec := m.Vectors(c.Vocab.Words)
		for _, sim := range skipgram.NewSidecar(m, o, st, skipgram.Source{}).Similarities() {
			row := demoRow{model: kind, sim: sim.Name, wordsPerSec: wps}
			for _, d := range datasets {
				res := eval.Evaluate(vec, []embedding.Similarity{sim}, d)
				row.rho = append(row.rho, 100*res.Rho[sim.Name])
			}
			rows = append(rows, row)
		}
	}
	fmt.Fprintln(stdout)
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

// demoEdges finds the demo's graph: the WordNet mammal closure written by
// scripts/get-wordnet.sh, or built from an installed WordNet, or else the
// closure of a generated tree.
func demoEdges() (*cgraph.Edges, string, error) {
	if e, err := cgraph.ReadFile(filepath.Join("data", "wordnet", "mammal_closure.tsv")); err == nil {
		return e, "the WordNet mammal closure (data/wordnet/mammal_closure.tsv)", nil
	}
	if n, err := wordnet.Load("/usr/share/wordnet"); err == nil {
		if anc, err := n.Closure(); err == nil && n.Find("mammal.n.01") >= 0 {
			var b strings.Builder
			n.WriteTSV(&b, n.Edges(anc, n.Find("mammal.n.01")))
			e, err := cgraph.Read(strings.NewReader(b.String()))
			return e, "the WordNet mammal closure (/usr/share/wordnet)", err
		}
	}
	// A complete tree, branching 4 and depth 4 (341 nodes), closed.
	var b strings.Builder
	if err := cgraph.WriteTreeClosure(&b, 4, 4); err != nil {
		return nil, "", err
	}
	e, err := cgraph.Read(strings.NewReader(b.String()))
	return e, "the closure of a generated tree (branching 4, depth 4; no WordNet: scripts/get-wordnet.sh)", err
}

// demoGraph is the demo's graph part: IPS, WIPS and HSG embed a hierarchy,
// scored by reconstruction, a row as each model finishes.
func demoGraph(ctx context.Context, stdout io.Writer, threads int) error {
	e, what, err := demoEdges()
	if err != nil {
		return err
	}
	opt := skipgram.DefaultGraphOptions()
	opt.Dim, opt.Threads = 10, threads
	fmt.Fprintf(stdout, "\n1b. Graph embedding: %s, %d nodes, %d edges.\n", what, len(e.Nodes), e.Len())
	fmt.Fprintf(stdout, "    K = %d, %d epochs, %d negatives (%s, never a neighbour), %d threads; WIPS's lambda starts -lambda-init %s.\n",
		opt.Dim, opt.Iter, opt.Negative, skipgram.DefaultGraphNoise, opt.Threads, opt.LambdaInit)
	fmt.Fprintf(stdout, "    Reconstruction as Nickel and Kiela score it (train -graph and eval -graph do the same):\n\n")
	fmt.Fprintf(stdout, "  %5s  %10s  %6s  %8s  %8s\n", "model", "mean rank", "MAP", "ROC-AUC", "train s")
	for _, kind := range []skipgram.Kind{skipgram.IPS, skipgram.WIPS, skipgram.HSG} {
		opt.Model = kind
		v, g, err := skipgram.NewGraph(e, skipgram.DefaultGraphMinCount)
		if err != nil {
			return err
		}
		g.Noise = skipgram.DefaultGraphNoise
		start := time.Now()
		m, st, err := skipgram.TrainGraph(ctx, g, opt)
		if err != nil {
			return err
		}
		secs := time.Since(start).Seconds()
		rs, err := bgraph.Evaluate(m.Vectors(v.Words), skipgram.NewSidecar(m, opt, st, skipgram.Source{}), e, nil, bgraph.Options{Threads: threads, Seed: 1})
		if err != nil {
			return err
		}
		r := rs[0]
		fmt.Fprintf(stdout, "  %5s  %10.2f  %6.3f  %8.2f  %8.2f\n", kind, r.MeanRank, r.MAP, 100*r.AUC, secs)
	}
	if _, err := os.Stat("/usr/share/wordnet/data.noun"); err == nil {
		fmt.Fprintf(stdout, "\n    The full noun closure: scripts/get-wordnet.sh, then train -graph data/wordnet/noun_closure.tsv.\n")
	}
	return nil
}
