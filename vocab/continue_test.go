package vocab

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestContinue(t *testing.T) {
	old, _ := New([]string{"a", "b", "c"}, []int64{10, 5, 2})
	read, _ := New([]string{"c", "d", "e", "a"}, []int64{9, 4, 1, 1})
	// read's ids: c 0, d 1, a 2, e 3; the second chunk has no word of old.
	ids := [][]int32{{2, SentenceEnd, 0, 1}, {1, 3}}

	v, got, err := Continue(old, read, ids, false, 2)
	if err != nil {
		t.Fatal(err)
	}
	if v != old {
		t.Errorf("without update the vocabulary is %v, want the old one", v.Words)
	}
	if want := [][]int32{{0, SentenceEnd, 2}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("ids %v, want %v (d and e dropped, the empty chunk too)", got, want)
	}

	v, got, err = Continue(old, read, ids, true, 2)
	if err != nil {
		t.Fatal(err)
	}
	// a 11, c 11, b 5, d 4; e below the min-count.
	if !slices.Equal(v.Words, []string{"a", "c", "b", "d"}) {
		t.Errorf("merged %v", v.Words)
	}
	if want := [][]int32{{0, SentenceEnd, 1, 3}, {3}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("ids %v, want %v", got, want)
	}

	if same := Retarget(old, old, ids); &same[0] != &ids[0] {
		t.Error("retargeting to the same vocabulary copied the ids")
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "vocab.txt")
	if err := os.WriteFile(path, []byte("b 5\na 10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	v, err := ReadFile(path)
	if err != nil || !slices.Equal(v.Words, []string{"a", "b"}) {
		t.Fatalf("read %v, %v", v, err)
	}
	if err := os.WriteFile(path, []byte("a ten\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("error %v does not name %s", err, path)
	}
	if _, err := ReadFile(filepath.Join(dir, "none")); err == nil || !strings.HasPrefix(err.Error(), "read vocabulary: ") {
		t.Errorf("a missing file: %v", err)
	}
}
