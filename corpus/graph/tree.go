package graph

import (
	"fmt"
	"io"
)

// WriteTreeClosure writes, as a TSV edge list, the transitive closure of a
// complete tree with the given branching and depth: every node n<i> linked
// to each of its ancestors (n0 is the root). A hierarchy is what an inner
// product cannot fit (the root must be near every node, the leaves far
// from each other) and what an indefinite or hyperbolic similarity can, so
// the demo and the tests use it where the WordNet closure is absent.
func WriteTreeClosure(w io.Writer, branch, depth int) error {
	parent := []int{-1}
	level := []int{0}
	for range depth {
		var next []int
		for _, p := range level {
			for range branch {
				next = append(next, len(parent))
				parent = append(parent, p)
			}
		}
		level = next
	}
	for c := range parent {
		for a := parent[c]; a >= 0; a = parent[a] {
			if _, err := fmt.Fprintf(w, "n%d\tn%d\n", c, a); err != nil {
				return err
			}
		}
	}
	return nil
}
