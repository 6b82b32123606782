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

	"github.com/wipsvec/wipsvec/skipgram"
)

// TestResumeTakesTheCheckpointsSettings: a checkpoint keeps the settings
// whole (a graph's -directed and -neg-dist among them), so a run resumes
// from one that keeps no command line, given its files anew, to the
// uninterrupted run's bytes.
func TestResumeTakesTheCheckpointsSettings(t *testing.T) {
	if testing.Short() {
		t.Skip("trains two runs of a few seconds")
	}
	dir := t.TempDir()
	tree := filepath.Join(dir, "tree.tsv")
	writeTree(t, tree)
	common := []string{"train", "-threads", "1", "-seed", "3", "-binary", "1", "-graph", tree, "-model", "ips",
		"-size", "5", "-iter", "40000", "-directed", "-neg-dist", "unigram"}
	want := filepath.Join(dir, "full.bin")
	if _, stderr, err := runCmd(append(common, "-output", want, "-quiet")...); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	ckpt := filepath.Join(dir, "r.ckpt")
	var stderr lockedBuilder
	cmd := startHelper(t, t.TempDir(), &stderr, append(common, "-output", filepath.Join(dir, "r.bin"), "-checkpoint", ckpt, "-checkpoint-every", "200ms")...)
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(stderr.String(), "checkpoint: wrote"); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no checkpoint written: %s", stderr.String())
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	if err := cmd.Wait(); err == nil {
		t.Fatalf("the interrupted run ended well:\n%s", stderr.String())
	}
	snap, err := skipgram.ReadCheckpoint(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Data == nil || snap.Data.Graph == nil || !snap.Data.Graph.Directed || snap.Data.Graph.Noise != "unigram" || snap.Data.MinCount != 1 {
		t.Fatalf("the checkpoint keeps the settings %+v", snap.Data)
	}
	snap.Command = nil
	if err := skipgram.WriteCheckpoint(ckpt, snap); err != nil {
		t.Fatal(err)
	}
	got := filepath.Join(dir, "got.bin")
	if _, stderr, err := runCmd("train", "-resume", ckpt, "-graph", tree, "-output", got, "-binary", "1", "-quiet"); err != nil {
		t.Fatalf("resume: %v\n%s", err, stderr)
	}
	a, _ := os.ReadFile(want)
	b, _ := os.ReadFile(got)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("the resumed run wrote other vectors than the uninterrupted one (%d and %d bytes)", len(b), len(a))
	}
}
