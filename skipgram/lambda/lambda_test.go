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
