package wordnet

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteClosures(t *testing.T) {
	dir := t.TempDir()
	wrote, err := readFixture(t).WriteClosures(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Written{{filepath.Join(dir, "noun_closure.tsv"), 10, 24}, {filepath.Join(dir, "mammal_closure.tsv"), 6, 7}}
	if len(wrote) != 2 || wrote[0] != want[0] || wrote[1] != want[1] {
		t.Fatalf("wrote %+v, want %+v", wrote, want)
	}
	b, err := os.ReadFile(want[1].Path)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(string(b), "\n"); lines != 7 {
		t.Errorf("%s: %d lines, want 7", want[1].Path, lines)
	}
}
