package graphdata

import cgraph "github.com/wipsvec/wipsvec/corpus/graph"

// TreeClosure is corpus/graph's TreeClosure as a Graph: every node of a
// complete tree linked to each of its ancestors, the shape of WordNet's
// noun hierarchy (a hub linked to every node, repeated paths), built in
// memory for tests and benchmarks that need a graph without a file.
func TreeClosure(branch, depth int) *Graph {
	nodes, pairs := cgraph.TreeClosure(branch, depth)
	return &Graph{Nodes: nodes, Pairs: pairs, Noise: NoiseUnigram}
}
