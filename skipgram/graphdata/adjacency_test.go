package graphdata

import (
	"slices"
	"testing"
)

// treeGraph is the transitive closure of a complete tree of the given
// branching and depth: every node linked to each of its ancestors.
func treeGraph(branch, depth int) *Graph {
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

// TestAdjacencyLinked checks the symmetric lookup against a set of pairs on a
// graph with hubs (a tree closure: the root is linked to every node) and
// repeated edges in both directions.
func TestAdjacencyLinked(t *testing.T) {
	g := treeGraph(3, 4)
	g.Pairs = append(g.Pairs, 5, 7, 7, 5, 5, 7)
	linked := map[[2]int32]bool{}
	for i := 0; i < len(g.Pairs); i += 2 {
		u, v := g.Pairs[i], g.Pairs[i+1]
		linked[[2]int32{u, v}], linked[[2]int32{v, u}] = true, true
	}
	a := NewAdjacency(g)
	for u := range int32(g.Nodes) {
		own := a.List(u)
		if !slices.IsSorted(own) {
			t.Fatalf("List(%d) = %v, not sorted", u, own)
		}
		for v := range int32(g.Nodes) {
			want := u == v || linked[[2]int32{u, v}]
			if got := a.Linked(u, own, v); got != want {
				t.Fatalf("Linked(%d, %d) = %v, want %v", u, v, got, want)
			}
		}
	}
}

func TestSortedHas(t *testing.T) {
	if !sortedHas([]int32{1, 4, 9}, 4) || sortedHas([]int32{1, 4, 9}, 5) || sortedHas(nil, 0) {
		t.Error("sortedHas")
	}
}
