package lambda

import (
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// TestLambdaInitNegatives: neg:Q starts Q weights at -1, the last ones,
// and a Q that is not a count is refused.
func TestLambdaInitNegatives(t *testing.T) {
	init, err := Parse("neg:3")
	if err != nil {
		t.Fatal(err)
	}
	l := make([]float32, 8)
	init(l, nil)
	if s := embedding.SummarizeLambda(l); s.Negative != 3 || s.Positive != 5 || l[7] != -1 || l[0] != 1 {
		t.Fatalf("neg:3 gave %v", l)
	}
	for _, bad := range []string{"neg:", "neg:-1", "neg:x"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("-lambda-init %q accepted", bad)
		}
	}
}

// Merge keeps every sign, changes no weight by more than MaxChange, keeps
// the squared gradients' average and clears the gradient.
func TestMerge(t *testing.T) {
	w, sq, d := []float32{1, -2, 0.5}, []float32{0, 0, 0}, []float32{100, -100, 1e-3}
	Merge(w, sq, d, 100)
	for i, want := range []float32{1.01, -2 * 1.01, 0.5 * 1.01} {
		if diff := w[i] - want; diff > 1e-6 || diff < -1e-6 {
			t.Errorf("w[%d] = %v, want %v", i, w[i], want)
		}
		if d[i] != 0 || !(sq[i] > 0) {
			t.Errorf("%d: gradient %v left, average %v", i, d[i], sq[i])
		}
	}
	signs := make([]float32, 3)
	SetSigns(signs, w)
	if signs[0] != 1 || signs[1] != -1 || signs[2] != 1 {
		t.Errorf("signs %v", signs)
	}
}

// NegDim keeps both parts of IPDS: the paper's ratios 0.01 and 0.99 at
// K = 10 give 1 and 9, not 0 and 10.
func TestNegDim(t *testing.T) {
	if NegDim(0.01, 10) != 1 || NegDim(0.99, 10) != 9 || NegDim(0.25, 100) != 25 {
		t.Errorf("NegDim: %d %d %d", NegDim(0.01, 10), NegDim(0.99, 10), NegDim(0.25, 100))
	}
}
