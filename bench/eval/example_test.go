package eval_test

import (
	"fmt"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// Evaluating a benchmark: Spearman's rho between human judgements and the
// vectors' similarities, each similarity of the model on its own, with the
// pairs whose words the vectors lack counted and skipped. A benchmark file
// is read with ReadDataset (or ReadDatasets by name, as simlex999).
func ExampleEvaluate() {
	vec := &embedding.Vectors{Words: []string{"cat", "dog", "car", "truck"}, Dim: 2, Data: []float32{
		1, 0.1, // cat
		0.9, 0.3, // dog
		0.1, 1, // car
		0.2, 0.8, // truck
	}}
	d := &eval.Dataset{Name: "toy", Pairs: []eval.Pair{
		{A: "cat", B: "dog", Score: 9}, {A: "car", B: "truck", Score: 8},
		{A: "cat", B: "car", Score: 1}, {A: "dog", B: "truck", Score: 2},
		{A: "cat", B: "unicorn", Score: 5},
	}}
	var plain *embedding.Meta // no sidecar: cosine and inner product
	r := eval.Evaluate(vec, plain.Similarities(), d)
	fmt.Printf("%s: %d of %d pairs found; cos %.2f, ip %.2f\n", r.Dataset, r.Found, r.Pairs, r.Rho["cos"], r.Rho["ip"])
	// Output: toy: 4 of 5 pairs found; cos 0.80, ip 1.00
}
