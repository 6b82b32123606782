package checkpoint

import (
	"os"
	"path/filepath"
	"testing"
)

func TestHasMagic(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{"ckpt": Magic + "rest", "short": Magic[:3], "empty": "", "vec": "2 3\n"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if ok, err := HasMagic(p); err != nil || ok != (name == "ckpt") {
			t.Errorf("%s: %v, %v", name, ok, err)
		}
	}
	if ok, err := HasMagic(dir); ok || err != nil {
		t.Errorf("a directory: %v, %v", ok, err)
	}
	if _, err := HasMagic(filepath.Join(dir, "none")); err == nil {
		t.Error("no error for a missing file")
	}
}
