//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
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
	cmd := exec.Command(os.Args[0], "-test.run=^TestBenchTrainHelper$", "--", "train", "-train", text, "-output", out,
		"-ids", "disk", "-min-count", "1", "-iter", "100", "-threads", "1")
	cmd.Env = append(os.Environ(), benchHelperEnv+"=1", "TMPDIR="+filepath.Dir(out))
	var stderr lockedBuilder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait for training to start: the scratch corpus is then written and
	// mapped.
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(stderr.String(), "ids in a scratch encoded corpus") {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("training did not start: %s", stderr.String())
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

// lockedBuilder is a strings.Builder that a child's output and the test can
// share.
type lockedBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
