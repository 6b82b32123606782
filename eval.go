package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"time"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/bench/linkpred"
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
)

var evalHelp = `usage: wipsvec eval -vectors FILE [-json] [-analogy FILE] [DATASET...]
       wipsvec eval -vectors FILE -graph EDGES [-exclude TRAIN] [-json]

Spearman's rho (x100) between human word-similarity judgements and the
vectors' similarities. The similarity is the model's own, read from the
sidecar FILE.json; a plain word2vec file is scored by cosine and inner
product. Pairs with an unknown word are skipped and counted (found < pairs),
unless the model has fastText's subwords (the sidecar names its .bin, or
FILE is a fastText .bin): then an unknown word's vector is composed from
its n-grams, and the column composed counts the pairs that used one.

A DATASET is a file (CSV ",word1,word2,similarity" or word1 word2 score)
or a name such as simlex999, looked up as NAME.csv in $WIPSVEC_EVAL,
../shared/eval, ../../shared/eval and data/eval; where none is found,
the copies built into wipsvec are read. Default: ` + strings.Join(eval.DefaultDatasets, ", ") + `.

With -graph the vectors are a graph's nodes: eval ranks the graph's edges
(mean rank and MAP as Nickel and Kiela, ROC-AUC as Kim et al.) with the
model's own similarity; -exclude names the training edges for link
prediction.
`

// runEval runs "wipsvec eval".
func runEval(args []string, std stdio) error {
	stdout := std.out
	fs := newFlags("eval", std)
	vectors := fs.String("vectors", "", "word vectors `FILE` (word2vec binary or text; sidecar FILE.json)")
	asJSON := fs.Bool("json", false, "print the results as JSON (rho unscaled, NaN as null)")
	analogy := fs.String("analogy", "", "also run word2vec's analogy test on `FILE` (questions-words.txt or CSV; a name is looked up like a DATASET)")
	restrict := eval.DefaultAnalogyRestrict
	intFlag(fs, &restrict, "restrict", 1, 1<<31-1, "analogies: answer among this many most frequent `words`")
	gf := addEvalGraphFlags(fs)
	names, err := fs.parseOperands(args)
	if err != nil {
		return err
	}
	if *vectors == "" {
		return usagef("eval: -vectors FILE is required")
	}
	if gf.graph != "" {
		return runEvalGraph(*vectors, names, *asJSON, gf, std)
	}
	if len(names) == 0 {
		names = eval.DefaultDatasets
	}
	// Read every benchmark before the (slow) read of the vectors, so that a
	// typo fails at once.
	paths := make([]string, len(names))
	datasets := make([]*eval.Dataset, len(names))
	for i, name := range names {
		if datasets[i], paths[i], err = eval.FindDataset(name); err != nil {
			return fmt.Errorf("eval: %w", err)
		}
	}
	analogyPath := ""
	if *analogy != "" {
		if analogyPath, err = eval.ResolveDataset(*analogy); err != nil {
			return fmt.Errorf("eval: analogies: %w", err)
		}
	}

	m, err := eval.LoadModel(*vectors)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	var results []eval.Result
	for _, d := range datasets {
		results = append(results, eval.EvaluateUnseen(m.Vectors, m.Sims, d, m.Unseen()))
	}
	var ar *eval.AnalogyResult
	if analogyPath != "" {
		r, err := eval.EvaluateAnalogies(m.Vectors, analogyPath, restrict)
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		ar = &r
	}
	if *asJSON {
		return printEvalJSON(stdout, m, paths, results, ar)
	}
	return printEvalTable(stdout, m, results, ar)
}

func printEvalTable(w io.Writer, m *eval.Model, results []eval.Result, ar *eval.AnalogyResult) error {
	fmt.Fprintln(w, m.Header())
	// Names left-aligned, numbers right-aligned: tabwriter aligns a whole
	// table one way, so widths are computed here.
	nameW := len("dataset")
	for _, r := range results {
		nameW = max(nameW, len(r.Dataset))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s  %6s  %6s", nameW, "dataset", "pairs", "found")
	if m.Sub != nil {
		fmt.Fprintf(&b, "  %8s", "composed")
	}
	for _, s := range m.Sims {
		fmt.Fprintf(&b, "  %6s", s.Name)
	}
	b.WriteByte('\n')
	for _, r := range results {
		fmt.Fprintf(&b, "%-*s  %6d  %6d", nameW, r.Dataset, r.Pairs, r.Found)
		if m.Sub != nil {
			fmt.Fprintf(&b, "  %8d", r.Composed)
		}
		for _, s := range m.Sims {
			fmt.Fprintf(&b, "  %*s", max(6, len(s.Name)), percent(r.Rho[s.Name]))
		}
		b.WriteByte('\n')
	}
	if ar != nil {
		fmt.Fprintf(&b, "analogies %s (3CosAdd, cosine, %d most frequent words): total %s%%, semantic %s%%, syntactic %s%%; answered %d of %d (%s%%)\n",
			ar.File, ar.Restrict, percent(ar.Total.Accuracy()), percent(ar.Semantic.Accuracy()),
			percent(ar.Syntactic.Accuracy()), ar.Total.Answered, ar.Total.Questions, percent(ar.Total.Coverage()))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// percent formats x*100 with one decimal, or "-" if x is undefined.
func percent(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "-"
	}
	return fmt.Sprintf("%.1f", 100*x)
}

// printEvalJSON prints eval.NewReport's report, indented.
func printEvalJSON(w io.Writer, m *eval.Model, paths []string, results []eval.Result, ar *eval.AnalogyResult) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(eval.NewReport(m, paths, results, ar))
}

// evalGraphFlags are eval's flags for scoring node vectors on a graph.
type evalGraphFlags struct {
	graph, exclude string
	seed           uint64
	threads        int
}

func addEvalGraphFlags(fs *flags) *evalGraphFlags {
	f := &evalGraphFlags{threads: runtime.NumCPU()}
	fs.StringVar(&f.graph, "graph", "", "score node vectors on this edge list `FILE`: mean rank, MAP and ROC-AUC (reconstruction; link prediction with -exclude)")
	fs.StringVar(&f.exclude, "exclude", "", "graph: the training edges `FILE`, neither scored nor counted as non-edges (link prediction)")
	fs.Uint64Var(&f.seed, "seed", 1, "graph: seed of the non-edges sampled for the AUC")
	intFlag(fs, &f.threads, "threads", 1, maxThreadsArg, "graph: `threads` for the ranks")
	return f
}

// runEvalGraph is eval -graph: reconstruction (or, with -exclude, link
// prediction) scores of node vectors.
func runEvalGraph(vectors string, operands []string, asJSON bool, f *evalGraphFlags, std stdio) error {
	stdout := std.out
	if len(operands) > 0 {
		return usagef("eval: -graph takes no DATASET (got %q)", operands[0])
	}
	capThreads(&f.threads, std.err)
	test, err := cgraph.ReadFile(f.graph)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	var exclude *cgraph.Edges
	if f.exclude != "" {
		if exclude, err = cgraph.ReadFile(f.exclude); err != nil {
			return fmt.Errorf("eval: %w", err)
		}
	}
	m, err := eval.LoadModel(vectors)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	start := time.Now()
	results, err := linkpred.Evaluate(m.Vectors, m.Meta, test, exclude, linkpred.Options{Threads: f.threads, Seed: f.seed})
	if err != nil {
		return fmt.Errorf("eval: %s: %w", f.graph, err)
	}
	if len(results) == 0 {
		return errors.New("eval: no similarity to score")
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(linkpred.NewReport(vectors, m.Name(), f.graph, f.exclude, results))
	}
	fmt.Fprintln(stdout, m.Header())
	task := "reconstruction"
	if exclude != nil {
		task = "link prediction (training edges " + f.exclude + " excluded)"
	}
	r0 := results[0]
	fmt.Fprintf(stdout, "%s on %s: %d edges from %d nodes among %d candidates; %d edges skipped (node without a vector)\n",
		task, f.graph, r0.Edges, r0.Sources, r0.Nodes, r0.Missing)
	fmt.Fprintf(stdout, "%-14s  %10s  %6s  %7s  %8s\n", "similarity", "mean rank", "MAP", "ROC-AUC", "seconds")
	for _, r := range results {
		fmt.Fprintf(stdout, "%-14s  %10.2f  %6.3f  %7.2f  %8.2f\n", r.Sim, r.MeanRank, r.MAP, 100*r.AUC, r.Elapsed.Seconds())
	}
	fmt.Fprintf(stdout, "total %.2fs on %d threads\n", time.Since(start).Seconds(), f.threads)
	return nil
}
