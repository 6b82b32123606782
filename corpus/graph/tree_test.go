package graph

import (
	"strings"
	"testing"
)

// TestWriteTreeClosure: branching 3, depth 2 has 1 + 3 + 9 = 13 nodes and
// 3*1 + 9*2 = 21 closure edges, each leaf linked to its parent and the root.
func TestWriteTreeClosure(t *testing.T) {
	var b strings.Builder
	if err := WriteTreeClosure(&b, 3, 2); err != nil {
		t.Fatal(err)
	}
	e, err := Read(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if e.Len() != 21 || len(e.Nodes) != 13 {
		t.Fatalf("%d edges over %d nodes, want 21 over 13", e.Len(), len(e.Nodes))
	}
	if !strings.Contains(b.String(), "n4\tn1\nn4\tn0\n") {
		t.Fatalf("leaf n4 should link to n1 and the root:\n%s", b.String())
	}
}
