//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterruptThenResume interrupts a one-thread training with SIGINT
// once it has written a checkpoint, and resumes it: the vectors are those
// of the uninterrupted run to the byte, text and graph.
func TestInterruptThenResume(t *testing.T) {
	if testing.Short() {
		t.Skip("trains three runs of a few seconds")
	}
	dir, text := corpusFile(t, 30_000)
	tree := filepath.Join(dir, "tree.tsv")
	writeTree(t, tree)
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
			if _, stderr, err := runCmd(append(common, "-output", want, "-quiet")...); err != nil {
				t.Fatalf("%v\n%s", err, stderr)
			}
			got, ckpt := filepath.Join(out, "r.bin"), filepath.Join(out, "r.ckpt")
			var stderr lockedBuilder
			cmd := startHelper(t, t.TempDir(), &stderr, append(common, "-output", got, "-checkpoint", ckpt, "-checkpoint-every", "200ms")...)
			deadline := time.Now().Add(30 * time.Second)
			for !strings.Contains(stderr.String(), "checkpoint: wrote") {
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatalf("no checkpoint written: %s", stderr.String())
				}
				time.Sleep(5 * time.Millisecond)
			}
			cmd.Process.Signal(syscall.SIGINT)
			if err := cmd.Wait(); err == nil || !strings.Contains(stderr.String(), "-resume "+ckpt) {
				t.Fatalf("interrupted run: %v\n%s", err, stderr.String())
			}
			if _, err := os.Stat(got); err == nil {
				t.Fatal("the interrupted run wrote vectors")
			}
			if _, stderr, err := runCmd("train", "-resume", ckpt, "-quiet"); err != nil {
				t.Fatalf("resume: %v\n%s", err, stderr)
			}
			a, _ := os.ReadFile(want)
			b, _ := os.ReadFile(got)
			if len(a) == 0 || !bytes.Equal(a, b) {
				t.Errorf("the resumed run wrote other vectors than the uninterrupted one (%d and %d bytes)", len(b), len(a))
			}
		})
	}
}
