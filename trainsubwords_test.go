package main

import (
	"bufio"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/fasttext"
)

// TestTrainSubwords trains SG with fastText's subword rows and checks what
// it leaves: the words' vectors composed as fastText composes them, a
// fastText model beside them that the sidecar names and that reads back
// with the same settings, nearest answering an unseen word, and -init
// from that model giving every word of a new run a start. Bad subword
// flags are refused in one line before any file is written.
func TestTrainSubwords(t *testing.T) {
	dir, text := corpusFile(t, 300)
	out := filepath.Join(dir, "vec.bin")
	mustRun(t, "train", "-train", text, "-output", out, "-binary", "1", "-size", "12", "-iter", "2",
		"-threads", "1", "-min-count", "1", "-maxn", "5", "-bucket", "5000", "-quiet")
	meta, err := embedding.ReadMeta(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s := meta.Subwords; s == nil || s.File != "vec.bin"+fasttext.BesideSuffix || s.Minn != 3 || s.Maxn != 5 || s.Bucket != 5000 {
		t.Fatalf("sidecar's subwords %+v", meta.Subwords)
	}
	if p := meta.Plan; p == nil || p.Batch {
		t.Fatalf("a subword run not given -batch trained in batch windows: plan %+v", meta.Plan)
	}
	composedAsWritten(t, out, meta)
	if o, se, err := runCmd("nearest", "-vectors", out, "-n", "3", "g1w3x"); err != nil || !strings.Contains(o, "composed") {
		t.Errorf("nearest of an unseen word: %v\n%s%s", err, o, se)
	}
	again := filepath.Join(dir, "again.txt")
	if _, se, err := runCmd("train", "-train", text, "-output", again, "-init", meta.SubwordsPath(out), "-iter", "1", "-min-count", "1"); err != nil || !strings.Contains(se, "init: 50 of the 50 words started") {
		t.Errorf("-init from the fastText model: %v\n%s", err, se)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-maxn", "3", "-minn", "4"}, "minn 4 is above maxn 3"},
		{[]string{"-maxn", "6", "-model", "hsg"}, "no meaning for hsg"},
		{[]string{"-maxn", "6", "-bucket", "0"}, "-bucket"},
		{[]string{"-maxn", "6", "-output", "-"}, "standard output"},
	} {
		bad := filepath.Join(dir, "bad.bin")
		args := append([]string{"train", "-train", text, "-output", bad, "-min-count", "1"}, tc.args...)
		refuses(t, tc.want, args...)
		if _, err := os.Stat(bad + fasttext.BesideSuffix); err == nil {
			t.Errorf("%v: a fastText model was written", tc.args)
		}
	}
}

// TestFastTextReadsTrainedSubwords: fastText 0.9.2's own print-word-vectors
// reads the model a run with subwords writes and prints, for words seen
// and unseen, the vectors nearest and the vectors file use.
func TestFastTextReadsTrainedSubwords(t *testing.T) {
	if _, err := findFastText(t, "fasttext"); err != nil {
		t.Skipf("fasttext: %v", err)
	}
	dir, text := corpusFile(t, 300)
	out := filepath.Join(dir, "vec.txt")
	mustRun(t, "train", "-train", text, "-output", out, "-size", "8", "-iter", "1", "-threads", "2",
		"-min-count", "1", "-maxn", "6", "-bucket", "2000", "-quiet")
	meta, err := embedding.ReadMeta(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	compose, dim := composedAsWritten(t, out, meta)
	printedAgree(t, meta.SubwordsPath(out), compose, dim)
}

// TestGraphRefusesTextArchitectures: CBOW, hierarchical softmax and
// subword rows are for text; a graph refuses each in one line, before it
// reads the edges.
func TestGraphRefusesTextArchitectures(t *testing.T) {
	edges := filepath.Join(t.TempDir(), "missing.tsv") // never read
	for _, tc := range []struct{ flag, value, want string }{
		{"-cbow", "1", "-cbow 1 does not apply to -graph"},
		{"-hs", "1", "-hs 1 does not apply to -graph"},
		{"-maxn", "6", "-maxn does not apply to -graph"},
	} {
		refuses(t, tc.want, "train", "-graph", edges, "-output", edges+".vec", tc.flag, tc.value)
	}
}

// TestTrainOneViewSubwords trains WIPS with fastText's subword rows
// (docs/subwords.md) and checks what it leaves: the words' vectors
// composed as the fastText model beside them composes them, a sidecar
// scoring with lambda, eval and nearest composing unseen words, fastText's
// own print-word-vectors agreeing where it is installed, and -init from the
// model. HSG, and a one-view model in batch windows or with CBOW, are
// refused in one line.
func TestTrainOneViewSubwords(t *testing.T) {
	dir, text := corpusFile(t, 300)
	out := filepath.Join(dir, "vec.bin")
	mustRun(t, "train", "-train", text, "-output", out, "-binary", "1", "-model", "wips", "-size", "8",
		"-iter", "2", "-threads", "1", "-min-count", "1", "-maxn", "5", "-bucket", "5000", "-quiet")
	meta, err := embedding.ReadMeta(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if meta.Subwords == nil || len(meta.Forms) != 1 || meta.Forms[0].Name != "wip" || len(meta.Forms[0].Weights) != 8 {
		t.Fatalf("sidecar: subwords %+v, forms %+v", meta.Subwords, meta.Forms)
	}
	compose, dim := composedAsWritten(t, out, meta)
	pairs := filepath.Join(dir, "pairs.csv")
	if err := os.WriteFile(pairs, []byte(",word1,word2,similarity\n1,g0w1,g0w2,9\n2,g0w1,g3w4,1\n3,g0w1x,g0w3,8\n4,g2w2,g4w4,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if o, se, err := runCmd("eval", "-vectors", out, pairs); err != nil || !strings.Contains(o, "composed") || !strings.Contains(o, "wip") {
		t.Errorf("eval with an unseen word: %v\n%s%s", err, o, se)
	}
	if o, se, err := runCmd("nearest", "-vectors", out, "-n", "3", "g1w3x"); err != nil || !strings.Contains(o, "composed") {
		t.Errorf("nearest of an unseen word: %v\n%s%s", err, o, se)
	}
	again := filepath.Join(dir, "again.txt")
	if _, se, err := runCmd("train", "-train", text, "-output", again, "-model", "ips", "-init", meta.SubwordsPath(out), "-iter", "1",
		"-min-count", "1", "-size", "8"); err != nil || !strings.Contains(se, "init: 50 of the 50 words started") {
		t.Errorf("-init from a one-view model's fastText model: %v\n%s", err, se)
	}
	printedAgree(t, meta.SubwordsPath(out), compose, dim)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-model", "hsg"}, "no meaning for hsg"},
	} {
		bad := filepath.Join(dir, "bad.bin")
		args := append([]string{"train", "-train", text, "-output", bad, "-min-count", "1", "-maxn", "6"}, tc.args...)
		refuses(t, tc.want, args...)
		if _, err := os.Stat(bad + fasttext.BesideSuffix); err == nil {
			t.Errorf("%v: a fastText model was written", tc.args)
		}
	}
}

// composedAsWritten checks that the vectors a run with subwords wrote to
// out are those the fastText model beside them composes, and returns that
// composition and its dimension.
func composedAsWritten(t *testing.T, out string, meta *embedding.Meta) (compose func([]float32, string) int, dim int) {
	t.Helper()
	ft, err := fasttext.Read(meta.SubwordsPath(out))
	if err != nil {
		t.Fatal(err)
	}
	sub, err := ft.Subwords()
	if err != nil {
		t.Fatal(err)
	}
	vec, err := embedding.ReadVectors(out)
	if err != nil {
		t.Fatal(err)
	}
	row := make([]float32, vec.Dim)
	for i, w := range vec.Words {
		sub.Vector(row, w)
		for k, x := range vec.Row(i) {
			if x != row[k] {
				t.Fatalf("%s: written %v, the fastText model composes %v", w, vec.Row(i), row)
			}
		}
	}
	return sub.Vector, vec.Dim
}

// printedAgree checks that fastText 0.9.2's print-word-vectors, where it is
// installed, prints for words seen and unseen the vectors compose gives.
func printedAgree(t *testing.T, model string, compose func([]float32, string) int, dim int) {
	t.Helper()
	bin, err := findFastText(t, "fasttext")
	if err != nil {
		t.Logf("fasttext: %v: print-word-vectors not checked", err)
		return
	}
	words := []string{"g0w1", "g4w9", "g7w7", "unseenword"}
	cmd := exec.Command(bin, "print-word-vectors", model)
	cmd.Stdin = strings.NewReader(strings.Join(words, "\n") + "\n")
	raw, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(raw)))
	row := make([]float32, dim)
	n := 0
	for ; sc.Scan(); n++ {
		f := strings.Fields(sc.Text())
		if n >= len(words) || len(f) != dim+1 || f[0] != words[n] {
			t.Fatalf("fasttext printed %q", sc.Text())
		}
		compose(row, words[n])
		for k, s := range f[1:] {
			x, _ := strconv.ParseFloat(s, 64)
			if math.Abs(x-float64(row[k])) > 1e-5*max(1, math.Abs(x)) {
				t.Errorf("%s[%d]: fasttext %v, ours %v", words[n], k, x, row[k])
			}
		}
	}
	if n != len(words) {
		t.Fatalf("fasttext printed %d vectors for %d words", n, len(words))
	}
}
