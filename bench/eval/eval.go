package eval

import (
	"container/heap"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// Result is the outcome of one word-similarity benchmark.
type Result struct {
	Dataset string
	Pairs   int // pairs in the benchmark
	Found   int // pairs scored: both words in the vocabulary, or composed
	// Composed counts the pairs found with a word not in the vocabulary,
	// whose vector was composed (EvaluateUnseen); they are among Found.
	Composed int
	Rho      map[string]float64 // Spearman's rho by similarity name; NaN if Found < 2
}

// Evaluate scores every pair of d whose words are both in v with each
// similarity and correlates the scores with the human judgements. Pairs with
// an out-of-vocabulary word are skipped and counted (Pairs - Found), as gensim
// does by default (dummy4unknown=False), rather than scored 0, which would
// mix coverage into the correlation. Lookups are case-insensitive: a word
// matches the first (most frequent) row whose lowercase form equals its own,
// like gensim's case_insensitive=True. Unlike gensim, the vocabulary is not
// restricted to the 300,000 most frequent words.
func Evaluate(v *embedding.Vectors, sims []embedding.Similarity, d *Dataset) Result {
	return EvaluateUnseen(v, sims, d, nil)
}

// EvaluateUnseen is Evaluate that scores a pair with a word not in the
// vocabulary too, with the vector unseen composes for the word's lowercase
// form (benchmarks are scored case-insensitively, and fastText's own
// evaluation lowercases its words), and counts such pairs in Composed. A
// nil unseen is Evaluate.
func EvaluateUnseen(v *embedding.Vectors, sims []embedding.Similarity, d *Dataset, unseen Unseen) Result {
	res := Result{Rho: make(map[string]float64, len(sims))}
	if d != nil {
		res.Dataset, res.Pairs = d.Name, len(d.Pairs)
	}
	if v == nil || d == nil {
		for _, sim := range sims {
			res.Rho[sim.Name] = math.NaN()
		}
		return res
	}
	idx := foldedIndex(v, len(v.Words))
	composed := map[string][]float32{} // nil: the word has no vector
	vector := func(word string) ([]float32, bool) {
		w := strings.ToLower(word)
		if i, ok := idx[w]; ok {
			return v.Row(i), false
		}
		if unseen == nil {
			return nil, false
		}
		vec, seen := composed[w]
		if !seen {
			var ok bool
			if vec, ok = unseen(w); !ok {
				vec = nil
			}
			composed[w] = vec
		}
		return vec, vec != nil
	}
	var gold []float64
	var pairs [][2][]float32
	for _, p := range d.Pairs {
		a, newA := vector(p.A)
		b, newB := vector(p.B)
		if a == nil || b == nil {
			continue
		}
		if newA || newB {
			res.Composed++
		}
		gold = append(gold, p.Score)
		pairs = append(pairs, [2][]float32{a, b})
	}
	res.Found = len(pairs)
	model := make([]float64, len(pairs))
	for _, sim := range sims {
		for i, p := range pairs {
			model[i] = sim.Func(p[0], p[1])
		}
		res.Rho[sim.Name] = Spearman(gold, model)
	}
	return res
}

// foldedIndex maps the lowercase form of each of the first n words to the
// first row that has it.
func foldedIndex(v *embedding.Vectors, n int) map[string]int {
	idx := make(map[string]int, n)
	for i, w := range v.Words[:n] {
		w = strings.ToLower(w)
		if _, dup := idx[w]; !dup {
			idx[w] = i
		}
	}
	return idx
}

// Neighbor is a word and its similarity to a query word.
type Neighbor struct {
	Word  string
	Score float64
}

// Nearest returns the n words most similar to word under sim, best first,
// excluding word itself; ties go to the more frequent (earlier) word. word
// is matched exactly if it is in the vocabulary and case-insensitively
// otherwise. Pairs that score NaN are left out.
func Nearest(v *embedding.Vectors, sim embedding.Similarity, word string, n int) ([]Neighbor, error) {
	if n < 1 {
		return nil, fmt.Errorf("nearest %q: want at least 1 neighbour, not %d", word, n)
	}
	if sim.Func == nil {
		return nil, errors.New("nearest: no similarity function")
	}
	if v == nil {
		return nil, errors.New("nearest: no vectors")
	}
	q := -1
	for i, w := range v.Words {
		if w == word {
			q = i
			break
		}
	}
	if q < 0 {
		for i, w := range v.Words {
			if strings.EqualFold(w, word) {
				q = i
				break
			}
		}
	}
	if q < 0 {
		return nil, fmt.Errorf("nearest: %q is not in the vocabulary", word)
	}
	qv := v.Row(q)
	skip := func(i int) bool { return i == q || v.Words[i] == v.Words[q] }
	return topNeighbors(v.Words, n, skip, func(i int) float64 { return sim.Func(qv, v.Row(i)) }), nil
}

// topNeighbors is the n rows of words with the highest scores, best first,
// leaving out the rows skip names and those whose score is NaN.
func topNeighbors(words []string, n int, skip func(row int) bool, score func(row int) float64) []Neighbor {
	top := &neighborHeap{}
	for i := range words {
		if skip(i) {
			continue
		}
		x := score(i)
		if math.IsNaN(x) {
			continue
		}
		c := scored{row: i, score: x}
		if top.Len() < n {
			heap.Push(top, c)
		} else if top.worse((*top)[0], c) {
			(*top)[0] = c
			heap.Fix(top, 0)
		}
	}
	out := make([]Neighbor, top.Len())
	for i := len(out) - 1; i >= 0; i-- {
		c := heap.Pop(top).(scored)
		out[i] = Neighbor{Word: words[c.row], Score: c.score}
	}
	return out
}

type scored struct {
	row   int
	score float64
}

// neighborHeap is a min-heap of the best candidates so far, the worst on top.
type neighborHeap []scored

// worse reports whether a ranks below b: lower score, or equal score and a
// later row.
func (h neighborHeap) worse(a, b scored) bool {
	if a.score != b.score {
		return a.score < b.score
	}
	return a.row > b.row
}

func (h neighborHeap) Len() int           { return len(h) }
func (h neighborHeap) Less(i, j int) bool { return h.worse(h[i], h[j]) }
func (h neighborHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *neighborHeap) Push(x any)        { *h = append(*h, x.(scored)) }
func (h *neighborHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
