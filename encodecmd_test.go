package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// trainBits trains a small WIPS model with one thread and a seed and
// returns the vectors file's bytes.
func trainBits(t *testing.T, src, out string, extra ...string) []byte {
	t.Helper()
	args := append([]string{"train", "-train", src, "-output", out, "-model", "wips", "-size", "12", "-iter", "2",
		"-threads", "1", "-seed", "3", "-binary", "1", "-quiet"}, extra...)
	mustRun(t, args...)
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readSidecar(t *testing.T, out string) *embedding.Meta {
	t.Helper()
	data, err := os.ReadFile(embedding.SidecarPath(out))
	if err != nil {
		t.Fatal(err)
	}
	var m embedding.Meta
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return &m
}

// TestEncodedCorpusTrainsBitIdentical checks that training on an encoded
// corpus (mapped), on text through a temporary encoded corpus (-ids disk)
// and on text in memory give the same bits with one thread and a seed.
func TestEncodedCorpusTrainsBitIdentical(t *testing.T) {
	dir, text := corpusFile(t, 2000)
	wvc := filepath.Join(dir, "c.wvc")
	mustRun(t, "encode", "-train", text, "-output", wvc, "-min-count", "2", "-quiet")
	want := trainBits(t, text, filepath.Join(dir, "mem.bin"), "-min-count", "2", "-ids", "memory")
	if got := trainBits(t, wvc, filepath.Join(dir, "mapped.bin")); !bytes.Equal(got, want) {
		t.Error("vectors trained on the encoded corpus differ from those trained in memory")
	}
	if got := trainBits(t, text, filepath.Join(dir, "disk.bin"), "-min-count", "2", "-ids", "disk"); !bytes.Equal(got, want) {
		t.Error("vectors trained with -ids disk differ from those trained in memory")
	}
	m := readSidecar(t, filepath.Join(dir, "mapped.bin"))
	fi, _ := os.Stat(text)
	if !m.Corpus.Encoded || m.Corpus.Files != 1 || m.Corpus.Bytes != fi.Size() || m.Hyper.MinCount != 2 {
		t.Errorf("sidecar of the mapped run: corpus %+v, min-count %d", m.Corpus, m.Hyper.MinCount)
	}
	if ents, _ := filepath.Glob(filepath.Join(dir, ".*")); len(ents) != 0 {
		t.Errorf("left behind: %q", ents)
	}
}

// TestEncodedCorpusRefusesVocabularyFlags: the vocabulary of an encoded
// corpus is fixed; flags that would change it are refused, one line each.
func TestEncodedCorpusRefusesVocabularyFlags(t *testing.T) {
	dir, text := corpusFile(t, 200)
	wvc := filepath.Join(dir, "c.wvc")
	mustRun(t, "encode", "-train", text, "-output", wvc, "-quiet")
	for _, flag := range [][]string{{"-min-count", "5"}, {"-max-vocab", "100"}, {"-read-vocab", text}} {
		args := append([]string{"train", "-train", wvc, "-output", filepath.Join(dir, "v.bin"), "-quiet"}, flag...)
		_, _, err := runCmd(args...)
		if !oneLine(err, flag[0], "encoded corpus") {
			t.Errorf("%s: err = %v, want one line refusing it", flag[0], err)
		}
	}
	// An encoded corpus among text sources is refused too, not read as text.
	_, _, err := runCmd("train", "-train", text+","+wvc, "-output", filepath.Join(dir, "v.bin"), "-quiet")
	if err == nil || !strings.Contains(err.Error(), "is an encoded corpus") {
		t.Errorf("encoded among text: err = %v", err)
	}
	// A damaged encoded corpus: one line naming it.
	data, _ := os.ReadFile(wvc)
	os.WriteFile(wvc, data[:len(data)/2], 0o644)
	_, _, err = runCmd("train", "-train", wvc, "-output", filepath.Join(dir, "v.bin"), "-quiet")
	if err == nil || !strings.Contains(err.Error(), "truncated") || !strings.Contains(err.Error(), wvc) {
		t.Errorf("truncated: err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "v.bin")); err == nil {
		t.Error("a refused run wrote vectors")
	}
}

// TestTemporaryCorpusRemovedOnError: a text corpus that fails while being
// encoded (binary data in its second file) leaves no temporary behind.
func TestTemporaryCorpusRemovedOnError(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	writeCorpus(t, a, 300)
	os.WriteFile(b, []byte("fine words\nthen\x00binary"), 0o644)
	out := filepath.Join(dir, "out", "v.bin")
	os.Mkdir(filepath.Dir(out), 0o755)
	_, _, err := runCmd("train", "-train", a+","+b, "-output", out, "-ids", "disk", "-min-count", "1", "-quiet")
	if err == nil || !strings.Contains(err.Error(), "NUL") {
		t.Fatalf("err = %v, want the NUL byte reported", err)
	}
	if ents, _ := os.ReadDir(filepath.Dir(out)); len(ents) != 0 {
		t.Errorf("left behind: %v", ents)
	}
}
