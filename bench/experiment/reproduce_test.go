package experiment

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wipsvec/wipsvec/bench/planted"
	"github.com/wipsvec/wipsvec/skipgram"
)

func TestLossSampleEvery(t *testing.T) {
	for _, c := range []struct {
		tokens int64
		epochs int
		want   time.Duration
	}{
		{1000, 1, 10 * time.Millisecond}, // a tiny run still gets a curve
		{1e7, 5, 500 * time.Millisecond}, // 50s at 1M words/s: every 1%
		{1e9, 15, time.Second},           // a long run: a point a second
	} {
		if got := lossSampleEvery(c.tokens, c.epochs); got != c.want {
			t.Errorf("lossSampleEvery(%d, %d) = %v, want %v", c.tokens, c.epochs, got, c.want)
		}
	}
}

// TestListRuns checks that -list marks a run done only when prior holds it
// finished in the same setup, and counts them.
func TestListRuns(t *testing.T) {
	setup := Setup{Corpus: "c", Settings: skipgram.Settings{Window: 5}}
	specs, err := Grid{Sizes: []int{4, 8}, Models: PlainModels(skipgram.SG), Alphas: []float64{0.025}, Seeds: []uint64{1}, Epochs: 1}.Expand()
	if err != nil {
		t.Fatal(err)
	}
	other := setup
	other.Settings.Window = 3
	prior := []RunRecord{
		{RunSpec: specs[0], Setup: setup, Status: StatusFailed},
		{RunSpec: specs[0], Setup: setup, Status: StatusOK},
		{RunSpec: specs[1], Setup: other, Status: StatusOK},
	}
	var b strings.Builder
	if err := listRuns(&b, setup, specs, prior); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != len(specs)+1 || !strings.HasPrefix(lines[0], "ok ") || !strings.HasPrefix(lines[1], "todo ") ||
		lines[len(lines)-1] != fmt.Sprintf("1 of %d runs done", len(specs)) {
		t.Errorf("listRuns:\n%s", b.String())
	}
}

// reproduceFiles writes a small topical corpus and benchmarks made for it
// (pointed to by WIPSVEC_EVAL) into dir, and returns the corpus's path.
func reproduceFiles(t *testing.T, dir string) string {
	topics := planted.NewTopics(5, 10, 3, 4)
	path := filepath.Join(dir, "c.txt")
	if err := os.WriteFile(path, []byte(topics.Text(1500, 8, 15)), 0o644); err != nil {
		t.Fatal(err)
	}
	evalDir := filepath.Join(dir, "eval")
	os.Mkdir(evalDir, 0o755)
	if err := topics.Benchmarks(evalDir, 40); err != nil {
		t.Fatal(err)
	}
	t.Setenv("WIPSVEC_EVAL", evalDir)
	return path
}

// TestReproduce runs an invocation end to end on a small corpus: it lists
// the grid, trains it, writes the table to w and to Markdown, and a rerun
// resumes to the same table without training; an output that is the
// corpus is refused before anything is read.
func TestReproduce(t *testing.T) {
	dir := t.TempDir()
	c := Config{
		Train: reproduceFiles(t, dir),
		Grid: Grid{Sizes: []int{8}, Models: PlainModels(skipgram.SG), Alphas: []float64{0.01}, Ratios: []float64{0.5},
			Seeds: []uint64{1}, Epochs: 2},
		Setup: Setup{MinCount: 1, LambdaRecipe: skipgram.LambdaRecipe,
			Settings: skipgram.Settings{Window: 3, Negative: 3, LambdaInit: skipgram.DefaultLambdaInit, LambdaAlpha: skipgram.DefaultLambdaAlpha}},
		MinCountSet: true, Threads: 1,
		Results: filepath.Join(dir, "out", "r.jsonl"), Markdown: filepath.Join(dir, "out", "t.md"),
	}
	var out, log bytes.Buffer
	c.List, c.Log = true, &log
	if err := Reproduce(context.Background(), &out, c); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(out.String(), "0 of 2 runs done\n") {
		t.Errorf("-list before any run:\n%s", out.String())
	}
	c.List = false
	out.Reset()
	if err := Reproduce(context.Background(), &out, c); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	for _, s := range []string{"| SG |", "| SG*(K/2) |", "Runs: 2 of 2 finished, 0 failed."} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("table lacks %q:\n%s", s, out.String())
		}
	}
	if md, err := os.ReadFile(c.Markdown); err != nil || string(md) != out.String() {
		t.Errorf("the Markdown file differs from the table (%v)", err)
	}
	if !strings.Contains(log.String(), "grid: 2 runs") || !strings.Contains(log.String(), "experiment: 2 of 2 runs finished") {
		t.Errorf("log:\n%s", log.String())
	}
	first := out.String()
	out.Reset()
	log.Reset()
	if err := Reproduce(context.Background(), &out, c); err != nil || out.String() != first || !strings.Contains(log.String(), "resuming: 2 of 2 runs already done") {
		t.Errorf("rerun (%v) did not resume to the same table:\n%s\n%s", err, log.String(), out.String())
	}
	c.Results = c.Train
	if err := Reproduce(context.Background(), &out, c); err == nil || !strings.Contains(err.Error(), "same file") {
		t.Errorf("results into the corpus: %v, want a refusal", err)
	}
}

// TestSetupResolve checks that a setup records only what trains: no noise
// shared by exact pairs, no replicas (nor their merges) on one thread.
func TestSetupResolve(t *testing.T) {
	type s = skipgram.Settings
	for _, c := range []struct {
		in      s
		threads int
		want    s
	}{
		{s{Batch: true, ShareNoise: 2, HotRows: -1, HotSync: 64}, 2, s{Batch: true, ShareNoise: 2, HotRows: -1, HotSync: 64}},
		{s{Batch: false, ShareNoise: 2, HotRows: -1, HotSync: 64}, 2, s{HotRows: -1, HotSync: 64}},
		{s{Batch: true, ShareNoise: 2, HotRows: -1, HotSync: 64}, 1, s{Batch: true, ShareNoise: 2}},
		{s{Batch: true, HotRows: 0, HotSync: 64}, 4, s{Batch: true}},
	} {
		got := Setup{Settings: c.in}
		got.Resolve(c.threads)
		if got != (Setup{Settings: c.want}) {
			t.Errorf("%+v on %d threads: %+v, want %+v", c.in, c.threads, got.Settings, c.want)
		}
	}
}

// TestQuickAndCheck checks the -quick preset (the fields given keep their
// values) and that DefaultConfig passes Check while an empty Results does
// not.
func TestQuickAndCheck(t *testing.T) {
	g := PaperGrid()
	g.Sizes, g.Seeds = []int{50}, Seeds(2)
	q := g.Quick(map[string]bool{"sizes": true, "seeds": true})
	want := QuickGrid()
	if !slices.Equal(q.Sizes, []int{50}) || !slices.Equal(q.Seeds, []uint64{1, 2}) ||
		!slices.Equal(q.Alphas, want.Alphas) || !slices.Equal(q.Ratios, want.Ratios) || q.Epochs != want.Epochs {
		t.Errorf("Quick: %+v", q)
	}
	c := DefaultConfig()
	if err := c.Check(); err != nil {
		t.Errorf("DefaultConfig: %v", err)
	}
	c.Results = ""
	if err := c.Check(); err == nil {
		t.Error("an empty Results passed")
	}
}
