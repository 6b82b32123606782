package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/flagvalue"
)

// numericFlags returns the names of the numeric flags that the command line
// args defines, found by running it with -h.
func numericFlags(t *testing.T, args ...string) []string {
	t.Helper()
	var names []string
	std := stdio{in: strings.NewReader(""), out: io.Discard, err: io.Discard, defined: func(fs *flag.FlagSet) {
		fs.VisitAll(func(f *flag.Flag) {
			switch f.Value.(type) {
			case flagvalue.Int[int], flagvalue.Int[int64], flagvalue.Float:
				names = append(names, f.Name)
				return
			}
			if g, ok := f.Value.(flag.Getter); ok {
				switch g.Get().(type) {
				case int, int64, uint, uint64, float64, time.Duration:
					names = append(names, f.Name)
				}
			}
		})
	}}
	run(append(append([]string(nil), args...), "-h"), std)
	if len(names) == 0 {
		t.Fatalf("%v defines no numeric flag", args)
	}
	return names
}

// TestNumericFlagsNeverCrash drives every numeric flag of every command
// through 0, -1, NaN, Inf, 1e9 and 1e18 (and the same magnitudes written out
// as integers) on small inputs: each run either works or fails with one
// line, never with a panic, a stack trace or the whole usage, and never
// runs for long (a value that would is refused up front).
func TestNumericFlagsNeverCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every command a few hundred times")
	}
	dir, text := corpusFile(t, 300)
	tree := treeFile(t, dir)
	vec := filepath.Join(dir, "v.txt")
	mustRun(t, "train", "-train", text, "-output", vec, "-min-count", "1", "-size", "8", "-iter", "1", "-quiet")
	pairs := writeFile(t, dir, "pairs.csv", ",word1,word2,similarity\n0,w1,w2,1\n1,w1,w3,2\n2,w2,w30,3\n")
	useTestBinaryAsTrainer(t)
	out := filepath.Join(dir, "out")
	os.Mkdir(out, 0o755)
	commands := [][]string{
		{"train", "-train", text, "-output", filepath.Join(out, "t.txt"), "-quiet", "-min-count", "1", "-size", "8", "-iter", "1"},
		{"train", "-graph", tree, "-output", filepath.Join(out, "g.txt"), "-quiet", "-size", "4", "-iter", "2"},
		{"skipgram", "-input", text, "-output", filepath.Join(out, "ft"), "-verbose", "0", "-minCount", "1", "-dim", "8", "-epoch", "1", "-maxn", "0"},
		{"encode", "-train", text, "-output", filepath.Join(out, "c.wvc"), "-quiet"},
		{"phrases", "-train", text, "-output", filepath.Join(out, "p.txt"), "-debug", "0"},
		{"eval", "-vectors", vec, pairs},
		{"eval", "-vectors", vec, "-graph", tree},
		{"nearest", "-vectors", vec, "w1"},
		{"demo", "-planted-only"},
		{"bench", "-train", text, "-models", "ips", "-sizes", "8", "-threads", "1", "-min-count", "1", "-gensim=false", "-separate=false", "-ceiling-time", "1ms", "-quiet"},
		{"graph", "split", "-in", tree, "-train", filepath.Join(out, "a.tsv"), "-test", filepath.Join(out, "b.tsv")},
	}
	if _, err := os.Stat("../shared/eval/simlex999.csv"); err == nil {
		commands = append(commands, []string{"experiment", "-train", text, "-results", filepath.Join(out, "r.jsonl"), "-models", "ips",
			"-sizes", "8", "-alphas", "0.025", "-iter", "1", "-seeds", "1", "-min-count", "1"})
	}
	values := []string{"0", "-1", "NaN", "Inf", "-Inf", "1e9", "1e18", "1000000000", "1000000000000000000"}
	for _, base := range commands {
		name := base[0]
		if name == "graph" {
			name = "graph split"
		}
		numeric := numericFlags(t, base...)
		t.Logf("%s: %s", name, strings.Join(numeric, ", "))
		for _, fl := range numeric {
			for _, v := range values {
				args := append(append([]string(nil), base...), "-"+fl, v)
				start := time.Now()
				_, stderr, err := runCmd(args...)
				took := time.Since(start)
				if err != nil {
					msg := err.Error()
					if strings.Contains(msg, "\n") || strings.Contains(msg, "goroutine") || strings.Contains(msg, "panic") {
						t.Errorf("%s -%s %s: error is not one line: %q", name, fl, v, msg)
					}
				}
				if strings.Contains(stderr, "Usage of") || strings.Count(stderr, "\n  -") > 3 {
					t.Errorf("%s -%s %s: printed the usage:\n%s", name, fl, v, stderr)
				}
				if took > 30*time.Second {
					t.Errorf("%s -%s %s took %v: a value that long should be refused", name, fl, v, took)
				}
			}
		}
	}
}

// TestWord2vecCommandLine runs word2vec.c's demo-word.sh command line as
// it is but for the corpus (-cbow 1), and checks that it trained what it
// asks for: CBOW at word2vec.c's CBOW rate, recorded in the sidecar; then
// skip-gram with hierarchical softmax alone. -classes, which asks for
// k-means word classes, is refused in one line.
func TestWord2vecCommandLine(t *testing.T) {
	dir, text := corpusFile(t, 300)
	out := filepath.Join(dir, "vectors.bin")
	line := strings.Fields(fmt.Sprintf("train -train %s -output %s -cbow 1 -size 200 -window 8 -negative 25 -hs 0 -sample 1e-4 -threads 20 -binary 1 -iter 15 -min-count 1", text, out))
	_, stderr := mustRun(t, line...)
	meta, err := embedding.ReadMeta(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if h := meta.Hyper; !h.CBOW || h.HS || h.Alpha != 0.05 || h.Negative != 25 || h.Window != 8 || h.Iter != 15 {
		t.Errorf("demo-word.sh's line trained %+v: want CBOW at -alpha 0.05, -negative 25, -window 8, -iter 15", h)
	}
	if !strings.Contains(stderr, "trained sg (CBOW): ") {
		t.Errorf("demo-word.sh's line: the summary does not name CBOW:\n%s", stderr)
	}
	hs := filepath.Join(dir, "hs.bin")
	args := append(append([]string(nil), line...), "-cbow", "0", "-hs", "1", "-negative", "0", "-output", hs)
	if _, stderr, err := runCmd(args...); err != nil || !strings.Contains(stderr, "trained sg (hierarchical softmax): ") {
		t.Fatalf("-cbow 0 -hs 1 -negative 0: %v\n%s", err, stderr)
	}
	if meta, err := embedding.ReadMeta(hs, nil); err != nil || meta.Hyper.CBOW || !meta.Hyper.HS || meta.Hyper.Alpha != 0.025 {
		t.Errorf("-cbow 0 -hs 1: sidecar %+v, %v: want skip-gram with hierarchical softmax at -alpha 0.025", meta.Hyper, err)
	}
	args = append(append([]string(nil), line...), "-classes", "100")
	if _, _, err := runCmd(args...); err == nil || !strings.Contains(err.Error(), "k-means") {
		t.Errorf("-classes 100: %v, want a refusal naming k-means", err)
	}
	if _, stderr, err := runCmd(append(append([]string(nil), line...), "-debug", "0", "-output", filepath.Join(dir, "q.bin"))...); err != nil || strings.Contains(stderr, "vocabulary:") {
		t.Errorf("-debug 0: %v, stderr %q: want a quiet run", err, stderr)
	}
}
