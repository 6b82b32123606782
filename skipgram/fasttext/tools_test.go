package fasttext

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// These tests check the files against fastText's own binary and gensim
// (Debian's fasttext and python3-gensim, which CI installs): they skip
// where those are missing, except on CI (CI=true), where they fail.

func skipOrFail(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf(format+" (CI=true: failing instead of skipping)", args...)
	}
	t.Skipf(format, args...)
}

func fastTextBinary(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("fasttext")
	if err != nil {
		skipOrFail(t, "fastText's cross-check needs the fasttext command (Debian's fasttext): %v", err)
	}
	return path
}

// runFastText runs fastText with args and stdin, and returns its output.
func runFastText(t *testing.T, bin, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("fasttext %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// parseRows reads fastText's "name v1 ... vK " lines (print-word-vectors,
// print-ngrams) into names and vectors.
func parseRows(t *testing.T, out string, dim int) ([]string, [][]float32) {
	t.Helper()
	var names []string
	var vecs [][]float32
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		if len(f) != dim+1 {
			t.Fatalf("fastText printed %q: want a name and %d values", line, dim)
		}
		v := make([]float32, dim)
		for i, s := range f[1:] {
			x, err := strconv.ParseFloat(s, 32)
			if err != nil {
				t.Fatalf("fastText printed %q: %v", line, err)
			}
			v[i] = float32(x)
		}
		names = append(names, f[0])
		vecs = append(vecs, v)
	}
	return names, vecs
}

// near reports whether fastText's printed value (five significant digits)
// is want within 1e-5, or within its last printed digit for |want| >= 1.
func near(got, want float32) bool {
	return math.Abs(float64(got-want)) <= max(1e-5, 5e-5*math.Abs(float64(want)))
}

func checkVectors(t *testing.T, what string, m *Model, words []string, names []string, vecs [][]float32) {
	t.Helper()
	sm, err := m.Subwords()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(names, words) {
		t.Fatalf("%s: fastText printed %q, asked %q", what, names, words)
	}
	want := make([]float32, m.Args.Dim)
	for i, w := range words {
		sm.Vector(want, w)
		for k := range want {
			if !near(vecs[i][k], want[k]) {
				t.Errorf("%s: %q (in vocabulary: %v): fastText %v, composed here %v", what, w, sm.ID(w) >= 0, vecs[i], want)
				break
			}
		}
	}
}

// A small corpus with morphology and UTF-8: stems and suffixes.
func writeCorpus(t *testing.T, path string) {
	t.Helper()
	stems := []string{"walk", "talk", "jump", "play", "naïv", "café", "日本", "東京", "where", "here"}
	suffixes := []string{"", "s", "ed", "ing", "er"}
	var b strings.Builder
	state := uint32(1)
	for line := range 2000 {
		for range 12 {
			state = state*1664525 + 1013904223
			s := stems[(state>>8)%uint32(len(stems))]
			x := suffixes[(state>>20)%uint32(len(suffixes))]
			if line%7 == 0 && s == "here" {
				x = ""
			}
			b.WriteString(s + x + " ")
		}
		b.WriteString("\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReadsFastTextsModel trains a model with fastText and reads it: the
// arguments, the n-grams fastText lists for a word with their rows, and
// the vectors print-word-vectors prints for words in the vocabulary and
// words never seen, which the rows read here compose to.
func TestReadsFastTextsModel(t *testing.T) {
	bin := fastTextBinary(t)
	dir := t.TempDir()
	corpus := filepath.Join(dir, "small.txt")
	writeCorpus(t, corpus)
	out := filepath.Join(dir, "m")
	runFastText(t, bin, "", "skipgram", "-input", corpus, "-output", out, "-minCount", "1", "-dim", "10",
		"-epoch", "1", "-minn", "3", "-maxn", "6", "-bucket", "1000", "-thread", "1", "-verbose", "0")
	m, err := Read(out + ".bin")
	if err != nil {
		t.Fatal(err)
	}
	if a := m.Args; a.Dim != 10 || a.Bucket != 1000 || a.Minn != 3 || a.Maxn != 6 || a.Model != SkipGram || a.Loss != LossNS || a.Epoch != 1 {
		t.Errorf("arguments %+v", a)
	}
	if m.Version != Version || m.NWords() != len(m.Words) || m.Words[0].Word != "</s>" {
		t.Errorf("version %d, %d words of %d entries, first %q", m.Version, m.NWords(), len(m.Words), m.Words[0].Word)
	}
	sm, err := m.Subwords()
	if err != nil {
		t.Fatal(err)
	}
	s := m.Args.Subwords()
	for _, w := range []string{"walking", "naïve", "日本語", "cafés", "x"} {
		names, vecs := parseRows(t, runFastText(t, bin, "", "print-ngrams", out+".bin", w), 10)
		want := s.Ngrams(w)
		rows := s.AppendRows(nil, w, m.NWords())
		if id := sm.ID(w); id >= 0 {
			want = append([]string{w}, want...)
			rows = append([]int32{id}, rows...)
		}
		if !slices.Equal(names, want) {
			t.Errorf("%q: fastText's n-grams %q, here %q", w, names, want)
			continue
		}
		for i, r := range rows {
			for k, x := range m.Input.Row(int(r)) {
				if !near(vecs[i][k], x) {
					t.Errorf("%q: n-gram %q: fastText's vector %v, row %d here %v", w, names[i], vecs[i], r, m.Input.Row(int(r)))
					break
				}
			}
		}
	}
	words := []string{"walking", "where", "here", "naïver", "日本", "東京ing", "walkinger", "naïve", "日本語", "zzz", "x"}
	names, vecs := parseRows(t, runFastText(t, bin, strings.Join(words, "\n")+"\n", "print-word-vectors", out+".bin"), 10)
	checkVectors(t, "fastText's model", m, words, names, vecs)
	// Written back here, the file is fastText's byte for byte.
	path := filepath.Join(dir, "again.bin")
	if err := Write(path, m); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(out + ".bin")
	b, _ := os.ReadFile(path)
	if !slices.Equal(a, b) {
		t.Errorf("fastText's model written back differs: %d bytes, fastText's %d", len(b), len(a))
	}
}

// TestFastTextReadsOurModel writes a model here and has fastText print its
// vectors: they are what the rows compose to here, for words in the
// vocabulary and words never seen.
func TestFastTextReadsOurModel(t *testing.T) {
	bin := fastTextBinary(t)
	m := testModel([]string{"</s>", "where", "here", "naïve", "日本語", "walk", "walking"}, 8, 300)
	path := filepath.Join(t.TempDir(), "ours.bin")
	if err := Write(path, m); err != nil {
		t.Fatal(err)
	}
	words := []string{"where", "naïve", "日本語", "walking", "there", "naïveté", "日本", "walked", "zq", "x"}
	names, vecs := parseRows(t, runFastText(t, bin, strings.Join(words, " ")+"\n", "print-word-vectors", path), 8)
	checkVectors(t, "our model", m, words, names, vecs)
	// And its nearest neighbours come out of it.
	if nn := runFastText(t, bin, "walker\n", "nn", path, "3"); strings.Count(nn, "walk") == 0 {
		t.Errorf("fasttext nn walker: %q", nn)
	}
}

// gensimCheck loads a .bin with gensim's load_facebook_model and prints
// the vectors of the words it is given, as JSON.
const gensimCheck = `
import json, sys
from gensim.models.fasttext import load_facebook_model
m = load_facebook_model(sys.argv[1])
json.dump({w: [float(x) for x in m.wv[w]] for w in sys.argv[2:]}, sys.stdout)
`

// TestGensimReadsOurModel loads a model written here with gensim's
// load_facebook_model: its vectors for words in the vocabulary and words
// never seen are those composed here.
func TestGensimReadsOurModel(t *testing.T) {
	const py = "/usr/bin/python3"
	if out, err := exec.Command(py, "-c", "import gensim").CombinedOutput(); err != nil {
		skipOrFail(t, "gensim cross-check needs %s with gensim: %v: %s", py, err, strings.TrimSpace(string(out)))
	}
	m := testModel([]string{"</s>", "where", "here", "naïve", "日本語", "walk", "walking"}, 8, 300)
	path := filepath.Join(t.TempDir(), "ours.bin")
	if err := Write(path, m); err != nil {
		t.Fatal(err)
	}
	words := []string{"where", "naïve", "日本語", "walking", "there", "naïveté", "日本", "walked"}
	cmd := exec.Command(py, append([]string{"-c", gensimCheck, path}, words...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("gensim: %v\n%s", err, stderr.String())
	}
	var got map[string][]float32
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("gensim printed %q: %v", out, err)
	}
	sm, err := m.Subwords()
	if err != nil {
		t.Fatal(err)
	}
	want := make([]float32, 8)
	for _, w := range words {
		sm.Vector(want, w)
		if len(got[w]) != 8 {
			t.Fatalf("gensim gave %q %v", w, got[w])
		}
		for k := range want {
			if math.Abs(float64(got[w][k]-want[k])) > 1e-5 {
				t.Errorf("%q (in vocabulary: %v): gensim %v, composed here %v", w, sm.ID(w) >= 0, got[w], want)
				break
			}
		}
	}
}
