package main

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/bench/experiment"
	"github.com/wipsvec/wipsvec/bench/planted"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/flagvalue"
)

func TestExperimentFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-models", "sg,cbow"}, // an architecture is a suffix: sg/cbow
		{"-models", "sg/exact"},
		{"-models", "hsg/cbow"},
		{"-models", "wips/hs"},
		{"-sizes", "10,x"},
		{"-sizes", "1"},
		{"-seeds", "0"},
		{"-ratios", "1.5"},
		{"-alphas", ""},
		{"-negative", "0"},
		{"-lambda-init", "bogus"},
		{"-results", ""},
		{"extra"},
	} {
		_, _, err := runCmd(append([]string{"experiment"}, args...)...)
		var ue usageError
		if err == nil || !errors.As(err, &ue) {
			t.Errorf("experiment %v: %v, want a usage error", args, err)
		}
	}
	f, err := parseExperimentFlags([]string{"-quick", "-seeds", "2"}, stdio{out: os.Stdout, err: os.Stderr})
	if err != nil {
		t.Fatal(err)
	}
	g := f.Grid
	if len(g.Sizes) != 2 || len(g.Alphas) != 1 || len(g.Ratios) != 2 || len(g.Seeds) != 2 || g.Epochs != 5 || len(g.Models) != 6 {
		t.Errorf("-quick -seeds 2: grid %+v; want the quick preset with 2 seeds", g)
	}
	f, err = parseExperimentFlags([]string{"-models", "sg,sg/cbow,wips/cbow,sg/hs"}, stdio{out: os.Stdout, err: os.Stderr})
	if err != nil {
		t.Fatal(err)
	}
	if got := flagvalue.JoinList(f.Grid.Models); got != "sg,sg/cbow,wips/cbow,sg/hs" {
		t.Errorf("-models sg,sg/cbow,wips/cbow,sg/hs: grid models %s", got)
	}
	// A run trains with its model's replicas on several threads, none on one.
	for _, threads := range []int{1, 2} {
		f, err := parseExperimentFlags([]string{"-quick", "-threads", strconv.Itoa(threads)}, stdio{out: os.Stdout, err: os.Stderr})
		if err != nil {
			t.Fatal(err)
		}
		r := experiment.Runner{Setup: f.Setup, Threads: threads}
		for _, kind := range []skipgram.Kind{skipgram.SIPS, skipgram.SG} {
			opt := r.Options(experiment.RunSpec{Model: kind, Dim: 100, Alpha: 0.025, Seed: 1, Epochs: 1})
			want := skipgram.DefaultOptions()
			want.Model, want.Threads = kind, threads
			if got, w := opt.HotReplicaRows(), want.HotReplicaRows(); got != w {
				t.Errorf("%d threads, %s: %d replicated rows, want the model's default %d", threads, kind, got, w)
			}
		}
	}
}

// TestExperimentCommand runs a small grid on the start of the shared corpus
// twice: the second run resumes without training. With -short it skips the
// plots (rasterizing dominates under the race detector) and reads less.
func TestExperimentCommand(t *testing.T) {
	needShared(t, sharedCorpus)
	dir := t.TempDir()
	args := []string{"experiment", "-train", sharedCorpus, "-quick", "-sizes", "10",
		"-models", "wips,sg,ipds", "-threads", "2",
		"-results", filepath.Join(dir, "r.jsonl"), "-md", filepath.Join(dir, "t.md")}
	plots := !testing.Short()
	if plots {
		args = append(args, "-corpus-bytes", "1000000", "-iter", "2", "-plots", filepath.Join(dir, "plots"))
	} else {
		args = append(args, "-corpus-bytes", "300000")
	}
	out, errOut := mustRun(t, args...)
	for _, s := range []string{"| WIPS |", "| SG*(K/2) |", "(19.2)", "Runs: 5 of 5 finished, 0 failed."} {
		if !strings.Contains(out, s) {
			t.Errorf("table lacks %q:\n%s", s, out)
		}
	}
	md, err := os.ReadFile(filepath.Join(dir, "t.md"))
	if err != nil || string(md) != out {
		t.Errorf("-md file differs from stdout (%v)", err)
	}
	for _, p := range []string{"lambda.png", "spearman.png", "loss.png"} {
		if !plots {
			break
		}
		if fi, err := os.Stat(filepath.Join(dir, "plots", p)); err != nil || fi.Size() < 10000 {
			t.Errorf("plot %s: %v", p, err)
		}
	}
	lines, _ := os.ReadFile(filepath.Join(dir, "r.jsonl"))
	if n := strings.Count(string(lines), "\n"); n != 5 {
		t.Errorf("results: %d lines, want 5", n)
	}

	out2, errOut := mustRun(t, args...)
	if !strings.Contains(errOut, "encoded before") {
		t.Errorf("rerun tokenized the corpus again instead of mapping its encoded corpus:\n%s", errOut)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "corpus-*.wvc")); len(m) != 1 {
		t.Errorf("encoded corpora beside the results: %q, want one", m)
	}
	if !strings.Contains(errOut, "resuming: 5 of 5 runs already done") || out2 != out {
		t.Errorf("rerun did not resume to the same table:\n%s\n%s", errOut, out2)
	}
	lines2, _ := os.ReadFile(filepath.Join(dir, "r.jsonl"))
	if string(lines2) != string(lines) {
		t.Error("rerun appended to the results")
	}
}

// TestExperimentArchitectures runs `-models sg,sg/cbow` on a small topical
// corpus with benchmarks made for it: CBOW gets rows of its own beside
// SG's, and a rerun resumes both.
func TestExperimentArchitectures(t *testing.T) {
	dir, corpus := corpusFile(t, 1500)
	evalDir := filepath.Join(dir, "eval")
	os.Mkdir(evalDir, 0o755)
	if err := planted.NewTopics(5, 10, 3, 4).Benchmarks(evalDir, 40); err != nil {
		t.Fatal(err)
	}
	t.Setenv("WIPSVEC_EVAL", evalDir)
	args := []string{"experiment", "-train", corpus, "-models", "sg,sg/cbow", "-sizes", "8", "-alphas", "0.01",
		"-seeds", "1", "-iter", "2", "-threads", "1", "-min-count", "1", "-window", "3", "-sample", "0",
		"-results", filepath.Join(dir, "r.jsonl")}
	out, errOut := mustRun(t, args...)
	for _, s := range []string{"| SG |", "| SG*(K/2) |", "| SG-CBOW |", "| SG-CBOW*(K/2) |", "Runs: 4 of 4 finished, 0 failed."} {
		if !strings.Contains(out, s) {
			t.Errorf("table lacks %q:\n%s", s, out)
		}
	}
	if !strings.Contains(errOut, "sg/cbow dim=8 alpha=0.01") {
		t.Errorf("log lacks the CBOW run:\n%s", errOut)
	}
	out2, errOut, err := runCmd(args...)
	if err != nil || !strings.Contains(errOut, "resuming: 4 of 4 runs already done") || out2 != out {
		t.Errorf("rerun did not resume to the same table (%v):\n%s\n%s", err, errOut, out2)
	}
}
