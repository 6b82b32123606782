package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// pythonDriver loads vectors with the Python package (python/src/wipsvec)
// and answers the queries it reads as JSON on standard input.
const pythonDriver = `
import json, sys
sys.path.insert(0, sys.argv[1])
import wipsvec
req = json.load(sys.stdin)
kv = wipsvec.load(req["path"])
out = {"sim": kv.sim.name,
       "pairs": [kv.similarity(a, b) for a, b in req["pairs"]],
       "most": [kv.most_similar(positive=p, negative=n, topn=req["topn"]) for p, n in req["queries"]]}
json.dump(out, sys.stdout)
`

// python returns /usr/bin/python3 if it has NumPy.
func python(t *testing.T) string {
	const py = "/usr/bin/python3"
	if err := exec.Command(py, "-c", "import numpy").Run(); err != nil {
		t.Skipf("%s with numpy: %v (Debian's python3-numpy)", py, err)
	}
	return py
}

// TestPythonReaderScoresAsNearest trains small models of every kind,
// asks the Python package for similarities and nearest words (single words,
// sums, analogies) and compares its scores with those nearest computes
// (the same search, in process) and with the similarity eval uses.
func TestPythonReaderScoresAsNearest(t *testing.T) {
	py := python(t)
	dir, corpus := corpusFile(t, 1500)
	queries := [][2][]string{
		{{"g0w1"}, nil},
		{{"g3w7"}, nil},
		{{"g1w2", "g1w3"}, nil},
		{{"g2w1", "g4w4"}, {"g0w0"}},
		{{"g4w9"}, {"g3w3"}},
	}
	pairs := [][2]string{{"g0w1", "g0w2"}, {"g0w1", "g4w5"}, {"g2w3", "G2W3"}, {"g3w0", "g1w9"}}
	for _, model := range []string{"plain", "sg", "ips", "sips", "ipds", "wips", "hsg"} {
		out := trainForPython(t, dir, corpus, model)
		m, err := eval.LoadModel(out)
		if err != nil {
			t.Fatal(err)
		}
		s, err := eval.NewSearcher(m.Vectors, m.Sims[0])
		if err != nil {
			t.Fatal(err)
		}
		got := askPython(t, py, model, out, pairs, queries)
		sim := m.Sims[0]
		// Cosine is word2vec's float32 arithmetic in nearest, float64 in
		// NumPy; the other forms are float64 in both.
		tol := 1e-9
		if sim.Form.Cosine {
			tol = 1e-5
		}
		if got.Sim != sim.Name {
			t.Errorf("%s: python scores with %s, nearest with %s", model, got.Sim, sim.Name)
		}
		worst := checkPythonPairs(t, model, m, got, pairs)
		worst = max(worst, checkPythonNearest(t, model, s, got, queries, tol))
		t.Logf("%s (%s): largest difference between python's scores and nearest's: %.3g", model, sim.Name, worst)
	}
}

// trainForPython trains a small model of the given kind on corpus into
// dir and returns the vectors' path. "plain" takes the default model and
// loses its sidecar, as a file from word2vec has none; it and SIPS are
// written in binary and the others in text, so that the reader sees both.
func trainForPython(t *testing.T, dir, corpus, model string) string {
	out := filepath.Join(dir, model+".bin")
	args := []string{"train", "-train", corpus, "-output", out, "-size", "10", "-iter", "2", "-threads", "1", "-min-count", "1", "-quiet"}
	if model != "plain" {
		args = append(args, "-model", model)
	}
	if model == "sips" || model == "plain" {
		args = append(args, "-binary", "1")
	}
	if _, se, err := runCmd(args...); err != nil {
		t.Fatalf("%s: %v\n%s", model, err, se)
	}
	if model == "plain" {
		os.Remove(embedding.SidecarPath(out))
	}
	return out
}

// checkPythonPairs checks the Python reader's similarity of each pair
// against the model's own similarity function, looking words up in lower
// case as the reader does. It returns the largest difference.
func checkPythonPairs(t *testing.T, model string, m *eval.Model, got pythonAnswer, pairs [][2]string) (worst float64) {
	sim := m.Sims[0]
	idx := m.Vectors.Index()
	for i, p := range pairs {
		a, b := idx[strings.ToLower(p[0])], idx[strings.ToLower(p[1])]
		want := sim.Func(m.Vectors.Row(a), m.Vectors.Row(b))
		worst = max(worst, math.Abs(got.Pairs[i]-want))
		if math.Abs(got.Pairs[i]-want) > 1e-9*max(1, math.Abs(want)) {
			t.Errorf("%s: similarity%v = %v, want %v", model, p, got.Pairs[i], want)
		}
	}
	return worst
}

// checkPythonNearest checks the Python reader's most similar words for each
// query against the Searcher's: the same scores within tol, and the same
// words but for swaps of ties. It returns the largest difference.
func checkPythonNearest(t *testing.T, model string, s *eval.Searcher, got pythonAnswer, queries [][2][]string, tol float64) (worst float64) {
	for i, q := range queries {
		var terms []eval.Term
		for _, w := range q[0] {
			terms = append(terms, eval.Term{Word: w})
		}
		for _, w := range q[1] {
			terms = append(terms, eval.Term{Word: w, Neg: true})
		}
		want, err := s.Nearest(terms, 10)
		if err != nil {
			t.Fatal(err)
		}
		py := got.Most[i]
		if len(py) != len(want) {
			t.Fatalf("%s %v: python gave %d words, nearest %d", model, q, len(py), len(want))
		}
		for j, nb := range want {
			word, score := py[j][0].(string), py[j][1].(float64)
			d := math.Abs(score - nb.Score)
			worst = max(worst, d)
			if d > tol*max(1, math.Abs(nb.Score)) {
				t.Errorf("%s %v #%d: python %s %v, nearest %s %v", model, q, j+1, word, score, nb.Word, nb.Score)
			}
			// A swap of two words is a tie within the tolerance.
			if word != nb.Word && !(j > 0 && math.Abs(want[j-1].Score-nb.Score) <= tol || j+1 < len(want) && math.Abs(want[j+1].Score-nb.Score) <= tol) {
				t.Errorf("%s %v #%d: python %s, nearest %s", model, q, j+1, word, nb.Word)
			}
		}
	}
	return worst
}

// pythonAnswer is what the Python reader says of a model: its
// similarity, the pairs' scores and each query's most similar words.
type pythonAnswer struct {
	Sim   string     `json:"sim"`
	Pairs []float64  `json:"pairs"`
	Most  [][][2]any `json:"most"`
}

// askPython runs the Python reader on the vectors out of model with the
// pairs and queries.
func askPython(t *testing.T, py, model, out string, pairs [][2]string, queries [][2][]string) pythonAnswer {
	t.Helper()
	var req struct {
		Path    string        `json:"path"`
		Topn    int           `json:"topn"`
		Pairs   [][2]string   `json:"pairs"`
		Queries [][2][]string `json:"queries"`
	}
	req.Path, req.Topn, req.Pairs, req.Queries = out, 10, pairs, queries
	in, _ := json.Marshal(req)
	cmd := exec.Command(py, "-c", pythonDriver, filepath.Join("python", "src"))
	cmd.Stdin = strings.NewReader(string(in))
	raw, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("%s: python: %v\n%s", model, err, msg)
	}
	var got pythonAnswer
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("%s: %v\n%s", model, err, raw)
	}
	return got
}

// TestPythonReaderRefuses: a sidecar of another file and an unknown word
// are errors that name them.
func TestPythonReaderRefuses(t *testing.T) {
	py := python(t)
	dir, corpus := corpusFile(t, 200)
	out := filepath.Join(dir, "v.txt")
	mustRun(t, "train", "-train", corpus, "-output", out, "-size", "6", "-iter", "1", "-min-count", "1", "-quiet", "-model", "ipds")
	for _, c := range []struct{ code, want string }{
		{fmt.Sprintf("kv = wipsvec.load(%q); kv.most_similar('nosuchword')", out), "nosuchword"},
		{fmt.Sprintf("s = open(%q + '.json').read(); open(%q + '.json', 'w').write(s.replace('\"dim\": 6', '\"dim\": 7')); wipsvec.load(%q)", out, out, out), "sidecar of another file"},
	} {
		cmd := exec.Command(py, "-c", "import sys; sys.path.insert(0, 'python/src'); import wipsvec; "+c.code)
		msg, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(msg), c.want) {
			t.Errorf("%s: %v, %s: want an error naming %q", c.code, err, msg, c.want)
		}
	}
}

// pythonSubwordsDriver asks the Python package for the vectors of words,
// seen or not, and the nearest words of unseen ones.
const pythonSubwordsDriver = `
import json, sys
sys.path.insert(0, sys.argv[1])
import wipsvec
req = json.load(sys.stdin)
kv = wipsvec.load(req["path"])
out = {"vectors": {w: [float(x) for x in kv[w]] for w in req["words"]},
       "most": {w: [p[0] for p in kv.most_similar(w, topn=4)] for w in req["words"]},
       "known": {w: kv.has_index_for(w) for w in req["words"]}}
json.dump(out, sys.stdout)
`

// TestPythonReaderComposesUnseenWords: the Python package finds a model's
// subwords through its sidecar and gives a word not in the vocabulary the
// vector composed here, and its nearest words are nearest's.
func TestPythonReaderComposesUnseenWords(t *testing.T) {
	py := python(t)
	vec, sub := subwordModel(t)
	words := []string{"walker", "日本", "naïveté", "walking", "Where"}
	in, _ := json.Marshal(map[string]any{"path": vec, "words": words})
	cmd := exec.Command(py, "-c", pythonSubwordsDriver, filepath.Join("python", "src"))
	cmd.Stdin = strings.NewReader(string(in))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("python: %v\n%s", err, stderr.String())
	}
	var got struct {
		Vectors map[string][]float32 `json:"vectors"`
		Most    map[string][]string  `json:"most"`
		Known   map[string]bool      `json:"known"`
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("%v\n%s", err, raw)
	}
	want := make([]float32, sub.Dim)
	for _, w := range words {
		lookup := w
		if w == "Where" { // in the vocabulary case-insensitively: its row
			lookup = "where"
		}
		sub.Vector(want, lookup)
		if !slices.Equal(got.Vectors[w], want) {
			t.Errorf("%q: python %v, composed here %v", w, got.Vectors[w], want)
		}
		if known := sub.ID(lookup) >= 0; got.Known[w] != known {
			t.Errorf("%q in kv = %v, want %v", w, got.Known[w], known)
		}
		out, _ := mustRun(t, "nearest", "-vectors", vec, "-n", "4", w)
		if a := answers(out)[w]; !slices.Equal(got.Most[w], a) {
			t.Errorf("%q: python's nearest %v, nearest's %v", w, got.Most[w], a)
		}
	}
}
