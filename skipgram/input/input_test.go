package input

import (
	"slices"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/graphdata"
	"github.com/wipsvec/wipsvec/vocab"
)

func TestText(t *testing.T) {
	v, err := vocab.New([]string{"a", "b"}, []int64{3, 2})
	if err != nil {
		t.Fatal(err)
	}
	text := Text{Vocab: v, Stream: [][]int32{{0, 1, 0, vocab.SentenceEnd, 1, 0}}}
	if err := text.Check(Uses{HS: true}); err != nil {
		t.Fatal(err)
	}
	w, err := text.Attach(Layout{Lanes: 1, Iter: 3})
	if err != nil {
		t.Fatal(err)
	}
	if w.Total != 3*5 || w.Edges != nil || len(w.Keep) != 2 || len(w.Blocks) == 0 {
		t.Errorf("work: total %d, keep %d, blocks %d", w.Total, len(w.Keep), len(w.Blocks))
	}
	if err := (Text{}).Check(Uses{}); err == nil || !strings.Contains(err.Error(), "vocabulary") {
		t.Errorf("a text without a vocabulary: %v", err)
	}
}

// A graph's run trains a shuffled copy: the caller's edges are left as
// they are.
func TestGraphLeavesTheEdges(t *testing.T) {
	g := &graphdata.Graph{Nodes: 4, Pairs: []int32{0, 1, 1, 2, 2, 3, 3, 0, 0, 2}, Noise: graphdata.NoiseUniform}
	given := slices.Clone(g.Pairs)
	in := Graph{G: g}
	if err := in.Check(Uses{}); err != nil {
		t.Fatal(err)
	}
	if err := in.Check(Uses{CBOW: true}); err == nil {
		t.Error("CBOW on a graph is accepted")
	}
	if err := in.Check(Uses{Snapshots: true}); err == nil {
		t.Error("a graph without names snapshots")
	}
	w, err := in.Attach(Layout{Lanes: 1, Iter: 2, Block: 2, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g.Pairs, given) || slices.Equal(w.Edges.Pairs, given) || w.Total != 2*2*5 || w.Edges.Adj == nil {
		t.Errorf("caller's %v (given %v), trained %v, total %d", g.Pairs, given, w.Edges.Pairs, w.Total)
	}
}
