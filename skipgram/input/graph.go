package input

import (
	"errors"
	"math"
	"slices"

	"github.com/wipsvec/wipsvec/skipgram/checkpoint"
	"github.com/wipsvec/wipsvec/skipgram/graphdata"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/spectrum"
	"github.com/wipsvec/wipsvec/vocab"
)

// Graph is a graph's edges as a run's data: blocks of edges of a shuffled
// copy, the caller's edges left as they are.
type Graph struct{ G *graphdata.Graph }

// EdgeBlocks are what the workers of a graph's run share: a shuffled copy
// of its edges cut into blocks.
type EdgeBlocks struct {
	Pairs    []int32
	Weights  []float32
	Block    int // edges per block
	Directed bool
	Adj      *graphdata.Adjacency // nil with KeepLinkedNegatives
}

// GraphRefuses refuses what u asks of a graph's run that only text has:
// the one place these refusals are worded, for the trainer and the command
// line alike.
func GraphRefuses(u Uses) error {
	switch {
	case u.CBOW:
		return errors.New("-cbow 1 does not apply to -graph: an edge is one pair, with no window of contexts to average")
	case u.HS:
		return errors.New("-hs 1 does not apply to -graph: a graph's nodes are scored against noise nodes (-negative)")
	case u.Subwords:
		return errors.New("-maxn does not apply to -graph: a graph's node names are not words made of character n-grams")
	}
	return nil
}

// Check refuses what a graph cannot train (an architecture for text, a
// graph that does not check, nodes without the names the run needs).
func (in Graph) Check(u Uses) error {
	if err := GraphRefuses(u); err != nil {
		return err
	}
	g := in.G
	if err := g.Check(); err != nil {
		return err
	}
	named := g.Vocab != nil && g.Vocab.Len() == g.Nodes
	switch {
	case u.Snapshots && !named:
		return errors.New("a graph run that snapshots needs its nodes' names (Graph.Vocab, as NewGraph sets it)")
	case u.Start && g.Vocab == nil:
		return errors.New("a graph run that starts from vectors needs its nodes' names (Graph.Vocab, as NewGraph sets it)")
	}
	return nil
}

func (in Graph) Rows() int  { return in.G.Nodes }
func (in Graph) Edges() int { return in.G.Edges() }
func (in Graph) Fingerprint() checkpoint.Fingerprint {
	return checkpoint.EdgesFingerprint(in.G.Pairs, in.G.Weights, in.G.Nodes)
}

// Spectrum is the spectral start on the graph's edges
// (spectrum.GraphNegatives); a graph has no window.
func (in Graph) Spectrum(k, negative, _ int) (int, []float64, error) {
	g := in.G
	e := spectrum.Edges{Nodes: g.Nodes, Pairs: g.Pairs, Weights: g.Weights, Degrees: g.Degrees(), Directed: g.Directed}
	return spectrum.GraphNegatives(e, k, negative, g.Power())
}

// Attach gives the run a copy of the edges shuffled once, seeded, cut into
// the layout's blocks, Iter passes over them in all.
func (in Graph) Attach(l Layout) (*Work, error) {
	g := in.G
	eb := &EdgeBlocks{Pairs: slices.Clone(g.Pairs), Weights: slices.Clone(g.Weights), Block: l.Block, Directed: g.Directed}
	graphdata.Shuffle(eb.Pairs, eb.Weights, kernel.NewRNG(l.Seed, math.MaxUint64-1))
	edges := g.Edges()
	if s := g.Share; s.Of > 1 {
		lo, hi := edges*s.Rank/s.Of, edges*(s.Rank+1)/s.Of
		eb.Pairs = eb.Pairs[2*lo : 2*hi]
		if eb.Weights != nil {
			eb.Weights = eb.Weights[lo:hi]
		}
		edges = hi - lo
	}
	if !g.KeepLinkedNegatives {
		eb.Adj = graphdata.NewAdjacency(g)
	}
	return &Work{Edges: eb, Noise: vocab.NewNoise(g.Degrees(), g.Power()),
		Total: int64(l.Iter) * g.PairsPerEdge() * int64(edges),
		Sched: hogwild.NewSchedule((edges+l.Block-1)/l.Block, l.Lanes, l.Iter)}, nil
}
