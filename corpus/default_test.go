package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFirstFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "c.txt")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		paths []string
		want  string
	}{
		{nil, ""},
		{[]string{"", filepath.Join(dir, "none"), dir, file}, file}, // a directory is no corpus
		{[]string{"", dir}, ""},
	} {
		if got := FirstFile(tc.paths...); got != tc.want {
			t.Errorf("FirstFile(%q) = %q, want %q", tc.paths, got, tc.want)
		}
	}
	t.Setenv("WIPSVEC_CORPUS", file)
	if got := Default(); got != file {
		t.Errorf("Default() = %q with $WIPSVEC_CORPUS=%s", got, file)
	}
}
