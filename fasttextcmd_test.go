package main

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/fasttext"
)

// runIn is runCmd with in on standard input.
func runIn(in string, args ...string) (string, string, error) {
	var out, errb bytes.Buffer
	err := run(args, stdio{in: strings.NewReader(in), out: &out, err: &errb})
	return out.String(), errb.String(), err
}

// findFastText looks fastText's command up as path, and fails the test when it is missing under CI=true.
func findFastText(t *testing.T, path string) (string, error) {
	t.Helper()
	bin, err := exec.LookPath(path)
	if err != nil && os.Getenv("CI") == "true" {
		t.Fatalf("fasttext: %v (CI=true: failing instead of skipping)", err)
	}
	return bin, err
}

// fastTextBin is fastText's command; the test is skipped when it is not
// installed.
func fastTextBin(t *testing.T) string {
	t.Helper()
	bin, err := findFastText(t, "/usr/bin/fasttext")
	if err != nil {
		t.Skipf("fastText 0.9.2 is not installed at /usr/bin/fasttext (%v): nothing to compare with", err)
	}
	return bin
}

// fastText runs fastText's command with in on standard input.
func fastText(t *testing.T, bin, in string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("fasttext %v: %v", args, err)
	}
	return string(out)
}

// fastTextArgsLine is a tiny run's fastText flags.
func fastTextArgsLine(text, out string, more ...string) []string {
	return append([]string{"-input", text, "-output", out, "-epoch", "1", "-dim", "10", "-thread", "1", "-minCount", "1", "-bucket", "2000", "-verbose", "0"}, more...)
}

// sameLines checks that two outputs of "word x1 x2 ..." lines (or "word
// score" lines) name the same words in the same order with numbers within
// 1e-4.
func sameLines(t *testing.T, what, ours, theirs string) {
	t.Helper()
	const prompt = "Query word? " // a line of its own, before an answer
	a := strings.Split(strings.ReplaceAll(ours, prompt, prompt+"\n"), "\n")
	b := strings.Split(strings.ReplaceAll(theirs, prompt, prompt+"\n"), "\n")
	if len(a) != len(b) {
		t.Fatalf("%s: %d lines, fastText's %d:\n%s\nfastText:\n%s", what, len(a), len(b), ours, theirs)
	}
	for i := range a {
		fa, fb := strings.Fields(a[i]), strings.Fields(b[i])
		if len(fa) != len(fb) || len(fa) > 0 && fa[0] != fb[0] {
			t.Fatalf("%s: line %d %q, fastText's %q", what, i+1, a[i], b[i])
		}
		for k := 1; k < len(fa); k++ {
			x, errx := strconv.ParseFloat(fa[k], 64)
			y, erry := strconv.ParseFloat(fb[k], 64)
			if errx != nil || erry != nil {
				if fa[k] != fb[k] {
					t.Errorf("%s: line %d %q, fastText's %q", what, i+1, a[i], b[i])
				}
			} else if math.Abs(x-y) > 1e-4 {
				t.Errorf("%s: %s[%d] = %s, fastText's %s", what, fa[0], k, fa[k], fb[k])
			}
		}
	}
}

// The words print-word-vectors is asked for: in the vocabulary, unseen
// with n-grams the model has rows for, and unseen with none of its own.
const queryWords = "g0w1 g4w9\ng3w0 g7w7 unseenword zz\n"

// TestFastTextSkipgram runs fastText's skipgram command line and checks
// what it wrote (OUTPUT.bin, OUTPUT.vec and the sidecar, nothing else),
// with fastText's settings; that print-word-vectors prints what fastText
// 0.9.2 prints from the same .bin, ours and fastText's own, for words seen
// and unseen; and that nn answers as fastText's nn does on SG's vectors.
func TestFastTextSkipgram(t *testing.T) {
	dir, text := corpusFile(t, 300)
	out := filepath.Join(dir, "model")
	mustRun(t, append([]string{"skipgram"}, fastTextArgsLine(text, out)...)...)
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"c.txt", "model.bin", "model.vec", "model.vec.json"}; !slices.Equal(names, want) {
		t.Errorf("wrote %v, want %v", names, want)
	}
	model, vectors := fasttext.CommandFiles(out)
	meta, err := embedding.ReadMeta(vectors, nil)
	if err != nil {
		t.Fatal(err)
	}
	if h := meta.Hyper; meta.Model != "sg" || h.CBOW || h.HS || h.Window != 5 || h.Negative != 5 || h.Alpha != 0.05 || h.Sample != 1e-4 || h.Iter != 1 || h.MinCount != 1 || h.Threads != 1 {
		t.Errorf("sidecar: model %s, %+v: want fastText's defaults", meta.Model, h)
	}
	if s := meta.Subwords; s == nil || s.File != "model.bin" || s.Minn != 3 || s.Maxn != 6 || s.Bucket != 2000 {
		t.Errorf("sidecar's subwords %+v", meta.Subwords)
	}
	ft, err := fasttext.Read(model)
	if err != nil {
		t.Fatal(err)
	}
	if a := ft.Args; a.Dim != 10 || a.WS != 5 || a.Epoch != 1 || a.Neg != 5 || a.Model != fasttext.SkipGram || a.Loss != fasttext.LossNS || a.T != 1e-4 {
		t.Errorf("the .bin's arguments %+v", a)
	}

	bin := fastTextBin(t)
	ours, stderr, err := runIn(queryWords, "print-word-vectors", model)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	sameLines(t, "print-word-vectors of our .bin", ours, fastText(t, bin, queryWords, "print-word-vectors", model))
	nn, stderr, err := runIn("g0w1\ng4w9 unseenword\n", "nn", model, "5")
	if err != nil || !strings.Contains(stderr, "similarity cos") {
		t.Fatalf("nn: %v\n%s", err, stderr)
	}
	sameLines(t, "nn of our .bin", nn, fastText(t, bin, "g0w1\ng4w9 unseenword\n", "nn", model, "5"))

	// fastText's own model, trained on the same text.
	theirs := filepath.Join(dir, "theirs")
	fastText(t, bin, "", append([]string{"skipgram"}, fastTextArgsLine(text, theirs)...)...)
	ours, _, err = runIn(queryWords, "print-word-vectors", theirs+".bin")
	if err != nil {
		t.Fatal(err)
	}
	sameLines(t, "print-word-vectors of fastText's .bin", ours, fastText(t, bin, queryWords, "print-word-vectors", theirs+".bin"))
	nn, _, err = runIn("g0w1\n", "nn", theirs+".bin", "4")
	if err != nil {
		t.Fatal(err)
	}
	sameLines(t, "nn of fastText's .bin", nn, fastText(t, bin, "g0w1\n", "nn", theirs+".bin", "4"))
}

// TestFastTextCBOWAndModels: cbow with hierarchical softmax and no
// subwords writes a .bin fastText reads as such; another model through
// -model is scored by nn and analogies with its own similarity, as
// nearest scores its vectors.
func TestFastTextCBOWAndModels(t *testing.T) {
	dir, text := corpusFile(t, 300)
	cbow := filepath.Join(dir, "cbow")
	mustRun(t, append([]string{"cbow"}, fastTextArgsLine(text, cbow, "-loss", "hs", "-maxn", "0")...)...)
	model, vectors := fasttext.CommandFiles(cbow)
	ft, err := fasttext.Read(model)
	if err != nil {
		t.Fatal(err)
	}
	if a := ft.Args; a.Model != fasttext.CBOW || a.Loss != fasttext.LossHS || a.Maxn != 0 || a.Bucket != 0 || ft.Input.Rows != ft.NWords() {
		t.Errorf("cbow -loss hs -maxn 0: the .bin's arguments %+v, %d input rows", a, ft.Input.Rows)
	}
	if meta, err := embedding.ReadMeta(vectors, nil); err != nil || !meta.Hyper.CBOW || !meta.Hyper.HS || meta.Hyper.Negative != 0 || meta.Subwords != nil {
		t.Errorf("cbow's sidecar %+v, %v", meta, err)
	}
	// skipgram -loss hs keeps fastText's subwords (-maxn 6), as fastText does.
	sg := filepath.Join(dir, "sg")
	mustRun(t, append([]string{"skipgram"}, fastTextArgsLine(text, sg, "-loss", "hs")...)...)
	sgModel, sgVectors := fasttext.CommandFiles(sg)
	if ft, err := fasttext.Read(sgModel); err != nil || ft.Args.Loss != fasttext.LossHS || ft.Args.Maxn != 6 || ft.Args.Bucket == 0 {
		t.Errorf("skipgram -loss hs: %v, the .bin's arguments %+v", err, ft.Args)
	}
	if meta, err := embedding.ReadMeta(sgVectors, nil); err != nil || !meta.Hyper.HS || meta.Hyper.Negative != 0 || meta.Subwords == nil || meta.Hyper.Batch {
		t.Errorf("skipgram -loss hs's sidecar %+v, %v", meta, err)
	}
	ours, _, err := runIn(queryWords, "print-word-vectors", model)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(ours, "\n") != 6 || !strings.Contains(ours, "\nzz 0 0 0 0 0 0 0 0 0 0 \n") {
		t.Errorf("print-word-vectors without subwords:\n%s", ours)
	}
	if _, err := exec.LookPath("/usr/bin/fasttext"); err == nil {
		sameLines(t, "print-word-vectors of cbow's .bin", ours, fastText(t, "/usr/bin/fasttext", queryWords, "print-word-vectors", model))
	}

	wips := filepath.Join(dir, "wips")
	mustRun(t, append([]string{"skipgram"}, fastTextArgsLine(text, wips, "-model", "wips", "-maxn", "0")...)...)
	model, vectors = fasttext.CommandFiles(wips)
	nn, stderr, err := runIn("g0w1\n", "nn", model, "3")
	if err != nil || !strings.Contains(stderr, "model wips") || !strings.Contains(stderr, "similarity wip") {
		t.Fatalf("nn of a WIPS model: %v\n%s", err, stderr)
	}
	near, _, err := runCmd("nearest", "-vectors", vectors, "-n", "3", "g0w1")
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Fields(strings.TrimPrefix(strings.TrimSuffix(nn, "Query word? "), "Query word? "))
	for i := 0; i+1 < len(got); i += 2 {
		if !strings.Contains(near, got[i]) {
			t.Errorf("nn's %s is not among nearest's:\n%s", got[i], near)
		}
	}
	if len(got) != 6 {
		t.Errorf("nn printed %q", nn)
	}
	if _, _, err := runIn("g0w1\nnosuchword\n", "nn", model); err == nil {
		t.Error("nn of a word without a vector: no error")
	}
	an, _, err := runIn("g0w1 g0w2 g1w1\n", "analogies", model, "2")
	if err != nil || !strings.HasPrefix(an, "Loading model "+model+"\nQuery triplet (A - B + C)? ") || strings.Count(an, "\n") != 3 {
		t.Errorf("analogies: %v\n%s", err, an)
	}
}

// TestFastTextBadInput: a flag skipgram does not take, fastText's flags
// for what wipsvec does not train, a missing corpus and settings that
// cannot train are refused in one line, with no file left behind; the
// query commands refuse what they cannot read.
func TestFastTextBadInput(t *testing.T) {
	dir, text := corpusFile(t, 20)
	out := filepath.Join(dir, "model")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-input", text, "-output", out, "-foo", "1"}, "-foo"},
		{[]string{"-input", text, "-output", out, "-wordNgrams", "2"}, "-wordNgrams: word n-grams are for fastText's supervised classifier"},
		{[]string{"-input", text, "-output", out, "-saveOutput"}, "-saveOutput"},
		{[]string{"-input", text, "-output", out, "-autotune-validation", text}, "-autotune-validation"},
		{[]string{"-input", text, "-output", out, "-loss", "softmax"}, "-loss softmax"},
		{[]string{"-input", filepath.Join(dir, "missing.txt"), "-output", out}, "missing.txt"},
		{[]string{"-input", text}, "-output"},
		{[]string{"-input", text, "-output", out, "-minn", "7"}, "minn 7 is above maxn 6"},
		{[]string{"-input", text, "-output", out, "-model", "hsg"}, "has no meaning for hsg"},
		{[]string{"-input", text, "-output", out, "-loss", "hs", "-model", "wips"}, "-hs 1 needs output rows apart from the word vectors"},
	} {
		for _, cmd := range []string{"skipgram", "cbow"} {
			_, _, err := runCmd(append([]string{cmd}, tc.args...)...)
			if !oneLine(err, tc.want) || strings.Contains(err.Error(), "train:") {
				t.Errorf("%s %v: %v, want one line with %q", cmd, tc.args, err, tc.want)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("%s %v left %d files", cmd, tc.args, len(entries)-1)
			}
		}
	}
	// An output that is the input.
	in := filepath.Join(t.TempDir(), "c.vec")
	writeCorpus(t, in, 20)
	if _, _, err := runCmd("skipgram", "-input", in, "-output", strings.TrimSuffix(in, ".vec")); !oneLine(err, "c.vec") {
		t.Errorf("-output naming the input's OUTPUT.vec: %v", err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(in)); len(entries) != 1 {
		t.Errorf("-output naming the input: left %d files", len(entries)-1)
	}
	for _, args := range [][]string{
		{"print-word-vectors", filepath.Join(dir, "none.bin")},
		{"print-word-vectors"},
		{"nn", text},
		{"nn", filepath.Join(dir, "none.bin"), "0"},
		{"analogies", filepath.Join(dir, "none.bin"), "x"},
	} {
		if _, _, err := runIn("w\n", args...); !oneLine(err) {
			t.Errorf("%v: %v, want one line", args, err)
		}
	}
}
