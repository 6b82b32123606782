package checkpoint

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestTypedSections: a vocabulary and a float32 matrix read back as
// written; a missing matrix reads as nil, one of another length as
// corrupt.
func TestTypedSections(t *testing.T) {
	if !LittleEndian {
		t.Skip("checkpoints are little-endian")
	}
	path := filepath.Join(t.TempDir(), "s.ckpt")
	words, counts := []string{"the", "of", "a b"}, []int64{9, 5, 1}
	in := []float32{1, -2.5, 3, 0.25}
	sections := append(Vocabulary(words, counts), Section{Name: "in", Data: Float32Bytes(in)})
	if err := Write(path, struct{}{}, sections); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, c, err := f.Vocabulary(3)
	if err != nil || !slices.Equal(w, words) || !slices.Equal(c, counts) {
		t.Fatalf("vocabulary %q %v (%v), want %q %v", w, c, err, words, counts)
	}
	if got, err := f.Float32s("in", 4); err != nil || !slices.Equal(got, in) {
		t.Fatalf("in: %v (%v)", got, err)
	}
	if got, err := f.Float32s("out", 4); got != nil || err != nil {
		t.Fatalf("a missing section: %v, %v", got, err)
	}
	if _, err := f.Float32s("in", 3); err == nil {
		t.Fatal("a section read at another length")
	}
	if _, _, err := f.Vocabulary(4); err == nil {
		t.Fatal("a vocabulary read at another length")
	}
	if TextFingerprint(words, counts, [][]int32{{0, 1}, {2}}) == TextFingerprint(words, counts, [][]int32{{0, 2}, {1}}) {
		t.Fatal("two id streams share a fingerprint")
	}
}
