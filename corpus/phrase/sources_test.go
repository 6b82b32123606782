package phrase

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/corpus/encoded"
)

func TestCheckSources(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "t.txt")
	if err := os.WriteFile(text, []byte("a b a b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wvc := filepath.Join(dir, "t.wvc")
	if _, _, err := encoded.EncodeFiles(context.Background(), []string{text}, wvc, encoded.Options{MinCount: 1}, nil); err != nil {
		t.Fatal(err)
	}
	if err := CheckSources([]string{"-", text}); err != nil {
		t.Errorf("text: %v", err)
	}
	if err := CheckSources([]string{text, wvc}); err == nil || !strings.HasPrefix(err.Error(), wvc+" is an encoded corpus") {
		t.Errorf("an encoded corpus: %v", err)
	}
}
