package graphdata

// TreeClosure is the transitive closure of a complete tree of the given
// branching and depth, every node linked to each of its ancestors: the
// shape of WordNet's noun hierarchy (a hub linked to every node, repeated
// paths), built in memory for tests and benchmarks that need a graph
// without a file.
func TreeClosure(branch, depth int) *Graph {
	parent := []int32{-1}
	level := []int32{0}
	for range depth {
		var next []int32
		for _, p := range level {
			for range branch {
				next = append(next, int32(len(parent)))
				parent = append(parent, p)
			}
		}
		level = next
	}
	g := &Graph{Nodes: len(parent), Noise: NoiseUnigram}
	for c := range parent {
		for a := parent[c]; a >= 0; a = parent[a] {
			g.Pairs = append(g.Pairs, int32(c), a)
		}
	}
	return g
}
