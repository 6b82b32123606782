package graphdata

import (
	"slices"
	"strings"
	"testing"

	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

func TestCheck(t *testing.T) {
	for want, g := range map[string]*Graph{
		"at least 2":      {Nodes: 1, Pairs: []int32{0, 0}, Noise: NoiseUnigram},
		"two per edge":    {Nodes: 3, Pairs: []int32{0, 1, 2}, Noise: NoiseUnigram},
		"outside [0, 3)":  {Nodes: 3, Pairs: []int32{0, 3}, Noise: NoiseUnigram},
		"1 weights":       {Nodes: 3, Pairs: []int32{0, 1, 1, 2}, Weights: []float32{1}, Noise: NoiseUnigram},
		"finite positive": {Nodes: 3, Pairs: []int32{0, 1}, Weights: []float32{-1}, Noise: NoiseUnigram},
		"distribution":    {Nodes: 3, Pairs: []int32{0, 1}, Noise: "zipf"},
	} {
		if err := g.Check(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v", want, err)
		}
	}
	if err := TreeClosure(2, 2).Check(); err != nil {
		t.Error(err)
	}
}

// New orders the nodes by degree and drops those below the minimum count
// with their edges; NewWith keeps a given vocabulary's order.
func TestNew(t *testing.T) {
	e := &cgraph.Edges{Nodes: []string{"a", "b", "c", "d"}, Pairs: []int32{0, 1, 1, 2, 1, 3, 2, 3}}
	v, g, err := New(e, 2)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"b", "c", "d"}; !slices.Equal(v.Words, want) || g.Nodes != 3 || g.Vocab != v {
		t.Fatalf("nodes %v (%d), want %v", v.Words, g.Nodes, want)
	}
	if want := []int32{0, 1, 0, 2, 1, 2}; !slices.Equal(g.Pairs, want) {
		t.Errorf("pairs %v, want %v", g.Pairs, want)
	}
	if _, _, err := New(e, 9); err == nil {
		t.Error("a minimum count that drops every node is accepted")
	}
}

func TestShuffleKeepsEdgesWhole(t *testing.T) {
	g := TreeClosure(2, 3)
	w := make([]float32, g.Edges())
	for i := range w {
		w[i] = float32(g.Pairs[2*i]*100 + g.Pairs[2*i+1])
	}
	p := slices.Clone(g.Pairs)
	Shuffle(p, w, kernel.NewRNG(1, 1))
	if slices.Equal(p, g.Pairs) {
		t.Error("the edges kept their order")
	}
	for i := range w {
		if w[i] != float32(p[2*i]*100+p[2*i+1]) {
			t.Fatalf("edge %d: weight %v left its edge %d-%d", i, w[i], p[2*i], p[2*i+1])
		}
	}
}
