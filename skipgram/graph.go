package skipgram

import (
	"context"
	"errors"
	"math"
	"slices"

	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram/checkpoint"
	"github.com/wipsvec/wipsvec/skipgram/graphdata"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/vocab"
)

// A graph's data (its edges, degrees, settings and the lists its negatives
// avoid) is package graphdata's; this file is a graph as a run's input.

// Graph is an edge list to embed (graphdata.Graph).
type Graph = graphdata.Graph

// GraphSettings are how a graph's edges train, as a checkpoint records
// them (graphdata.Settings).
type GraphSettings = graphdata.Settings

// The negative-sampling distributions of a graph, and the defaults of its
// nodes and negatives (see DefaultGraphOptions).
const (
	NoiseUnigram         = graphdata.NoiseUnigram
	NoiseUniform         = graphdata.NoiseUniform
	DefaultGraphMinCount = graphdata.DefaultMinCount
	DefaultGraphNoise    = graphdata.DefaultNoise
)

// DefaultGraphOptions are the defaults of training on a graph, where they
// differ from a text's: more epochs (an epoch of a graph is short), 10
// negatives as Nickel and Kiela train, and no subsampling. Chosen on the
// WordNet mammal closure at K = 10 (docs/graphs.md). A graph also keeps
// every node (DefaultGraphMinCount) and draws its negatives uniformly
// (DefaultGraphNoise).
func DefaultGraphOptions() Options {
	o := DefaultOptions()
	o.Iter, o.Negative, o.Sample = 200, 10, 0
	o.Batch = false // each pair is its own window
	return o
}

// NewGraph turns an edge list into the trainer's input (graphdata.New).
func NewGraph(e *cgraph.Edges, minCount int64) (*vocab.Vocab, *Graph, error) {
	return graphdata.New(e, minCount)
}

// NewGraphWith is NewGraph with the nodes of v (graphdata.NewWith).
func NewGraphWith(e *cgraph.Edges, v *vocab.Vocab) (*Graph, error) { return graphdata.NewWith(e, v) }

// Degrees is the vocabulary of an edge list's nodes counted by degree
// (graphdata.NodeCounts).
func Degrees(e *cgraph.Edges) (*vocab.Vocab, error) { return graphdata.NodeCounts(e) }

// graphRun is what the workers of a graph training share besides run's
// state: the shuffled edges cut into blocks.
type graphRun struct {
	pairs    []int32
	weights  []float32
	block    int // edges per block
	directed bool
	adj      *graphdata.Adjacency // nil with KeepLinkedNegatives
}

// TrainGraph learns one vector per node of g under opt's model, with the
// text trainer's machinery: Hogwild workers claiming blocks of edges as they
// claim blocks of text, the same kernels, learning-rate decay, negative
// sampling and model. Each edge is a positive pair (the only context of its
// centre), scored against opt.Negative noise nodes; Window and Sample do not
// apply. The run trains a copy of the edges shuffled once, seeded, so that a
// block mixes the whole graph; with Threads == 1 it is bit-for-bit
// reproducible. It is the Job of that graph.
//
// Progress and Stats count trained pairs (directed edges) where text counts
// tokens.
func TrainGraph(ctx context.Context, g *Graph, opt Options) (*Model, Stats, error) {
	return trainJob(ctx, &Job{Options: opt, Graph: g})
}

// graphInput is a graph's edges as a run's data: blocks of edges of a
// shuffled copy.
type graphInput struct {
	g         *Graph
	start     bool // the run starts from vectors: it needs the nodes' names
	snapshots bool // the run resumes or snapshots: it needs them too
}

func (in graphInput) check(o *Options) error {
	switch {
	case o.CBOW:
		return errors.New("-cbow 1 has no meaning on a graph: an edge is one pair, with no window of contexts to average")
	case o.HS:
		return errors.New("-hs 1 is for text: a graph's nodes are scored against noise nodes (-negative)")
	case o.Subwords.Enabled():
		return errors.New("-maxn is for text: a graph's node names are not words made of character n-grams")
	}
	g := in.g
	if err := g.Check(); err != nil {
		return err
	}
	named := g.Vocab != nil && g.Vocab.Len() == g.Nodes
	switch {
	case in.snapshots && !named:
		return errors.New("a graph run that snapshots needs its nodes' names (Graph.Vocab, as NewGraph sets it)")
	case in.start && g.Vocab == nil:
		return errors.New("a graph run that starts from vectors needs its nodes' names (Graph.Vocab, as NewGraph sets it)")
	}
	return nil
}

func (in graphInput) rows() int  { return in.g.Nodes }
func (in graphInput) edges() int { return in.g.Edges() }
func (in graphInput) fingerprint() Fingerprint {
	return checkpoint.EdgesFingerprint(in.g.Pairs, in.g.Weights, in.g.Nodes)
}

func (in graphInput) data(*Options) data {
	return data{spectrum: func(k, negative int) (int, []float64, error) {
		return graphSpectralNegatives(in.g, k, negative, in.g.Power())
	}}
}

// attach gives r a copy of the edges shuffled once, seeded, cut into the
// plan's blocks, Iter passes over them in all.
func (in graphInput) attach(r *run) error {
	g, p := in.g, r.plan
	gr := &graphRun{pairs: slices.Clone(g.Pairs), weights: slices.Clone(g.Weights), block: p.Block, directed: g.Directed}
	graphdata.Shuffle(gr.pairs, gr.weights, kernel.NewRNG(p.Seed, math.MaxUint64-1))
	if !g.KeepLinkedNegatives {
		gr.adj = graphdata.NewAdjacency(g)
	}
	r.graph = gr
	r.noise = vocab.NewNoise(g.Degrees(), in.g.Power())
	r.total = int64(p.Iter) * g.PairsPerEdge() * int64(g.Edges())
	r.sched = hogwild.NewSchedule((g.Edges()+p.Block-1)/p.Block, p.Lanes, p.Iter)
	return nil
}
