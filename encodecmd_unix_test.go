//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTemporaryCorpusRemovedOnInterrupt interrupts a training on a
// temporary encoded corpus (as Ctrl-C does) while the temporary exists, and
// checks that it is gone and nothing was written.
func TestTemporaryCorpusRemovedOnInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 30 MB corpus")
	}
	dir := t.TempDir()
	text := filepath.Join(dir, "c.txt")
	writeCorpus(t, text, 300_000)
	out := filepath.Join(dir, "out", "v.bin")
	os.Mkdir(filepath.Dir(out), 0o755)
	cmd := exec.Command(os.Args[0], "-test.run=^TestBenchTrainHelper$", "--", "train", "-train", text, "-output", out,
		"-ids", "disk", "-min-count", "1", "-iter", "100", "-threads", "1", "-quiet")
	cmd.Env = append(os.Environ(), benchHelperEnv+"=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait for the temporary to appear: the interrupt then comes while it
	// is being written, or (once it is mapped and unlinked) while training.
	deadline := time.Now().Add(20 * time.Second)
	for {
		if m, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".*.wvc")); len(m) > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("no temporary encoded corpus appeared")
		}
		time.Sleep(time.Millisecond)
	}
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
