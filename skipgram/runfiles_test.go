package skipgram

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/fasttext"
	"github.com/wipsvec/wipsvec/vocab"
)

func TestRunFiles(t *testing.T) {
	dir := t.TempDir()
	v, err := vocab.New([]string{"cat", "dog", "cats"}, []int64{5, 4, 3})
	if err != nil {
		t.Fatal(err)
	}
	vecPath := filepath.Join(dir, "v.txt")
	if err := embedding.WriteVectors(vecPath, &embedding.Vectors{Words: []string{"dog", "eel"}, Dim: 2, Data: []float32{1, 2, 3, 4}}, false); err != nil {
		t.Fatal(err)
	}
	vec, err := StartVectors(vecPath, nil, v)
	if err != nil || !slices.Equal(vec.Words, []string{"dog"}) {
		t.Fatalf("from a vectors file: %v, %v", vec, err)
	}

	a := fasttext.DefaultArgs(2)
	a.Bucket, a.MinCount = 3, 1
	ft := &fasttext.Model{Args: a, Tokens: 10,
		Words:  []fasttext.Entry{{Word: "cat", Count: 6}, {Word: "cats", Count: 4}},
		Input:  fasttext.Matrix{Rows: 5, Cols: 2, Data: []float32{1, 0, 0, 1, 2, 2, 4, 4, 8, 8}},
		Output: fasttext.Matrix{Rows: 2, Cols: 2, Data: []float32{0, 0, 0, 0}},
	}
	if vec, err = StartVectors("ft.bin", ft, v); err != nil || len(vec.Words) != 3 {
		t.Fatalf("from a fastText model (every word composed): %v, %v", vec, err)
	}

	meta := &embedding.Meta{}
	out := filepath.Join(dir, "out.bin")
	if err := WriteFastText(out, ft, meta); err != nil {
		t.Fatal(err)
	}
	if meta.Subwords == nil || meta.Subwords.File != "out.bin"+FastTextSuffix {
		t.Errorf("sidecar's subwords: %+v", meta.Subwords)
	}
	if _, err := fasttext.Read(out + FastTextSuffix); err != nil {
		t.Error(err)
	}
}
