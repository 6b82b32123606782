package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMemoryRefusedUpFront asks for a run far beyond any machine's memory
// (K = 2^24 with a window of 500: each thread's batch buffers alone are
// tens of gigabytes) and expects one line naming the estimate, before any
// allocation, and no output file.
func TestMemoryRefusedUpFront(t *testing.T) {
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
