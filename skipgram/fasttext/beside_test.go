package fasttext

import (
	"path/filepath"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

func TestBeside(t *testing.T) {
	a := DefaultArgs(2)
	a.Bucket, a.MinCount = 3, 1
	m := &Model{Args: a, Tokens: 10,
		Words:  []Entry{{Word: "cat", Count: 6}, {Word: "cats", Count: 4}},
		Input:  Matrix{Rows: 5, Cols: 2, Data: []float32{1, 0, 0, 1, 2, 2, 4, 4, 8, 8}},
		Output: Matrix{Rows: 2, Cols: 2, Data: []float32{0, 0, 0, 0}},
	}
	vec, err := m.VectorsOf([]string{"cat", "dog", "a"})
	if err != nil {
		t.Fatal(err)
	}
	// Every word composes: from its own row, or from its n-grams.
	if len(vec.Words) != 3 || vec.Dim != 2 || len(vec.Data) != 6 {
		t.Errorf("vectors of %v: %d x %d", vec.Words, len(vec.Words), vec.Dim)
	}

	meta := &embedding.Meta{}
	out := filepath.Join(t.TempDir(), "out.bin")
	if err := WriteBeside(out, m, meta); err != nil {
		t.Fatal(err)
	}
	if meta.Subwords == nil || meta.Subwords.File != "out.bin"+BesideSuffix || meta.Subwords.Settings != a.Subwords() {
		t.Errorf("sidecar's subwords: %+v", meta.Subwords)
	}
	if _, err := Read(out + BesideSuffix); err != nil {
		t.Error(err)
	}
}

// TestWriteFor: a model without subwords is written where asked, as
// fastText writes one with -maxn 0, and not named in the sidecar; its
// words and arguments read back without its matrices (ReadDictionary).
func TestWriteFor(t *testing.T) {
	m := testModel([]string{"cat", "cats", "dog"}, 4, 0)
	m.Args.Minn, m.Args.Maxn = 0, 0
	dir := t.TempDir()
	model, vectors := CommandFiles(filepath.Join(dir, "out"))
	if model != filepath.Join(dir, "out.bin") || vectors != filepath.Join(dir, "out.vec") || VectorsBeside(model) != vectors {
		t.Fatalf("CommandFiles: %s, %s; VectorsBeside %q", model, vectors, VectorsBeside(model))
	}
	if VectorsBeside(filepath.Join(dir, "out.ftz")) != "" {
		t.Error("VectorsBeside of a name not ending .bin")
	}
	meta := &embedding.Meta{}
	if err := WriteFor(model, m, meta); err != nil {
		t.Fatal(err)
	}
	if meta.Subwords != nil {
		t.Errorf("a model without subwords named in the sidecar: %+v", meta.Subwords)
	}
	d, err := ReadDictionary(model)
	if err != nil {
		t.Fatal(err)
	}
	if d.Args != m.Args || len(d.Words) != 3 || d.Words[2] != m.Words[2] || d.Input.Data != nil || d.Output.Data != nil {
		t.Errorf("ReadDictionary: %+v, %v, input %d floats", d.Args, d.Words, len(d.Input.Data))
	}
	if _, err := ReadDictionary(filepath.Join(dir, "none.bin")); err == nil {
		t.Error("ReadDictionary of a missing file")
	}
}
