package eval

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// The cross-check needs Debian's python3-gensim, which lives in the system
// interpreter; the python3 first on PATH may be another one without it.
const systemPython = "/usr/bin/python3"

// skipOrFail skips a test whose external requirement is missing, except on
// CI (CI=true), where a missing requirement must not pass silently.
func skipOrFail(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf(format+" (CI=true: failing instead of skipping)", args...)
	}
	t.Skipf(format, args...)
}

func requireGensim(t *testing.T) {
	t.Helper()
	out, err := exec.Command(systemPython, "-c", "import gensim").CombinedOutput()
	if err != nil {
		skipOrFail(t, "gensim cross-check needs %s with gensim: %v: %s", systemPython, err, strings.TrimSpace(string(out)))
	}
}

// runGensim runs testdata/gensim_check.py and decodes its JSON output.
func runGensim(t *testing.T, out any, args ...string) {
	t.Helper()
	cmd := exec.Command(systemPython, append([]string{filepath.Join("testdata", "gensim_check.py")}, args...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("gensim_check.py %s: %v\n%s", args[0], err, stderr.String())
	}
	if err := json.Unmarshal(stdout, out); err != nil {
		t.Fatalf("gensim_check.py %s: bad output %q: %v", args[0], stdout, err)
	}
}

// benchmarkFiles resolves the four default benchmarks ($WIPSVEC_EVAL, or
// the shared benchmarks beside the checkout: ../../../shared/eval from this
// directory).
func benchmarkFiles(t *testing.T) []string {
	t.Helper()
	if os.Getenv("WIPSVEC_EVAL") == "" {
		t.Setenv("WIPSVEC_EVAL", filepath.Join("..", "..", "..", "shared", "eval"))
	}
	var paths []string
	for _, name := range DefaultDatasets {
		p, err := ResolveDataset(name)
		if err != nil {
			skipOrFail(t, "benchmarks not found: %v", err)
		}
		paths = append(paths, p)
	}
	return paths
}

// pseudoVectors gives every word a deterministic pseudo-random vector.
func pseudoVectors(words []string, dim int) *embedding.Vectors {
	v := &embedding.Vectors{Words: words, Dim: dim, Stride: dim}
	state := uint64(0x9e3779b97f4a7c15)
	for range words {
		for j := 0; j < dim; j++ {
			// splitmix64
			state += 0x9e3779b97f4a7c15
			z := state
			z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
			z = (z ^ z>>27) * 0x94d049bb133111eb
			z ^= z >> 31
			v.Data = append(v.Data, float32(int64(z))/(1<<63))
		}
	}
	return v
}

// csvToTSV writes the word pairs of a benchmark CSV as word1<TAB>word2<TAB>
// score, the layout gensim's evaluate_word_pairs reads, keeping the case
// so that gensim does its own case folding.
func csvToTSV(t *testing.T, csvPath, tsvPath string) {
	t.Helper()
	f, err := os.Open(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, r := range recs[1:] { // skip ",word1,word2,similarity"
		fmt.Fprintf(&b, "%s\t%s\t%s\n", r[1], r[2], r[3])
	}
	if err := os.WriteFile(tsvPath, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func float32Bits(row []float32) []uint32 {
	out := make([]uint32, len(row))
	for i, x := range row {
		out[i] = math.Float32bits(x)
	}
	return out
}

// TestGensimCrossCheck writes vectors for the words of the four benchmarks
// (about 5% left out, so that OOV handling is compared too) in both formats,
// loads them with gensim and checks that gensim's evaluate_word_pairs
// Spearman equals ours under cosine, that it counts the same OOV pairs, and
// that it reads the same floats.
func TestGensimCrossCheck(t *testing.T) {
	requireGensim(t)
	paths := benchmarkFiles(t)
	c := &gensimCrossCheck{dir: t.TempDir()}

	vocab := c.readBenchmarks(t, paths)
	words := []string{"</s>"}
	dropped := 0
	for w := range vocab {
		h := fnv.New32a()
		h.Write([]byte(w))
		if h.Sum32()%20 == 0 {
			dropped++
			continue
		}
		words = append(words, w)
	}
	sort.Strings(words[1:])
	t.Logf("%d benchmark words, %d left out as OOV", len(vocab), dropped)
	c.words = words
	c.v = pseudoVectors(words, 50)
	c.check = []string{"</s>", words[1], words[len(words)/2], words[len(words)-1]}

	for _, bin := range []bool{true, false} {
		c.checkFormat(t, bin)
	}
}

// gensimCrossCheck holds what TestGensimCrossCheck gives gensim and
// compares with its answers.
type gensimCrossCheck struct {
	dir      string
	datasets []*Dataset
	tsvs     []string // the datasets' pairs as gensim reads them
	words    []string
	v        *embedding.Vectors
	check    []string // the words whose floats are compared
}

// gensimEval is what gensim_check.py eval reports: the file's shape, each
// dataset's scores, and the vectors of the words asked for.
type gensimEval struct {
	Words    int
	Dim      int
	Datasets map[string]struct {
		Spearman float64
		OOVRatio float64 `json:"oov_ratio"`
	}
	Vectors map[string][]uint32
}

// readBenchmarks reads the benchmarks at paths, writes each as a TSV file
// for gensim, and returns the set of words in their pairs.
func (c *gensimCrossCheck) readBenchmarks(t *testing.T, paths []string) map[string]bool {
	vocab := map[string]bool{}
	for _, p := range paths {
		d, err := ReadDataset(p)
		if err != nil {
			t.Fatal(err)
		}
		c.datasets = append(c.datasets, d)
		for _, pr := range d.Pairs {
			vocab[pr.A], vocab[pr.B] = true, true
		}
		tsv := filepath.Join(c.dir, d.Name+".tsv")
		csvToTSV(t, p, tsv)
		c.tsvs = append(c.tsvs, tsv)
	}
	return vocab
}

// checkFormat writes the vectors in binary or in text, has gensim load and
// evaluate them, and checks that it reads the same words, dimension and
// floats and scores every benchmark as Evaluate does.
func (c *gensimCrossCheck) checkFormat(t *testing.T, bin bool) {
	path := filepath.Join(c.dir, "vectors.txt")
	binArg := "0"
	if bin {
		path, binArg = filepath.Join(c.dir, "vectors.bin"), "1"
	}
	if err := embedding.WriteVectors(path, c.v, bin); err != nil {
		t.Fatal(err)
	}
	var got gensimEval
	runGensim(t, &got, append([]string{"eval", path, binArg, strings.Join(c.check, ",")}, c.tsvs...)...)
	if got.Words != len(c.words) || got.Dim != 50 {
		t.Errorf("binary=%v: gensim read %d words of dim %d, want %d of 50", bin, got.Words, got.Dim, len(c.words))
	}
	c.checkScores(t, bin, &got)
	idx := c.v.Index()
	for _, w := range c.check {
		want := float32Bits(c.v.Row(idx[w]))
		if fmt.Sprint(got.Vectors[w]) != fmt.Sprint(want) {
			t.Errorf("binary=%v: gensim's vector of %q differs:\n%v\nwant\n%v", bin, w, got.Vectors[w], want)
		}
	}
}

// checkScores checks that gensim's Spearman for every benchmark equals
// Evaluate's under cosine, and that it counts the same share of OOV pairs.
func (c *gensimCrossCheck) checkScores(t *testing.T, bin bool, got *gensimEval) {
	sims := []embedding.Similarity{embedding.Form{Name: "cos", Cosine: true}.Similarity()}
	for _, d := range c.datasets {
		res := Evaluate(c.v, sims, d)
		g, ok := got.Datasets[d.Name]
		if !ok {
			t.Errorf("binary=%v: gensim has no result for %s", bin, d.Name)
			continue
		}
		if diff := math.Abs(g.Spearman - res.Rho["cos"]); !(diff <= 0.01) {
			t.Errorf("binary=%v %s: gensim Spearman %.6f, ours %.6f", bin, d.Name, g.Spearman, res.Rho["cos"])
		} else {
			t.Logf("binary=%v %s: %d/%d pairs, gensim %.6f, ours %.6f", bin, d.Name, res.Found, res.Pairs, g.Spearman, res.Rho["cos"])
		}
		oov := float64(res.Pairs-res.Found) / float64(res.Pairs) * 100
		if math.Abs(g.OOVRatio-oov) > 1e-9 {
			t.Errorf("binary=%v %s: gensim OOV %.4f%%, ours %.4f%% (%d of %d found)", bin, d.Name, g.OOVRatio, oov, res.Found, res.Pairs)
		}
	}
}

// TestReadGensimFiles reads files written by gensim's save_word2vec_format:
// binary rows without "\n" and text floats in numpy's repr.
func TestReadGensimFiles(t *testing.T) {
	requireGensim(t)
	dir := t.TempDir()
	var want struct {
		Words   []string
		Vectors [][]uint32
	}
	runGensim(t, &want, "save", dir)
	for _, name := range []string{"gensim.bin", "gensim.txt"} {
		v, err := embedding.ReadVectors(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(v.Words) != fmt.Sprint(want.Words) {
			t.Fatalf("%s: words %q, want %q", name, v.Words, want.Words)
		}
		for i := range want.Words {
			if got := float32Bits(v.Row(i)); fmt.Sprint(got) != fmt.Sprint(want.Vectors[i]) {
				t.Errorf("%s: row %d (%q) = %v, want %v", name, i, want.Words[i], got, want.Vectors[i])
			}
		}
	}
}
