package eval

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/fasttext"
)

// writeModelFiles writes, in dir, a fastText model ft.bin of the words cat
// and cats, and their composed vectors vec.bin with a sidecar naming it.
func writeModelFiles(t *testing.T, dir string) (vec, bin string) {
	t.Helper()
	a := fasttext.DefaultArgs(2)
	a.Bucket, a.MinCount = 3, 1
	m := &fasttext.Model{Args: a, Tokens: 10,
		Words:  []fasttext.Entry{{Word: "cat", Count: 6}, {Word: "cats", Count: 4}},
		Input:  fasttext.Matrix{Rows: 5, Cols: 2, Data: []float32{1, 0, 0, 1, 2, 2, 4, 4, 8, 8}},
		Output: fasttext.Matrix{Rows: 2, Cols: 2, Data: []float32{0, 0, 0, 0}},
	}
	vec, bin = filepath.Join(dir, "vec.bin"), filepath.Join(dir, "ft.bin")
	if err := fasttext.Write(bin, m); err != nil {
		t.Fatal(err)
	}
	v := &embedding.Vectors{Words: []string{"cat", "cats"}, Dim: 2, Data: []float32{1, 0, 0, 1}}
	meta := &embedding.Meta{Model: "sg", Dim: 2, Words: 2,
		Forms:    []embedding.Form{{Name: "cos", Cosine: true}, {Name: "ip"}},
		Subwords: &embedding.SubwordsInfo{File: "ft.bin", Settings: a.Subwords()}}
	if err := embedding.Save(vec, v, meta, false); err != nil {
		t.Fatal(err)
	}
	return vec, bin
}

// mustLoadModel is LoadModel of path, failing the test on an error.
func mustLoadModel(t *testing.T, path string) *Model {
	t.Helper()
	m, err := LoadModel(path)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// loadPlain writes v in dir as plain.txt, text with no sidecar, and loads
// it.
func loadPlain(t *testing.T, dir string, v *embedding.Vectors) *Model {
	t.Helper()
	plain := filepath.Join(dir, "plain.txt")
	if err := embedding.WriteVectors(plain, v, false); err != nil {
		t.Fatal(err)
	}
	return mustLoadModel(t, plain)
}

func TestLoadModel(t *testing.T) {
	dir := t.TempDir()
	vec, bin := writeModelFiles(t, dir)

	m := mustLoadModel(t, vec)
	if m.Name() != "sg" || m.Sub == nil || m.SubPath != bin || !strings.Contains(m.Header(), "subwords: ") {
		t.Errorf("vectors with subwords: %s, sub %v\n%s", m.Name(), m.Sub != nil, m.Header())
	}
	if _, ok := m.Unseen()("catty"); !ok {
		t.Error("no vector composed for an unseen word")
	}

	ft := mustLoadModel(t, bin)
	if !strings.HasPrefix(ft.Name(), "fastText") || ft.Meta != nil || len(ft.Vectors.Words) != 2 || ft.Sub == nil {
		t.Errorf("a fastText .bin: %s, %d words", ft.Name(), len(ft.Vectors.Words))
	}

	p := loadPlain(t, dir, m.Vectors)
	if p.Name() != "unknown (no sidecar)" || p.Unseen() != nil || len(p.SimNames()) == 0 {
		t.Errorf("without a sidecar: %s, %v", p.Name(), p.SimNames())
	}
}

// TestLoadModelRefusesOtherRun: subwords whose settings are not the
// sidecar's are another run's.
func TestLoadModelRefusesOtherRun(t *testing.T) {
	dir := t.TempDir()
	vec, bin := writeModelFiles(t, dir)
	ft, err := fasttext.Read(bin)
	if err != nil {
		t.Fatal(err)
	}
	ft.Args.Minn++
	if err := fasttext.Write(bin, ft); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadModel(vec); err == nil || !strings.Contains(err.Error(), "another run") {
		t.Errorf("got %v", err)
	}
}

// TestLoadModelCommandFiles: a .bin that skipgram or cbow wrote is scored
// as the vectors beside it, with their sidecar's similarity; the same
// names over another model's files are fastText's model.
func TestLoadModelCommandFiles(t *testing.T) {
	dir := t.TempDir()
	vec, bin := writeModelFiles(t, dir)
	model, vectors := fasttext.CommandFiles(filepath.Join(dir, "out"))
	for _, mv := range [][2]string{{bin, model}, {vec, vectors}, {embedding.SidecarPath(vec), embedding.SidecarPath(vectors)}} {
		if err := os.Rename(mv[0], mv[1]); err != nil {
			t.Fatal(err)
		}
	}
	side, err := os.ReadFile(embedding.SidecarPath(vectors))
	if err != nil {
		t.Fatal(err)
	}
	named := strings.Replace(string(side), `"file": "ft.bin"`, `"file": "out.bin"`, 1)
	if named == string(side) {
		t.Fatalf("sidecar names no ft.bin: %s", side)
	}
	if err := os.WriteFile(embedding.SidecarPath(vectors), []byte(named), 0o644); err != nil {
		t.Fatal(err)
	}
	m := mustLoadModel(t, model)
	if m.Name() != "sg" || m.Path != vectors || m.Sub == nil {
		t.Errorf("skipgram's .bin: %s at %s", m.Name(), m.Path)
	}
	// A sidecar of another model (words or subwords not the .bin's).
	for _, other := range []string{strings.Replace(named, `"words": 2`, `"words": 3`, 1), strings.Replace(named, `"file": "out.bin"`, `"file": "x.bin"`, 1)} {
		if other == named {
			t.Fatal("the sidecar did not change")
		}
		if err := os.WriteFile(embedding.SidecarPath(vectors), []byte(other), 0o644); err != nil {
			t.Fatal(err)
		}
		if m, err := LoadModel(model); err != nil || !strings.HasPrefix(m.Name(), "fastText") {
			t.Errorf("a sidecar of another model: %v, %v", m, err)
		}
	}
}

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

func TestNewReport(t *testing.T) {
	vec, _ := writeModelFiles(t, t.TempDir())
	m := mustLoadModel(t, vec)
	results := []Result{{Dataset: "d", Pairs: 3, Found: 2, Composed: 1, Rho: map[string]float64{"cos": 0.5, "ip": math.NaN()}}}
	js, err := json.Marshal(NewReport(m, []string{"d.csv"}, results, nil))
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	r := back.Results[0]
	if r.Rho["cos"] == nil || *r.Rho["cos"] != 0.5 || r.Rho["ip"] != nil || r.Composed == nil || *r.Composed != 1 || back.Analogy != nil {
		t.Errorf("report %s", js)
	}
	m.Sub = nil
	if js, _ := json.Marshal(NewReport(m, []string{"d.csv"}, results, nil)); strings.Contains(string(js), "composed") {
		t.Errorf("composed without subwords: %s", js)
	}
}
