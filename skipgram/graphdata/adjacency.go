package graphdata

import "slices"

// Adjacency holds, for every node, itself and its neighbours in either
// direction, sorted: the nodes never drawn as negatives of that node as a
// context (a node against itself would only shrink its own norm). The lists
// share one array, node i's being all[off[i]:off[i+1]]. It is the graph's
// (built from its edges alone); a worker asks it at every draw.
type Adjacency struct {
	off []int32
	all []int32
}

// NewAdjacency builds g's lists.
func NewAdjacency(g *Graph) *Adjacency {
	a := &Adjacency{off: make([]int32, g.Nodes+1), all: make([]int32, len(g.Pairs)+g.Nodes)}
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
		slices.Sort(a.List(int32(i)))
	}
	return a
}

// List returns node u's sorted list.
func (a *Adjacency) List(u int32) []int32 { return a.all[a.off[u]:a.off[u+1]] }

// Linked reports whether v is u or a neighbour of u, ownU being u's list.
// The relation is symmetric, so it searches the shorter of the two lists:
// a hub's list (the root of a hierarchy is linked to every node) costs a
// binary search of many cache lines, a leaf's one or two.
func (a *Adjacency) Linked(u int32, ownU []int32, v int32) bool {
	if lo, hi := a.off[v], a.off[v+1]; int(hi-lo) < len(ownU) {
		return sortedHas(a.all[lo:hi], u)
	}
	return sortedHas(ownU, v)
}

// sortedHas reports whether the ascending a holds x. It is slices.BinarySearch
// written out for the negative draws, where the generic one was no faster
// (docs/performance.md).
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
