package embedding

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestReadVectorsOf keeps the rows asked for, from text and binary files,
// and still checks every row.
func TestReadVectorsOf(t *testing.T) {
	dir := t.TempDir()
	v := &Vectors{Words: []string{"a", "b", "c", "d"}, Dim: 3, Data: []float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}}
	keep := func(w string) bool { return w == "b" || w == "d" || w == "z" }
	for _, bin := range []bool{false, true} {
		path := filepath.Join(dir, "v")
		if err := WriteVectors(path, v, bin); err != nil {
			t.Fatal(err)
		}
		got, err := ReadVectorsOf(path, keep)
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"b", "d"}; !reflect.DeepEqual(got.Words, want) || !reflect.DeepEqual(got.Data, []float32{4, 5, 6, 10, 11, 12}) {
			t.Errorf("binary %v: %v %v", bin, got.Words, got.Data)
		}
		if n, d, err := ReadVectorsHeader(path); n != 4 || d != 3 || err != nil {
			t.Errorf("header: %d %d %v", n, d, err)
		}
	}
	// A bad row that is not kept is an error all the same.
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("2 2\nx 1 2\ny 1 oops\n"), 0o644)
	if _, err := ReadVectorsOf(bad, func(w string) bool { return w == "x" }); err == nil || !strings.Contains(err.Error(), "oops") {
		t.Errorf("bad row not kept: %v, want an error naming it", err)
	}
}

// TestFastTextModelRefused: fastText's binary model is named as such.
func TestFastTextModelRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "model.bin")
	os.WriteFile(path, []byte("\xba\x16\x4f\x2f\x0c\x00\x00\x00rest of a model"), 0o644)
	for _, read := range []func() error{
		func() error { _, err := ReadVectors(path); return err },
		func() error { _, _, err := ReadVectorsHeader(path); return err },
	} {
		if err := read(); err == nil || !strings.Contains(err.Error(), "fastText binary model") || !strings.Contains(err.Error(), ".vec") {
			t.Errorf("got %v, want a line naming fastText's model and its .vec", err)
		}
	}
}
