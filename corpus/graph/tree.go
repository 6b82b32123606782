package graph

import (
	"fmt"
	"io"
)

// TreeClosure is the transitive closure of a complete tree with the given
// branching and depth: its nodes (0 is the root, then level by level) and
// a pair (node, ancestor) for each of every node's ancestors, flat. A
// hierarchy is what an inner product cannot fit (the root must be near
// every node, the leaves far from each other) and what an indefinite or
// hyperbolic similarity can, so the demo and the tests use it where the
// WordNet closure is absent.
func TreeClosure(branch, depth int) (nodes int, pairs []int32) {
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
	for c := range parent {
		for a := parent[c]; a >= 0; a = parent[a] {
			pairs = append(pairs, int32(c), a)
		}
	}
	return len(parent), pairs
}

// WriteTreeClosure writes TreeClosure as a TSV edge list, node i named
// n<i>.
func WriteTreeClosure(w io.Writer, branch, depth int) error {
	_, pairs := TreeClosure(branch, depth)
	for i := 0; i < len(pairs); i += 2 {
		if _, err := fmt.Fprintf(w, "n%d\tn%d\n", pairs[i], pairs[i+1]); err != nil {
			return err
		}
	}
	return nil
}
