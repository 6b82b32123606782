//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInterruptThenResume interrupts a one-thread training with SIGINT
// once it has written a checkpoint, and resumes it: the vectors are those
// of the uninterrupted run to the byte, text and graph.
func TestInterruptThenResume(t *testing.T) {
	if testing.Short() {
		t.Skip("trains three runs of a few seconds")
	}
	dir, text := corpusFile(t, 30_000)
	tree := treeFile(t, dir)
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"text", []string{"-train", text, "-model", "wips", "-size", "20", "-iter", "40", "-min-count", "1", "-sample", "0"}},
		{"graph", []string{"-graph", tree, "-model", "hsg", "-size", "5", "-iter", "40000"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			common := append([]string{"train", "-threads", "1", "-seed", "3", "-binary", "1"}, tc.args...)
			want := filepath.Join(out, "full.bin")
			mustRun(t, append(common, "-output", want, "-quiet")...)
			got, ckpt := filepath.Join(out, "r.bin"), filepath.Join(out, "r.ckpt")
			stderr, err := interruptAfterCheckpoint(t, ckpt, append(common, "-output", got)...)
			if err == nil || !strings.Contains(stderr, "-resume "+ckpt) {
				t.Fatalf("interrupted run: %v\n%s", err, stderr)
			}
			if _, err := os.Stat(got); err == nil {
				t.Fatal("the interrupted run wrote vectors")
			}
			mustRun(t, "train", "-resume", ckpt, "-quiet")
			sameFiles(t, "the resumed run against the uninterrupted one", want, got)
		})
	}
}
