package embedding_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// Loading vectors with their sidecar, and scoring a pair of words with the
// model's own similarity: here an IPDS whose last coordinate counts
// negatively, which the sidecar records as a form.
func ExampleLoad() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "vec.txt")
	vec := &embedding.Vectors{Words: []string{"cat", "dog", "car"}, Dim: 3, Data: []float32{
		1, 0, 1, // cat
		1, 0.5, 1, // dog
		0, 1, 2, // car
	}}
	meta := &embedding.Meta{Model: "ipds", Dim: 3, Words: 3, NegDim: 1,
		Forms: []embedding.Form{{Name: "ipds(q=1)", Neg: 1}}}
	if err := embedding.Save(path, vec, meta, false); err != nil {
		fmt.Println(err)
		return
	}

	v, m, err := embedding.Load(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	sim := m.Similarities()[0]
	idx := v.Index()
	fmt.Printf("%s, %d words: %s(cat, dog) = %g, %s(cat, car) = %g\n", m.Model, len(v.Words),
		sim.Name, sim.Func(v.Row(idx["cat"]), v.Row(idx["dog"])), sim.Name, sim.Func(v.Row(idx["cat"]), v.Row(idx["car"])))
	// Output: ipds, 3 words: ipds(q=1)(cat, dog) = 0, ipds(q=1)(cat, car) = -2
}

// A file without a sidecar (word2vec.c's, gensim's) is scored by cosine and
// inner product: a nil *Meta's similarities.
func ExampleMeta_Similarities() {
	var none *embedding.Meta
	a, b := []float32{3, 4}, []float32{4, 3}
	for _, sim := range none.Similarities() {
		fmt.Printf("%s %.2f\n", sim.Name, sim.Func(a, b))
	}
	// Output:
	// cos 0.96
	// ip 24.00
}
