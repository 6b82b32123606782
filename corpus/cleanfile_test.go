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
