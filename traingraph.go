package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/vocab"
)

// Defaults of train -graph where they differ from the text's: every node
// kept, more epochs (an epoch of a graph is short), and 10 negatives as
// Nickel and Kiela train, drawn uniformly. WIPS's lambda starts as on text,
// from the spectrum of the graph's shifted PMI (4 of 10 weights negative on
// the WordNet mammal closure, where IPDS is best with q from 3 to 5).
// Chosen on the mammal closure at K = 10 (see the README's Graphs section).
const (
	graphIter     = 200
	graphNegative = 10
	graphAlpha    = 0.025
	graphNegDist  = skipgram.NoiseUniform
)

// graphDefaults checks the flags of train -graph and applies its defaults to
// those not given.
func graphDefaults(f *trainFlags) error {
	for _, name := range []string{"train", "read-vocab", "batch", "window", "sample"} {
		if f.set[name] {
			return usageError{fmt.Errorf("train: -%s does not apply to -graph", name)}
		}
	}
	if f.negDist != skipgram.NoiseUnigram && f.negDist != skipgram.NoiseUniform {
		return usageError{fmt.Errorf("train: -neg-dist must be %s or %s, got %q", skipgram.NoiseUnigram, skipgram.NoiseUniform, f.negDist)}
	}
	if !f.set["min-count"] {
		f.minCount = 1
	}
	if !f.set["iter"] {
		f.opt.Iter = graphIter
	}
	if !f.set["negative"] {
		f.opt.Negative = graphNegative
	}
	if !f.set["alpha"] {
		f.opt.Alpha = graphAlpha
	}
	f.opt.Sample = 0
	return nil
}

// runTrainGraph is train -graph: it embeds the nodes of an edge list and
// writes them as train writes words, with a sidecar that says so.
func runTrainGraph(f *trainFlags, stderr io.Writer) error {
	for _, p := range []string{f.output, embedding.SidecarPath(f.output), f.saveVocab} {
		if err := checkWritable(p); err != nil {
			return err
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	start := time.Now()
	e, err := graph.ReadFile(f.graph)
	if err != nil {
		return err
	}
	v, g, err := graphInput(e, f.minCount)
	if err != nil {
		return fmt.Errorf("edge list %s: %w", f.graph, err)
	}
	g.Directed, g.Noise, g.KeepLinkedNegatives = f.directed, f.negDist, f.keepLinked
	opt := f.opt
	matrices := opt.Model.Views()
	stride := (opt.Dim + 15) / 16 * 16
	floor := int64(len(g.Pairs))*4 + int64(len(g.Weights))*4 + int64(matrices*v.Len()*stride)*4
	adjacency := ""
	if !g.KeepLinkedNegatives {
		floor += int64(len(g.Pairs)+v.Len()) * 4
		adjacency = ", the adjacency lists 8 more and 4 per node"
	}
	logf(stderr, f.quiet, "graph: %s; read in %.1fs\n", e.Summary(), time.Since(start).Seconds())
	if f.minCount > 1 {
		logf(stderr, f.quiet, "min-count %d: kept %d nodes and %d edges\n", f.minCount, v.Len(), g.Edges())
	}
	logf(stderr, f.quiet, "memory floor: %.1f MB (edges as node ids, 8 bytes each%s, plus the parameters)\n", float64(floor)/1e6, adjacency)
	if f.saveVocab != "" {
		if err := embedding.WriteFileAtomic(f.saveVocab, v.Write); err != nil {
			return fmt.Errorf("save vocabulary: %w", err)
		}
	}
	if !f.quiet {
		opt.Progress = newProgressLineOf(stderr, "edges")
	}
	m, st, err := skipgram.TrainGraph(ctx, g, opt)
	if err != nil {
		if ctx.Err() != nil {
			return errors.New("training interrupted; nothing written")
		}
		return err
	}
	if err := embedding.WriteVectors(f.output, m.Vectors(v.Words), f.binary == 1); err != nil {
		return err
	}
	meta := skipgram.NewSidecar(m, opt, st, skipgram.Source{MinCount: f.minCount,
		Corpus: embedding.CorpusInfo{Path: f.graph, Tokens: int64(g.Edges()), Vocab: v.Len()},
		Graph: &embedding.GraphInfo{Edges: g.Edges(), Directed: g.Directed, Weighted: g.Weights != nil,
			NegDist: g.Noise, KeepLinkedNegatives: g.KeepLinkedNegatives, SelfLoops: e.SelfLoops}})
	if m.Lambda != nil {
		logf(stderr, false, "wips: lambda start %s -> %s; %s\n", opt.LambdaInit, st.LambdaStart, embedding.SummarizeLambda(m.Lambda))
	}
	if err := embedding.WriteMeta(embedding.SidecarPath(f.output), meta); err != nil {
		os.Remove(f.output)
		return err
	}
	logf(stderr, false, "trained %s on %d nodes: %d edges in %.2fs, %.0f edges/sec (%d threads), loss %.4f; wrote %s and %s\n",
		m.Kind, v.Len(), st.Words, st.Elapsed.Seconds(), float64(st.Words)/st.Elapsed.Seconds(), opt.Threads,
		st.Loss, f.output, embedding.SidecarPath(f.output))
	return nil
}

// graphInput turns an edge list into the trainer's input: nodes ordered as a
// vocabulary is (by degree, then name), so that the vectors file lists hubs
// first and the same graph always gets the same ids, and nodes of degree
// below minCount dropped with their edges.
func graphInput(e *graph.Edges, minCount int64) (*vocab.Vocab, *skipgram.Graph, error) {
	deg := e.Degrees()
	var names []string
	var counts []int64
	for i, d := range deg {
		if d >= minCount {
			names = append(names, e.Nodes[i])
			counts = append(counts, d)
		}
	}
	v, err := vocab.New(names, counts)
	if err != nil {
		return nil, nil, err
	}
	id := make([]int32, len(e.Nodes))
	for i, name := range e.Nodes {
		id[i] = -1
		if j, ok := v.ID([]byte(name)); ok {
			id[i] = j
		}
	}
	g := &skipgram.Graph{Nodes: v.Len()}
	for i := range e.Len() {
		a, b := id[e.Pairs[2*i]], id[e.Pairs[2*i+1]]
		if a < 0 || b < 0 {
			continue
		}
		g.Pairs = append(g.Pairs, a, b)
		if e.Weights != nil {
			g.Weights = append(g.Weights, e.Weights[i])
		}
	}
	if g.Edges() == 0 {
		return nil, nil, fmt.Errorf("no edges left after -min-count %d", minCount)
	}
	return v, g, nil
}
