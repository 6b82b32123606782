package graphdata

import (
	"slices"
	"testing"
)

// TestAdjacencyLinked checks the symmetric lookup against a set of pairs on a
// graph with hubs (a tree closure: the root is linked to every node) and
// repeated edges in both directions.
func TestAdjacencyLinked(t *testing.T) {
	g := TreeClosure(3, 4)
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
