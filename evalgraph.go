package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"time"

	bgraph "github.com/wipsvec/wipsvec/bench/graph"
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
)

// evalGraphFlags are eval's flags for scoring node vectors on a graph.
type evalGraphFlags struct {
	graph, exclude string
	seed           uint64
	threads        int
}

func addEvalGraphFlags(fs *flag.FlagSet) *evalGraphFlags {
	f := &evalGraphFlags{}
	fs.StringVar(&f.graph, "graph", "", "score node vectors on this edge list `FILE`: mean rank, MAP and ROC-AUC (reconstruction; link prediction with -exclude)")
	fs.StringVar(&f.exclude, "exclude", "", "graph: the training edges `FILE`, neither scored nor counted as non-edges (link prediction)")
	fs.Uint64Var(&f.seed, "seed", 1, "graph: seed of the non-edges sampled for the AUC")
	fs.IntVar(&f.threads, "threads", runtime.NumCPU(), "graph: threads for the ranks")
	return f
}

// runEvalGraph is eval -graph: reconstruction (or, with -exclude, link
// prediction) scores of node vectors.
func runEvalGraph(vectors string, operands []string, asJSON bool, f *evalGraphFlags, stdout io.Writer) error {
	if len(operands) > 0 {
		return usageError{fmt.Errorf("eval: -graph takes no DATASET (got %q)", operands[0])}
	}
	if f.threads < 1 {
		return usageError{fmt.Errorf("eval: -threads must be at least 1, got %d", f.threads)}
	}
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
	m, err := loadEvalModel(vectors)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	start := time.Now()
	results, err := bgraph.Evaluate(m.vec, m.meta, test, exclude, bgraph.Options{Threads: f.threads, Seed: f.seed})
	if err != nil {
		return fmt.Errorf("eval: %s: %w", f.graph, err)
	}
	if len(results) == 0 {
		return errors.New("eval: no similarity to score")
	}
	if asJSON {
		type row struct {
			Sim      string  `json:"sim"`
			MeanRank float64 `json:"mean_rank"`
			MAP      float64 `json:"map"`
			AUC      float64 `json:"auc"`
			Edges    int     `json:"edges"`
			Sources  int     `json:"sources"`
			Nodes    int     `json:"nodes"`
			Missing  int     `json:"missing"`
			Seconds  float64 `json:"seconds"`
		}
		out := struct {
			Vectors string `json:"vectors"`
			Model   string `json:"model"`
			Graph   string `json:"graph"`
			Exclude string `json:"exclude,omitempty"`
			Results []row  `json:"results"`
		}{Vectors: vectors, Model: m.modelName(), Graph: f.graph, Exclude: f.exclude}
		for _, r := range results {
			out.Results = append(out.Results, row{r.Sim, r.MeanRank, r.MAP, r.AUC, r.Edges, r.Sources, r.Nodes, r.Missing, r.Elapsed.Seconds()})
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	fmt.Fprintln(stdout, m.header())
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
