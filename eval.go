package main

import (
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/bench/linkpred"
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram/flagvalue"
	"github.com/wipsvec/wipsvec/skipgram/start"
)

// runEval runs "wipsvec eval".
func runEval(args []string, std stdio) error {
	fs := newFlags("eval", std)
	vectors := fs.String("vectors", "", "word vectors `FILE` (word2vec binary or text; sidecar FILE.json) or a fastText model (.bin)")
	asJSON := fs.Bool("json", false, "print the results as JSON (rho unscaled, NaN as null)")
	analogy := fs.String("analogy", "", "also run word2vec's analogy test on `FILE` (questions-words.txt or CSV; a name is looked up like a DATASET)")
	restrict := eval.DefaultAnalogyRestrict
	flagvalue.IntVar(fs.FlagSet, &restrict, "restrict", 1, 1<<31-1, "analogies: answer among this many most frequent `words`")
	gf := addEvalGraphFlags(fs)
	names, err := fs.parseOperands(args)
	if err != nil {
		return err
	}
	if err := fs.require("vectors"); err != nil {
		return err
	}
	if gf.graph != "" {
		return runEvalGraph(*vectors, names, *asJSON, gf, std)
	}
	suite, err := eval.FindSuite(names, *analogy, restrict)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	m, err := eval.LoadModel(*vectors)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	results, ar, err := suite.Run(m)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	if *asJSON {
		return eval.WriteJSON(std.out, m, suite.Paths, results, ar)
	}
	return eval.WriteTable(std.out, m, results, ar)
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
	flagvalue.IntVar(fs.FlagSet, &f.threads, "threads", 1, start.MaxThreadsArg, "graph: `threads` for the ranks")
	return f
}

// runEvalGraph is eval -graph: reconstruction (or, with -exclude, link
// prediction) scores of node vectors.
func runEvalGraph(vectors string, operands []string, asJSON bool, f *evalGraphFlags, std stdio) error {
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
	r := linkpred.NewReport(vectors, m.Name(), f.graph, f.exclude, results)
	if asJSON {
		return r.WriteJSON(std.out)
	}
	return r.WriteTable(std.out, m.Header(), time.Since(start), f.threads)
}
