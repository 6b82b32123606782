package eval

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// TestOneViewUnseenScoredWithLambda: a WIPS model with subwords (a
// sidecar naming its fastText model and its lambda) composes an unseen
// word from the n-grams and scores it with lambda, as its words are
// scored: eval counts the pair composed.
func TestOneViewUnseenScoredWithLambda(t *testing.T) {
	dir := t.TempDir()
	vec, _ := writeModelFiles(t, dir)
	meta, err := embedding.ReadMeta(vec, nil)
	if err != nil {
		t.Fatal(err)
	}
	lambda := []float32{2, -0.5}
	meta.Model, meta.Forms, meta.Lambda = "wips", []embedding.Form{{Name: "wip", Weights: lambda}}, lambda
	v, err := embedding.ReadVectors(vec)
	if err != nil {
		t.Fatal(err)
	}
	wips := filepath.Join(dir, "wips.bin")
	meta.Subwords.File = "ft.bin"
	if err := embedding.Save(wips, v, meta, false); err != nil {
		t.Fatal(err)
	}
	m := mustLoadModel(t, wips)
	if len(m.Sims) != 1 || m.Sims[0].Name != "wip" || m.Sub == nil {
		t.Fatalf("similarities %v, subwords %v", m.SimNames(), m.Sub != nil)
	}
	u, ok := m.Unseen()("catty")
	if !ok {
		t.Fatal("no vector composed for an unseen word")
	}
	cat := m.Vectors.Row(0)
	want := float64(lambda[0])*float64(u[0])*float64(cat[0]) + float64(lambda[1])*float64(u[1])*float64(cat[1])
	if got := m.Sims[0].Func(u, cat); math.Abs(got-want) > 1e-6 {
		t.Errorf("wip(catty, cat) = %v, want %v (lambda-weighted)", got, want)
	}
	d := &Dataset{Name: "d", Pairs: []Pair{{"cat", "cats", 1}, {"catty", "cat", 2}, {"catty", "cats", 3}}}
	if r := EvaluateUnseen(m.Vectors, m.Sims, d, m.Unseen()); r.Found != 3 || r.Composed != 2 {
		t.Errorf("found %d, composed %d; want 3, 2", r.Found, r.Composed)
	}
}
