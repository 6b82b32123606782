package eval

import (
	"math"
	"reflect"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

func table(words []string, rows ...[]float32) *embedding.Vectors {
	v := &embedding.Vectors{Words: words, Dim: len(rows[0])}
	for _, r := range rows {
		v.Data = append(v.Data, r...)
	}
	v.Stride = v.Dim
	return v
}

func TestEvaluate(t *testing.T) {
	// "cat" occurs twice; the first (most frequent) row must be used.
	v := table([]string{"Cat", "dog", "car", "tree", "cat"},
		[]float32{1, 0}, []float32{0.9, 0.1}, []float32{0, 1}, []float32{-1, 0.2}, []float32{0, -1})
	d := &Dataset{Name: "toy", Pairs: []Pair{
		{"cat", "dog", 9},
		{"cat", "car", 3},
		{"dog", "car", 4},
		{"cat", "unicorn", 5}, // OOV
		{"tree", "DOG", 1},
		{"zebra", "unicorn", 2}, // OOV
	}}
	sims := (*embedding.Meta)(nil).Similarities()
	res := Evaluate(v, sims, d)
	if res.Dataset != "toy" || res.Pairs != 6 || res.Found != 4 {
		t.Fatalf("Evaluate = %+v, want toy with 6 pairs, 4 found", res)
	}
	// By hand: gold 9,3,4,1; cosine .994,0,.110,-.874 -> perfect ranks.
	gold := []float64{9, 3, 4, 1}
	var cos, ip []float64
	for _, p := range [][2]int{{0, 1}, {0, 2}, {1, 2}, {3, 1}} {
		cos = append(cos, cosine(v.Row(p[0]), v.Row(p[1])))
		ip = append(ip, dot(v.Row(p[0]), v.Row(p[1])))
	}
	want := map[string]float64{"cos": Spearman(gold, cos), "ip": Spearman(gold, ip)}
	if !reflect.DeepEqual(res.Rho, want) {
		t.Errorf("Rho = %v, want %v", res.Rho, want)
	}
	if res.Rho["cos"] != 1 {
		t.Errorf("cosine rho = %v, want 1", res.Rho["cos"])
	}

	none := Evaluate(v, sims, &Dataset{Name: "oov", Pairs: []Pair{{"x", "y", 1}, {"cat", "z", 2}}})
	if none.Found != 0 || !math.IsNaN(none.Rho["cos"]) {
		t.Errorf("all-OOV Evaluate = %+v, want 0 found and NaN", none)
	}
	if r := Evaluate(nil, sims, d); r.Found != 0 || !math.IsNaN(r.Rho["ip"]) {
		t.Errorf("Evaluate(nil vectors) = %+v", r)
	}
}

func TestNearest(t *testing.T) {
	v := table([]string{"a", "b", "c", "d", "e", "A"},
		[]float32{1, 0}, []float32{1, 1}, []float32{0, 1}, []float32{-1, 0}, []float32{2, 2}, []float32{3, 0})
	cos := embedding.Form{Name: "cos", Cosine: true}.Similarity()
	got, err := Nearest(v, cos, "a", 3)
	if err != nil {
		t.Fatal(err)
	}
	// "A" has cosine 1 with "a" but is a different word; "b" and "e" tie
	// and the earlier row wins.
	want := []Neighbor{{"A", 1}, {"b", math.Sqrt(0.5)}, {"e", math.Sqrt(0.5)}}
	if len(got) != len(want) {
		t.Fatalf("Nearest = %v, want %v", got, want)
	}
	for i := range want {
		if got[i].Word != want[i].Word || math.Abs(got[i].Score-want[i].Score) > 1e-12 {
			t.Fatalf("Nearest = %v, want %v", got, want)
		}
	}
	// More than there are: all other words, ties (a, d, A all 0) in row order.
	all, err := Nearest(v, embedding.Form{Name: "ip"}.Similarity(), "c", 100)
	if want := []Neighbor{{"e", 2}, {"b", 1}, {"a", 0}, {"d", 0}, {"A", 0}}; err != nil || !reflect.DeepEqual(all, want) {
		t.Errorf("Nearest(c, ip, 100) = %v, %v; want %v", all, err, want)
	}
	if got, err := Nearest(v, cos, "E", 1); err != nil || got[0].Word != "b" {
		t.Errorf("case-insensitive Nearest(E) = %v, %v", got, err)
	}
	if _, err := Nearest(v, cos, "zzz", 3); err == nil {
		t.Error("Nearest of an unknown word succeeded")
	}
	if _, err := Nearest(v, cos, "a", 0); err == nil {
		t.Error("Nearest with n=0 succeeded")
	}
	if _, err := Nearest(v, embedding.Similarity{}, "a", 1); err == nil {
		t.Error("Nearest without a similarity function succeeded")
	}
}

// dot and cosine are the plain similarities in float64.
var (
	dot    = embedding.Form{Name: "ip"}.Similarity().Func
	cosine = embedding.Form{Name: "cos", Cosine: true}.Similarity().Func
)
