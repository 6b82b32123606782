//go:build unix

package main

import (
	"path/filepath"
	"testing"

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
	tree := treeFile(t, dir)
	common := []string{"train", "-threads", "1", "-seed", "3", "-binary", "1", "-graph", tree, "-model", "ips",
		"-size", "5", "-iter", "40000", "-directed", "-neg-dist", "unigram"}
	want := filepath.Join(dir, "full.bin")
	mustRun(t, append(common, "-output", want, "-quiet")...)
	ckpt := filepath.Join(dir, "r.ckpt")
	if stderr, err := interruptAfterCheckpoint(t, ckpt, append(common, "-output", filepath.Join(dir, "r.bin"))...); err == nil {
		t.Fatalf("the interrupted run ended well:\n%s", stderr)
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
	mustRun(t, "train", "-resume", ckpt, "-graph", tree, "-output", got, "-binary", "1", "-quiet")
	sameFiles(t, "the resumed run against the uninterrupted one", want, got)
}
