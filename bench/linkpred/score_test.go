package linkpred

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

func edges(t *testing.T, s string) *cgraph.Edges {
	t.Helper()
	e, err := cgraph.Read(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func vectors(words string, rows ...[]float32) *embedding.Vectors {
	v := &embedding.Vectors{Words: strings.Fields(words), Dim: len(rows[0])}
	for _, r := range rows {
		v.Data = append(v.Data, r...)
	}
	return v
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// On a line of scores a=(1), b=(0.9), c=(0.5), d=(0.1) under IPS:
//
//	a -> c, a -> d: a's only non-neighbour (besides a) is b, scored .9
//	above both: ranks 2, 2; AP = (1/2 + 2/3) / 2.
//	b -> c: b's non-neighbours a (.9) and d (.09) are one above c (.45):
//	rank 2, AP 1/2.
//	b -> d (instead): b's non-neighbours a (.9) and c (.45) are both above d (.09):
//	rank 3, AP 1/3.
func TestRanksByHand(t *testing.T) {
	vec := vectors("a b c d", []float32{1, 0}, []float32{0.9, 0}, []float32{0.5, 0}, []float32{0.1, 0})
	ips := &embedding.Meta{Model: "ips", Dim: 2, Words: 4}
	rs, err := Evaluate(vec, ips, edges(t, "a c\na d\nb c\n"), nil, Options{Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if want := ((0.5+2.0/3)/2 + 0.5) / 2; r.Sim != "ip" || r.Edges != 3 || r.Sources != 2 || !near(r.MeanRank, 2) || !near(r.MAP, want) {
		t.Errorf("got %+v; want ip, 3 edges, 2 sources, mean rank 2, MAP %.4f", r, want)
	}
	rs, _ = Evaluate(vec, ips, edges(t, "a c\na d\nb d\na c\n"), nil, Options{Threads: 3})
	r = rs[0]
	wantMAP := ((0.5+2.0/3)/2 + 1.0/3) / 2
	if r.Edges != 3 || r.Sources != 2 || !near(r.MeanRank, 7.0/3) || !near(r.MAP, wantMAP) {
		t.Errorf("got %+v; want 3 distinct edges, 2 sources, mean rank 7/3, MAP %.4f", r, wantMAP)
	}
	// Excluding the training edge a - b leaves a without non-neighbours.
	rs, _ = Evaluate(vec, ips, edges(t, "a c\na d\n"), edges(t, "b a\nb c\n"), Options{Threads: 1})
	if r = rs[0]; !near(r.MeanRank, 1) || !near(r.MAP, 1) {
		t.Errorf("with a - b excluded: mean rank %v, MAP %v; want 1, 1", r.MeanRank, r.MAP)
	}
	// A node without a vector is skipped and counted.
	rs, err = Evaluate(vec, ips, edges(t, "a c\na zz\nb d\n"), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r = rs[0]; r.Missing != 1 || r.Edges != 2 || r.Nodes != 4 {
		t.Errorf("missing %d, edges %d, nodes %d; want 1, 2, 4", r.Missing, r.Edges, r.Nodes)
	}
}

// The path a - b - c has one non-edge, a - c: the AUC compares the edges'
// scores (2 and 1) with it (2) only: (0.5 + 0) / 2 per draw = 0.25.
func TestAUCByHand(t *testing.T) {
	vec := vectors("a b c", []float32{2, 0}, []float32{1, 1}, []float32{1, 0})
	rs, err := Evaluate(vec, &embedding.Meta{Model: "ips", Dim: 2, Words: 3}, edges(t, "a b\nb c\n"), nil, Options{Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	if r := rs[0]; !near(r.AUC, 0.25) || r.NonEdges != 2 {
		t.Errorf("AUC %v from %d non-edges, want 0.25 from 2", r.AUC, r.NonEdges)
	}
	if _, err := Evaluate(vec, nil, edges(t, "a b\nb c\na c\n"), nil, Options{}); err == nil {
		t.Error("a complete graph has no non-edges to sample, but Evaluate did not fail")
	}
}

// TestScorerMatchesEverySimilarity checks the rewrite of each model's
// similarity as a bilinear form against its definition, on random vectors.
func TestScorerMatchesEverySimilarity(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const n, d = 7, 6
	vec := &embedding.Vectors{Dim: d}
	for i := range n {
		vec.Words = append(vec.Words, string(rune('a'+i)))
		for range d {
			vec.Data = append(vec.Data, float32(r.NormFloat64()))
		}
	}
	rows := []int{0, 1, 2, 3, 4, 5, 6}
	lambda := []float32{1, -0.5, 2, 0.3, -1, 1}
	for _, meta := range []*embedding.Meta{
		nil, {Model: "sg"}, {Model: "ips"}, {Model: "sips"}, {Model: "ipds", NegDim: 2},
		{Model: "wips", Lambda: lambda}, {Model: "hsg"},
		{Model: "new", Forms: []embedding.Form{{Name: "wip+bias", Bias: true, Weights: lambda[:5]}, {Name: "ipds+bias", Bias: true, Neg: 2}}},
	} {
		for _, sim := range meta.Similarities() {
			sc := newScorer(vec, sim.Form, rows)
			row := make([]float32, n)
			for a := range n {
				sc.row(int32(a), row)
				for b := range n {
					want := sim.Func(vec.Row(a), vec.Row(b))
					if got := sc.pair(int32(a), int32(b)); math.Abs(got-want) > 1e-5*(1+math.Abs(want)) {
						t.Fatalf("%s (%d, %d): scorer %v, similarity %v", sim.Name, a, b, got, want)
					}
					// row drops a's own term, which cannot change a's ranking.
					off := 0.0
					if sc.cl != nil {
						off = float64(sc.cl[a])
					}
					if got := float64(row[b]) + off; math.Abs(got-want) > 1e-5*(1+math.Abs(want)) {
						t.Fatalf("%s row (%d, %d): %v, want %v", sim.Name, a, b, got, want)
					}
				}
			}
		}
	}
}

func TestSplit(t *testing.T) {
	// A 6-cycle with chords, each edge also listed reversed once.
	var b strings.Builder
	for i := range 6 {
		for _, j := range []int{(i + 1) % 6, (i + 2) % 6} {
			b.WriteString(string(rune('a'+i)) + " " + string(rune('a'+j)) + "\n")
		}
	}
	b.WriteString("b a\n")
	e := edges(t, b.String())
	for _, byNode := range []bool{false, true} {
		train, test, st, err := Split(e, SplitOptions{TestFrac: 0.25, Seed: 4, ByNode: byNode})
		if err != nil {
			t.Fatal(err)
		}
		if st.Duplicates != 1 || st.Train+st.Test != 12 || train.Len() != st.Train || test.Len() != st.Test {
			t.Fatalf("by node %v: %+v; want 1 duplicate and 12 edges in all", byNode, st)
		}
		if !byNode && st.Test != 3 {
			t.Errorf("edge split held out %d of 12 at 0.25, want 3", st.Test)
		}
		deg := train.Degrees()
		for i, d := range deg {
			if d == 0 {
				t.Errorf("by node %v: node %s has no training edge", byNode, e.Nodes[i])
			}
		}
		in := map[[2]int32]bool{}
		for i := range train.Len() {
			in[[2]int32{train.Pairs[2*i], train.Pairs[2*i+1]}] = true
		}
		for i := range test.Len() {
			if in[[2]int32{test.Pairs[2*i], test.Pairs[2*i+1]}] {
				t.Errorf("edge %d is in both parts", i)
			}
		}
		again, _, _, _ := Split(e, SplitOptions{TestFrac: 0.25, Seed: 4, ByNode: byNode})
		if !slices.Equal(again.Pairs, train.Pairs) {
			t.Error("the same seed split differently")
		}
	}
	if _, _, _, err := Split(edges(t, "a b\n"), SplitOptions{TestFrac: 0.5}); err == nil {
		t.Error("a single edge was split")
	}
}
