package atomicfile

import (
	"errors"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestScratch(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir := t.TempDir()
		f, err := Scratch(dir)
		if err != nil {
			t.Fatal(err)
		}
		if runtime.GOOS != "windows" {
			wantNames(t, dir)
		}
		data := strings.Repeat("scratch ", 1<<16)
		if _, err := f.WriteString(data); err != nil {
			t.Fatal(err)
		}
		b := make([]byte, len(data))
		if _, err := f.ReadAt(b, 0); err != nil || string(b) != data {
			t.Fatalf("read back %d bytes, %v", len(b), err)
		}
		f.Close()
		wantNames(t, dir)
	})
}

func TestScratchMissingDirectory(t *testing.T) {
	schemes(t, func(t *testing.T) {
		if _, err := Scratch(filepath.Join(t.TempDir(), "no")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("err = %v, want not exist", err)
		}
	})
}
