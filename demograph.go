package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	bgraph "github.com/wipsvec/wipsvec/bench/graph"
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/corpus/wordnet"
	"github.com/wipsvec/wipsvec/skipgram"
)

// demoGraph finds the demo's graph: the WordNet mammal closure written by
// scripts/get-wordnet.sh, or built from an installed WordNet, or else the
// closure of a generated tree.
func demoGraph() (*cgraph.Edges, string, error) {
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

// runDemoGraph is the demo's graph part: IPS, WIPS and HSG embed a
// hierarchy, scored by reconstruction.
func runDemoGraph(ctx context.Context, stdout io.Writer, threads int) error {
	e, what, err := demoGraph()
	if err != nil {
		return err
	}
	f := &trainFlags{graph: "demo", set: map[string]bool{}, negDist: graphNegDist, opt: skipgram.DefaultOptions()}
	if err := graphDefaults(f); err != nil {
		return err
	}
	opt := f.opt
	opt.Dim, opt.Threads = 10, threads
	fmt.Fprintf(stdout, "\n1b. Graph embedding: %s, %d nodes, %d edges.\n", what, len(e.Nodes), e.Len())
	fmt.Fprintf(stdout, "    K = %d, %d epochs, %d negatives (%s, never a neighbour), %d threads; WIPS's lambda starts -lambda-init %s.\n",
		opt.Dim, opt.Iter, opt.Negative, f.negDist, opt.Threads, opt.LambdaInit)
	fmt.Fprintf(stdout, "    Reconstruction as Nickel and Kiela score it (train -graph and eval -graph do the same):\n\n")
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "model\tmean rank\tMAP\tROC-AUC\ttrain s\t")
	for _, kind := range []skipgram.Kind{skipgram.IPS, skipgram.WIPS, skipgram.HSG} {
		opt.Model = kind
		v, g, err := graphInput(e, 1)
		if err != nil {
			return err
		}
		g.Noise = f.negDist
		start := time.Now()
		m, _, err := skipgram.TrainGraph(ctx, g, opt)
		if err != nil {
			return err
		}
		secs := time.Since(start).Seconds()
		meta := skipgram.NewSidecar(m, opt, skipgram.Stats{}, skipgram.Source{})
		rs, err := bgraph.Evaluate(m.Vectors(v.Words), meta, e, nil, bgraph.Options{Threads: threads, Seed: 1})
		if err != nil {
			return err
		}
		r := rs[0]
		fmt.Fprintf(tw, "%s\t%.2f\t%.3f\t%.2f\t%.2f\t\n", kind, r.MeanRank, r.MAP, 100*r.AUC, secs)
	}
	tw.Flush()
	if _, err := os.Stat("/usr/share/wordnet/data.noun"); err == nil {
		fmt.Fprintf(stdout, "\n    The full noun closure: scripts/get-wordnet.sh, then train -graph data/wordnet/noun_closure.tsv.\n")
	}
	return nil
}
