package main

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestWriteAtomicReplaces writes a file twice: the second write must replace
// the first (a rename over an existing file, which Windows allows only with
// MoveFileEx's replace flag), leave no temporary behind, and give the file
// the mode of a shared file rather than CreateTemp's 0600.
func TestWriteAtomicReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "vocab.txt")
	for _, text := range []string{"first version, longer\n", "second\n"} {
		if err := writeAtomic(path, func(w io.Writer) error {
			_, err := io.WriteString(w, text)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != text {
			t.Fatalf("file holds %q, want %q", got, text)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries, want only the file", len(entries))
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && st.Mode().Perm()&0o044 != 0o044 {
		t.Errorf("mode %v: group and others cannot read it", st.Mode().Perm())
	}
}
