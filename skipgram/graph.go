package skipgram

import (
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram/graphdata"
	"github.com/wipsvec/wipsvec/vocab"
)

// A graph's data (its edges, degrees, settings and the lists its negatives
// avoid) is package graphdata's; this file is a graph as a run's input. A
// Job with a Graph learns one vector per node with the text trainer's
// machinery: Hogwild workers claiming blocks of edges as they claim blocks
// of text, the same kernels, learning-rate decay and negative sampling.
// Each edge is a positive pair (the only context of its centre), scored
// against Negative noise nodes; Window and Sample do not apply. The run
// trains a copy of the edges shuffled once, seeded, so that a block mixes
// the whole graph; with one thread it is bit-for-bit reproducible.
// Progress and Stats count trained pairs (directed edges) where a text
// counts tokens.

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
