package demo

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/wipsvec/wipsvec/bench/linkpred"
	"github.com/wipsvec/wipsvec/bench/planted"
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/corpus/wordnet"
	"github.com/wipsvec/wipsvec/skipgram"
)

// This file is the demo's second part, what the general similarity models
// are for, with nothing but the code: a planted indefinite similarity,
// then a hierarchy embedded as a graph.

// Planted is the planted-similarity demo, then the graph demo, reported on
// w; the graph's models train on threads threads.
func Planted(ctx context.Context, w io.Writer, threads int) error {
	e := planted.DefaultPlantedExperiment()
	fmt.Fprintf(w, "\nPlanted similarity: %d words on two circles, h(i,j) = r^2 cos(theta_i-theta_j) - r^2 cos(phi_i-phi_j)\n",
		e.Planted.Words)
	fmt.Fprintf(w, "   (two negative eigenvalues: no inner product of real vectors can express it).\n")
	fmt.Fprintf(w, "   %d co-occurring pairs; K = %d, %d epochs, 1 thread; WIPS's lambda starts -lambda-init %s.\n",
		e.Sentences, e.Train.Dim, e.Train.Iter, e.Train.LambdaInit)
	fmt.Fprintf(w, "   How well each model recovers h:\n\n")
	fmt.Fprintf(w, "  %5s  %24s  %12s\n", "model", "Spearman(model, planted)", "held-out AUC")
	e.Done = func(r planted.PlantedRun) {
		fmt.Fprintf(w, "  %5s  %24.3f  %12.3f\n", r.Model, r.Fit.Spearman, r.Fit.AUC)
	}
	_, runs, err := e.Run(ctx)
	if err != nil {
		return fmt.Errorf("demo: planted similarity: %w", err)
	}
	for _, r := range runs {
		if r.Lambda != nil {
			fmt.Fprintf(w, "\n   WIPS learned lambda (%d of %d negative): %s\n", countNegative(r.Lambda), len(r.Lambda), formatLambda(r.Lambda))
		}
	}
	return Graph(ctx, w, threads)
}

// countNegative is how many of WIPS's weights l are negative.
func countNegative(l []float32) int {
	n := 0
	for _, x := range l {
		if x < 0 {
			n++
		}
	}
	return n
}

// formatLambda writes WIPS's weights l as a tuple, each signed to two
// decimals.
func formatLambda(l []float32) string {
	parts := make([]string, len(l))
	for i, x := range l {
		parts[i] = fmt.Sprintf("%+.2f", x)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// edges finds the demo's graph: the WordNet mammal closure written by
// scripts/get-wordnet.sh, or built from an installed WordNet, or else the
// closure of a generated tree. It says which.
func edges() (*cgraph.Edges, string, error) {
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

// Graph is the demo's graph part: IPS, WIPS and HSG embed a hierarchy,
// scored by reconstruction, a row on w as each model finishes.
func Graph(ctx context.Context, w io.Writer, threads int) error {
	e, what, err := edges()
	if err != nil {
		return err
	}
	opt := skipgram.DefaultGraphOptions()
	opt.Dim, opt.Threads = 10, threads
	fmt.Fprintf(w, "\nGraph embedding: %s, %d nodes, %d edges.\n", what, len(e.Nodes), e.Len())
	fmt.Fprintf(w, "    K = %d, %d epochs, %d negatives (%s, never a neighbour), %d threads; WIPS's lambda starts -lambda-init %s.\n",
		opt.Dim, opt.Iter, opt.Negative, skipgram.DefaultGraphNoise, opt.Threads, opt.LambdaInit)
	fmt.Fprintf(w, "    Reconstruction as Nickel and Kiela score it (train -graph and eval -graph do the same):\n\n")
	fmt.Fprintf(w, "  %5s  %10s  %6s  %8s  %8s\n", "model", "mean rank", "MAP", "ROC-AUC", "train s")
	for _, kind := range []skipgram.Kind{skipgram.IPS, skipgram.WIPS, skipgram.HSG} {
		opt.Model = kind
		r, secs, err := reconstruct(ctx, e, opt)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "  %5s  %10.2f  %6.3f  %8.2f  %8.2f\n", kind, r.MeanRank, r.MAP, 100*r.AUC, secs)
	}
	if _, err := os.Stat("/usr/share/wordnet/data.noun"); err == nil {
		fmt.Fprintf(w, "\n    The full noun closure: scripts/get-wordnet.sh, then train -graph data/wordnet/noun_closure.tsv.\n")
	}
	return nil
}

// reconstruct trains opt.Model on the graph e and scores how well its
// vectors reconstruct e; secs is the training time.
func reconstruct(ctx context.Context, e *cgraph.Edges, opt skipgram.Options) (r linkpred.Result, secs float64, err error) {
	_, g, err := skipgram.NewGraph(e, skipgram.DefaultGraphMinCount)
	if err != nil {
		return r, 0, err
	}
	g.Noise = skipgram.DefaultGraphNoise
	start := time.Now()
	res, err := (&skipgram.Job{Options: opt, Graph: g}).Train(ctx)
	if err != nil {
		return r, 0, err
	}
	secs = time.Since(start).Seconds()
	rs, err := linkpred.Evaluate(res.Vectors(), res.Meta, e, nil, linkpred.Options{Threads: opt.Threads, Seed: 1})
	if err != nil {
		return r, 0, err
	}
	return rs[0], secs, nil
}
