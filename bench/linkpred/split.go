package linkpred

import (
	"fmt"
	"math"

	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// SplitOptions configures Split.
type SplitOptions struct {
	TestFrac float64 // share of the edges (or, ByNode, of the nodes) held out
	Seed     uint64
	// ByNode holds out the edges of a random TestFrac of the nodes (at
	// least one) rather than random edges, all but one edge of each: the
	// test then asks about nodes the training saw through that edge only
	// (the models are transductive: a node without edges has no vector).
	ByNode bool
}

// SplitStats says what Split did.
type SplitStats struct {
	Train, Test int
	Duplicates  int // repeated edges (either direction) dropped, so that no edge is both trained and tested
	Kept        int // edges drawn for the test but kept for training, as the last edge of a node
}

// Split divides the distinct edges of e into training and test edges for
// link prediction. Edges are drawn in a seeded random order; a drawn edge
// goes to the test unless it is the last training edge of one of its nodes,
// since a node without training edges gets no vector. Both parts keep e's
// nodes, weights and order.
func Split(e *cgraph.Edges, opt SplitOptions) (train, test *cgraph.Edges, st SplitStats, err error) {
	if !(opt.TestFrac > 0 && opt.TestFrac < 1) {
		return nil, nil, st, fmt.Errorf("test fraction %g outside (0, 1)", opt.TestFrac)
	}
	keep, deg, dups := distinctEdges(e)
	st.Duplicates = dups
	var r kernel.RNG
	r.SetState(opt.Seed)
	order := make([]int, len(keep))
	copy(order, keep)
	shuffle(&r, order)
	var chosen []bool
	want := int(math.Round(opt.TestFrac * float64(len(keep))))
	if opt.ByNode {
		chosen = chooseNodes(&r, len(e.Nodes), opt.TestFrac)
		want = len(keep)
	}
	held, kept := holdOut(e, order, chosen, deg, want)
	st.Kept = kept
	train, test = partition(e, keep, held)
	st.Train, st.Test = train.Len(), test.Len()
	if st.Test == 0 {
		return nil, nil, st, fmt.Errorf("no edge could be held out (%d edges; every node would lose its last one)", len(keep))
	}
	return train, test, st, nil
}

// distinctEdges returns the indices of e's distinct edges, u -> v and
// v -> u counting as one, in e's order; the degree of every node over
// them; and the number of repeats left out.
func distinctEdges(e *cgraph.Edges) (keep, deg []int, dups int) {
	seen := make(map[uint64]bool, e.Len())
	deg = make([]int, len(e.Nodes))
	for i := range e.Len() {
		u, v := e.Pairs[2*i], e.Pairs[2*i+1]
		key := uint64(min(u, v))<<32 | uint64(max(u, v))
		if seen[key] {
			dups++
			continue
		}
		seen[key] = true
		keep = append(keep, i)
		deg[u]++
		deg[v]++
	}
	return keep, deg, dups
}

// shuffle puts a in a random order drawn from r (Fisher-Yates).
func shuffle(r *kernel.RNG, a []int) {
	for i := len(a) - 1; i > 0; i-- {
		j := int(r.Below(uint32(i + 1)))
		a[i], a[j] = a[j], a[i]
	}
}

// chooseNodes draws a random frac of the n nodes, at least one, for
// ByNode: chosen[i] says whether node i is drawn.
func chooseNodes(r *kernel.RNG, n int, frac float64) (chosen []bool) {
	chosen = make([]bool, n)
	nodes := make([]int, n)
	for i := range nodes {
		nodes[i] = i
	}
	shuffle(r, nodes)
	for _, i := range nodes[:max(1, int(math.Round(frac*float64(n))))] {
		chosen[i] = true
	}
	return chosen
}

// holdOut goes through the edges in order, holding out up to want of them
// for the test: those with a chosen node (any, when chosen is nil) whose
// nodes both keep another edge in deg, which it decrements. It returns
// which edges are held and how many were drawn but kept for training.
func holdOut(e *cgraph.Edges, order []int, chosen []bool, deg []int, want int) (held []bool, kept int) {
	held = make([]bool, e.Len())
	n := 0
	for _, i := range order {
		if n >= want {
			break
		}
		u, v := e.Pairs[2*i], e.Pairs[2*i+1]
		if chosen != nil && !chosen[u] && !chosen[v] {
			continue
		}
		if deg[u] <= 1 || deg[v] <= 1 {
			kept++
			continue
		}
		deg[u]--
		deg[v]--
		held[i] = true
		n++
	}
	return held, kept
}

// partition copies the edges keep of e, with their weights, into train
// and test as held says, in e's order; both keep e's nodes.
func partition(e *cgraph.Edges, keep []int, held []bool) (train, test *cgraph.Edges) {
	train = &cgraph.Edges{Nodes: e.Nodes}
	test = &cgraph.Edges{Nodes: e.Nodes}
	for _, i := range keep {
		dst := train
		if held[i] {
			dst = test
		}
		dst.Pairs = append(dst.Pairs, e.Pairs[2*i], e.Pairs[2*i+1])
		if e.Weights != nil {
			dst.Weights = append(dst.Weights, e.Weights[i])
		}
	}
	return train, test
}
