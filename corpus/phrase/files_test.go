package phrase

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJoinFiles checks that both passes over two files write what Count
// and Join write on their text (one text, a line break between the files),
// to a file and to w, and that the counts reach counted between the passes.
func TestJoinFiles(t *testing.T) {
	dir := t.TempDir()
	a, b := synthText(1, 20000, false), synthText(2, 20000, false)
	pa, pb := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	for p, text := range map[string][]byte{pa: a, pb: b} {
		if err := os.WriteFile(p, text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opt := options(5, 10)
	text := append(append(append([]byte{}, a...), '\n'), b...)
	want := join(t, text, opt)

	out := filepath.Join(dir, "out.txt")
	var counted *Counts
	j, err := JoinFiles(context.Background(), []string{pa, pb}, out, nil, opt, func(c *Counts) { counted = c })
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the file differs from Count and Join on the text (%d bytes, want %d)", len(got), len(want))
	}
	if counted == nil || j.Words == 0 || j.Phrases == 0 {
		t.Errorf("counted %v, joined %+v: want the counts and some phrases", counted, j)
	}
	var w bytes.Buffer
	if _, err := JoinFiles(context.Background(), []string{pa, pb}, "-", &w, opt, nil); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(w.Bytes(), want) {
		t.Error("standard output differs from the file")
	}
}

// TestJoinFilesNothingOnError: a text refused on the second pass leaves no
// output file, and the error names the text.
func TestJoinFilesNothingOnError(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.txt"), filepath.Join(dir, "out.txt")
	if err := os.WriteFile(in, []byte("a b c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	counted := func(*Counts) { // the text changes between the passes
		if err := os.WriteFile(in, []byte("a b\x00c\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err := JoinFiles(context.Background(), []string{in}, out, nil, options(1, 1), counted)
	if err == nil || !strings.Contains(err.Error(), in) {
		t.Errorf("error %v, want one naming %s", err, in)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("output after a failed pass: %v", err)
	}
}
