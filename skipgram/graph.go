package skipgram

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram/checkpoint"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
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
	// snapshot records as the rows (NewGraph sets it).
	Vocab *vocab.Vocab
}

// The negative-sampling distributions of a graph.
const (
	NoiseUnigram = "unigram"
	NoiseUniform = "uniform"
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

func (g *Graph) check() error {
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

// The defaults of a graph's nodes and negatives (see DefaultGraphOptions).
const (
	DefaultGraphMinCount = 1
	DefaultGraphNoise    = NoiseUniform
)

// NewGraph turns an edge list into the trainer's input: its nodes ordered
// as a vocabulary is (by degree, then name), so that the vectors file lists
// hubs first and the same graph always gets the same ids, with the nodes of
// degree below minCount dropped with their edges. The graph's other fields
// (Directed, Noise, ...) are left for the caller.
func NewGraph(e *cgraph.Edges, minCount int64) (*vocab.Vocab, *Graph, error) {
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
	g, err := NewGraphWith(e, v)
	if err != nil {
		return nil, nil, fmt.Errorf("no edges left after -min-count %d", minCount)
	}
	return v, g, nil
}

// NewGraphWith is NewGraph with the nodes of v, in its order: a graph
// resumed or continued with its checkpoint's nodes. An edge with a node v
// lacks is dropped.
func NewGraphWith(e *cgraph.Edges, v *vocab.Vocab) (*Graph, error) {
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

// Degrees is the vocabulary of an edge list's nodes counted by degree: what
// NewGraph orders them by, and what a continued graph run merges with its
// checkpoint's nodes (vocab.Merge).
func Degrees(e *cgraph.Edges) (*vocab.Vocab, error) {
	return vocab.New(e.Nodes, e.Degrees())
}

// graphRun is what the workers of a graph training share besides run's
// state: the shuffled edges cut into blocks.
type graphRun struct {
	pairs    []int32
	weights  []float32
	block    int // edges per block
	directed bool
	adj      *adjacency // nil with KeepLinkedNegatives
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

// GraphSettings are how a graph's edges train (Graph's fields of the same
// names), as a checkpoint records them.
type GraphSettings struct {
	Directed            bool   `json:"directed,omitempty"`
	Noise               string `json:"noise"`
	KeepLinkedNegatives bool   `json:"keep_linked_negatives,omitempty"`
}

// Settings are how g's edges train.
func (g *Graph) Settings() GraphSettings {
	return GraphSettings{Directed: g.Directed, Noise: g.Noise, KeepLinkedNegatives: g.KeepLinkedNegatives}
}

// info describes g for a sidecar.
func (g *Graph) info() *embedding.GraphInfo {
	return &embedding.GraphInfo{Edges: g.Edges(), Directed: g.Directed, Weighted: g.Weights != nil,
		NegDist: g.Noise, KeepLinkedNegatives: g.KeepLinkedNegatives}
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
	if err := g.check(); err != nil {
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

// power is the exponent of the degrees the negatives are drawn by.
func (in graphInput) power() float64 {
	if in.g.Noise == NoiseUniform {
		return 0
	}
	return 0.75
}

func (in graphInput) data(*Options) data {
	return data{spectrum: func(k, negative int) (int, []float64, error) {
		return graphSpectralNegatives(in.g, k, negative, in.power())
	}}
}

// attach gives r a copy of the edges shuffled once, seeded, cut into the
// plan's blocks, Iter passes over them in all.
func (in graphInput) attach(r *run) error {
	g, p := in.g, r.plan
	perEdge := int64(2)
	if g.Directed {
		perEdge = 1
	}
	gr := &graphRun{pairs: slices.Clone(g.Pairs), weights: slices.Clone(g.Weights), block: p.Block, directed: g.Directed}
	shuffleEdges(gr.pairs, gr.weights, kernel.NewRNG(p.Seed, math.MaxUint64-1))
	if !g.KeepLinkedNegatives {
		gr.adj = newAdjacency(g)
	}
	r.graph = gr
	r.noise = vocab.NewNoise(g.Degrees(), in.power())
	r.total = int64(p.Iter) * perEdge * int64(g.Edges())
	r.sched = hogwild.NewSchedule((g.Edges()+p.Block-1)/p.Block, p.Lanes, p.Iter)
	return nil
}

// adjacency holds, for every node, itself and its neighbours in either
// direction, sorted: the nodes never drawn as negatives of that node as a
// context (a node against itself would only shrink its own norm). The lists
// share one array, node i's being all[off[i]:off[i+1]].
type adjacency struct {
	off []int32
	all []int32
}

func newAdjacency(g *Graph) *adjacency {
	a := &adjacency{off: make([]int32, g.Nodes+1), all: make([]int32, len(g.Pairs)+g.Nodes)}
	for i, d := range g.Degrees() {
		a.off[i+1] = a.off[i] + int32(d) + 1
	}
	fill := slices.Clone(a.off[:g.Nodes])
	add := func(u, v int32) {
		a.all[fill[u]] = v
		fill[u]++
	}
	for i := range int32(g.Nodes) {
		add(i, i)
	}
	for i := 0; i < len(g.Pairs); i += 2 {
		u, v := g.Pairs[i], g.Pairs[i+1]
		add(u, v)
		add(v, u)
	}
	for i := range g.Nodes {
		slices.Sort(a.list(int32(i)))
	}
	return a
}

// list returns node u's sorted list.
func (a *adjacency) list(u int32) []int32 { return a.all[a.off[u]:a.off[u+1]] }

// linked reports whether v is u or a neighbour of u, ownU being u's list.
// The relation is symmetric, so it searches the shorter of the two lists:
// a hub's list (the root of a hierarchy is linked to every node) costs a
// binary search of many cache lines, a leaf's one or two.
func (a *adjacency) linked(u int32, ownU []int32, v int32) bool {
	if lo, hi := a.off[v], a.off[v+1]; int(hi-lo) < len(ownU) {
		return sortedHas(a.all[lo:hi], u)
	}
	return sortedHas(ownU, v)
}

// sortedHas reports whether the ascending a holds x. It is slices.BinarySearch
// written out for the negative draws, where the generic one measured no
// faster (0 to 7% slower in BenchmarkTrainGraph).
func sortedHas(a []int32, x int32) bool {
	lo, hi := 0, len(a)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if a[m] < x {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(a) && a[lo] == x
}

// shuffleEdges permutes the edges p (and their weights w) in place by
// Fisher-Yates.
func shuffleEdges(p []int32, w []float32, r kernel.RNG) {
	for i := len(p)/2 - 1; i > 0; i-- {
		j := int(r.Next() % uint64(i+1))
		p[2*i], p[2*j] = p[2*j], p[2*i]
		p[2*i+1], p[2*j+1] = p[2*j+1], p[2*i+1]
		if w != nil {
			w[i], w[j] = w[j], w[i]
		}
	}
}
