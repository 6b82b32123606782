// Package graphdata is a graph as the trainer takes it: its edges between
// node ids, their weights, how they train (Settings), the nodes' degrees
// and the noise their negatives are drawn from. It is the graph's data, apart
// from the run that trains on it (package skipgram), so that what a graph
// is can be read, built and checked without the trainer's machinery; the
// lists its negatives avoid are in adjacency.go.
package graphdata

import (
	"errors"
	"fmt"
	"math"

	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/vocab"
)

// Graph is an edge list to embed: node ids in [0, Nodes), two per edge.
type Graph struct {
	Nodes   int
	Pairs   []int32   // Pairs[2i] -> Pairs[2i+1]
	Weights []float32 // one per edge scaling its learning rate, or nil (all 1)

	// Directed trains each edge u -> v once, u as the input row and v as
	// the target whose place the negatives take; otherwise each edge is
	// also trained v -> u, as an undirected graph needs.
	Directed bool
	// Noise is where the negatives come from: NoiseUnigram (node degree
	// raised to 0.75, word2vec's choice) or NoiseUniform (every node alike).
	Noise string
	// KeepLinkedNegatives lets a negative be a neighbour of its context,
	// or the context itself. By default such a draw is skipped, as Nickel
	// and Kiela sample negatives among non-neighbours: in a transitive closure a node high
	// in the hierarchy is linked to most nodes, and negatives drawn blindly
	// would push it away from its own descendants. Skipping costs an
	// adjacency list (4 bytes per edge end and per node) and a binary
	// search per draw.
	KeepLinkedNegatives bool

	// Vocab names the nodes, with their degrees, in id order: what a
	// snapshot records as the rows (New sets it).
	Vocab *vocab.Vocab

	// Share, in a run of several processes, is this one's (Rank of Of):
	// it trains that share of the edges once they are shuffled, the
	// degrees, noise and neighbours being the whole graph's.
	Share struct{ Rank, Of int }
}

// The negative-sampling distributions of a graph.
const (
	NoiseUnigram = "unigram"
	NoiseUniform = "uniform"
)

// The defaults of a graph's nodes and negatives: a graph keeps every node
// and draws its negatives uniformly (docs/graphs.md).
const (
	DefaultMinCount = 1
	DefaultNoise    = NoiseUniform
)

// Edges is the number of edges.
func (g *Graph) Edges() int { return len(g.Pairs) / 2 }

// Degrees counts the edges at each node, both ends counted.
func (g *Graph) Degrees() []int64 {
	d := make([]int64, g.Nodes)
	for _, id := range g.Pairs {
		d[id]++
	}
	return d
}

// Check refuses a graph that cannot train: too few nodes, no edge, an id
// out of range, a weight that is not a finite positive number or an
// unknown noise.
func (g *Graph) Check() error {
	switch {
	case g.Nodes < 2:
		return fmt.Errorf("graph has %d nodes; need at least 2", g.Nodes)
	case len(g.Pairs) == 0 || len(g.Pairs)%2 != 0:
		return fmt.Errorf("graph has %d node ids; need two per edge and at least one edge", len(g.Pairs))
	case g.Weights != nil && len(g.Weights) != g.Edges():
		return fmt.Errorf("graph has %d weights for %d edges", len(g.Weights), g.Edges())
	case g.Noise != NoiseUnigram && g.Noise != NoiseUniform:
		return fmt.Errorf("negative distribution %q: want %s or %s", g.Noise, NoiseUnigram, NoiseUniform)
	}
	for i, id := range g.Pairs {
		if id < 0 || int(id) >= g.Nodes {
			return fmt.Errorf("edge %d: node id %d outside [0, %d)", i/2, id, g.Nodes)
		}
	}
	for i, w := range g.Weights {
		if !(w > 0) || math.IsInf(float64(w), 0) {
			return fmt.Errorf("edge %d: weight %v is not a finite positive number", i, w)
		}
	}
	return nil
}

// New turns an edge list into the trainer's input: its nodes ordered
// as a vocabulary is (by degree, then name), so that the vectors file lists
// hubs first and the same graph always gets the same ids, with the nodes of
// degree below minCount dropped with their edges. The graph's other fields
// (Directed, Noise, ...) are left for the caller.
func New(e *cgraph.Edges, minCount int64) (*vocab.Vocab, *Graph, error) {
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
	g, err := NewWith(e, v)
	if err != nil {
		return nil, nil, fmt.Errorf("no edges left after -min-count %d", minCount)
	}
	return v, g, nil
}

// NewWith is New with the nodes of v, in its order: a graph resumed or
// continued with its checkpoint's nodes. An edge with a node v lacks is
// dropped.
func NewWith(e *cgraph.Edges, v *vocab.Vocab) (*Graph, error) {
	id := make([]int32, len(e.Nodes))
	for i, name := range e.Nodes {
		id[i] = -1
		if j, ok := v.ID([]byte(name)); ok {
			id[i] = j
		}
	}
	g := &Graph{Nodes: v.Len(), Vocab: v}
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
		return nil, errors.New("no edge has both nodes in the vocabulary")
	}
	return g, nil
}

// NodeCounts is the vocabulary of an edge list's nodes counted by degree:
// what New orders them by, and what a continued graph run merges with its
// checkpoint's nodes (vocab.Merge).
func NodeCounts(e *cgraph.Edges) (*vocab.Vocab, error) {
	return vocab.New(e.Nodes, e.Degrees())
}

// Settings are how a graph's edges train (Graph's fields of the same
// names), as a checkpoint records them.
type Settings struct {
	Directed            bool   `json:"directed,omitempty"`
	Noise               string `json:"noise"`
	KeepLinkedNegatives bool   `json:"keep_linked_negatives,omitempty"`
}

// Settings are how g's edges train.
func (g *Graph) Settings() Settings {
	return Settings{Directed: g.Directed, Noise: g.Noise, KeepLinkedNegatives: g.KeepLinkedNegatives}
}

// Info describes g for a sidecar.
func (g *Graph) Info() *embedding.GraphInfo {
	return &embedding.GraphInfo{Edges: g.Edges(), Directed: g.Directed, Weighted: g.Weights != nil,
		NegDist: g.Noise, KeepLinkedNegatives: g.KeepLinkedNegatives}
}

// Power is the exponent of the degrees the negatives are drawn by.
func (g *Graph) Power() float64 {
	if g.Noise == NoiseUniform {
		return 0
	}
	return 0.75
}

// PairsPerEdge is how many pairs an edge trains in an epoch: once if
// directed, both ways if not.
func (g *Graph) PairsPerEdge() int64 {
	if g.Directed {
		return 1
	}
	return 2
}

// RunBytes is what a run on g allocates beyond its pairs, which the caller
// holds: the shuffled copy of the edges it trains, and the adjacency lists
// that keep a context's neighbours from being drawn as its negatives.
func (g *Graph) RunBytes() int64 {
	n := 4 * int64(len(g.Pairs)+len(g.Weights))
	if !g.KeepLinkedNegatives {
		n += 4 * (int64(len(g.Pairs)) + 2*int64(g.Nodes) + 1)
	}
	return n
}

// Shuffle permutes the edges p (and their weights w) in place by
// Fisher-Yates.
func Shuffle(p []int32, w []float32, r kernel.RNG) {
	for i := len(p)/2 - 1; i > 0; i-- {
		j := int(r.Next() % uint64(i+1))
		p[2*i], p[2*j] = p[2*j], p[2*i]
		p[2*i+1], p[2*j+1] = p[2*j+1], p[2*i+1]
		if w != nil {
			w[i], w[j] = w[j], w[i]
		}
	}
}
