package main

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/fasttext"
	"github.com/wipsvec/wipsvec/skipgram/subword"
)

// subwordWords are the vocabulary of subwordModel.
var subwordWords = []string{"</s>", "walk", "walking", "walked", "talk", "talking", "naïve", "日本語", "where", "here"}

// subwordModel writes, in a new directory, what a run with subwords
// leaves: vec.bin (the words' composed vectors), its sidecar naming
// vec.bin.subwords.bin, and that fastText model, of pseudo-random rows.
// It returns the vectors' path and the composing model.
func subwordModel(t *testing.T) (string, *subword.Model) {
	t.Helper()
	dir := t.TempDir()
	const dim, bucket = 6, 40
	a := fasttext.DefaultArgs(dim)
	a.Bucket, a.MinCount = bucket, 1
	ft := &fasttext.Model{Args: a, Tokens: 1000}
	for i, w := range subwordWords {
		ft.Words = append(ft.Words, fasttext.Entry{Word: w, Count: int64(100 - i)})
	}
	state := uint64(7)
	next := func() float32 {
		state = state*6364136223846793005 + 1442695040888963407
		return float32(int32(state>>32)) / (1 << 32)
	}
	rows := len(subwordWords) + bucket
	ft.Input = fasttext.Matrix{Rows: rows, Cols: dim}
	for range rows * dim {
		ft.Input.Data = append(ft.Input.Data, next())
	}
	ft.Output = fasttext.Matrix{Rows: len(subwordWords), Cols: dim, Data: make([]float32, len(subwordWords)*dim)}
	vec := filepath.Join(dir, "vec.bin")
	if err := fasttext.Write(vec+".subwords.bin", ft); err != nil {
		t.Fatal(err)
	}
	sub, err := ft.Subwords()
	if err != nil {
		t.Fatal(err)
	}
	v := &embedding.Vectors{Words: subwordWords, Dim: dim, Data: make([]float32, len(subwordWords)*dim)}
	for i, w := range subwordWords {
		sub.Vector(v.Row(i), w)
	}
	meta := &embedding.Meta{Model: "sg", Dim: dim, Words: len(subwordWords),
		Forms:    []embedding.Form{{Name: "cos", Cosine: true}, {Name: "ip"}},
		Subwords: &embedding.SubwordsInfo{File: "vec.bin.subwords.bin", Settings: a.Subwords()}}
	if err := embedding.Save(vec, v, meta, true); err != nil {
		t.Fatal(err)
	}
	return vec, sub
}

// cosineRanking is the vocabulary ranked by cosine with q, in float64.
func cosineRanking(v *embedding.Vectors, q []float32) []string {
	type scored struct {
		w string
		s float64
	}
	var all []scored
	for i, w := range v.Words {
		var dot, a, b float64
		for k, x := range v.Row(i) {
			dot += float64(x) * float64(q[k])
			a += float64(x) * float64(x)
			b += float64(q[k]) * float64(q[k])
		}
		all = append(all, scored{w, dot / math.Sqrt(a*b)})
	}
	slices.SortStableFunc(all, func(x, y scored) int {
		switch {
		case x.s > y.s:
			return -1
		case x.s < y.s:
			return 1
		}
		return 0
	})
	var out []string
	for _, s := range all {
		out = append(out, s.w)
	}
	return out
}

// TestNearestComposesUnseenWords asks nearest for words not in the
// vocabulary of a model with subwords, through its sidecar and with the
// fastText model given directly: both answer with the composed vector.
func TestNearestComposesUnseenWords(t *testing.T) {
	vec, sub := subwordModel(t)
	v, err := embedding.ReadVectors(vec)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{vec, vec + ".subwords.bin"} {
		out, se, err := runCmd("nearest", "-vectors", path, "-n", "4", "walker", "walking", "日本")
		if err != nil {
			t.Fatalf("%s: %v\n%s", path, err, se)
		}
		if !strings.Contains(out, "subwords: words not in the vocabulary composed from their 3- to 6-grams (40 buckets) in "+vec+".subwords.bin") {
			t.Errorf("%s: no subwords line:\n%s", path, out)
		}
		if strings.Count(out, "(not in the vocabulary, composed from its n-grams: ") != 2 {
			t.Errorf("%s: want two composed queries:\n%s", path, out)
		}
		got := answers(out)
		for _, w := range []string{"walker", "日本"} {
			q := make([]float32, v.Dim)
			if sub.Vector(q, w) == 0 {
				t.Fatalf("%q has no n-grams", w)
			}
			if want := cosineRanking(v, q)[:4]; !slices.Equal(got[w], want) {
				t.Errorf("%s: nearest %q = %v, want %v\n%s", path, w, got[w], want, out)
			}
		}
		if len(got["walking"]) != 4 || slices.Contains(got["walking"], "walking") {
			t.Errorf("%s: walking: %v", path, got["walking"])
		}
	}
}

// TestNearestAsFastTextNN: fastText's nn answers an unseen word from our
// file with the words nearest answers.
func TestNearestAsFastTextNN(t *testing.T) {
	bin, err := exec.LookPath("fasttext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("fasttext: %v (CI=true: failing instead of skipping)", err)
		}
		t.Skipf("fasttext: %v", err)
	}
	vec, _ := subwordModel(t)
	for _, w := range []string{"walker", "talks", "where"} {
		cmd := exec.Command(bin, "nn", vec+".subwords.bin", "3")
		cmd.Stdin = strings.NewReader(w + "\n")
		raw, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		var ft []string
		for line := range strings.Lines(strings.ReplaceAll(string(raw), "Query word? ", "")) {
			if f := strings.Fields(line); len(f) == 2 {
				ft = append(ft, f[0])
			}
		}
		out, _ := mustRun(t, "nearest", "-vectors", vec, "-n", "3", w)
		if got := answers(out)[w]; !slices.Equal(got, ft) {
			t.Errorf("%q: nearest %v, fasttext nn %v", w, got, ft)
		}
	}
}

// TestEvalComposesUnseenPairs scores pairs with words not in the
// vocabulary with their composed vectors and counts them.
func TestEvalComposesUnseenPairs(t *testing.T) {
	vec, _ := subwordModel(t)
	data := filepath.Join(filepath.Dir(vec), "pairs.csv")
	os.WriteFile(data, []byte(",word1,word2,similarity\n,walk,walking,9\n,Walker,walk,8\n,talk,naïve,1\n,here,there,7\n,talkers,walkers,6\n"), 0o644)
	out, _ := mustRun(t, "eval", "-vectors", vec, data)
	if !strings.Contains(out, "composed") || !strings.Contains(out, "subwords: ") {
		t.Errorf("no composed column or subwords line:\n%s", out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if f := strings.Fields(lines[len(lines)-1]); len(f) < 4 || f[1] != "5" || f[2] != "5" || f[3] != "3" {
		t.Errorf("want 5 pairs, 5 found, 3 composed:\n%s", out)
	}
	js, _ := mustRun(t, "eval", "-vectors", vec, "-json", data)
	var res eval.Report
	if err := json.Unmarshal([]byte(js), &res); err != nil {
		t.Fatal(err)
	}
	if r := res.Results[0]; r.Found != 5 || r.Composed == nil || *r.Composed != 3 {
		t.Errorf("json: %+v", r)
	}
	// Without the subwords, the unseen words are skipped as before.
	side := embedding.SidecarPath(vec)
	os.Remove(side)
	js, _ = mustRun(t, "eval", "-vectors", vec, "-json", data)
	res = eval.Report{}
	json.Unmarshal([]byte(js), &res)
	if r := res.Results[0]; r.Found != 2 || r.Composed != nil || strings.Contains(js, "composed") {
		t.Errorf("without subwords: %+v\n%s", r, js)
	}
}

// A sidecar that names a missing, truncated or foreign fastText model is
// one clear line.
func TestSubwordsFileRefused(t *testing.T) {
	vec, _ := subwordModel(t)
	ft := vec + ".subwords.bin"
	data, _ := os.ReadFile(ft)
	for name, spoil := range map[string]func(){
		"truncated": func() { os.WriteFile(ft, data[:len(data)-9], 0o644) },
		"foreign":   func() { os.WriteFile(ft, []byte("2 2\na 1 2\nb 3 4\n"), 0o644) },
		"missing":   func() { os.Remove(ft) },
		"other run": func() {
			m, _ := fasttext.Read(vec + ".subwords.bin")
			m.Words = m.Words[:len(m.Words)-1]
			m.Input = fasttext.Matrix{Rows: m.Input.Rows - 1, Cols: m.Input.Cols, Data: m.Input.Data[m.Input.Cols:]}
			m.Output = fasttext.Matrix{Rows: m.Output.Rows - 1, Cols: m.Output.Cols, Data: m.Output.Data[m.Output.Cols:]}
			if err := fasttext.Write(ft, m); err != nil {
				t.Fatal(err)
			}
		},
	} {
		os.WriteFile(ft, data, 0o644)
		spoil()
		_, _, err := runCmd("nearest", "-vectors", vec, "walk")
		if !oneLine(err, "subwords") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
