package skipgram

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/wipsvec/wipsvec/vocab"
)

// Graph is an edge list to embed: node ids in [0, Nodes), two per edge.
type Graph struct {
	Nodes   int
	Pairs   []int32   // Pairs[2i] -> Pairs[2i+1]; TrainGraph shuffles the edges in place
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

// graphRun is what the workers of a graph training share besides run's
// state: the shuffled edges cut into blocks.
type graphRun struct {
	pairs    []int32
	weights  []float32
	block    int // edges per block
	directed bool
	adj      [][]int32 // each node and its neighbours, either direction, sorted; nil with KeepLinkedNegatives
}

// TrainGraph learns one vector per node of g under opt's model, with the
// text trainer's machinery: Hogwild workers claiming blocks of edges as they
// claim blocks of text, the same kernels, learning-rate decay, negative
// sampling and model. Each edge is a positive pair (the only context of its
// centre), scored against opt.Negative noise nodes; Window and Sample do not
// apply. The edges are shuffled once, seeded, so that a block mixes the whole
// graph; with Threads == 1 the run is bit-for-bit reproducible.
//
// Progress and Stats count trained pairs (directed edges) where text counts
// tokens.
func TrainGraph(ctx context.Context, g *Graph, opt Options) (*Model, Stats, error) {
	if err := opt.Validate(); err != nil {
		return nil, Stats{}, err
	}
	if opt.Batch {
		return nil, Stats{}, errors.New("-batch shares negatives across a text window; it does not apply to graphs")
	}
	if err := g.check(); err != nil {
		return nil, Stats{}, err
	}
	power := 0.75
	if g.Noise == NoiseUniform {
		power = 0
	}
	var spectrum []float64
	if opt.Model == WIPS && opt.FixedLambda == nil && opt.LambdaInit == "spectral" {
		q, eig, err := graphSpectralNegatives(g, opt.Dim, opt.Negative, power)
		if err != nil {
			return nil, Stats{}, err
		}
		opt.LambdaInit, spectrum = "neg:"+strconv.Itoa(q), eig
	}
	m := NewModel(opt, g.Nodes)
	shuffleEdges(g, newRNG(opt.Seed, math.MaxUint64-1))
	perEdge := int64(2)
	if g.Directed {
		perEdge = 1
	}
	edges := g.Edges()
	// Blocks small enough that every thread gets several even on a small
	// graph, large enough that the claim counter stays cold on a big one.
	size := max(64, min(16384, edges/(16*opt.Threads)))
	gr := &graphRun{pairs: g.Pairs, weights: g.Weights, block: size, directed: g.Directed}
	if !g.KeepLinkedNegatives {
		gr.adj = adjacency(g)
	}
	nblocks := (edges + size - 1) / size
	r := &run{
		opt:   &opt,
		model: m,
		noise: vocab.NewNoise(g.Degrees(), power),
		sig:   newSigmoidTable(),
		total: int64(opt.Iter) * perEdge * int64(edges),
		sched: newSchedule(nblocks, opt.Threads, opt.Iter),
		graph: gr,
	}
	st, err := r.execute(ctx)
	return finish(m, st, err, opt, spectrum)
}

// adjacency returns, for every node, itself and its neighbours in either
// direction, sorted, in one backing array: the nodes never drawn as
// negatives of that node as a context (a node against itself would only
// shrink its own norm).
func adjacency(g *Graph) [][]int32 {
	deg := g.Degrees()
	all := make([]int32, len(g.Pairs)+g.Nodes)
	adj := make([][]int32, g.Nodes)
	off := 0
	for i, d := range deg {
		adj[i] = append(all[off:off:off+int(d)+1], int32(i))
		off += int(d) + 1
	}
	for i := 0; i < len(g.Pairs); i += 2 {
		u, v := g.Pairs[i], g.Pairs[i+1]
		adj[u] = append(adj[u], v)
		adj[v] = append(adj[v], u)
	}
	for i := range adj {
		slices.Sort(adj[i])
	}
	return adj
}

// drawTargetsAvoiding is drawTargets for a graph context: a draw that is
// the centre or in w.avoid (the context and its neighbours) is skipped.
func (w *worker) drawTargetsAvoiding(t []int32, center int32) []int32 {
	t = append(t, center)
	for range w.r.opt.Negative {
		if n := w.r.noise.Sample(w.rng.next()); n != center && !sortedHas(w.avoid, n) {
			t = append(t, n)
		}
	}
	return t
}

// sortedHas reports whether the ascending a holds x.
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

// shuffleEdges permutes g's edges (and their weights) by Fisher-Yates.
func shuffleEdges(g *Graph, r rng) {
	p, w := g.Pairs, g.Weights
	for i := g.Edges() - 1; i > 0; i-- {
		j := int(r.next() % uint64(i+1))
		p[2*i], p[2*j] = p[2*j], p[2*i]
		p[2*i+1], p[2*j+1] = p[2*j+1], p[2*i+1]
		if w != nil {
			w[i], w[j] = w[j], w[i]
		}
	}
}

// graphPublish is how many pairs a worker trains between publishing its
// loss to the progress reporter.
const graphPublish = 256

// trainEdges trains the edges of block b; false if the run was stopped. An
// edge u -> v is the window of centre v with the single context u (and, for
// an undirected graph, of centre u with context v), so every model's kernel
// applies unchanged.
func (w *worker) trainEdges(g *graphRun, b int) bool {
	lo := b * g.block
	hi := min(lo+g.block, len(g.pairs)/2)
	ctx := w.ctxs[:1]
	alpha := w.alpha
	var loss float64
	n := 0
	for i := lo; i < hi; i++ {
		u, v := g.pairs[2*i], g.pairs[2*i+1]
		a := alpha
		if g.weights != nil {
			a *= g.weights[i]
		}
		ctx[0] = u
		if g.adj != nil {
			w.avoid = g.adj[u]
		}
		loss += float64(w.kernel.window(w, v, ctx, a))
		n++
		if !g.directed {
			ctx[0] = v
			if g.adj != nil {
				w.avoid = g.adj[v]
			}
			loss += float64(w.kernel.window(w, u, ctx, a))
			n++
		}
		if n >= graphPublish || i == hi-1 {
			w.publish(loss, n)
			loss, n = 0, 0
			if !w.checkpoint() {
				return false
			}
			alpha = w.alpha
		}
	}
	return true
}

// publish records n trained pairs and their loss, as trainSentence does for
// a sentence.
func (w *worker) publish(loss float64, n int) {
	w.pendingWords += int64(n)
	w.pairs += int64(n)
	w.pendingLambda += int64(n)
	w.epochLoss += loss
	w.epochPairs += float64(n)
	w.pub.loss.Store(math.Float64bits(math.Float64frombits(w.pub.loss.Load()) + loss))
	w.pub.pairs.Add(int64(n))
}

// Dot32 is the inner product of two rows with the trainer's kernel (AVX2
// and FMA where the CPU has them), for scoring many pairs fast. The slices
// must have the same length.
func Dot32(a, b []float32) float32 { return dot(a, b) }

// Axpy32 adds a*x to y with the trainer's kernel. The slices must have the
// same length.
func Axpy32(y, x []float32, a float32) { axpy(y, x, a) }
