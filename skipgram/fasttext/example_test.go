package fasttext_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/wipsvec/wipsvec/skipgram/fasttext"
)

// Writing a trained model's rows as a fastText .bin, reading it back, and
// the vector of a word it has never seen, composed from its n-grams as
// fastText's print-word-vectors composes it.
func ExampleWrite() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	a := fasttext.DefaultArgs(2)
	a.Bucket = 3 // fastText's default is 2,000,000
	m := &fasttext.Model{Args: a, Tokens: 10,
		Words: []fasttext.Entry{{Word: "cat", Count: 6}, {Word: "cats", Count: 4}},
		// The input rows: the words', then the buckets'.
		Input:  fasttext.Matrix{Rows: 5, Cols: 2, Data: []float32{1, 0, 0, 1, 2, 2, 4, 4, 8, 8}},
		Output: fasttext.Matrix{Rows: 2, Cols: 2, Data: []float32{0, 0, 0, 0}},
	}
	path := filepath.Join(dir, "model.bin")
	if err := fasttext.Write(path, m); err != nil {
		fmt.Println(err)
		return
	}
	back, err := fasttext.Read(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	sub, err := back.Subwords()
	if err != nil {
		fmt.Println(err)
		return
	}
	v := make([]float32, 2)
	for _, w := range []string{"cat", "catty"} {
		n := sub.Vector(v, w)
		fmt.Printf("%s: %d rows, %v\n", w, n, v)
	}
	// Output:
	// cat: 7 rows, [5.2857146 5.1428576]
	// catty: 14 rows, [5 5]
}
