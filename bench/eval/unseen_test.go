package eval

import (
	"errors"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// unseenVectors is a small table and an Unseen that composes any word
// starting with "x" as (1, 1).
func unseenVectors() (*embedding.Vectors, Unseen) {
	v := &embedding.Vectors{Words: []string{"a", "b", "c"}, Dim: 2, Data: []float32{1, 0, 0, 1, 1, 0.9}}
	return v, func(w string) ([]float32, bool) {
		if w[0] != 'x' {
			return nil, false
		}
		return []float32{1, 1}, true
	}
}

func TestEvaluateUnseen(t *testing.T) {
	v, unseen := unseenVectors()
	d := &Dataset{Name: "d", Pairs: []Pair{{"a", "b", 1}, {"a", "XA", 2}, {"xb", "c", 3}, {"zz", "a", 4}, {"A", "c", 5}}}
	sims := []embedding.Similarity{embedding.Form{Name: "cos", Cosine: true}.Similarity()}
	plain := Evaluate(v, sims, d)
	if plain.Found != 2 || plain.Composed != 0 {
		t.Errorf("Evaluate: found %d, composed %d", plain.Found, plain.Composed)
	}
	r := EvaluateUnseen(v, sims, d, unseen)
	if r.Pairs != 5 || r.Found != 4 || r.Composed != 2 {
		t.Errorf("EvaluateUnseen: %d pairs, found %d, composed %d; want 5, 4, 2", r.Pairs, r.Found, r.Composed)
	}
}

func TestSearcherUnseen(t *testing.T) {
	v, unseen := unseenVectors()
	s, err := NewSearcher(v, embedding.Form{Name: "cos", Cosine: true}.Similarity())
	if err != nil {
		t.Fatal(err)
	}
	var ue *UnknownError
	if _, err := s.Nearest([]Term{{Word: "xq"}}, 2); !errors.As(err, &ue) {
		t.Errorf("without Unseen: %v", err)
	}
	s.SetUnseen(unseen)
	if s.Known("xq") || !s.Known("A") {
		t.Error("Known")
	}
	nb, err := s.Nearest([]Term{{Word: "xq"}}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(nb) != 3 || nb[0].Word != "c" {
		t.Errorf("nearest to (1, 1): %v", nb)
	}
	if _, err := s.Nearest([]Term{{Word: "zz"}}, 2); !errors.As(err, &ue) || ue.Words[0] != "zz" {
		t.Errorf("a word Unseen has no vector for: %v", err)
	}
}
