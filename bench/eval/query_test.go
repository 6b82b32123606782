package eval

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

func TestParseQuery(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []Term
	}{
		{"king", []Term{{"king", false}}},
		{" new  york ", []Term{{"new", false}, {"york", false}}},
		{"king - man + woman", []Term{{"king", false}, {"man", true}, {"woman", false}}},
		{"- man\tking", []Term{{"man", true}, {"king", false}}},
		{"-lrb- +1", []Term{{"-lrb-", false}, {"+1", false}}},
	} {
		got, err := ParseQuery(c.in)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseQuery(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "  ", "-", "king -", "king - + man", "+ +"} {
		if q, err := ParseQuery(bad); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseQuery(%q) = %v, %v; want a one-line error", bad, q, err)
		}
	}
}

// queryTable is 300 words of 8 dimensions, values multiples of 1/8 in
// [-1, 1); every tenth word repeats the one before it, every 15th the one
// before it doubled, so that cosines tie exactly.
func queryTable() *embedding.Vectors {
	r := kernel.SplitMix(7) // SplitMix64, so that the table below never changes
	const n, dim = 300, 8
	v := &embedding.Vectors{Dim: dim}
	for i := range n {
		v.Words = append(v.Words, fmt.Sprintf("w%d", i))
		for k := range dim {
			x := float32(int(r.Next()%16)-8) / 8
			switch {
			case i%10 == 9:
				x = v.Data[(i-1)*dim+k]
			case i%15 == 14:
				x = 2 * v.Data[(i-1)*dim+k]
			}
			v.Data = append(v.Data, x)
		}
	}
	return v
}

// TestSearcherIsWord2vecs: under cosine the answers are word2vec's
// distance (sums) and word-analogy (b - a + c for its "a b c"), in order,
// ties included: the lists are theirs, from distance.c and word-analogy.c
// built with gcc -O3, on queryTable written as a binary word2vec file.
func TestSearcherIsWord2vecs(t *testing.T) {
	s, err := NewSearcher(queryTable(), embedding.Form{Name: "cos", Cosine: true}.Similarity())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ query, want string }{
		{"w3", "w152 w273 w33 w128 w129 w126 w142 w280 w167 w10"},
		{"w8", "w9 w237 w131 w192 w114 w125 w292 w230 w80 w54"},
		{"w13", "w14 w51 w293 w264 w175 w6 w76 w193 w194 w16"},
		{"w0 w5", "w210 w253 w254 w32 w158 w159 w171 w240 w294 w193"},
		{"w20 w21 w22", "w196 w7 w235 w77 w124 w82 w50 w112 w155 w215"},
		{"w2 - w1 + w3", "w238 w239 w267 w228 w229 w34 w277 w196 w201 w26"},
		{"w40 - w10 + w7", "w65 w23 w208 w209 w108 w109 w162 w212 w18 w19"},
		{"w6 - w5 + w28", "w153 w86 w82 w287 w29 w261 w57 w102 w7 w288"},
		{"w200 - w100 + w150", "w56 w272 w73 w74 w120 w198 w199 w153 w146 w261"},
		{"w13 - w12 + w299", "w242 w14 w51 w264 w6 w195 w174 w76 w202 w38"},
	} {
		q, err := ParseQuery(c.query)
		if err != nil {
			t.Fatal(err)
		}
		nb, err := s.Nearest(q, 10)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, x := range nb {
			got = append(got, x.Word)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: %s\nwant (word2vec's) %s", c.query, strings.Join(got, " "), c.want)
		}
	}
}

// TestSearcherOwnSimilarity: under another form a word scores the signed
// sum of its similarities to the query's words, and the query's words are
// left out.
func TestSearcherOwnSimilarity(t *testing.T) {
	v := queryTable()
	for _, f := range []embedding.Form{{Name: "ipds(q=2)", Neg: 2}, {Name: "sips", Bias: true}, {Name: "wip", Weights: []float32{1, -1, 0.5, 2, -0.25, 1, 1, -1}}} {
		sim := f.Similarity()
		s, err := NewSearcher(v, sim)
		if err != nil {
			t.Fatal(err)
		}
		q := []Term{{"w40", false}, {"w10", true}, {"w7", false}}
		nb, err := s.Nearest(q, 300)
		if err != nil {
			t.Fatal(err)
		}
		if len(nb) != 297 {
			t.Fatalf("%s: %d answers, want all 297 other words", f.Name, len(nb))
		}
		prev := math.Inf(1)
		for _, x := range nb {
			if x.Word == "w40" || x.Word == "w10" || x.Word == "w7" {
				t.Errorf("%s: query word %s in the answer", f.Name, x.Word)
			}
			var row int
			fmt.Sscanf(x.Word, "w%d", &row)
			w := v.Row(row)
			want := sim.Func(v.Row(40), w) - sim.Func(v.Row(10), w) + sim.Func(v.Row(7), w)
			if math.Abs(x.Score-want) > 1e-12 || x.Score > prev {
				t.Fatalf("%s: %s scores %v after %v, want %v", f.Name, x.Word, x.Score, prev, want)
			}
			prev = x.Score
		}
	}
}

func TestSearcherUnknownWords(t *testing.T) {
	s, _ := NewSearcher(queryTable(), embedding.Form{Name: "cos", Cosine: true}.Similarity())
	_, err := s.Nearest([]Term{{"w1", false}, {"nope", true}, {"W2", false}, {"zzz", false}}, 5)
	var ue *UnknownError
	if !errors.As(err, &ue) || !reflect.DeepEqual(ue.Words, []string{"nope", "zzz"}) {
		t.Errorf("got %v, want the unknown words nope and zzz (W2 matches w2)", err)
	}
}
