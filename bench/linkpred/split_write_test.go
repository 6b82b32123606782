package linkpred

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
)

// TestWriteSplit checks that a split is written whole, or, when the test
// file cannot be, not at all.
func TestWriteSplit(t *testing.T) {
	e, err := cgraph.Read(strings.NewReader("a b\nb c\n"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	train, test := filepath.Join(dir, "train.tsv"), filepath.Join(dir, "test.tsv")
	if err := WriteSplit(train, test, e, e); err != nil {
		t.Fatal(err)
	}
	if back, err := cgraph.ReadFile(test); err != nil || back.Len() != 2 {
		t.Errorf("test file: %v, %v", back, err)
	}
	os.Remove(train)
	if err := WriteSplit(train, filepath.Join(dir, "none", "test.tsv"), e, e); err == nil {
		t.Error("a test file in a missing directory was written")
	}
	if _, err := os.Stat(train); !os.IsNotExist(err) {
		t.Errorf("the training file of a failed split is left: %v", err)
	}
}
