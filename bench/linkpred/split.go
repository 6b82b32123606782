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
	// Distinct edges, u -> v and v -> u counting as one.
	seen := make(map[uint64]bool, e.Len())
	var keep []int
	deg := make([]int, len(e.Nodes))
	for i := range e.Len() {
		u, v := e.Pairs[2*i], e.Pairs[2*i+1]
		key := uint64(min(u, v))<<32 | uint64(max(u, v))
		if seen[key] {
			st.Duplicates++
			continue
		}
		seen[key] = true
		keep = append(keep, i)
		deg[u]++
		deg[v]++
	}
	var r kernel.RNG
	r.SetState(opt.Seed)
	order := make([]int, len(keep))
	copy(order, keep)
	for i := len(order) - 1; i > 0; i-- {
		j := int(r.Below(uint32(i + 1)))
		order[i], order[j] = order[j], order[i]
	}
	held := make([]bool, e.Len())
	var chosen []bool
	want := int(math.Round(opt.TestFrac * float64(len(keep))))
	if opt.ByNode {
		chosen = make([]bool, len(e.Nodes))
		nodes := make([]int, len(e.Nodes))
		for i := range nodes {
			nodes[i] = i
		}
		for i := len(nodes) - 1; i > 0; i-- {
			j := int(r.Below(uint32(i + 1)))
			nodes[i], nodes[j] = nodes[j], nodes[i]
		}
		for _, i := range nodes[:max(1, int(math.Round(opt.TestFrac*float64(len(nodes)))))] {
			chosen[i] = true
		}
		want = len(keep)
	}
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
			st.Kept++
			continue
		}
		deg[u]--
		deg[v]--
		held[i] = true
		n++
	}
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
	st.Train, st.Test = train.Len(), test.Len()
	if st.Test == 0 {
		return nil, nil, st, fmt.Errorf("no edge could be held out (%d edges; every node would lose its last one)", len(keep))
	}
	return train, test, st, nil
}
