package eval

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// Term is one word of a query and its sign.
type Term struct {
	Word string
	Neg  bool // subtracted: the word came after a "-"
}

// ParseQuery reads a query: words separated by whitespace, each added to
// the query, or subtracted when a "-" stands before it ("+" adds, as no
// sign does). "king" is a word, "new york" a sum, "king - man + woman" an
// analogy. A sign stands alone: "-lrb-" is a word.
func ParseQuery(s string) ([]Term, error) {
	var q []Term
	sign := ""
	for _, f := range strings.Fields(s) {
		if f == "+" || f == "-" {
			if sign != "" {
				return nil, fmt.Errorf("query %q: %q after %q, want a word", s, f, sign)
			}
			sign = f
			continue
		}
		q = append(q, Term{Word: f, Neg: sign == "-"})
		sign = ""
	}
	switch {
	case sign != "":
		return nil, fmt.Errorf("query %q ends with %q, want a word after it", s, sign)
	case len(q) == 0:
		return nil, fmt.Errorf("query %q has no word", s)
	}
	return q, nil
}

// UnknownError names the words of a query that are not in the vocabulary.
type UnknownError struct {
	Words []string
}

func (e *UnknownError) Error() string {
	return "not in the vocabulary: " + strings.Join(e.Words, ", ")
}

// Searcher answers queries for the words nearest to a sum of words, on one
// table of vectors under one similarity, with what every query needs made
// once.
//
// Under cosine a query is word2vec's: the sum of its words' unit vectors,
// each with its sign, scaled to unit length, and a word scores its cosine
// with that. For one word or a sum of words it is word2vec's distance, for
// "king - man + woman" word-analogy's 3CosAdd, and the arithmetic is
// theirs (float32, rows scaled as they scale them, sums in the query's
// order), so that the rankings are theirs to the last tie.
//
// Under any other similarity s a word w scores the sum over the query's
// words q of s(q, w), subtracted for a word with a minus: its similarity to
// one word, s(king, w) - s(man, w) + s(woman, w) for an analogy. Under
// cosine this sum ranks as 3CosAdd does; the scores differ by the length of
// the sum of unit vectors.
//
// The query's words are left out of the answer, as are rows that hold the
// same word; ties go to the earlier (more frequent) word. A word is matched
// exactly, or else case-insensitively (the first row that matches).
type Searcher struct {
	v      *embedding.Vectors
	sim    embedding.Similarity
	unit   []float32 // cosine: the rows at unit length, v.Dim apart; a zero row NaN
	index  map[string]int
	folded map[string]int
	unseen Unseen // nil: a word not in the vocabulary is unknown
	exact  bool   // match words exactly only, never case-insensitively
}

// Unseen gives the vector of a word that is not in the vocabulary, as a
// model with fastText's subwords composes it from the word's n-grams, or
// false if it has none. The vector is the caller's to keep.
type Unseen func(word string) ([]float32, bool)

// SetUnseen makes the searcher answer a query word that is not in the
// vocabulary with the vector f gives it, instead of an *UnknownError.
func (s *Searcher) SetUnseen(f Unseen) { s.unseen = f }

// MatchExactly makes the searcher match a query's words exactly, as
// fastText's nn and analogies do, never case-insensitively: a word that
// differs from every row is unseen.
func (s *Searcher) MatchExactly() { s.exact = true }

// Known reports whether word has a row (exactly or case-insensitively),
// as opposed to a vector composed by the searcher's Unseen.
func (s *Searcher) Known(word string) bool {
	_, ok := s.row(word)
	return ok
}

// NewSearcher prepares v for queries under sim.
func NewSearcher(v *embedding.Vectors, sim embedding.Similarity) (*Searcher, error) {
	switch {
	case v == nil || v.Dim < 1:
		return nil, errors.New("nearest: no vectors")
	case sim.Func == nil:
		return nil, errors.New("nearest: no similarity function")
	}
	s := &Searcher{v: v, sim: sim, index: v.Index(), folded: foldedIndex(v, len(v.Words))}
	if sim.Form.Cosine {
		s.unit = unitRows32(v)
	}
	return s, nil
}

// unitRows32 scales every row to unit length as word2vec's distance does:
// the squared length summed in float32, its square root, and each value
// divided by it. A zero row becomes NaN, which ranks nowhere.
func unitRows32(v *embedding.Vectors) []float32 {
	d := v.Dim
	m := make([]float32, len(v.Words)*d)
	for i := range v.Words {
		out := m[i*d : (i+1)*d]
		copy(out, v.Row(i))
		normalize32(out)
	}
	return m
}

// normalize32 divides x by its length, computed in float32.
func normalize32(x []float32) {
	var ss float32
	for _, a := range x {
		ss += float32(a * a)
	}
	l := float32(math.Sqrt(float64(ss)))
	for k := range x {
		x[k] /= l
	}
}

// row finds word's row: exactly, or else the first case-insensitive match.
func (s *Searcher) row(word string) (int, bool) {
	if i, ok := s.index[word]; ok || s.exact {
		return i, ok
	}
	i, ok := s.folded[strings.ToLower(word)]
	return i, ok
}

// Nearest returns the n best words for the query q, best first; an
// *UnknownError if a word of q is not in the vocabulary.
func (s *Searcher) Nearest(q []Term, n int) ([]Neighbor, error) {
	if n < 1 {
		return nil, fmt.Errorf("nearest: want at least 1 neighbour, not %d", n)
	}
	if len(q) == 0 {
		return nil, errors.New("nearest: empty query")
	}
	rows := make([]int, len(q))
	vecs := make([][]float32, len(q)) // each term's vector: its row's, or composed
	var unknown []string
	for i, t := range q {
		r, ok := s.row(t.Word)
		switch {
		case ok:
			vecs[i] = s.v.Row(r)
		case s.unseen != nil:
			vecs[i], ok = s.unseen(t.Word)
			r = -1
		}
		if !ok {
			unknown = append(unknown, t.Word)
		}
		rows[i] = r
	}
	if len(unknown) > 0 {
		return nil, &UnknownError{Words: unknown}
	}
	skip := make(map[string]bool, len(q))
	for _, r := range rows {
		if r >= 0 {
			skip[s.v.Words[r]] = true
		}
	}
	var score func(row int) float64
	if s.unit != nil {
		score = s.cosine(q, rows, vecs)
	} else {
		score = func(row int) float64 {
			w := s.v.Row(row)
			var sum float64
			for i, t := range q {
				x := s.sim.Func(vecs[i], w)
				if t.Neg {
					x = -x
				}
				sum += x
			}
			return sum
		}
	}
	inQuery := func(row int) bool { return skip[s.v.Words[row]] }
	return topNeighbors(s.v.Words, n, inQuery, score), nil
}

// cosine is the score of word2vec's distance and word-analogy: the query's
// unit vectors summed in its order, the sum scaled to unit length, and its
// inner product with each unit row, all in float32.
func (s *Searcher) cosine(q []Term, rows []int, vecs [][]float32) func(int) float64 {
	d := s.v.Dim
	vec := make([]float32, d)
	for i, t := range q {
		var u []float32
		if rows[i] >= 0 {
			u = s.unit[rows[i]*d : (rows[i]+1)*d]
		} else { // a composed vector, scaled as a row is
			u = append([]float32(nil), vecs[i]...)
			normalize32(u)
		}
		for k := range vec {
			if t.Neg {
				vec[k] -= u[k]
			} else {
				vec[k] += u[k]
			}
		}
	}
	normalize32(vec)
	return func(row int) float64 {
		u := s.unit[row*d : (row+1)*d]
		var dot float32
		for k, x := range vec {
			dot += float32(x * u[k]) // the conversion keeps the product from fusing into an FMA, as word2vec's build does not fuse
		}
		return float64(dot)
	}
}
