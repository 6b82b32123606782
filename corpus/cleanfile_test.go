package corpus

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

func TestCleanFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "text")
	st, err := CleanFile(path, strings.NewReader("<page><text>Hello 2 worlds</text></page>"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil || int64(len(b)) != st.BytesOut || st.Words == 0 {
		t.Fatalf("%q (%v): stats %+v", b, err, st)
	}
	// A failed read leaves no file behind.
	failed := filepath.Join(t.TempDir(), "failed")
	if _, err := CleanFile(failed, iotest.ErrReader(errors.New("disk gone"))); err == nil {
		t.Fatal("a failed read wrote a corpus")
	}
	if _, err := os.Stat(failed); !os.IsNotExist(err) {
		t.Errorf("a failed clean left %s: %v", failed, err)
	}
}

func TestExpandFiles(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := ExpandFiles([]string{b, a + "," + b})
	if err != nil || strings.Join(got, " ") != b+" "+a+" "+b {
		t.Errorf("ExpandFiles: %q, %v", got, err)
	}
	if _, err := ExpandFiles([]string{a, "-"}); !errors.Is(err, ErrStdinAmongFiles) {
		t.Errorf("- among files: %v", err)
	}
	if _, err := ExpandFiles([]string{filepath.Join(dir, "none")}); err == nil {
		t.Error("a missing file expanded")
	}
}
