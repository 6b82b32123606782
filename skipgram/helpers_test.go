package skipgram

import (
	"context"
	"slices"
	"strings"
	"testing"

	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/vocab"
)

// treeEdges is the edge list of the closure of a complete tree of the given branching and depth, read as from a file.
func treeEdges(t *testing.T, branch, depth int) *cgraph.Edges {
	t.Helper()
	var b strings.Builder
	if err := cgraph.WriteTreeClosure(&b, branch, depth); err != nil {
		t.Fatal(err)
	}
	e, err := cgraph.Read(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// mustTrain trains the text stream under opt and fails the test on an error.
func mustTrain(t testing.TB, v *vocab.Vocab, stream []int32, opt Options) (*Model, Stats) {
	t.Helper()
	m, st, err := Train(context.Background(), v, stream, opt)
	if err != nil {
		t.Fatal(err)
	}
	return m, st
}

// seedDecides trains opt (one thread, a seed) twice and once with the next seed, and fails the test unless the seed alone decides the model; it returns the first run's.
func seedDecides(t *testing.T, opt Options, train func(Options) (*Model, Stats, error)) (*Model, Stats) {
	t.Helper()
	m1, st, err := train(opt)
	if err != nil {
		t.Fatal(err)
	}
	m2, _, _ := train(opt)
	if m2 == nil || !slices.Equal(m1.In, m2.In) || !slices.Equal(m1.Out, m2.Out) || !slices.Equal(m1.param("lambda"), m2.param("lambda")) {
		t.Fatal("two runs with -threads 1 and the same seed differ")
	}
	opt.Seed++
	if m3, _, _ := train(opt); m3 == nil || slices.Equal(m1.In, m3.In) {
		t.Fatal("a different seed gave the same vectors")
	}
	return m1, st
}
