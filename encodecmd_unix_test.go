//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTemporaryCorpusRemovedOnInterrupt interrupts a training on a
// scratch encoded corpus (as Ctrl-C does) once the scratch corpus is
// written and mapped, and checks that nothing is left or written.
func TestTemporaryCorpusRemovedOnInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 30 MB corpus")
	}
	dir, text := corpusFile(t, 300_000)
	out := filepath.Join(dir, "out", "v.bin")
	os.Mkdir(filepath.Dir(out), 0o755)
	var stderr lockedBuilder
	cmd := startHelper(t, filepath.Dir(out), &stderr, "train", "-train", text, "-output", out,
		"-ids", "disk", "-min-count", "1", "-iter", "100", "-threads", "1")
	// Wait for training to start: the scratch corpus is then written and
	// mapped.
	waitFor(t, cmd, &stderr, "ids in a scratch encoded corpus", 20*time.Second)
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if err == nil || !strings.Contains(stderr.String(), "interrupted") {
		t.Fatalf("err = %v, stderr %q: want an interrupted run", err, stderr.String())
	}
	if ents, _ := os.ReadDir(filepath.Dir(out)); len(ents) != 0 {
		t.Errorf("left behind: %v", ents)
	}
}
