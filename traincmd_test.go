package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/budget"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// TestTrainManyFilesEqualsConcatenation trains on a directory of files and
// on their concatenation (with a line break between files, the sentence end
// a file boundary makes): the vectors must be the same bits.
func TestTrainManyFilesEqualsConcatenation(t *testing.T) {
	dir, whole := corpusFile(t, 1500)
	text, _ := os.ReadFile(whole)
	lines := strings.SplitAfter(string(text), "\n")
	// Three parts, the first two cut mid-line without a final newline.
	parts := []string{
		strings.Join(lines[:500], "") + strings.TrimSuffix(lines[500], "\n"),
		strings.Join(lines[501:900], ""),
		strings.Join(lines[900:], ""),
	}
	shards := filepath.Join(dir, "shards")
	os.MkdirAll(filepath.Join(shards, "sub"), 0o755)
	names := []string{"a.txt", "sub/b.txt", "sub/c.txt"}
	for i, p := range parts {
		os.WriteFile(filepath.Join(shards, names[i]), []byte(p), 0o644)
	}
	concat := filepath.Join(dir, "concat.txt")
	os.WriteFile(concat, []byte(strings.Join(parts, "\n")), 0o644)

	train := func(src, out string) []byte {
		t.Helper()
		if _, se, err := runCmd("train", "-train", src, "-output", out, "-size", "12", "-iter", "2",
			"-threads", "1", "-binary", "1", "-min-count", "1", "-quiet"); err != nil {
			t.Fatalf("%s: %v\n%s", src, err, se)
		}
		b, _ := os.ReadFile(out)
		return b
	}
	want := train(concat, filepath.Join(dir, "concat.bin"))
	for name, src := range map[string]string{
		"dir":  shards,
		"list": filepath.Join(shards, "a.txt") + "," + filepath.Join(shards, "sub"),
		"glob": filepath.Join(shards, "a.*") + "," + filepath.Join(shards, "sub", "?.txt"),
	} {
		out := filepath.Join(dir, name+".bin")
		if got := train(src, out); !bytes.Equal(got, want) {
			t.Errorf("%s: vectors differ from the concatenation's", name)
		}
		data, _ := os.ReadFile(embedding.SidecarPath(out))
		var m embedding.Meta
		json.Unmarshal(data, &m)
		if m.Corpus.Files != 3 || m.Corpus.Bytes != int64(len(parts[0])+len(parts[1])+len(parts[2])) {
			t.Errorf("%s: sidecar corpus %+v, want 3 files of %d bytes", name, m.Corpus,
				len(parts[0])+len(parts[1])+len(parts[2]))
		}
	}
}

// TestMemoryRefusedUpFront asks for a run far beyond any machine's memory
// (K = 2^24 with a window of 500: each thread's batch buffers alone are
// tens of gigabytes) and expects one line naming the estimate, before any
// allocation, and no output file.
func TestMemoryRefusedUpFront(t *testing.T) {
	if _, ok := budget.Available(); !ok {
		t.Skip("this system does not say how much memory is available")
	}
	dir, text := corpusFile(t, 50)
	out := filepath.Join(dir, "v.bin")
	_, stderr, err := runCmd("train", "-train", text, "-output", out, "-size", "16777216", "-window", "500",
		"-threads", "4", "-min-count", "1", "-quiet")
	if err == nil {
		t.Fatal("a run of hundreds of gigabytes started")
	}
	if !strings.Contains(err.Error(), "the run needs about") || !strings.Contains(err.Error(), "-check-memory=false") {
		t.Errorf("error %q does not name the estimate and the override", err)
	}
	if strings.Count(strings.TrimSpace(stderr), "\n") > 2 {
		t.Errorf("more than a summary before the refusal:\n%s", stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("output %s exists after the refusal (%v)", out, err)
	}
}
