package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// treeFile writes the closure of a complete tree (branching 3, depth 3:
// 40 nodes, 102 edges) as a TSV edge list, dir/tree.tsv, and returns its path.
func treeFile(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	if err := cgraph.WriteTreeClosure(&b, 3, 3); err != nil {
		t.Fatal(err)
	}
	return writeFile(t, dir, "tree.tsv", b.String())
}

func TestTrainGraphCommand(t *testing.T) {
	dir := t.TempDir()
	tree := treeFile(t, dir)
	checkSeeded(t, dir, "vec", "train", "-graph", tree, "-model", "ipds", "-size", "6", "-neg-dim", "3",
		"-threads", "1", "-iter", "20", "-quiet")
	out := filepath.Join(dir, "v0.vec")
	vec, err := embedding.ReadVectors(out)
	if err != nil {
		t.Fatal(err)
	}
	meta, err := embedding.ReadMeta(out, vec)
	if err != nil {
		t.Fatal(err)
	}
	if len(vec.Words) != 40 || vec.Words[0] != "n0" || meta.Graph == nil || meta.Graph.Edges != 102 ||
		meta.Graph.NegDist != "uniform" || meta.Hyper.Iter != 20 || meta.Hyper.Negative != 10 || meta.Stats.Pairs != 20*2*102 {
		t.Errorf("%d nodes, first %s, sidecar graph %+v, hyper %+v, pairs %d; want 40, n0 (the root), 102 edges, uniform, iter 20, 10 negatives, 4080 pairs",
			len(vec.Words), vec.Words[0], meta.Graph, meta.Hyper, meta.Stats.Pairs)
	}

	stdout, _, err := runCmd("eval", "-graph", tree, "-vectors", out, "-json")
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Results []struct {
			Sim   string
			MAP   float64
			AUC   float64
			Edges int
		}
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || len(res.Results) != 1 {
		t.Fatalf("eval -json: %v\n%s", err, stdout)
	}
	if r := res.Results[0]; r.Sim != "ipds(q=3)" || r.Edges != 102 || !(r.MAP > 0 && r.MAP <= 1) || !(r.AUC > 0.5) {
		t.Errorf("eval: %+v", r)
	}

	// Link prediction: split, train on the training part, score the rest.
	trainPart, testPart := filepath.Join(dir, "train.tsv"), filepath.Join(dir, "test.tsv")
	if stdout, _, err := runCmd("graph", "split", "-in", tree, "-train", trainPart, "-test", testPart, "-test-frac", "0.2"); err != nil ||
		!strings.Contains(stdout, "82 training edges") {
		t.Fatalf("graph split: %v\n%s", err, stdout)
	}
	lp := filepath.Join(dir, "lp.vec")
	if _, stderr, err := runCmd("train", "-graph", trainPart, "-output", lp, "-model", "hsg", "-size", "5", "-threads", "2", "-iter", "5"); err != nil ||
		!strings.Contains(stderr, "edges/sec") {
		t.Fatalf("train on the split: %v\n%s", err, stderr)
	}
	if stdout, _, err := runCmd("eval", "-graph", testPart, "-exclude", trainPart, "-vectors", lp); err != nil ||
		!strings.Contains(stdout, "link prediction") || !strings.Contains(stdout, "20 edges") {
		t.Fatalf("eval -exclude: %v\n%s", err, stdout)
	}
}

func TestTrainGraphBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string { return writeFile(t, dir, name, s) }
	out := filepath.Join(dir, "v.vec")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-graph", write("one.tsv", "a b\nc\n")}, "line 2: one field"},
		{[]string{"-graph", write("self.tsv", "a a\n")}, "no edges (1 self-loop"},
		{[]string{"-graph", write("empty.tsv", "")}, "empty"},
		{[]string{"-graph", filepath.Join(dir, "missing.tsv")}, "missing.tsv"},
		{[]string{"-graph", write("ok.tsv", "a b\n"), "-neg-dist", "zipf"}, "-neg-dist"},
		{[]string{"-graph", write("ok2.tsv", "a b\n"), "-window", "3"}, "-window does not apply"},
		{[]string{"-graph", write("ok3.tsv", "a b\nb c\n"), "-min-count", "5"}, "no edges left"},
	} {
		args := append([]string{"train", "-output", out, "-quiet"}, c.args...)
		_, _, err := runCmd(args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want an error containing %q", c.args, err, c.want)
		}
		if _, serr := os.Stat(out); serr == nil {
			t.Fatalf("%v: a vectors file was written", c.args)
		}
	}
	// Self-loops among edges are skipped and said so.
	_, stderr, err := runCmd("train", "-graph", write("loops.tsv", "a a\na b\nb c\n"), "-output", out, "-iter", "1", "-size", "4")
	if err != nil || !strings.Contains(stderr, "skipped 1 self-loop") {
		t.Errorf("self-loop skip: %v\n%s", err, stderr)
	}
}

func TestGraphWordNetCommand(t *testing.T) {
	dir := t.TempDir()
	stdout, _, err := runCmd("graph", "wordnet", "-dict", filepath.Join("corpus", "wordnet", "testdata"), "-out", dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, "noun_closure.tsv: 10 nodes, 24 edges") || !strings.Contains(stdout, "mammal_closure.tsv: 6 nodes, 7 edges") {
		t.Errorf("graph wordnet said:\n%s", stdout)
	}
	if _, _, err := runCmd("graph", "wordnet", "-dict", dir); err == nil || !strings.Contains(err.Error(), "wordnet-base") {
		t.Errorf("missing dictionary: %v", err)
	}
}
