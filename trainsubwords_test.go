package main

import (
	"os"
	"path/filepath"
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
