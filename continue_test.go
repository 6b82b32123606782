package main

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/checkpoint"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// TestContinueTraining trains with -checkpoint, then continues the finished
// model with -init: for more epochs on the same text, and on a new text
// with -update-vocab, which adds its new words and keeps the old ones.
func TestContinueTraining(t *testing.T) {
	dir, text := corpusFile(t, 2000)
	ckpt := filepath.Join(dir, "a.ckpt")
	mustRun(t, "train", "-train", text, "-output", filepath.Join(dir, "a.txt"), "-model", "sg", "-size", "10",
		"-iter", "2", "-min-count", "1", "-checkpoint", ckpt, "-quiet")
	snap, err := skipgram.ReadCheckpoint(ckpt)
	if err != nil || !snap.Done || snap.Model.Out == nil {
		t.Fatalf("the finished run's checkpoint: %v (done %v)", err, snap != nil && snap.Done)
	}

	more := filepath.Join(dir, "more.txt")
	mustRun(t, "train", "-init", ckpt, "-train", text, "-output", more, "-iter", "1", "-quiet")
	v, meta, err := embedding.Load(more)
	if err != nil || len(v.Words) != snap.Vocab.Len() || meta.Dim != 10 || meta.Model != "sg" {
		t.Fatalf("more epochs wrote %v, %+v", err, meta)
	}

	// A new text: the old words and three new ones.
	newText := filepath.Join(dir, "new.txt")
	writeCorpus(t, newText, 500)
	f, _ := os.OpenFile(newText, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(strings.Repeat("w1 zebra quagga okapi w2\n", 20))
	f.Close()
	upd := filepath.Join(dir, "upd.txt")
	mustRun(t, "train", "-init", ckpt, "-train", newText, "-output", upd, "-iter", "1",
		"-update-vocab", "-min-count", "5", "-quiet")
	v, _, err = embedding.Load(upd)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range append(slices.Clone(snap.Vocab.Words), "zebra", "quagga", "okapi") {
		if !slices.Contains(v.Words, w) {
			t.Errorf("the continued vocabulary lacks %q", w)
		}
	}
	if len(v.Words) < snap.Vocab.Len()+3 {
		t.Errorf("%d words, want the %d old ones and at least 3 new", len(v.Words), snap.Vocab.Len())
	}

	// What -init and -resume refuse.
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"train", "-init", ckpt, "-train", text, "-output", upd, "-size", "20"}, "-size is the checkpoint's"},
		{[]string{"train", "-resume", ckpt, "-output", upd}, "has finished"},
		{[]string{"train", "-resume", ckpt, "-iter", "3"}, "cannot change a resumed run"},
		{[]string{"train", "-train", text, "-output", upd, "-update-vocab"}, "goes with -init"},
		{[]string{"train", "-init", ckpt, "-train", text, "-output", upd, "-checkpoint", ckpt}, "same file"},
	} {
		refuses(t, tc.want, tc.args...)
	}
	cut := filepath.Join(dir, "cut.ckpt")
	b, _ := os.ReadFile(ckpt)
	os.WriteFile(cut, b[:len(b)/2], 0o644)
	_, _, err = runCmd("train", "-init", cut, "-train", text, "-output", upd)
	if !errors.Is(err, checkpoint.ErrTruncated) || !strings.Contains(err.Error(), cut) {
		t.Errorf("a truncated checkpoint: %v", err)
	}
}
