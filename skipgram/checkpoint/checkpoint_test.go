package checkpoint

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type testState struct {
	Name  string `json:"name"`
	Epoch int    `json:"epoch"`
}

func writeTest(t testing.TB, path string) []Section {
	t.Helper()
	sections := []Section{
		{Name: "a", Data: []byte("first section")},
		{Name: "empty"},
		{Name: "b", Data: bytes.Repeat([]byte{1, 2, 3}, 100)},
	}
	if err := Write(path, testState{"run", 3}, sections); err != nil {
		t.Fatal(err)
	}
	return sections
}

func TestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.ckpt")
	sections := writeTest(t, path)
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var st testState
	if err := f.State(&st); err != nil || st != (testState{"run", 3}) {
		t.Fatalf("state %+v, %v", st, err)
	}
	for _, s := range sections {
		got := make([]byte, f.Len(s.Name))
		if err := f.Section(s.Name, got); err != nil || !bytes.Equal(got, s.Data) {
			t.Errorf("section %s: %q, %v", s.Name, got, err)
		}
	}
	if f.Len("nope") != -1 {
		t.Error("a missing section has a length")
	}
	if err := f.Section("a", make([]byte, 3)); !errors.Is(err, ErrCorrupt) {
		t.Errorf("reading a section into a buffer of another length: %v", err)
	}
	if err := Write(path, 1, []Section{{Name: "x"}, {Name: "x"}}); err == nil {
		t.Error("a repeated section name was written")
	}
}

// TestDamage: every byte of a checkpoint is checked: a flip anywhere, a cut
// anywhere, is refused with an error of one of the kinds.
func TestDamage(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.ckpt")
	writeTest(t, path)
	good, _ := os.ReadFile(path)
	readAll := func(p string) error {
		f, err := Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		var st testState
		if err := f.State(&st); err != nil {
			return err
		}
		for _, s := range f.sections {
			if err := f.Section(s.Name, make([]byte, s.Length)); err != nil {
				return err
			}
		}
		return nil
	}
	bad := filepath.Join(dir, "bad.ckpt")
	for i := range good {
		b := bytes.Clone(good)
		b[i] ^= 0x10
		os.WriteFile(bad, b, 0o644)
		if err := readAll(bad); err == nil {
			t.Fatalf("a flipped byte %d of %d read", i, len(good))
		} else if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrVersion) && !errors.Is(err, ErrNotCheckpoint) && !errors.Is(err, ErrTruncated) {
			t.Fatalf("byte %d: %v is of no kind", i, err)
		}
	}
	for n := range len(good) {
		os.WriteFile(bad, good[:n], 0o644)
		if err := readAll(bad); err == nil || strings.Contains(err.Error(), "\n") {
			t.Fatalf("cut at %d of %d: %v", n, len(good), err)
		}
	}
}

func FuzzOpen(f *testing.F) {
	path := filepath.Join(f.TempDir(), "seed.ckpt")
	writeTest(f, path)
	good, _ := os.ReadFile(path)
	f.Add(good)
	f.Add(good[:30])
	f.Add([]byte(Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "c.ckpt")
		os.WriteFile(p, data, 0o644)
		c, err := Open(p)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		defer c.Close()
		var st testState
		c.State(&st)
		for _, s := range c.sections {
			if s.Length < 1<<24 {
				c.Section(s.Name, make([]byte, s.Length))
			}
		}
	})
}
