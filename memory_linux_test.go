package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram"
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

// TestEstimateMemory checks the estimate's parts against what training
// allocates: rows rounded up to whole cache lines, one matrix per view.
func TestEstimateMemory(t *testing.T) {
	o := skipgram.DefaultOptions()
	o.Dim, o.Threads = 100, 2
	sg := skipgram.EstimateMemory(o, 1000)
	if want := int64(4 * 2 * 1000 * 112); sg.Matrices != want {
		t.Errorf("SG matrices %d, want %d (two matrices, rows of 112 floats)", sg.Matrices, want)
	}
	o.Model = skipgram.IPS
	if ips := skipgram.EstimateMemory(o, 1000); ips.Matrices*2 != sg.Matrices {
		t.Errorf("IPS matrices %d, want half of SG's %d", ips.Matrices, sg.Matrices)
	}
	o.Threads = 4
	if four := skipgram.EstimateMemory(o, 1000); four.Threads != 2*sg.Threads {
		t.Errorf("4 threads' buffers %d, want twice 2 threads' %d", four.Threads, sg.Threads)
	}
	for _, kind := range []skipgram.Kind{skipgram.SG, skipgram.IPS} {
		o.Model = kind
		m := skipgram.NewModel(o, 1000)
		if got, want := int64(4*(len(m.In)+len(m.Out))), skipgram.EstimateMemory(o, 1000).Matrices; got != want {
			t.Errorf("%s allocates %d bytes of parameters, the estimate says %d", kind, got, want)
		}
	}
}
