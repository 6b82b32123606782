package wordnet

import (
	"path/filepath"
	"slices"
	"testing"
)

func TestFiles(t *testing.T) {
	in, out := Files("dict", "out")
	if !slices.Equal(in, []string{filepath.Join("dict", "data.noun"), filepath.Join("dict", "index.noun")}) ||
		!slices.Equal(out, []string{filepath.Join("out", "noun_closure.tsv"), filepath.Join("out", "mammal_closure.tsv")}) {
		t.Errorf("Files: %q, %q", in, out)
	}
}
